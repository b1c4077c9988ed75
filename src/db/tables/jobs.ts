// Row types of render jobs: the job (which is also the queue entry), batches of jobs, a job's payload and
// its last attempt's diagnostics.
// Timestamps are integer epoch milliseconds and booleans 0/1 integers (see tables.ts).
import type { JobErrorCode } from '../../domain/jobs/job-errors.js';
import type { JobStatus } from '../../domain/jobs/job-state.js';

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
  /** A job error code (domain/jobs/job-errors.ts), set when the job failed. */
  error_code: JobErrorCode | null;
  error_message: string | null;
  lease_owner: string | null;
  lease_expires_at: number | null;
  render_ms: number;
  updated_at: number;
  /**
   * What the job asked of the PDF (no content: names, sizes, profile), JSON of a JobDocumentView; null for
   * a plain job. Read only through parseJobDocumentView (domain/jobs/job-document.ts).
   */
  document_view_json: string | null;
  /** The render batch the job is an item of (`bat_…`), and its 0-based position there; null for a single job. */
  batch_id: string | null;
  batch_index: number | null;
  /** The job's own failOn (JSON array of warning codes); null: the version's. Read through parseStoredFailOn. */
  fail_on_json: string | null;
  /** The job's warnings (JSON array of JobWarning); null before it ended. Read through parseStoredWarnings. */
  warnings_json: string | null;
  /** A URL source's page as the job shows it (origin and path: domain/jobs/url-source.ts shownSourceUrl); null otherwise. */
  source_url: string | null;
  /** A long document (pdf.parts): pages of its parts printed so far in their final print; null for any other job. */
  pages_done: number | null;
  /** The W3C traceparent the job's work continues (the creating request's span, or the caller's); null: none. */
  trace_parent: string | null;
}

/** A render batch: items are render_jobs rows with this batch_id. */
export interface RenderBatchesTable {
  id: string;
  account_id: string;
  deploy_id: string;
  /** Bound once at creation, for every item. */
  deploy_version_id: string;
  deploy_version_no: number;
  combine: string; // none | merge | zip | check (a version check's prints: version_checks)
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
  /**
   * The job's post-processing input (attachments and e-invoice XML in base64), JSON of a StoredJobDocument,
   * packed when large (db/packed-inputs.ts); null for a plain job. Read only through readJobDocumentInput.
   */
  document_input_json: string | null;
  /** A URL source (JSON of domain/jobs/url-source.ts UrlSource: URL, cookies, headers) sealed with the secrets key; null otherwise. */
  source_sealed: string | null;
}

/** The last attempt's render diagnostics of a job (render/diagnostics.ts), bounded JSON. */
export interface RenderDiagnosticsTable {
  job_id: string;
  account_id: string;
  attempt: number;
  diagnostics_json: string;
  created_at: number;
}

/** A version check: its fixtures printed as the items of a batch (combine "check") and judged once all ended. */
export interface VersionChecksTable {
  id: string;
  account_id: string;
  deploy_id: string;
  deploy_version_id: string;
  /** The batch of its prints; NULL when no fixture could be printed (every one failed before rendering). */
  batch_id: string | null;
  /** Share of a page's pixels that may differ (0.001 = 0.1 %). */
  tolerance: number;
  /** JSON array of CheckFixture (services/deploys/version-checks.ts), in item order. */
  fixtures_json: string;
  /** running | passed | drifted | failed */
  status: string;
  /** JSON array of FixtureResult once judged; NULL while running. */
  results_json: string | null;
  created_at: number;
  finished_at: number | null;
}

/** One print of one part of a long document (migration 025; services/jobs/job-parts.ts). */
export interface RenderJobPartsTable {
  job_id: string;
  phase: 'draft' | 'final';
  part_index: number;
  run_id: string;
  status: 'queued' | 'printing' | 'done' | 'failed';
  attempt: number;
  spec_json: string;
  lease_owner: string | null;
  lease_expires_at: number | null;
  pages: number | null;
  result_json: string | null;
  error_code: string | null;
  error_message: string | null;
  created_at: number;
}
