// The error codes of the routes that create render jobs (their OpenAPI `x-folio.errors`), listed once: a
// route composes the groups that apply to it rather than copying the codes.
import type { ErrorCode } from '../../errors/codes.js';

/** The plan's monthly allowances, checked in the creating transaction. */
export const QUOTA_ERRORS = ['render_job_quota_exceeded', 'render_time_quota_exceeded'] as const satisfies readonly ErrorCode[];

/** A job of a deploy's version: the version named, what the body carries, the quotas, the server. */
export const VERSION_JOB_ERRORS = [
  'deploy_not_found',
  'deploy_version_not_found',
  'deploy_has_no_versions',
  'payload_too_large',
  'payload_invalid',
  'signing_certificate_not_found',
  'einvoice_invalid',
  ...QUOTA_ERRORS,
  'render_provider_unavailable',
  'insufficient_storage',
] as const satisfies readonly ErrorCode[];

/** Sources sent with the job (html, files, an Office entry) instead of a deploy's version. */
export const INLINE_SOURCE_ERRORS = [
  'body_too_large',
  'invalid_path',
  'storage_limit_exceeded',
  'template_syntax_error',
  'office_input_invalid',
  'office_password_required',
  'office_unavailable',
] as const satisfies readonly ErrorCode[];

/** A route that waits for its job and answers with the document. */
export const WAITED_JOB_ERRORS = ['render_job_failed', 'render_output_not_found'] as const satisfies readonly ErrorCode[];
