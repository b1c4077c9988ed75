// Row types of every table, as Kysely sees them. Timestamps are integer epoch milliseconds and booleans
// are 0/1 integers on both SQLite and PostgreSQL, so no query needs a dialect-specific cast.

export interface AccountsTable {
  id: string;
  name: string;
  plan_key: string;
  webhook_secret: string;
  created_at: number;
}

export interface UsersTable {
  id: string;
  account_id: string;
  email: string;
  password_hash: string;
  role: string;
  created_at: number;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  key_hash: string;
  prefix: string;
  last4: string;
  scopes: string; // JSON array
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface DeploysTable {
  id: string;
  account_id: string;
  slug: string;
  name: string;
  /** versionNo of the last commit: numbers are never reused, even after versions are deleted. */
  last_version_no: number;
  created_at: number;
}

export interface DeployVersionsTable {
  id: string;
  account_id: string;
  deploy_id: string;
  version_no: number;
  display_id: string;
  tree_hash: string;
  render_index_key: string;
  render_pack_key: string;
  route: string;
  entry_path: string;
  title: string;
  render_timeout_ms: number | null;
  metadata_json: string | null;
  status: string;
  file_count: number;
  total_bytes: number;
  created_at: number;
  /** The bundle's /payload.schema.json (compact JSON), checked at commit; NULL without one. */
  payload_schema_json: string | null;
  /** The bundle's /sample-payload.json (compact JSON); NULL without one. */
  sample_payload_json: string | null;
}

export interface VersionFilesTable {
  version_id: string;
  path: string;
  sha256: string;
  size: number;
  mime: string;
}

export interface AliasesTable {
  deploy_id: string;
  alias: string;
  deploy_version_id: string;
  updated_at: number;
}

export interface DeploySettingsTable {
  deploy_id: string;
  account_id: string;
  webhook_enabled: number;
  webhook_url: string | null;
  signing_secret: string | null;
  previous_signing_secret: string | null;
  signing_secret_rotated_at: number | null;
  lifecycle_enabled: number;
  retain_latest_versions: number;
  updated_at: number;
}

export interface DeployEnvVarsTable {
  deploy_id: string;
  name: string;
  value: string;
  created_at: number;
  updated_at: number;
}

export interface DeploySecretsTable {
  deploy_id: string;
  name: string;
  value: string;
  created_at: number;
  updated_at: number;
}

export interface UploadSessionsTable {
  id: string;
  account_id: string;
  deploy_id: string;
  token_hash: string;
  status: string; // open | committed | expired
  requested_file_count: number;
  requested_bytes: number;
  created_at: number;
  expires_at: number;
  committed_version_id: string | null;
}

export interface UploadSessionFilesTable {
  session_id: string;
  sha256: string;
  size: number;
}

/** Which account uploaded which bytes: the scope of dedup (missing-blobs) and of storage accounting. */
export interface AccountBlobsTable {
  account_id: string;
  sha256: string;
  size: number;
  created_at: number;
  /** Refreshed by uploads and commits that use the blob; garbage collection spares recent ones. */
  last_used_at: number;
}

/** Bytes present in the blob store, shared underneath by all accounts. */
export interface BlobsTable {
  sha256: string;
  size: number;
  created_at: number;
  /** Refreshed before an upload publishes these bytes, so a sweep never deletes bytes being uploaded. */
  last_seen_at: number;
}

export interface IdempotencyKeysTable {
  account_id: string;
  idem_key: string;
  request_hash: string;
  state: string; // running | done
  response_status: number | null;
  response_body: string | null;
  created_at: number;
  expires_at: number;
}

export interface UsageCountersTable {
  account_id: string;
  period_start: number;
  meter: string;
  quantity: number;
}

export interface BootstrapTable {
  id: number;
  account_id: string;
  created_at: number;
}

import type { JobStatus } from '../domain/job-state.js';
export type { JobStatus };

export interface RenderJobsTable {
  id: string;
  account_id: string;
  deploy_id: string;
  deploy_version_id: string;
  deploy_version_no: number;
  deploy_version_route: string;
  deploy_version_title: string;
  business_key: string;
  payload_hash: string;
  payload_mime: string;
  payload_bytes: number;
  output_mode: string; // transient | managed
  queue: string;
  status: JobStatus;
  attempt: number;
  requested_at: number;
  /** When a queued or retry_scheduled job may be claimed. */
  available_at: number;
  started_at: number | null;
  finished_at: number | null;
  error_code: string | null;
  error_message: string | null;
  lease_owner: string | null;
  lease_expires_at: number | null;
  render_ms: number;
  updated_at: number;
  /** What the job asked of the PDF (no content: names, sizes, profile), JSON; null for a plain job. */
  document_json: string | null;
  /** The render batch the job is an item of (`bat_…`), and its 0-based position there; null for a single job. */
  batch_id: string | null;
  batch_index: number | null;
}

/** A render batch: items are render_jobs rows with this batch_id. */
export interface RenderBatchesTable {
  id: string;
  account_id: string;
  deploy_id: string;
  /** Bound once at creation, for every item. */
  deploy_version_id: string;
  deploy_version_no: number;
  combine: string; // none | merge | zip
  item_count: number;
  business_key: string | null;
  created_at: number;
  updated_at: number;
  /** Set once every item is terminal (in the transaction that ended the last one). */
  finished_at: number | null;
  /** 1: each item also sends its own render.job.terminated webhook. */
  item_webhooks: number;
  /** NULL for combine "none"; pending | running | ready | failed. */
  combine_state: string | null;
  /** Item PDFs in the product. */
  combine_items: number | null;
  combine_error_code: string | null;
  combine_error_message: string | null;
  combine_lease_owner: string | null;
  combine_lease_expires_at: number | null;
  /** merge: the managed PDF. */
  product_pdf_id: string | null;
  /** zip: the render_outputs row (job_id = the batch id). */
  product_output_id: string | null;
}

export interface RenderPayloadsTable {
  job_id: string;
  body_base64: string;
  /** The job's post-processing input (attachments and e-invoice XML in base64), JSON; null for a plain job. */
  document_json: string | null;
}

export interface RenderOutputsTable {
  id: string;
  job_id: string;
  account_id: string;
  storage_key: string;
  file_name: string;
  sha256: string;
  bytes: number;
  page_count: number;
  managed: number;
  state: string; // available | deleted
  created_at: number;
  expires_at: number | null;
  deleted_at: number | null;
}

export interface ManagedPdfsTable {
  id: string;
  account_id: string;
  deploy_id: string;
  deploy_version_id: string;
  render_job_id: string;
  business_key: string;
  file_name: string;
  storage_key: string;
  sha256: string;
  bytes: number;
  page_count: number;
  state: string; // available | deleting | purged
  created_at: number;
  deleted_at: number | null;
  /** 1 when the PDF is encrypted (the job asked for protection). */
  protected: number;
}

export interface PermanentLinksTable {
  id: string;
  pdf_id: string;
  account_id: string;
  token: string;
  created_at: number;
}

export interface PdfStorageDaysTable {
  account_id: string;
  day: string;
  peak_bytes: number;
  /** Bytes held after the day's last change: the carried-over peak of the following quiet days. */
  end_bytes: number;
}

export interface PdfStorageCurrentTable {
  account_id: string;
  bytes: number;
}

/** The last attempt's render diagnostics of a job (render/diagnostics.ts), bounded JSON. */
export interface RenderDiagnosticsTable {
  job_id: string;
  account_id: string;
  attempt: number;
  diagnostics_json: string;
  created_at: number;
}

export interface WebhookEventsTable {
  id: string;
  account_id: string;
  deploy_id: string;
  job_id: string;
  status: string; // pending | delivered | failed | skipped
  attempts: number;
  next_attempt_at: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  occurred_at: number;
  last_error: string | null;
  updated_at: number;
  /** Set for render_batch.completed events (then job_id holds the batch id too: it is unique per event). */
  batch_id: string | null;
}

export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  job_id: string;
  attempt: number;
  manual: number;
  url: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  created_at: number;
}

