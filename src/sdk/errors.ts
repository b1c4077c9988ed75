// Errors thrown by the SDK. Every failed API call is a FolioApiError carrying the server's uniform error
// body ({error, message, details}); network failures use status 0 and code "network_error".
import type { components } from './api-types.js';

/** The codes of the server's error bodies (docs/api.md, Errors), as its OpenAPI document lists them. */
export type ServerErrorCode = components['schemas']['Error']['error'];

/**
 * A FolioApiError's code: the server's, or the SDK's own when no error body arrived (`network_error`: no
 * response; `integrity_error`: a body that does not match its sha256; `unexpected_response`: an answer of
 * another type than asked; `http_<status>`: a non-JSON error answer, e.g. from a proxy).
 */
export type FolioApiErrorCode = ServerErrorCode | 'network_error' | 'integrity_error' | 'unexpected_response' | `http_${number}`;

export class FolioApiError extends Error {
  /** HTTP status; 0 when no response arrived (network error, timeout). */
  readonly status: number;
  /** The server's machine-readable code (`deploy_not_found`, `rate_limited`, …) or the SDK's own (FolioApiErrorCode). */
  readonly code: FolioApiErrorCode;
  /** The server's `details` (e.g. `{field}` for validation errors), when given. */
  readonly details: Record<string, unknown> | undefined;
  /** The `x-request-id` of the response: quote it when reporting a problem. */
  readonly requestId: string | undefined;

  constructor(init: {
    status: number;
    code: FolioApiErrorCode;
    message: string;
    details?: Record<string, unknown>;
    requestId?: string;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'FolioApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.requestId = init.requestId;
  }

  /** Builds the error from a non-2xx response, reading its JSON body when there is one. */
  static async fromResponse(res: Response, what: string): Promise<FolioApiError> {
    const requestId = res.headers.get('x-request-id') ?? undefined;
    const text = await res.text().catch(() => '');
    let body: { error?: unknown; message?: unknown; details?: unknown } | null = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const code: FolioApiErrorCode = typeof body?.error === 'string' ? (body.error as ServerErrorCode) : `http_${res.status}`;
    const message =
      typeof body?.message === 'string'
        ? body.message
        : `${what} answered ${res.status} ${res.statusText}${text && !body ? `: ${text.slice(0, 200)}` : ''}`;
    const details = body?.details && typeof body.details === 'object' ? (body.details as Record<string, unknown>) : undefined;
    return new FolioApiError({ status: res.status, code, message, details, requestId });
  }
}

/** A render job that ended `failed` or `canceled` (renderAndWait). `code` is the job's errorCode. */
export class FolioRenderError extends Error {
  readonly code: string;
  readonly job: { id: string; status: string; errorCode?: string; errorMessage?: string };
  constructor(job: { id: string; status: string; errorCode?: string; errorMessage?: string }) {
    const code = job.errorCode ?? (job.status === 'canceled' ? 'render_job_canceled' : 'render_failed');
    super(job.errorMessage ?? `render job ${job.id} ended ${job.status}`);
    this.name = 'FolioRenderError';
    this.code = code;
    this.job = job;
  }
}

/** renderAndWait gave up waiting; the job keeps running on the server (`jobId`). */
export class FolioTimeoutError extends Error {
  readonly code = 'wait_timeout';
  constructor(
    readonly jobId: string,
    readonly lastStatus: string,
    timeoutMs: number,
  ) {
    super(`render job ${jobId} was still ${lastStatus} after ${timeoutMs} ms (it keeps running; check it with jobs get)`);
    this.name = 'FolioTimeoutError';
  }
}

/**
 * A render batch's merged PDF or zip cannot be downloaded (renderBatches.streamProduct/downloadProduct).
 * `code` is the product's own error code when it failed (`batch_nothing_to_combine`,
 * `batch_product_too_large`, `storage_limit_exceeded`, `batch_combine_failed`), else
 * `batch_product_deleted`, `batch_product_pending` or `batch_has_no_product`.
 */
export class FolioBatchProductError extends Error {
  readonly code: string;
  readonly batchId: string;
  /** The product's state (`failed`, `deleted`, `pending`), null when the batch has none. */
  readonly state: string | null;
  constructor(init: { batchId: string; state: string | null; code: string; message: string }) {
    super(init.message);
    this.name = 'FolioBatchProductError';
    this.code = init.code;
    this.batchId = init.batchId;
    this.state = init.state;
  }
}
