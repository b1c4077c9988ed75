// Shapes of the /v1 API the dashboard reads (see GET /v1/openapi.json; docs/api.md).

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

export interface Deploy {
  id: string;
  accountId?: string;
  slug: string;
  name: string;
  createdAt: number;
}

export interface Alias {
  deployId: string;
  alias: string;
  deployVersionId: string;
  updatedAt: number;
}

export interface DeployVersion {
  id: string;
  displayId: string;
  deployId: string;
  versionNo: number;
  treeHash: string;
  route: string;
  title: string;
  renderTimeoutMs?: number;
  status: string;
  fileCount?: number;
  totalBytes?: number;
  createdAt: number;
}

export interface VersionFile {
  path: string;
  sha256: string;
  size: number;
  mime: string;
}

export interface DeploySettings {
  deployId: string;
  webhook: { enabled: boolean; url?: string; signingSecretConfigured?: boolean; signingSecretPreview?: string };
  versionLifecycle: { enabled: boolean; retainLatestVersions: number };
  environment: { variables: { name: string; value: string; createdAt: number; updatedAt: number }[] };
  secrets: { items: { name: string; createdAt: number; updatedAt: number }[] };
}

export const JOB_STATUSES = ['queued', 'rendering', 'retry_scheduled', 'succeeded', 'failed', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const isTerminal = (s: string) => s === 'succeeded' || s === 'failed' || s === 'canceled';

export interface RenderJob {
  id: string;
  deployId: string;
  deployVersionId: string;
  deployVersionNo?: number;
  deployVersionRoute?: string;
  deployVersionTitle?: string;
  businessKey: string;
  payloadHash: string;
  status: JobStatus;
  attempt: number;
  requestedAt: number;
  startedAt?: number;
  finishedAt?: number;
  errorCode?: string;
  errorMessage?: string;
  outputMode: 'transient' | 'managed';
}

export interface RenderOutput {
  id: string;
  bytes: number;
  pageCount: number;
  state: string;
  createdAt: number;
}

export interface ManagedPdf {
  id: string;
  state: string;
  fileName: string;
  bytes: number;
  pageCount: number;
  deployId?: string;
  deployVersionId?: string;
  renderJobId?: string;
  businessKey?: string;
  createdAt: number;
}

export interface JobDetail {
  job: RenderJob;
  output?: RenderOutput;
  pdf?: ManagedPdf;
}

export interface Access {
  access: { url: string; expiresAt: number };
}

export interface PermanentLink {
  id: string;
  pdfId: string;
  url: string;
  createdAt: number;
}

export interface WebhookDelivery {
  id: string;
  eventId: string;
  attempt: number;
  manual: boolean;
  url: string;
  statusCode?: number;
  durationMs: number;
  error?: string;
  createdAt: number;
}

export interface WebhookDeliveries {
  event: { id: string; status: string; attempts: number; nextAttemptAt?: number; lastError?: string } | null;
  items: WebhookDelivery[];
}

export interface UsageOverview {
  period: { kind: string; start: number; end: number; usageDayStart: string; usageDayEndExclusive: string };
  plan: { key: string; name: string; currency: string; interval: string; monthlyPriceCents: number };
  policy: Record<string, number | boolean | null>;
  usageMeters: { code: string; aggregation: string; totalQuantity: number; unit: string }[];
  liveStorage: { deployVersionStorageBytes: number; managedPdfStorageBytes: number; renderOutputStorageBytes: number; totalBytes: number };
  uploadLimits: { maxSingleFileBytes: number };
  storageMeters: { code: string; currentBytes: number; peakBytesByDay: { day: string; peakBytes: number; peakGiBDay: number }[]; totalPeakBytes: number; totalPeakGiBDays: number }[];
  generatedAt: number;
}
