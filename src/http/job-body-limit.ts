import { MAX_ATTACHMENT_BYTES_CEILING, MAX_INLINE_BYTES_CEILING } from '../domain/accounts/plans.js';
import type { Services } from '../services/index.js';

/**
 * The body limit of every route that takes a job body (POST /v1/render-jobs, its deploy-scoped form and
 * POST /v1/render, which take the same body) and the largest field of a multipart job.
 *
 * Payloads up to FOLIO_MAX_PAYLOAD_BYTES and attachments up to their ceiling (whatever the plan), plus JSON
 * overhead (base64 grows by a third).
 * Inline sources (html + files) have a ceiling of the same size as attachments: the limit fits either at its
 * ceiling, and stays under 32 MiB with the default payload limit.
 */
export const jobBodyLimit = (s: Services) =>
  Math.ceil((s.ctx.config.maxPayloadBytes + Math.max(MAX_ATTACHMENT_BYTES_CEILING, MAX_INLINE_BYTES_CEILING)) * 1.4) + 64 * 1024;
