// What a render job is asked to be (the input of job creation, single, sync or batch item), derived from the
// job body's schema (domain/jobs/job-body.ts). What its document options become once checked is
// domain/jobs/job-document.ts (StoredJobDocument, JobDocumentView).
import type { PayloadProblemKind } from '../../domain/jobs/payload.js';
import type { ErrorCode } from '../../errors/codes.js';
import type { Static } from '@sinclair/typebox';
import type { CreateJobBody } from '../../domain/jobs/job-body.js';
import type { StoredJobDocument } from '../../domain/jobs/job-document.js';

/**
 * A render job as its creation asks for it: the body of `POST /v1/render-jobs` (`CreateJobBody`, the TypeBox
 * schema the HTTP layer validates with; `POST /v1/render` and batch items take the same fields), plus what
 * the route adds. Inline sources (`html`, `files`) replace `deployId`/`deployVersionId`.
 */
export type CreateJobInput = Static<typeof CreateJobBody> & {
  /** Whether the body has a `payload` member at all (`null` is a payload; an absent member is none). */
  hasPayload: boolean;
  /** A PDF job (services/pdfs/pdf-jobs.ts): its sources, resolved and checked already, replace the page. */
  pdfJob?: StoredJobDocument['pdfJob'];
};

/** One attachment of the body: exactly one of `content` (base64) and `bundlePath`. */
export type JobAttachmentInput = NonNullable<CreateJobInput['attachments']>[number];

/** The job body's fields that checkDocument reads. */
export type DocumentInput = Pick<
  CreateJobInput,
  | 'pdf'
  | 'attachments'
  | 'eInvoice'
  | 'protection'
  | 'signature'
  | 'images'
  | 'outputFormat'
  | 'outputMode'
  | 'print'
  | 'waitFor'
  | 'steps'
  | 'office'
>;

/** The error code of each kind of payload refusal (domain/jobs/payload.ts). */
export const PAYLOAD_REFUSALS = {
  too_large: 'payload_too_large',
  invalid: 'invalid_request',
} as const satisfies Record<PayloadProblemKind, ErrorCode>;
