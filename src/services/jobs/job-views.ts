// Row → API object mappers of render jobs and their outputs, shared by every service and route that shows
// them (jobs, batches, webhooks, files, sync renders). A leaf: it imports row types and domain types only,
// so the services that write the rows and those that show them never import each other for a view.
import { traceIdOf } from '../../domain/tracing/traceparent.js';
import type { ManagedPdfsTable, RenderJobsTable, RenderOutputsTable } from '../../db/tables.js';
import { parseJobDocumentView } from '../../domain/jobs/job-document.js';
import { parseStoredFailOn, parseStoredWarnings } from '../../domain/jobs/job-warnings.js';

/** Whether a job's document view (render_jobs.document_view_json) says its PDF is encrypted. */
export const isProtectedJob = (job: Pick<RenderJobsTable, 'document_view_json'>): boolean =>
  parseJobDocumentView(job.document_view_json)?.protection !== undefined;

export const jobView = (j: RenderJobsTable) => ({
  id: j.id,
  deployId: j.deploy_id,
  deployVersionId: j.deploy_version_id,
  deployVersionNo: j.deploy_version_no,
  deployVersionRoute: j.deploy_version_route,
  deployVersionTitle: j.deploy_version_title,
  businessKey: j.business_key,
  payloadHash: j.payload_hash,
  payloadMime: j.payload_mime,
  status: j.status,
  attempt: j.attempt,
  outputMode: j.output_mode,
  queue: j.queue,
  requestedAt: j.requested_at,
  ...(j.started_at !== null ? { startedAt: j.started_at } : {}),
  ...(j.finished_at !== null ? { finishedAt: j.finished_at } : {}),
  ...(j.status === 'retry_scheduled' ? { nextAttemptAt: j.available_at } : {}),
  ...(j.error_code !== null ? { errorCode: j.error_code } : {}),
  ...(j.error_message !== null ? { errorMessage: j.error_message } : {}),
  ...(j.document_view_json !== null ? { document: parseJobDocumentView(j.document_view_json)! } : {}),
  ...(j.batch_id !== null ? { batchId: j.batch_id, batchIndex: j.batch_index ?? 0 } : {}),
  warnings: parseStoredWarnings(j.warnings_json),
  ...(j.fail_on_json !== null ? { failOn: parseStoredFailOn(j.fail_on_json) ?? [] } : {}),
  ...(j.source_url !== null ? { source: { type: 'url' as const, url: j.source_url } } : {}),
  ...(j.pages_done !== null ? { pagesDone: j.pages_done } : {}),
  ...(j.trace_parent !== null ? { traceId: traceIdOf(j.trace_parent)! } : {}),
});

export const outputView = (o: RenderOutputsTable) => ({
  id: o.id,
  bytes: o.bytes,
  pageCount: o.page_count,
  state: o.state,
  createdAt: o.created_at,
  ...(o.expires_at !== null ? { expiresAt: o.expires_at } : {}),
  ...(o.browser_version !== null ? { browserVersion: o.browser_version } : {}),
});
export const pdfEmbeddedView = (p: ManagedPdfsTable) => ({
  id: p.id,
  state: p.state,
  fileName: p.file_name,
  bytes: p.bytes,
  pageCount: p.page_count,
  createdAt: p.created_at,
});