/** A signed-in dashboard browser. The cookie carries the token; only its SHA-256 is stored. */
export interface DashboardSessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  account_id: string;
  /**
   * SHA-256 of the CSRF token the dashboard sends back in `X-CSRF-Token` on every cookie-authenticated
   * write (the token itself is derived from the cookie token and never stored).
   */
  csrf_token_hash: string;
  ip: string;
  user_agent: string | null;
  created_at: number;
  last_seen_at: number;
  /** Sliding idle expiry, never later than created_at + the absolute lifetime. */
  expires_at: number;
}

/** Failed sign-ins per (email, client address), for throttling. */
export interface LoginAttemptsTable {
  throttle_key: string;
  failures: number;
  window_start: number;
  locked_until: number | null;
}

/** API processes that served authenticated traffic recently (the rate limit's divisor). */
export interface ApiProcessesTable {
  id: string;
  started_at: number;
  heartbeat_at: number;
}

/** One row (id 1): bumped with every change to what a cached credential may do. */
export interface AuthChangesTable {
  id: number;
  generation: number;
}

/** An account's PKCS#12 signing certificate: the file and passphrase sealed (SecretBox), the shown facts in plain. */
/** One stored page image: a job's page (`job_id`) or a managed PDF's thumbnail (`pdf_id`); migration 013. */
export interface PageImagesTable {
  id: string;
  account_id: string;
  job_id: string | null;
  pdf_id: string | null;
  page: number;
  format: 'png' | 'jpeg' | 'webp';
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  storage_key: string;
  state: 'available' | 'deleting' | 'deleted';
  created_at: number;
  expires_at: number | null;
  deleted_at: number | null;
}

