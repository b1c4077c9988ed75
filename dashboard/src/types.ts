// Shapes of the /v1 API the dashboard reads. Resources come from the SDK's types, generated from the served
// OpenAPI document (a check in npm test keeps them current); only dashboard-specific shapes are written here.
export type { Access, Alias, Deploy, DeploySettings, DeployVersion, ManagedPdf, PermanentLink, RenderJob, RenderOutput, UsageOverview } from '../../src/sdk/api-types.js';
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




export interface JobDetail {
  job: RenderJob;
  output?: RenderOutput;
  pdf?: EmbeddedPdf;
}


/** The webhook event of a job and its delivery attempts, as the generated API types describe them. */
export type WebhookDeliveries = Operations['GET /v1/render-jobs/{jobId}/webhook-deliveries']['response'];

