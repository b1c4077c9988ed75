// Shapes of the /v1 API the dashboard reads. Resources come from the SDK's types, generated from the served
// OpenAPI document (a check in npm test keeps them current); only dashboard-specific shapes are written here.
export type {
  Access,
  Alias,
  Deploy,
  DeploySettings,
  DeployVersion,
  ManagedPdf,
  PageImage,
  PermanentLink,
  RenderJob,
  RenderOutput,
  UsageOverview,
} from '../../src/sdk/api-types.js';
import type { EmbeddedPdf, Operations, RenderJob, RenderOutput } from '../../src/sdk/api-types.js';

export interface ApiErrorBody {
  error: string;
  message: string;
  details?: Record<string, unknown>;
}

export interface Page<T> {
  items: T[];
  nextCursor?: string | null;
}

export interface SessionInfo {
  user: { id: string; email: string; role: string };
  account: { id: string; name: string; plan: string };
  csrfToken: string;
  expiresAt: number;
}

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  last4: string;
  scopes: string[];
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface VersionFile {
  path: string;
  sha256: string;
  size: number;
  mime: string;
}

export const JOB_STATUSES = ['queued', 'rendering', 'retry_scheduled', 'succeeded', 'failed', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const isTerminal = (s: string) => s === 'succeeded' || s === 'failed' || s === 'canceled';

/**
 * A render batch. Written by hand rather than taken from the generated types: `combining`, `itemWebhooks` and
 * `product` are newer than some servers, so they are optional here and the pages work without them.
 */
export interface RenderBatch {
  id: string;
  deployId: string;
  deployVersionId: string;
  deployVersionNo: number;
  businessKey?: string;
  combine: 'none' | 'merge' | 'zip';
  status: 'running' | 'combining' | 'completed';
  itemWebhooks?: boolean;
  itemCount: number;
  counts: Record<JobStatus, number>;
  product?: BatchProduct;
  createdAt: number;
  updatedAt: number;
  finishedAt?: number;
}

export interface BatchProduct {
  kind: 'merge' | 'zip';
  /** `deleted`: built, then the merged PDF was deleted or the zip expired. */
  state: 'pending' | 'ready' | 'failed' | 'deleted';
  items?: number;
  pdf?: { id: string; fileName: string; bytes: number; pageCount: number; sha256: string; access: { url: string; expiresAt: number } };
  zip?: { fileName: string; bytes: number; files: number; sha256: string; expiresAt?: number; access: { url: string; expiresAt: number } };
  error?: { code: string; message: string };
}

export interface BatchItem {
  index: number;
  job: RenderJob;
}

export interface JobDetail {
  job: RenderJob;
  output?: RenderOutput;
  pdf?: EmbeddedPdf;
}

/** The webhook event of a job and its delivery attempts, as the generated API types describe them. */
export type WebhookDeliveries = Operations['GET /v1/render-jobs/{jobId}/webhook-deliveries']['response'];

/** What the page of a job's last finished attempt did (null until an attempt has ended). */
export type RenderDiagnostics = Operations['GET /v1/render-jobs/{jobId}/diagnostics']['response']['diagnostics'];
export type DiagnosticsEntry = NonNullable<RenderDiagnostics>['entries'][number];

/** A version's fixtures printed again on the server and compared with its snapshots. */
export type VersionCheck = Operations['GET /v1/deploys/{deployId}/versions/{deployVersionId}/checks/{checkId}']['response']['check'];

/** One problem of a 400 `payload_invalid`: a JSON pointer into the payload and what is wrong there. */
/** A signing certificate of the account (PKCS#12); the file and its passphrase are never answered. */
export type SigningCertificate = Operations['GET /v1/signing-certificates/{signingCertificateId}']['response']['signingCertificate'];

/** What GET /v1/pdfs/{id}/info answers: pages, metadata, form fields, attachments, signatures, claims. */
export type PdfInfo = Operations['GET /v1/pdfs/{pdfId}/info']['response']['info'];
export type PdfFormField = PdfInfo['formFields'][number];

export interface PayloadProblem {
  pointer: string;
  message: string;
}
