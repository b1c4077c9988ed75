// The one map from error code to HTTP status and meaning. docs/errors.md and the OpenAPI `Error`
// schema are generated from it, and a test keeps all three in sync.

interface CodeSpec {
  status: number;
  /** When the code is used; also the default message. */
  description: string;
}

import { JOB_ERRORS, type JobErrorCode } from '../domain/jobs/job-errors.js';
export const errorCodes = {
  invalid_request: { status: 400, description: 'The body, query or path fails validation; `details.field` names the failing field.' },
  invalid_path: {
    status: 400,
    description:
      'A file path is absolute, contains `..`, `\\`, NUL, control characters or empty segments, is not well-formed Unicode (a lone UTF-16 surrogate), or is duplicated.',
  },
  deploy_id_mismatch: { status: 400, description: 'The deploy-scoped render route got a different `deployId` in the body.' },
  upload_session_too_large: { status: 400, description: 'The session declares more bytes than the plan allows per commit.' },
  upload_session_policy_limit_exceeded: { status: 400, description: 'The session declares more files than the plan allows per commit.' },
  upload_blob_too_large: { status: 400, description: 'A file is larger than the single-file limit (10 MiB).' },
  blob_hash_mismatch: {
    status: 400,
    description: 'The uploaded bytes do not hash to the sha256 in the path, or their size differs from the descriptor.',
  },
  blob_missing: { status: 400, description: 'A commit entry names a blob this account never uploaded, or its size differs.' },
  deploy_commit_policy_limit_exceeded: {
    status: 400,
    description: 'The version exceeds the per-commit file count, byte limit or render timeout of the plan.',
  },
  template_syntax_error: {
    status: 400,
    description:
      'A template file of the version does not parse in its engine\'s language; the message and `details` name the `file`, `line` and `column`. For a Word template (`render.engine: "docx"`), `details.tag` is the first broken tag as written between its `+++` delimiters (`line` and `column` are null).',
  },
  einvoice_invalid: {
    status: 400,
    description:
      "An e-invoice XML breaks a rule of the official schema or business rules of its profile at error level (or it could not be checked within the validator's time and memory). `details.findings` lists each finding `{rule, severity, message, location, ruleSet}`, errors first (up to 200); `details.profile`, `details.syntax` and `details.counts` say what was checked. Nothing is stored or rendered.",
  },
  payload_too_large: { status: 400, description: "The render payload is larger than the plan's payload limit." },
  payload_invalid: {
    status: 400,
    description:
      "The JSON payload does not match the version's `payload.schema.json`; `details.problems` lists up to 10 `{pointer, message}` (JSON pointers into the payload).",
  },
  office_input_invalid: {
    status: 400,
    description:
      'An Office document is not what its extension says (a renamed file), has an extension Folio does not convert, or is a zip container past the limits (entries, expanded size, ratio: a zip bomb); refused before LibreOffice reads it; nothing is stored. The message names the file and the reason.',
  },
  office_password_required: {
    status: 400,
    description: 'An Office document is protected by a password and the request has none (`office.password`); nothing is stored.',
  },
  unauthorized: { status: 401, description: 'Missing or invalid API key.' },
  invalid_credentials: { status: 401, description: 'Dashboard sign-in with a wrong email or password (the same answer for both).' },
  upload_token_invalid: { status: 401, description: 'Missing or wrong `X-Upload-Token` for this upload session.' },
  forbidden: { status: 403, description: 'The API key lacks the scope this operation needs.' },
  csrf_token_invalid: {
    status: 403,
    description: "A write authenticated by the dashboard session cookie lacks the session's `X-CSRF-Token` header (API keys need none).",
  },
  link_invalid: { status: 403, description: 'A signed URL with a bad signature.' },
  url_source_not_allowed: {
    status: 403,
    description:
      'A render job with a URL source (`source.url`) on a plan without `allowExternalNetwork`: Folio would have to fetch the page from the network, which the plan does not allow. Nothing is created.',
  },
  route_not_found: { status: 404, description: 'No route has this path.' },
  account_not_found: { status: 404, description: 'The account does not exist.' },
  deploy_not_found: { status: 404, description: 'The deploy does not exist, was deleted, or belongs to another account.' },
  deploy_version_not_found: { status: 404, description: 'The deploy version does not exist in this deploy.' },
  upload_session_not_found: { status: 404, description: 'The upload session does not exist or belongs to another account.' },
  render_job_not_found: { status: 404, description: 'The render job does not exist or belongs to another account.' },
  render_batch_not_found: { status: 404, description: 'The render batch does not exist or belongs to another account.' },
  version_check_not_found: {
    status: 404,
    description: 'The version check does not exist for this version, or belongs to another account.',
  },
  render_output_not_found: { status: 404, description: 'The render output was deleted or expired.' },
  pdf_not_found: { status: 404, description: 'The managed PDF does not exist (or was purged).' },
  pdf_attachment_not_found: {
    status: 404,
    description: 'The managed PDF embeds no file of that name (`GET /v1/pdfs/{pdfId}/info` lists the names it embeds).',
  },
  permanent_link_not_found: { status: 404, description: 'The permanent link does not exist.' },
  api_key_not_found: { status: 404, description: 'The API key does not exist.' },
  signing_certificate_not_found: {
    status: 404,
    description: 'The signing certificate does not exist, was deleted, or belongs to another account.',
  },
  method_not_allowed: { status: 405, description: 'The path exists but not with this HTTP method (see the `Allow` header).' },
  request_timeout: {
    status: 408,
    description: "The request's headers or body did not arrive within the server's timeouts; the connection is closed.",
  },
  deploy_slug_conflict: { status: 409, description: 'The slug is already used by another deploy of this account.' },
  deploy_has_no_versions: {
    status: 409,
    description: 'A render job asked for `latest` (or an alias pointing to it) on a deploy with no version.',
  },
  deploy_version_in_use: { status: 409, description: 'The version is named by an alias or used by unfinished render jobs.' },
  version_has_no_fixtures: {
    status: 409,
    description: 'A version check was asked of a version whose files hold no fixture (`tests/<name>.json`, or a `sample-payload.json`).',
  },
  upload_session_committed: { status: 409, description: 'The upload session was already committed.' },
  upload_session_expired: { status: 409, description: 'The upload session expired (swept after its TTL).' },
  blob_not_in_session: { status: 409, description: 'The sha256 matches no file descriptor declared in the session.' },
  render_job_not_cancelable: { status: 409, description: 'The job is already in a terminal state.' },
  render_output_not_ready: { status: 409, description: 'The job has not succeeded (yet); its output is not available.' },
  webhook_not_available: {
    status: 409,
    description: 'Redeliver on a job that is not succeeded or failed, or whose deploy has no enabled webhook URL.',
  },
  pdf_deleting: { status: 409, description: 'The managed PDF is being deleted.' },
  thumbnail_unavailable: {
    status: 409,
    description:
      "The managed PDF's first page cannot be drawn: it needs a password to open (`protection.userPassword`), is larger than 256 MiB, or poppler could not read it.",
  },
  signing_certificate_limit_reached: {
    status: 409,
    description: 'The account already keeps the most signing certificates it may (20): delete one first.',
  },
  idempotency_key_conflict: { status: 409, description: 'The Idempotency-Key was used with a different request body or route.' },
  idempotency_key_in_use: { status: 409, description: 'A request with this Idempotency-Key is still running; retry after `Retry-After`.' },
  render_job_failed: {
    status: 422,
    description:
      "A synchronous render (`POST /v1/render`) ended with its job failed or canceled: `message` is the job's `errorMessage`, `details.jobErrorCode` its `errorCode` and `details.jobId` the job.",
  },
  pdf_invalid: {
    status: 422,
    description:
      'An uploaded PDF (`POST /v1/pdfs`) is not one Folio reads: no `%PDF-` header, damaged or truncated (`qpdf --check` fails or has to reconstruct the file), a page tree that lists a node twice (a loop), no pages, or over a PDF limit (objects, inflated stream bytes, pages). The message says which; nothing is stored.',
  },
  pdf_password_required: {
    status: 422,
    description: 'An uploaded PDF is encrypted and the request has no `password` to open it. Nothing is stored.',
  },
  pdf_password_incorrect: {
    status: 422,
    description: 'The `password` of an upload does not open the encrypted PDF. Nothing is stored; the password is never logged.',
  },
  pdf_step_failed: {
    status: 422,
    description:
      'A step of `POST /v1/pdf-jobs` cannot be applied to its PDF: a form field it names does not exist or does not take that value, a page selection names a page past the last, or the work passed its time or memory limit. `details.field` names the step (`steps[2].fields.city`); nothing is stored.',
  },
  conversion_failed: {
    status: 409,
    description:
      "A Gotenberg-compatible route (`/forms/…`) whose job failed because the page broke a condition its form asked to fail on (`failOnConsoleExceptions`, `failOnResourceLoadingFailed`, `failOnResourceHttpStatusCodes`): Gotenberg's 409. `message` is the job's `errorMessage`; `details` `{jobId, jobErrorCode}`.",
  },
  upload_session_gone: { status: 410, description: "The upload session's 1-hour TTL elapsed." },
  link_expired: { status: 410, description: 'The signed URL is past its `expiresAt`.' },
  body_too_large: { status: 413, description: "The request body exceeds the route's size limit." },
  unsupported_media_type: { status: 415, description: 'The Content-Type is not accepted by this route.' },
  deploy_commit_quota_exceeded: {
    status: 429,
    description: 'The monthly deploy commit allowance is exhausted (`Retry-After` = seconds to the period end).',
  },
  render_job_quota_exceeded: {
    status: 429,
    description: 'The monthly render job allowance is exhausted (`Retry-After` = seconds to the period end).',
  },
  render_time_quota_exceeded: {
    status: 429,
    description: 'The monthly render time allowance is exhausted (`Retry-After` = seconds to the period end).',
  },
  storage_limit_exceeded: { status: 429, description: "The account's stored bytes would exceed the plan's storage limit." },
  rate_limited: { status: 429, description: 'Too many requests for this API key; see `Retry-After` and `RateLimit-*` headers.' },
  auth_throttled: {
    status: 429,
    description:
      'Too many failed authentications from this client address (wrong API keys, or wrong dashboard sign-ins across emails); see `Retry-After`. A valid API key is still accepted.',
  },
  headers_too_large: {
    status: 431,
    description:
      "The request line and headers exceed the HTTP server's header size limit (16 KiB, Node's default); the connection is closed.",
  },
  internal_error: { status: 500, description: 'An unexpected error; the request id header identifies it in the logs.' },
  not_implemented: {
    status: 501,
    description: 'The route exists in the interface but is switched off in this deployment (reserved; no route answers it today).',
  },
  timestamp_authority_failed: {
    status: 502,
    description:
      "The RFC 3161 timestamp authority of a PDF job's `timestamp` step or `sign` with `timestamp: true` (FOLIO_TIMESTAMP_AUTHORITY_URL) could not be reached within 10 s, is on an address the network policy refuses, answered something other than HTTP 200 with a granted token for the request (over 64 KB, a refusal, another digest or nonce). `details.field` names the step; nothing is stored.",
  },
  render_provider_unavailable: {
    status: 503,
    description: 'Chromium cannot be found, storage is unreachable, or the signing key is missing.',
  },
  einvoice_validator_unavailable: {
    status: 503,
    description:
      'Java or Saxon-HE, which run the official e-invoice rule sets, is not installed on this server (the set-up installs both; the e-invoice guide). Nothing is stored.',
  },
  office_unavailable: {
    status: 503,
    description:
      'LibreOffice is not installed on this server (or cannot start), so Office documents cannot be converted; the operator installs it with the set-up (the Office guide). Nothing is stored.',
  },
  conversion_timeout: {
    status: 503,
    description:
      "A Gotenberg-compatible route (`/forms/…`) waited for its job as long as the job's render timeout allows (plus 10 s) and it had not finished: Gotenberg's 503. The job runs on: `details.jobId`, `GET /v1/render-jobs/{jobId}`.",
  },
  service_unavailable: { status: 503, description: 'The service is shutting down or a dependency is not ready.' },
  insufficient_storage: {
    status: 507,
    description:
      'The server ran out of disk space (or its database or object store did); nothing was stored. Retry after `Retry-After` seconds (60); operators see one `out of storage space` log line.',
  },
} as const satisfies Record<string, CodeSpec>;

