// Loaded with --import in every test file's process (scripts/run-tests.mjs): once the file's tests and
// its own top-level after() hooks have run, nothing may be left of them -- no handle or request that keeps
// the event loop alive (process.getActiveResourcesInfo(): a server, socket, timer, watcher, child
// process...) and no process below this one still running (a server process, Chromium, s3rver). A file
// that leaves something fails, with a message naming what is left; left processes are then killed, and a
// file whose leftovers would keep it alive ends instead of hanging the run.
//
// Cost in a clean file: one look at the resources and one walk of /proc (a few ms). Something still closing
// (a socket whose close callback is a tick away) gets up to SETTLE_MS to go before it counts.
import { readFileSync } from 'node:fs';
import { after } from 'node:test';
import { processTree } from '../../src/render/process-memory.js';
import { waitUntil } from './wait.js';

const SETTLE_MS = 1_000;

const CLEANUPS = Symbol.for('folio.test.fileEndCleanups');
type Cleanup = () => Promise<void> | void;
const cleanups = ((globalThis as Record<symbol, unknown>)[CLEANUPS] ??= []) as Cleanup[];

/**
 * Registers the end of something a whole test file shares (one S3 server per process, say): it runs once
 * the file's tests and its own after() hooks are done, before the check below looks for leftovers. In a
 * process without the check (a file run by hand), nothing calls it: what is registered must not keep the
 * process alive by itself.
 */
export function atFileEnd(fn: Cleanup): void {
  cleanups.push(fn);
}

/**
 * What this process holds before any test code runs: its stdio pipes or terminals. stdin is made now too:
 * Node makes it (an idle handle) whenever a module imports node:process, whose ESM facade reads every getter.
 */
function baseline(): string[] {
  void process.stdin;
  void process.stdout;
  void process.stderr;
  return process.getActiveResourcesInfo();
}

/** Resources in `now` beyond those in `base` (as multisets), e.g. ["Timeout", "TCPServerWrap"]. */
export function extraResources(base: readonly string[], now: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const r of base) left.set(r, (left.get(r) ?? 0) + 1);
  const extra: string[] = [];
  for (const r of now) {
    const n = left.get(r) ?? 0;
    if (n > 0) left.set(r, n - 1);
    else extra.push(r);
  }
  return extra;
}

interface LeftProcess {
  pid: number;
  command: string;
}

/** Running processes below this one, except tsx's esbuild service (its own, unref'ed, for the whole run). */
function leftProcesses(): LeftProcess[] {
  const left: LeftProcess[] = [];
  for (const pid of processTree(process.pid) ?? []) {
    if (pid === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue; // exited, not yet reaped
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      if (/esbuild\S* --service=/.test(command)) continue;
      left.push({ pid, command: command.length > 160 ? `${command.slice(0, 160)}…` : command });
    } catch {
      // it ended while we looked
    }
  }
  return left;
}

function describeLeftovers(resources: string[], processes: LeftProcess[]): string {
  const counts = new Map<string, number>();
  for (const r of resources) counts.set(r, (counts.get(r) ?? 0) + 1);
  const parts: string[] = [];
  if (counts.size) parts.push(`open handles: ${[...counts].map(([r, n]) => (n > 1 ? `${r} ×${n}` : r)).join(', ')}`);
  if (processes.length) parts.push(`child processes: ${processes.map((p) => `${p.pid} (${p.command || '?'})`).join('; ')}`);
  return parts.join('; ');
}

// Active in a test file's process, not in a runner that starts each file in a process of its own (whose
// argv has --test); in a runner that runs its files in its own process (--test-isolation=none) it checks
// them all at the end. Once, also when a test imports this module for extraResources().
const ACTIVE = Symbol.for('folio.test.leakCheck');
const testsInThisProcess = !process.execArgv.includes('--test') || process.execArgv.includes('--test-isolation=none');
if (testsInThisProcess && !(globalThis as Record<symbol, unknown>)[ACTIVE]) {
  (globalThis as Record<symbol, unknown>)[ACTIVE] = true;
  const base = baseline();
  const file = process.argv[1] ?? '(test file)';
  // The first root after() hook, registered before the file's own; t.after() from in there appends a hook
  // that runs after all of them.
  after((t) => {
    if (!('after' in t)) {
      process.stderr.write(`\nleak check: ${file}: the root hook's context has no after(); the check did not run\n`);
      process.exitCode = 1;
      return;
    }
    t.after(async () => {
      for (const fn of cleanups.splice(0)) {
        try {
          await fn();
        } catch (err) {
          process.exitCode = 1;
          process.stderr.write(`\nleak check: ${file}: a shared resource failed to close: ${String(err)}\n`);
        }
      }
      let resources: string[] = [];
      let processes: LeftProcess[] = [];
      const clean = () => {
        resources = extraResources(base, process.getActiveResourcesInfo());
        processes = leftProcesses();
        return resources.length === 0 && processes.length === 0;
      };
      // Asked at once (a clean file waits for nothing), then every 10 ms: the wait's own timer has fired by
      // each ask, so it is never counted.
      if (
        await waitUntil('nothing left', clean, { timeoutMs: SETTLE_MS, intervalMs: 10 }).then(
          () => true,
          () => false,
        )
      )
        return;
      process.exitCode = 1;
      process.stderr.write(`\nleak check: ${file} left behind ${describeLeftovers(resources, processes)}\n`);
      for (const p of processes) {
        try {
          process.kill(p.pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
      // Whatever still keeps the event loop alive would hang the run: once the runner is done with this
      // file, report its results (the runner does at 'beforeExit') and end. Unref'ed: in a file whose
      // leftovers were only processes, the loop ends by itself and this never fires.
      setTimeout(() => {
        process.emit('beforeExit', 1);
        setTimeout(() => process.exit(1), 200);
      }, 100).unref();
    });
  });
}