export interface SigningCertificatesTable {
  id: string;
  account_id: string;
  name: string;
  /** SecretBox-sealed base64 of the PKCS#12 file as uploaded. */
  pkcs12_sealed: string;
  /** SecretBox-sealed passphrase of the file. */
  passphrase_sealed: string;
  subject: string;
  issuer: string;
  serial_number: string;
  not_before: number;
  not_after: number;
  fingerprint_sha256: string;
  key_type: string;
  key_bits: number;
  chain_certificates: number;
  created_at: number;
}

export interface Tables {
  api_processes: ApiProcessesTable;
  auth_changes: AuthChangesTable;
  dashboard_sessions: DashboardSessionsTable;
  login_attempts: LoginAttemptsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  render_jobs: RenderJobsTable;
  render_batches: RenderBatchesTable;
  render_payloads: RenderPayloadsTable;
  render_outputs: RenderOutputsTable;
  render_diagnostics: RenderDiagnosticsTable;
  managed_pdfs: ManagedPdfsTable;
  permanent_links: PermanentLinksTable;
  pdf_storage_days: PdfStorageDaysTable;
  pdf_storage_current: PdfStorageCurrentTable;
  accounts: AccountsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  deploys: DeploysTable;
  deploy_versions: DeployVersionsTable;
  version_files: VersionFilesTable;
  aliases: AliasesTable;
  deploy_settings: DeploySettingsTable;
  deploy_env_vars: DeployEnvVarsTable;
  deploy_secrets: DeploySecretsTable;
  upload_sessions: UploadSessionsTable;
  upload_session_files: UploadSessionFilesTable;
  account_blobs: AccountBlobsTable;
  blobs: BlobsTable;
  idempotency_keys: IdempotencyKeysTable;
  usage_counters: UsageCountersTable;
  bootstrap: BootstrapTable;
  signing_certificates: SigningCertificatesTable;
  page_images: PageImagesTable;
}
