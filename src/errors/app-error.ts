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
