import type { Kysely } from 'kysely';

// Tracing (docs/operations.md, "Tracing"): render_jobs.trace_parent is the W3C traceparent a job's work
// continues -- the span of the request that created it when Folio traces, else the caller's own
// traceparent -- so that whichever worker takes the job, after a restart too, continues the same trace,
// and the job's webhooks carry it. NULL: the job was created without one and Folio does not trace.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('render_jobs').addColumn('trace_parent', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
