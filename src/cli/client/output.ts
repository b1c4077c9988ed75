// Output conventions of the client commands: results on stdout (JSON with --json), progress and errors on
// stderr; exit 0 ok, 1 when the API or the work failed, 2 for a usage mistake.
import fs from 'node:fs';
import path from 'node:path';
import { FolioApiError, FolioBatchProductError, FolioRenderError, FolioTimeoutError } from '../../sdk/index.js';

/** A mistake in how the command was called (exit 2). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A failure to report with a code (exit 1). */
export class CliError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/**
 * -o FILE: its folder must exist (a typo in a path should not make folders); UsageError (exit 2) naming it.
 * Returns the file as given.
 */
export function checkOutputDir(file: string): string {
  const dir = path.dirname(path.resolve(file));
  let st: fs.Stats | null = null;
  try {
    st = fs.statSync(dir);
  } catch {
    // missing
  }
  if (!st) throw new UsageError(`cannot write ${file}: folder ${dir} does not exist`);
  if (!st.isDirectory()) throw new UsageError(`cannot write ${file}: ${dir} is not a folder`);
  return file;
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

const HINTS: Record<string, string> = {
  unauthorized: 'check FOLIO_API_KEY, or run `folio login`',
  forbidden: 'this API key lacks the scope for this command',
  network_error: 'is the server running? check FOLIO_API_URL',
};

/** Prints an error the way every client command does and returns the exit code. */
export function reportError(err: unknown, json: boolean): number {
  let code: string;
  let message: string;
  let exit = 1;
  let extra: Record<string, unknown> = {};
  if (err instanceof UsageError) {
    code = 'usage';
    message = err.message;
    exit = 2;
  } else if (err instanceof FolioApiError) {
    code = err.code;
    message = err.message;
    extra = {
      status: err.status,
      ...(err.details ? { details: err.details } : {}),
      ...(err.requestId ? { requestId: err.requestId } : {}),
    };
  } else if (err instanceof FolioRenderError) {
    code = err.code;
    message = `render job ${err.job.id} ${err.job.status}: ${err.message}`;
    extra = { jobId: err.job.id };
  } else if (err instanceof FolioBatchProductError) {
    code = err.code;
    message = err.message;
    extra = { batchId: err.batchId };
  } else if (err instanceof FolioTimeoutError || err instanceof CliError) {
    code = err.code;
    message = err.message;
  } else {
    const e = err as NodeJS.ErrnoException;
    code = e?.code && typeof e.code === 'string' ? e.code.toLowerCase() : 'error';
    message = e?.message ?? String(err);
  }
  if (json) {
    process.stderr.write(`${JSON.stringify({ error: code, message, ...extra })}\n`);
  } else {
    const details = extra.details ? ` ${JSON.stringify(extra.details)}` : '';
    process.stderr.write(`error: ${code}: ${message}${details}\n`);
    if (HINTS[code]) process.stderr.write(`hint: ${HINTS[code]}\n`);
    if (exit === 2) process.stderr.write('(see --help)\n');
  }
  return exit;
}

export function formatBytes(n: number): string {
  if (n < 1000) return `${n} B`;
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)} KB`;
  if (n < 1_000_000_000) return `${(n / 1_000_000).toFixed(1)} MB`;
  return `${(n / 1_000_000_000).toFixed(2)} GB`;
}

export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '-';
  return new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z');
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A plain text table: columns padded to their widest cell. */
export function table(headers: string[], rows: Array<Array<string | number | null | undefined>>): string {
  const cells = [headers, ...rows.map((r) => r.map((c) => (c === null || c === undefined ? '-' : String(c))))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  return cells
    .map((r) =>
      r
        .map((c, i) => (i === r.length - 1 ? c : (c ?? '').padEnd(widths[i])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
