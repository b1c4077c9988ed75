// Starts one Chromium process and connects to it over --remote-debugging-pipe.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CdpConnection } from './cdp-connection.js';
import { chromiumArgs } from './chromium-flags.js';
import { planSandbox, type SandboxOptions, type SandboxPlan } from './chromium-sandbox.js';
import { findProcesses, reapProcesses, type ProcessRef } from './process-reaper.js';
import { RenderError } from './types.js';

// Debian's `chromium-headless-shell` first: the same Chromium release built without the browser UI layer
// (tabs, omnibox, history, session restore). Measured here on the 1-page invoice it renders about twice
// as fast as the full `chromium` in headless mode: ~20 ms instead of ~70 ms of browser-process CPU per
// job (bench/README.md). The full browser is the fallback; both pass the same render suites.
export const CANDIDATE_PATHS = [
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
];

/** The Chromium binary to use: the configured one if it exists, else the first Debian location found. */
export function findChromium(configured?: string): string | null {
  if (configured) return existsSync(configured) ? configured : null;
  return CANDIDATE_PATHS.find((p) => existsSync(p)) ?? null;
}

/** The headless shell is headless by construction and does not take the full browser's `--headless=new`. */
export function isHeadlessShell(executablePath: string): boolean {
  return path.basename(executablePath).includes('headless-shell');
}

export interface ChromiumProcess {
  pid: number;
  connection: CdpConnection;
  process: ChildProcess;
  /** Resolves once the process has exited (whatever the reason). */
  exited: Promise<void>;
  /** Last lines Chromium printed on stderr, for logs when it dies. */
  stderrTail(): string;
  /** What Browser.getVersion calls the product, e.g. "HeadlessChrome/156.0.8078.73". */
  version: string;
  /**
   * Ends the browser (Browser.close, SIGKILL past 3 s) and resolves once every process it started is gone
   * and its profile folder is removed. Called again, or after the browser exited, it waits for the same.
   */
  close(): Promise<void>;
}

export interface LaunchOptions extends SandboxOptions {
  executablePath: string;
  extraArgs?: readonly string[];
  launchTimeoutMs?: number;
  protocolTimeoutMs?: number;
}

// What Chromium may see of Folio's environment: locale, time zone and fonts. Nothing else -- in particular
// not the database URL or the secrets key, which a compromised renderer could otherwise read from memory.
const PASSED_ENV = /^(PATH|LANG|LANGUAGE|LC_[A-Z_]+|TZ|FONTCONFIG_FILE|FONTCONFIG_PATH)$/;

export async function launchChromium(opts: LaunchOptions): Promise<ChromiumProcess> {
  const sandbox = planSandbox(opts);
  const { userDataDir, home } = await profileFolder(sandbox.runAs);
  const env: NodeJS.ProcessEnv = { ...home };
  for (const [name, value] of Object.entries(process.env)) if (PASSED_ENV.test(name)) env[name] = value;
  const args = chromiumArgs({
    userDataDir,
    noSandbox: !sandbox.sandbox,
    headlessShell: isHeadlessShell(opts.executablePath),
    extraArgs: opts.extraArgs,
  });
  const child = spawn(opts.executablePath, args, {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
    detached: false,
    env,
    // Node drops supplementary groups when it changes the user (libuv calls setgroups(0, NULL)).
    ...(sandbox.runAs ? { uid: sandbox.runAs.uid, gid: sandbox.runAs.gid } : {}),
  });
  let stderr = '';
  (child.stderr as Readable).on('data', (d: Buffer) => {
    stderr = (stderr + d.toString('utf8')).slice(-4000);
  });
  const connection = pipeConnection(child, opts.protocolTimeoutMs ?? 30_000);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      connection.close('browser process exited');
      resolve();
    });
    child.once('error', (err) => {
      connection.close(`browser process failed: ${err.message}`);
      resolve();
    });
  });
  const close = closer(child, connection, exited, userDataDir);
  void exited.then(close);

  let version: string;
  try {
    const answer = (await connection.send('Browser.getVersion', {}, undefined, opts.launchTimeoutMs ?? 20_000)) as { product?: string };
    version = String(answer.product ?? 'unknown').slice(0, 100);
  } catch (err) {
    child.kill('SIGKILL');
    await close();
    throw new RenderError(
      'render_provider_unavailable',
      `Chromium did not start: ${(err as Error).message}; ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
    );
  }
  return { pid: child.pid!, connection, process: child, exited, stderrTail: () => stderr, close, version };
}

/**
 * The profile, and every file Chromium writes (HOME, TMPDIR, caches), live in one private folder owned by
 * the user Chromium runs as, removed when it exits.
 */
async function profileFolder(runAs: SandboxPlan['runAs']) {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'folio-chromium-'));
  const home = {
    HOME: userDataDir,
    TMPDIR: path.join(userDataDir, 'tmp'),
    XDG_CONFIG_HOME: path.join(userDataDir, 'config'),
    XDG_CACHE_HOME: path.join(userDataDir, 'cache'),
  };
  try {
    await mkdir(home.TMPDIR);
    if (runAs) {
      await chown(userDataDir, runAs.uid, runAs.gid);
      await chown(home.TMPDIR, runAs.uid, runAs.gid);
    }
  } catch (err) {
    await rm(userDataDir, { recursive: true, force: true }).catch(() => {});
    throw new RenderError('render_provider_unavailable', `cannot prepare Chromium's profile folder: ${(err as Error).message}`);
  }
  return { userDataDir, home };
}

