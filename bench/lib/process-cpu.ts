// CPU time of a process tree from /proc, for benches that report CPU per render beside throughput.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * User + system CPU (ms) of a process and every descendant alive now (the server and its Chromium), with
 * what their ended and reaped children used (cutime, cstime): a sandbox or LibreOffice process replaced
 * between two readings still counts, so the difference of two readings never goes down.
 */
export function cpuMs(root: number): number {
  const procs = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      procs.set(Number(entry), {
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
      });
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid: number): boolean => pid === root || (pid > 1 && procs.has(pid) && inTree(procs.get(pid)!.ppid));
  let ticks = 0;
  for (const [pid, p] of procs) if (inTree(pid)) ticks += p.ticks;
  return (ticks * 1000) / TICKS_PER_SECOND;
}
