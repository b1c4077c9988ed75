// Chromium's processes as the kernel sees them (/proc), for tests that check sandboxing, kill renderers or
// measure CPU. Renderers hang off the zygote, not the browser, so the whole tree below the browser is read.
import { readFileSync, readlinkSync } from 'node:fs';
import { processTree } from '../../src/render/process-memory.js';

export interface ChromiumProcessInfo {
  pid: number;
  /** `browser`, or Chromium's --type (renderer, zygote, gpu-process, utility). */
  type: string;
  uid: number;
  /** 0 = no filter, 2 = a seccomp filter (Chromium's sandbox). */
  seccomp: number;
  userNamespace: string;
  cmdline: string;
  /** User + system CPU time so far, in clock ticks (10 ms). */
  cpuTicks: number;
}

/** The browser process and all its descendants (the tree walk is the one the memory bound uses). */
export function chromiumProcesses(browserPid: number): ChromiumProcessInfo[] {
  const found: ChromiumProcessInfo[] = [];
  for (const pid of processTree(browserPid) ?? []) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      found.push({
        pid,
        type: /--type=([\w-]+)/.exec(cmdline)?.[1] ?? 'browser',
        uid: Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]),
        seccomp: Number(/^Seccomp:\s+(\d+)/m.exec(status)?.[1]),
        userNamespace: readlinkSync(`/proc/${pid}/ns/user`),
        cmdline,
        cpuTicks: Number(f[11]) + Number(f[12]),
      });
    } catch {
      // the process ended while we read
    }
  }
  return found;
}

/** Pids of the renderer processes under the browser. */
export const rendererPids = (browserPid: number) =>
  chromiumProcesses(browserPid)
    .filter((p) => p.type === 'renderer')
    .map((p) => p.pid);

/** CPU ticks (10 ms) of the whole tree. */
export const chromiumCpuTicks = (browserPid: number) => chromiumProcesses(browserPid).reduce((sum, p) => sum + p.cpuTicks, 0);

/**
 * Starts measuring the CPU the whole tree uses; the function returned answers the use since then, in % of
 * one core (a page looping on one thread: about 100). Compared with a use measured the same way in the same
 * test, never with a fixed figure: a loaded machine changes both.
 */
export function chromiumCpuMeter(browserPid: number): () => number {
  const ticks = chromiumCpuTicks(browserPid);
  const started = performance.now();
  return () => ((chromiumCpuTicks(browserPid) - ticks) * 10 * 100) / Math.max(1, performance.now() - started);
}
