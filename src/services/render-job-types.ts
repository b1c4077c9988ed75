// What a render job is asked to be (the input of job creation, single, sync or batch item). What its
// document options become once checked is domain/job-document.ts (StoredJobDocument, JobDocumentView).
import type { PayloadProblemKind } from '../domain/payload.js';
import type { ErrorCode } from '../errors/codes.js';
import { type AfRelationship, type DocumentMetadata, type FacturXProfile, type PdfStandard } from '../domain/pdf-document.js';
import { type OutputFormat, type PageImagesInput } from '../domain/page-images.js';
import { type ProtectionInput } from '../domain/pdf-protection.js';
import type { SignatureInput } from '../domain/job-document.js';

export interface CreateJobInput {
  deployId?: string;
  /** Required unless the job brings inline sources (`html`). */
  deployVersionId?: string;
  /** Inline sources instead of a deploy: the entry document, and its files by path (base64). */
  html?: string;
  files?: Record<string, string>;
  businessKey?: string;
  payload?: unknown;
  hasPayload: boolean;
  payloadMime?: string;
  payloadBase64?: string;
  outputMode?: 'transient' | 'managed';
  /** Document options over the version's `render.metadata.pdf`. */
  pdf?: { standard?: PdfStandard; metadata?: DocumentMetadata };
  attachments?: JobAttachmentInput[];
  eInvoice?: { standard: 'factur-x'; profile: FacturXProfile; xml: string };
  /** Passwords and permissions of the PDF: secrets, kept sealed until the job ends. */
  protection?: ProtectionInput;
  /** A PAdES signature with one of the account's signing certificates. */
  signature?: SignatureInput;
  /** Pictures of the printed pages, stored beside the PDF. */
  images?: PageImagesInput;
  /** `pdf` (default), or an image format: the job keeps only page images, no PDF. */
  outputFormat?: OutputFormat;
}

export interface JobAttachmentInput {
  name: string;
  mimeType: string;
  relationship: AfRelationship;
  description?: string;
  /** The bytes in base64; exactly one of content and bundlePath. */
  content?: string;
  bundlePath?: string;
}

/** The job body's fields that checkDocument reads. */
export type DocumentInput = Pick<
  CreateJobInput,
  'pdf' | 'attachments' | 'eInvoice' | 'protection' | 'signature' | 'images' | 'outputFormat' | 'outputMode'
>;

/** The error code of each kind of payload refusal (domain/payload.ts). */
export const PAYLOAD_REFUSALS = {
  too_large: 'payload_too_large',
  invalid: 'invalid_request',
} as const satisfies Record<PayloadProblemKind, ErrorCode>;
