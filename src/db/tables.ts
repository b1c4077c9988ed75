// Row types of every table, as Kysely sees them. Timestamps are integer epoch milliseconds and booleans
// are 0/1 integers on both SQLite and PostgreSQL, so no query needs a dialect-specific cast.
// The row types live in tables/ by aggregate; Tables maps each table name to its row type.
import type { JobStatus } from '../domain/jobs/job-state.js';
import type { AccountsTable, UsersTable, BootstrapTable, UsageCountersTable, SigningCertificatesTable } from './tables/accounts.js';
import type {
  ApiKeysTable,
  DashboardSessionsTable,
  LoginAttemptsTable,
  AuthChangesTable,
  ApiProcessesTable,
  IdempotencyKeysTable,
} from './tables/auth.js';
import type {
  DeploysTable,
  DeployVersionsTable,
  VersionFilesTable,
  AliasesTable,
  DeploySettingsTable,
  DeployEnvVarsTable,
  DeploySecretsTable,
} from './tables/deploys.js';
import type { UploadSessionsTable, UploadSessionFilesTable, AccountBlobsTable, BlobsTable } from './tables/uploads.js';
import type {
  RenderJobsTable,
  RenderBatchesTable,
  RenderPayloadsTable,
  RenderDiagnosticsTable,
  VersionChecksTable,
  RenderJobPartsTable,
} from './tables/jobs.js';
import type {
  RenderOutputsTable,
  ManagedPdfsTable,
  PermanentLinksTable,
  PdfStorageDaysTable,
  PdfStorageCurrentTable,
  PageImagesTable,
} from './tables/outputs.js';
import type { WebhookEventsTable, WebhookDeliveriesTable } from './tables/webhooks.js';

export type { JobStatus };
// Every row type, from the file of its aggregate.
export type * from './tables/accounts.js';
export type * from './tables/auth.js';
export type * from './tables/deploys.js';
export type * from './tables/uploads.js';
export type * from './tables/jobs.js';
export type * from './tables/outputs.js';
export type * from './tables/webhooks.js';

export interface Tables {
  api_processes: ApiProcessesTable;
  auth_changes: AuthChangesTable;
  dashboard_sessions: DashboardSessionsTable;
  login_attempts: LoginAttemptsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  render_jobs: RenderJobsTable;
  render_batches: RenderBatchesTable;
  version_checks: VersionChecksTable;
  render_job_parts: RenderJobPartsTable;
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
