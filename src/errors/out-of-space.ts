// "The disk is full" arrives in several shapes: ENOSPC/EDQUOT from the filesystem (blob staging, render
// packs), SQLITE_FULL from SQLite, SQLSTATE 53100 (disk_full) from PostgreSQL, an HTTP 507 from an S3
// server. None of them is a bug to answer with a 500: the request may succeed once space returns, so it is
// answered 507 insufficient_storage with Retry-After, and the operator gets one clear log line.
import { AppError } from './app-error.js';

/** Seconds a client is asked to wait before retrying a request refused for lack of space. */
export const OUT_OF_SPACE_RETRY_AFTER_SECONDS = 60;

export function isOutOfSpace(err: unknown): boolean {
  for (
    let e = err as Record<string, unknown> | null | undefined, hops = 0;
    e && typeof e === 'object' && hops < 5;
    e = e.cause as typeof e, hops++
  ) {
    const code = e.code;
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL' || code === '53100') return true;
    if (typeof code === 'string' && code.startsWith('SQLITE_FULL')) return true;
    const status = (e.$metadata as { httpStatusCode?: number } | undefined)?.httpStatusCode;
    if (status === 507) return true;
  }
  return false;
}

export function outOfSpaceError(): AppError {
  return new AppError('insufficient_storage', 'the server is out of storage space; nothing was stored, retry later', undefined, {
    retryAfterSeconds: OUT_OF_SPACE_RETRY_AFTER_SECONDS,
  });
}
