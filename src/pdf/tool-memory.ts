// qpdf and poppler read PDFs from outside Folio (uploads, PDF-job sources, their encryption, page
// images): they run under an address-space limit (RLIMIT_AS, set by util-linux's prlimit before the tool
// starts), so a PDF whose streams inflate to gigabytes ends that tool with an allocation failure and an
// error naming the limit, never a process that takes the machine's memory. Without prlimit (not a
// Debian/Ubuntu machine) the tools run unlimited.
import { existsSync } from 'node:fs';

/** The address space one qpdf may use: far above what a valid 25 MiB PDF needs (tens of MiB). */
export const TOOL_MEMORY_BYTES = 1024 ** 3;

const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((p) => existsSync(p)) ?? null;

/** The command line that runs `command args…` under the memory limit. */
export function underMemoryLimit(command: string, args: string[], bytes = TOOL_MEMORY_BYTES): { command: string; args: string[] } {
  return PRLIMIT ? { command: PRLIMIT, args: [`--as=${bytes}`, '--', command, ...args] } : { command, args };
}

/** Whether a tool's output says it ran out of the memory it was allowed. */
export const outOfMemory = (output: string): boolean => /bad_alloc|out of memory|cannot allocate memory/i.test(output);

/** Whether prlimit could not start the tool because it is not installed (its exit 127, like a shell's). */
export const toolMissing = (code: number | null, output: string): boolean =>
  code === 127 && /failed to execute .*No such file or directory/.test(output);
