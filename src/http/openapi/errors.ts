// The documented error responses of an operation, generated from src/errors/codes.ts: the codes an
// operation can answer are grouped by the status the code map gives them, so a code that changes status
// moves with it and a response never names a code the map lacks.
import { STATUS_CODES } from 'node:http';
import { errorCodes, type ErrorCode } from '../../errors/codes.js';

/**
 * Codes any request can get whatever the operation, described once in the document's introduction rather
 * than under every operation: an unknown path or method, a request the HTTP parser refuses or that does
 * not arrive in time, a bug, and a server that is shutting down.
 */
export const GLOBAL_ERROR_CODES: readonly ErrorCode[] = [
  'route_not_found',
  'method_not_allowed',
  'request_timeout',
  'headers_too_large',
  'internal_error',
  'service_unavailable',
];

/**
 * Codes no documented operation answers: the dashboard's own sign-in and operator paths (hidden from the
 * document), and a reserved code. A test checks that every other code is documented somewhere.
 */
export const UNDOCUMENTED_ERROR_CODES: readonly ErrorCode[] = ['invalid_credentials', 'account_not_found', 'not_implemented'];

export interface OperationTraits {
  method: string;
  /** Takes an API key (false for signed file URLs and permanent links). */
  authenticated: boolean;
  /** Has a JSON request body schema (Fastify parses the body: size limit and media type apply). */
  jsonBody: boolean;
  /** Accepts an Idempotency-Key header. */
  idempotent: boolean;
}

/** The codes every operation with these traits can answer, before its own rules run. */
export function commonErrorCodes(t: OperationTraits): ErrorCode[] {
  // Path, query and body validation, the NUL and nesting-depth checks: every operation.
  const codes: ErrorCode[] = ['invalid_request'];
  if (t.authenticated) {
    codes.push('unauthorized', 'auth_throttled', 'forbidden', 'rate_limited');
    // A write authenticated by the dashboard's session cookie needs its X-CSRF-Token (API keys do not).
    if (t.method !== 'GET' && t.method !== 'HEAD') codes.push('csrf_token_invalid');
  }
  if (t.jsonBody) codes.push('body_too_large', 'unsupported_media_type');
  if (t.idempotent) codes.push('idempotency_key_conflict', 'idempotency_key_in_use');
  return codes;
}

const REASON: Record<number, string> = {
  400: 'The request is invalid',
  401: 'Not authenticated',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflicts with the current state',
  410: 'Gone',
  413: 'The body is too large',
  415: 'Wrong Content-Type',
  429: 'Too many requests, or a quota or limit is reached',
  503: 'Not available right now',
  507: 'The server is out of storage space',
};

/** Example `details` for codes whose body carries them (matching what the server sends). */
const EXAMPLE_DETAILS: Partial<Record<ErrorCode, Record<string, unknown>>> = {
  invalid_request: { field: 'body' },
  invalid_path: { field: 'files[0].path' },
  deploy_id_mismatch: { field: 'deployId' },
  render_job_failed: { jobId: 'job_01m80q5xyme0085mym3kxcs74s', jobStatus: 'failed', jobErrorCode: 'render_failed' },
  upload_blob_too_large: { field: 'files[0].size' },
  blob_missing: {
    field: 'entries',
    missing: [{ path: 'css/site.css', blobHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' }],
  },
};

/** Codes answered with a Retry-After header. */
const PERIOD_END = 'until the end of the billing period (the calendar month, UTC)';
const RETRY_AFTER: Partial<Record<ErrorCode, string>> = {
  rate_limited: 'until the API key may send a request again',
  auth_throttled: 'until this client address may try again',
  idempotency_key_in_use: '1, while the first request with this key still runs',
  deploy_commit_quota_exceeded: PERIOD_END,
  render_job_quota_exceeded: PERIOD_END,
  render_time_quota_exceeded: PERIOD_END,
  insufficient_storage: '60',
};

/** Markdown code span. */
const code = (s: string) => `\`${s}\``;

/** One documented error response for `status`, carrying exactly `codes` (all of that status). */
export function errorResponse(status: number, codes: readonly ErrorCode[]) {
  for (const c of codes) if (errorCodes[c].status !== status) throw new Error(`${c} is a ${errorCodes[c].status}, not a ${status}`);
  const reason = REASON[status] ?? STATUS_CODES[status] ?? `HTTP ${status}`;
  const list = codes.map((c) => `- ${code(c)}: ${errorCodes[c].description}`).join('\n');
  // Retry-After, by meaning: "seconds to the end of the billing period (`a`, `b`); 60 (`c`)".
  const retry = new Map<string, ErrorCode[]>();
  for (const c of codes) if (RETRY_AFTER[c]) retry.set(RETRY_AFTER[c], [...(retry.get(RETRY_AFTER[c]) ?? []), c]);
  return {
    description: `${reason}. The body's ${code('error')} is one of:\n\n${list}`,
    ...(retry.size
      ? {
          headers: {
            'Retry-After': {
              description: `Seconds to wait: ${[...retry].map(([meaning, cs]) => `${meaning} (${cs.map(code).join(', ')})`).join('; ')}.`,
              schema: { type: 'integer', minimum: 0 },
            },
          },
        }
      : {}),
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/Error' },
        examples: Object.fromEntries(
          codes.map((c) => [
            c,
            {
              summary: c,
              value: { error: c, message: errorCodes[c].description, ...(EXAMPLE_DETAILS[c] ? { details: EXAMPLE_DETAILS[c] } : {}) },
            },
          ]),
        ),
      },
    },
    'x-error-codes': [...codes],
  };
}

/** The error responses of an operation, by status, for the union of `codes` (duplicates ignored). */
export function errorResponses(codes: readonly ErrorCode[]): Record<string, ReturnType<typeof errorResponse>> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const c of new Set(codes)) {
    const status = errorCodes[c].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), c]);
  }
  return Object.fromEntries(
    [...byStatus.entries()].sort(([a], [b]) => a - b).map(([status, cs]) => [String(status), errorResponse(status, cs)]),
  );
}

/** The Markdown list of the global codes, for the document's introduction. */
export function globalErrorsMarkdown(): string {
  return GLOBAL_ERROR_CODES.map((c) => `- ${errorCodes[c].status} ${code(c)}: ${errorCodes[c].description}`).join('\n');
}
