// Finding the processes a child started and waiting until every one of them is gone (Linux /proc; elsewhere
// nothing is found and nothing is waited for). A process is named by its pid and its start time, so a pid
// the kernel hands to an unrelated process later is never taken for it, nor killed.
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessRef {
  pid: number;
  /** Clock ticks since boot (/proc/<pid>/stat field 22). */
  startTime: string;
}

interface ProcStat {
  state: string;
  ppid: number;
  startTime: string;
}

function readStat(pid: number): ProcStat | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: f[0]!, ppid: Number(f[1]), startTime: f[19]! };
  } catch {
    return null;
  }
}

function hasEnvironEntry(pid: number, entry: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(entry);
  } catch {
    return false; // gone, or another user's process
  }
}

function listPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((e) => /^\d+$/.test(e))
      .map(Number);
  } catch {
    return [];
  }
}

/** True while the process runs (an exited process waiting to be reaped by its parent counts as gone). */
export function isRunning(p: ProcessRef): boolean {
  const stat = readStat(p.pid);
  return stat !== null && stat.startTime === p.startTime && stat.state !== 'Z' && stat.state !== 'X';
}

/**
 * The running descendants of rootPid (not rootPid itself), plus, when `environEntry` is given, every running
 * process whose environment holds that exact entry (e.g. `HOME=<a private folder>`): a process that
 * daemonized (parent pid 1, a session of its own) has left the tree but keeps the environment it inherited.
 * Environments of other users' processes cannot be read without privileges; those are found by the tree only.
 */
export function findProcesses(rootPid: number, environEntry?: string): ProcessRef[] {
  const stats = new Map<number, ProcStat>();
  const children = new Map<number, number[]>();
  for (const pid of listPids()) {
    const stat = readStat(pid);
    if (!stat || stat.state === 'Z' || stat.state === 'X') continue;
    stats.set(pid, stat);
    const list = children.get(stat.ppid);
    if (list) list.push(pid);
    else children.set(stat.ppid, [pid]);
  }
  const found = new Set<number>();
  for (const stack = [...(children.get(rootPid) ?? [])]; stack.length;) {
    const pid = stack.pop()!;
    if (found.has(pid)) continue;
    found.add(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  if (environEntry !== undefined) {
    for (const pid of stats.keys())
      if (pid !== rootPid && pid !== process.pid && !found.has(pid) && hasEnvironEntry(pid, environEntry)) found.add(pid);
  }
  return [...found].map((pid) => ({ pid, startTime: stats.get(pid)!.startTime }));
}

export interface ReapOptions {
  /** How long the processes get to exit on their own before they are sent SIGKILL. */
  exitWaitMs: number;
  /** How long to wait for them after SIGKILL. */
  killWaitMs: number;
  /** Poll interval. Default 10 ms. */
  intervalMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitGone(procs: ProcessRef[], ms: number, intervalMs: number): Promise<ProcessRef[]> {
  const deadline = Date.now() + ms;
  let running = procs.filter(isRunning);
  while (running.length > 0 && Date.now() < deadline) {
    await sleep(intervalMs);
    running = running.filter(isRunning);
  }
  return running;
}

/**
 * Waits until none of `procs` runs: first for them to exit on their own, then SIGKILLs the rest and waits
 * again. Answers the processes still running after both waits (none, unless they are not ours to kill).
 */
export async function reapProcesses(procs: ProcessRef[], opts: ReapOptions): Promise<ProcessRef[]> {
  const intervalMs = opts.intervalMs ?? 10;
  const stubborn = await waitGone(procs, opts.exitWaitMs, intervalMs);
  if (stubborn.length === 0) return [];
  for (const p of stubborn) {
    if (!isRunning(p)) continue; // checked again right before the signal: its pid may have been reused
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // gone meanwhile, or not ours to kill
    }
  }
  return waitGone(stubborn, opts.killWaitMs, intervalMs);
}
