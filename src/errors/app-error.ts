import { errorCodes, type ErrorCode } from './codes.js';

/** What an error says about retrying, independent of how it reaches the client. */
export interface AppErrorOptions {
  /** Seconds after which the same request may succeed (a quota period, a lock, a token bucket). */
  retryAfterSeconds?: number;
}

/**
 * The one error type services throw for client-visible failures; the HTTP error handler maps it (and turns
 * `retryAfterSeconds` into a `Retry-After` header).
 */
export class AppError extends Error {
  readonly status: number;
  readonly retryAfterSeconds?: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: Record<string, unknown>,
    options?: AppErrorOptions,
  ) {
    super(message ?? errorCodes[code].description);
    this.name = 'AppError';
    this.status = errorCodes[code].status;
    if (options?.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Whether `err` is an AppError; with codes, one of those (and `code` is narrowed to them). */
export function isAppError<const C extends ErrorCode = ErrorCode>(err: unknown, ...codes: C[]): err is AppError & { readonly code: C } {
  return err instanceof AppError && (codes.length === 0 || (codes as readonly ErrorCode[]).includes(err.code));
}
