// CPU time of a process tree from /proc, for benches that report CPU per render beside throughput.
import { treeCpuMs } from './pss.js';

/**
 * User + system CPU (ms) of a process and every descendant alive now (the server and its Chromium), with
 * what their ended and reaped children used: the one reader is treeCpuMs (bench/lib/pss.ts).
 */
export function cpuMs(root: number): number {
  return treeCpuMs(root).total;
}
