// Memory of a process tree, read from /proc (Linux only; elsewhere it reports null and the memory-based
// recycling is simply off). Chromium is many processes -- renderers hang off the zygote, not the browser --
// so the whole tree is summed. Each process counts its proportional set size (PSS: shared pages divided
// among the processes sharing them); summing plain RSS would count Chromium's ~100 MB of shared code once
// per process and trip the bound on an idle browser with a dozen warm pages.
//
// PSS is dear to read: the kernel walks every page table of the process for smaps_rollup (~1 ms per
// Chromium process). A process's RSS (VmRSS in /proc/<pid>/status, a counter) is never below its PSS, so a tree whose
// RSS sum is within a bound has its PSS within it too, and the bound check reads PSS only above that.
import { readdirSync, readFileSync } from 'node:fs';

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[1]);
  } catch {
    return null;
  }
}

function memoryBytes(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const m = /^Pss:\s+(\d+)\s+kB/m.exec(rollup);
    if (m) return Number(m[1]) * 1024;
  } catch {
    // fall through to RSS (older kernels have no smaps_rollup)
  }
  return residentBytes(pid);
}

/** rootPid and all its descendants (Linux /proc), or null where /proc cannot be read. */
export function processTree(rootPid: number): number[] | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  const children = new Map<number, number[]>();
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    const pid = Number(e);
    const ppid = parentOf(pid);
    if (ppid === null) continue;
    const list = children.get(ppid);
    if (list) list.push(pid);
    else children.set(ppid, [pid]);
  }
  const tree: number[] = [];
  for (const stack = [rootPid]; stack.length;) {
    const pid = stack.pop()!;
    tree.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Resident set size (VmRSS: counters the kernel keeps, no page walk), 0 if the process ended. */
function residentBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Whether the PSS of rootPid and its descendants exceeds `limitBytes` (null where /proc cannot be read).
 * Their RSS is summed first (cheap, an upper bound of the PSS): within the limit, the answer is no without
 * reading any PSS.
 */
export function processTreeExceeds(rootPid: number, limitBytes: number): boolean | null {
  const tree = processTree(rootPid);
  if (tree === null) return null;
  if (tree.reduce((total, pid) => total + residentBytes(pid), 0) <= limitBytes) return false;
  return tree.reduce((total, pid) => total + memoryBytes(pid), 0) > limitBytes;
}

/** PSS (or RSS where PSS is unavailable) of rootPid and all its descendants, in bytes. */
export function processTreeRssBytes(rootPid: number): number | null {
  const tree = processTree(rootPid);
  return tree === null ? null : tree.reduce((total, pid) => total + memoryBytes(pid), 0);
}
