// One sandbox process: Node running worker-main under two memory limits, so work past them ends that
// process alone, never the server:
//   - V8's heap cap (`--max-old-space-size`): objects the work builds;
//   - the data limit (RLIMIT_DATA, set by util-linux's prlimit before Node starts): the process's writable
//     memory as a whole, heap and everything else (buffers, zlib output, native allocations). Unlike the
//     address-space limit it does not count reservations never made writable (Node and tsx reserve tens of
//     GiB of address space for WebAssembly). An allocation past it fails inside the task (a RangeError
//     the task reports as the memory limit) or aborts the process; either way the pool answers
//     SandboxError('memory'). Without prlimit (not a Debian/Ubuntu machine) only the heap cap holds.
// The process gets no environment of the server's (no secrets, no database URL): PATH and TMPDIR only.
// Inputs and results cross the IPC channel with V8's serializer (`serialization: 'advanced'`): Buffers
// arrive as bytes; objects that live in one process (a KeyObject) cannot cross, so tasks return bytes.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';

/** The niceness of a sandbox process (0 is the server's; 19 the lowest priority). */
const SANDBOX_NICENESS = 10;

const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((p) => existsSync(p)) ?? null;

/** Whether the data limit holds: without util-linux's prlimit only V8's heap cap bounds a sandbox process. */
export const dataLimitHolds = PRLIMIT !== null;

// Built, the process runs worker-main.js. From the sources (tests, `folio` in a checkout being edited),
// it runs worker-main.ts under tsx's loader, as the parent does.
const FROM_SOURCES = import.meta.url.endsWith('.ts');

/**
 * Writable memory Node counts before any work (thread stacks, the code range, the heap's first pages: about
 * 570 MiB on Node 24 for x86-64; under tsx, whose loader runs a second V8 isolate, about 1.1 GiB). The
 * limit is this plus the heap cap: heap and buffers together stay within about the cap.
 */
const BASE_DATA_MIB = FROM_SOURCES ? 1536 : 1024;

/** The writable memory a sandbox process with a heap cap of `memoryMb` may use, bytes. */
export const dataLimitBytes = (memoryMb: number): number => (BASE_DATA_MIB + memoryMb) * 1024 * 1024;

function nodeArgs(memoryMb: number): string[] {
  const heap = [`--max-old-space-size=${memoryMb}`, '--max-semi-space-size=16'];
  if (!FROM_SOURCES) return [...heap, new URL('./worker-main.js', import.meta.url).pathname];
  return [...heap, '--import', import.meta.resolve('tsx'), new URL('./worker-main.ts', import.meta.url).pathname];
}

/** Starts one sandbox process; stderr is piped for the reason it may die with. */
export function startSandboxProcess(memoryMb: number): ChildProcess {
  const args = nodeArgs(memoryMb);
  const [command, argv] = PRLIMIT
    ? [PRLIMIT, [`--data=${dataLimitBytes(memoryMb)}`, '--', process.execPath, ...args]]
    : [process.execPath, args];
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
  if (process.env.TMPDIR) env.TMPDIR = process.env.TMPDIR;
  const child = spawn(command, argv, { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced', env });
  // Work an account controls runs below the server and Chromium in the CPU's queue: on a small machine a
  // bomb being measured must not starve /healthz or another account's render.
  if (child.pid !== undefined) {
    try {
      os.setPriority(child.pid, SANDBOX_NICENESS);
    } catch {
      // Not permitted here (a container without CAP_SYS_NICE may still lower it; if not, it runs as is).
    }
  }
  return child;
}

/** Whether a dead sandbox process ran out of memory: aborted by V8 or the allocator, or said so. */
export const diedOfMemory = (signal: NodeJS.Signals | null, stderr: string): boolean =>
  /heap limit|out of memory|allocation failed|Failed to allocate|bad_alloc|Cannot allocate memory/i.test(stderr) ||
  (signal === 'SIGABRT' && stderr === '');