export type ErrorCode = keyof typeof errorCodes;

export const allErrorCodes = Object.keys(errorCodes) as ErrorCode[];

/**
 * Codes that appear only as a render job's `errorCode`, never as an HTTP error. Documented with the others.
 * The list and whether each is retried live in domain/jobs/job-errors.ts; this is its description by code.
 */
export const jobErrorCodes = Object.fromEntries(Object.entries(JOB_ERRORS).map(([code, e]) => [code, e.description])) as {
  readonly [K in JobErrorCode]: (typeof JOB_ERRORS)[K]['description'];
};

/** Codes of a render batch's `product.error` (a merge or zip that could not be built; never an HTTP error). */
export const batchProductErrorCodes = {
  batch_nothing_to_combine:
    'No item of the batch succeeded (or every succeeded output was deleted first): there is nothing to merge or zip.',
  batch_product_too_large:
    "The merged PDF would pass 5,000 pages or read more than the merge byte limit (the plan's maxRenderOutputBytes, at most 100 MiB), or the zip would pass 2 GiB.",
  storage_limit_exceeded: "Storing the merged PDF would exceed the plan's storageLimitBytes.",
  batch_combine_failed:
    "An item PDF could not be read or merged (the message says which and why), or the server itself failed (its storage or database): then the message says only that an internal error stopped the product and names the batch id, under which the server's log has the error.",
} as const;

export type BatchProductErrorCode = keyof typeof batchProductErrorCodes;
