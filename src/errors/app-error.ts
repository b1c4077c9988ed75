import { errorCodes, type ErrorCode } from './codes.js';

/** The one error type services throw for client-visible failures; the HTTP error handler maps it. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? errorCodes[code].description);
    this.name = 'AppError';
    this.status = errorCodes[code].status;
  }
}
