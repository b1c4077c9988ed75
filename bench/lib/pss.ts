// Memory of a whole process tree as the kernel accounts it: PSS from /proc/<pid>/smaps_rollup (shared pages
// divided among the processes sharing them), summed over the root and all its descendants, split into
// Chromium's processes and the rest. Sampled while a measurement runs, for the peak.
import { readFileSync } from 'node:fs';
import { processTree } from '../../src/render/process-memory.js';

export interface TreePss {
  /** Bytes, the whole tree. */
  total: number;
  /** Bytes, the Chromium processes of the tree (browser, zygotes, renderers, GPU, utilities). */
  chromium: number;
}

function pssBytes(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0; // the process ended while we read
  }
}

function isChromium(pid: number): boolean {
  try {
    const exe = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
    return /chrom|headless_shell/i.test(exe);
  } catch {
    return false;
  }
}

export function treePss(rootPid: number): TreePss {
  let total = 0;
  let chromium = 0;
  for (const pid of processTree(rootPid) ?? []) {
    const b = pssBytes(pid);
    total += b;
    if (isChromium(pid)) chromium += b;
  }
  return { total, chromium };
}

/** Samples the tree every `intervalMs` until stop(), which returns the peak (of the total; its Chromium part alongside). */
export function samplePss(rootPid: number, intervalMs = 250): { stop(): TreePss } {
  let peak: TreePss = treePss(rootPid);
  const timer = setInterval(() => {
    const now = treePss(rootPid);
    if (now.total > peak.total) peak = now;
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const now = treePss(rootPid);
      if (now.total > peak.total) peak = now;
      return peak;
    },
  };
}

export const mb = (bytes: number) => bytes / 1024 / 1024;

/**
 * User + system CPU of the tree so far, in ms (clock ticks of 10 ms), with what its ended and reaped
 * children used (cutime, cstime): a sandbox or LibreOffice process replaced between two readings still
 * counts, so the difference of two readings never goes down.
 */
export function treeCpuMs(rootPid: number): TreePss {
  let total = 0;
  let chromium = 0;
  for (const pid of processTree(rootPid) ?? []) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 10;
      total += ms;
      if (isChromium(pid)) chromium += ms;
    } catch {
      // the process ended while we read
    }
  }
  return { total, chromium };
}
