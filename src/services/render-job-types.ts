// What a render job is asked to be (the input of job creation, single, sync or batch item) and what its
// document options become once checked (stored with the payload, read by the worker).
import type { PayloadProblemKind } from '../domain/payload.js';
import type { ErrorCode } from '../errors/codes.js';
import { type AfRelationship, type DocumentMetadata, type FacturXProfile, type PdfStandard } from '../domain/pdf-document.js';
import { type OutputFormat, type PageImagesInput, type PageImagesSpec } from '../domain/page-images.js';
import { type PdfPermissions, type ProtectionInput } from '../domain/pdf-protection.js';
import { type SignatureInput } from './job-views.js';

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

/**
 * A job's post-processing input as stored in render_payloads.document_json (deleted with the payload at
 * the job's terminal state) and read by the worker.
 */
export interface StoredJobDocument {
  standard?: PdfStandard;
  metadata?: DocumentMetadata;
  attachments: {
    name: string;
    mimeType: string;
    relationship: AfRelationship;
    description?: string;
    size: number;
    /** Base64 bytes, or the normalised path of a file of the job's version. */
    contentBase64?: string;
    bundlePath?: string;
  }[];
  eInvoice?: { standard: 'factur-x'; profile: FacturXProfile; xml: string };
  /**
   * The passwords sealed with the secrets key (JSON `{userPassword?, ownerPassword}`): the database row is
   * deleted at the terminal state, but its bytes may linger in free pages, so they are never plaintext.
   */
  protection?: { sealed: string; userPassword: boolean; permissions: PdfPermissions };
  /** The certificate is read by id when the job renders (it holds the key); subject and fingerprint for the view. */
  signature?: SignatureInput & { subject: string; fingerprintSha256: string };
  /** The pages to picture, checked at creation (domain/page-images.ts). */
  images?: PageImagesSpec;
  /** Set when the job keeps only its page images (an image outputFormat): no PDF is stored. */
  imagesOnly?: true;
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
