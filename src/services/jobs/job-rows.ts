// The rows of job creation: the statements every creation and long poll runs (built and compiled once,
// db/precompiled.ts) and a new job's row as every creation path writes it.
import { creationWarnings } from '../../domain/jobs/job-warnings.js';
import type { Kysely } from 'kysely';
import { precompiled } from '../../db/precompiled.js';
import { currentTraceparent } from '../../observability/trace-scope.js';
import type { DeployVersionsTable, RenderJobsTable, Tables } from '../../db/tables.js';

// The statements of every job's creation and long poll, built and compiled once (db/precompiled.ts).
export const deployOfAccount = precompiled(['deployId', 'accountId'], (db: Kysely<Tables>, p) =>
  db.selectFrom('deploys').select('id').where('id', '=', p.deployId).where('account_id', '=', p.accountId),
);
export const planOfAccount = precompiled(['accountId'], (db: Kysely<Tables>, p) =>
  db.selectFrom('accounts').select('plan_key').where('id', '=', p.accountId),
);
/**
 * What the creating transaction binds a job to, in one read: the account's plan, the deploy (deploy_id null
 * when it is gone or another account's) and the version (id null when it is gone from that deploy).
 */
export const versionOfDeployAndPlan = precompiled(['deployId', 'versionId', 'accountId'], (db: Kysely<Tables>, p) =>
  db
    .selectFrom('accounts as a')
    .leftJoin('deploys as d', (j) => j.on('d.id', '=', p.deployId).onRef('d.account_id', '=', 'a.id'))
    .leftJoin('deploy_versions as v', (j) => j.on('v.id', '=', p.versionId).onRef('v.deploy_id', '=', 'd.id'))
    .select([
      'a.plan_key',
      'd.id as deploy_id',
      'v.id',
      'v.version_no',
      'v.route',
      'v.title',
      'v.payload_schema_json',
      'v.metadata_json',
      'v.render_timeout_ms',
      'v.engine',
      'v.entry_path',
    ])
    .where('a.id', '=', p.accountId),
);
// Every column, checked by the compiler: a column added to the table and missing here would not compile.
const JOB_COLUMNS = Object.keys({
  id: 1,
  account_id: 1,
  deploy_id: 1,
  deploy_version_id: 1,
  deploy_version_no: 1,
  deploy_version_route: 1,
  deploy_version_title: 1,
  business_key: 1,
  payload_hash: 1,
  payload_mime: 1,
  payload_bytes: 1,
  output_mode: 1,
  queue: 1,
  status: 1,
  attempt: 1,
  requested_at: 1,
  available_at: 1,
  started_at: 1,
  finished_at: 1,
  error_code: 1,
  error_message: 1,
  lease_owner: 1,
  lease_expires_at: 1,
  render_ms: 1,
  updated_at: 1,
  document_view_json: 1,
  batch_id: 1,
  batch_index: 1,
  fail_on_json: 1,
  warnings_json: 1,
  source_url: 1,
  pages_done: 1,
  trace_parent: 1,
} satisfies Record<keyof RenderJobsTable, 1>) as (keyof RenderJobsTable)[];
export const insertJob = precompiled(JOB_COLUMNS, (db: Kysely<Tables>, p) => db.insertInto('render_jobs').values(p));
export const insertPayload = precompiled(['jobId', 'body'], (db: Kysely<Tables>, p) =>
  db.insertInto('render_payloads').values({ job_id: p.jobId, body_base64: p.body }),
);
export const insertPayloadWithDocument = precompiled(['jobId', 'body', 'document'], (db: Kysely<Tables>, p) =>
  db.insertInto('render_payloads').values({ job_id: p.jobId, body_base64: p.body, document_input_json: p.document }),
);
export const jobOfAccount = precompiled(['jobId', 'accountId'], (db: Kysely<Tables>, p) =>
  db.selectFrom('render_jobs').selectAll().where('id', '=', p.jobId).where('account_id', '=', p.accountId),
);
export const outputOfJob = precompiled(['jobId'], (db: Kysely<Tables>, p) =>
  db.selectFrom('render_outputs').selectAll().where('job_id', '=', p.jobId),
);

/** A new job row in `queued`, as every creation path writes it (single jobs, sync renders, batch items). */
export function queuedJobRow(p: {
  id: string;
  accountId: string;
  deployId: string;
  version: Pick<DeployVersionsTable, 'id' | 'version_no' | 'route' | 'title' | 'payload_schema_json'>;
  /** The version holds inline sources (no author's schema to expect). */
  inline?: boolean;
  businessKey: string | undefined;
  payload: { hash: string; mime: string; bytes: Buffer };
  outputMode: 'transient' | 'managed' | undefined;
  now: number;
  documentView?: string | null;
  batch?: { id: string; index: number };
  /** The job's own failOn, JSON; null: the version's. */
  failOn?: string | null;
  /** A URL source's shown URL (origin and path). */
  sourceUrl?: string | null;
}): RenderJobsTable {
  // The trace the job continues: the creating request's (http/request-tracing.ts), read where it runs.
  const traceParent = currentTraceparent();
  const warnings = creationWarnings({
    inline: p.inline ?? false,
    hasSchema: p.version.payload_schema_json !== null,
    payloadMime: p.payload.mime,
  });
  return {
    id: p.id,
    account_id: p.accountId,
    deploy_id: p.deployId,
    deploy_version_id: p.version.id,
    deploy_version_no: p.version.version_no,
    deploy_version_route: p.version.route,
    deploy_version_title: p.version.title,
    business_key: p.businessKey ?? p.id,
    payload_hash: p.payload.hash,
    payload_mime: p.payload.mime,
    payload_bytes: p.payload.bytes.length,
    output_mode: p.outputMode ?? 'transient',
    queue: 'default',
    status: 'queued',
    attempt: 0,
    requested_at: p.now,
    available_at: p.now,
    started_at: null,
    finished_at: null,
    error_code: null,
    error_message: null,
    lease_owner: null,
    lease_expires_at: null,
    render_ms: 0,
    updated_at: p.now,
    document_view_json: p.documentView ?? null,
    batch_id: p.batch?.id ?? null,
    batch_index: p.batch?.index ?? null,
    fail_on_json: p.failOn ?? null,
    warnings_json: warnings.length ? JSON.stringify(warnings) : null,
    source_url: p.sourceUrl ?? null,
    pages_done: null,
    trace_parent: traceParent,
  };
}