/** The DevTools connection over the browser's pipes (fd 3 to it, fd 4 from it; messages end with NUL). */
function pipeConnection(child: ChildProcess, protocolTimeoutMs: number): CdpConnection {
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  // Commands sent in one tick (a job's script swap, the checks before a print) leave in one write: each
  // write to the pipe is a system call and a wake-up of the browser's IO thread.
  let corked = false;
  const connection = new CdpConnection((msg) => {
    if (toBrowser.destroyed) return;
    if (!corked) {
      corked = true;
      toBrowser.cork();
      process.nextTick(() => {
        corked = false;
        toBrowser.uncork();
      });
    }
    toBrowser.write(msg + '\0');
  }, protocolTimeoutMs);
  toBrowser.on('error', () => connection.close('browser pipe closed'));
  let buffered = '';
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (chunk: string) => {
    let start = 0;
    for (let end = chunk.indexOf('\0'); end !== -1; end = chunk.indexOf('\0', start)) {
      connection.handleMessage(buffered + chunk.slice(start, end));
      buffered = '';
      start = end + 1;
    }
    buffered += chunk.slice(start);
  });
  fromBrowser.on('error', () => connection.close('browser pipe closed'));
  return connection;
}

/**
 * close() is the one way a browser ends, whatever ended it: its leftover processes are waited for (and
 * killed past a bound) and then its profile folder is removed, so a shutting-down Folio never exits before
 * them. A browser that exits on its own (a crash) is closed the same way. Called again, it waits for the same.
 */
function closer(child: ChildProcess, connection: CdpConnection, exited: Promise<void>, userDataDir: string): () => Promise<void> {
  let closing: Promise<void> | null = null;
  return () =>
    (closing ??= (async () => {
      // Chromium's processes: the tree under the browser (zygotes, renderers, GPU, utilities), read while
      // the browser still holds it together, and any that left the tree (the full browser's crash handlers
      // daemonize) -- every process Chromium starts inherits HOME, its private profile folder.
      const procs = new Map<number, ProcessRef>();
      const collect = () => {
        for (const p of findProcesses(child.pid ?? -1, `HOME=${userDataDir}`)) procs.set(p.pid, p);
      };
      collect();
      if (child.exitCode === null && child.signalCode === null) {
        connection.send('Browser.close', {}, undefined, 2000).catch(() => {});
        // Chromium normally exits within a few hundred ms of Browser.close; a wedged one gets SIGKILL.
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
      }
      collect();
      await reapProcesses([...procs.values()], { exitWaitMs: 2000, killWaitMs: 1000 });
      await rm(userDataDir, { recursive: true, force: true }).catch(() => {});
    })());
}
