import type { Kysely } from 'kysely';

// Long documents printed in parts (docs/long-documents.md): render_job_parts is the queue of a long job's
// part prints, which any worker with a free render slot takes, so one document's parts print on every
// worker at once. A row is one print of one part: its phase (`draft`, which counts the part's pages, or
// `final`, with the joined document's page numbers in spec_json), the run of the job's worker that queued
// it (run_id: a worker that took the job over queues its own and never touches another run's), its state
// (queued → printing → done, or failed), its lease while a worker prints it (attempt counts the claims and
// is each claim's token), and what it found (pages; result_json: the ids it refers to
// and where its elements landed, or where its final PDF is stored). The job's own worker writes the rows
// of each phase, waits for them and removes them when the job ends. render_jobs.pages_done counts the
// pages of final prints done so far (progress); NULL for any other job.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('render_job_parts')
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('phase', 'text', (c) => c.notNull())
    .addColumn('part_index', 'integer', (c) => c.notNull())
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('spec_json', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('pages', 'integer')
    .addColumn('result_json', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('render_job_parts_pk', ['job_id', 'phase', 'part_index'])
    .execute();
  await db.schema.createIndex('render_job_parts_queue').on('render_job_parts').columns(['status', 'created_at']).execute();
  await db.schema.alterTable('render_jobs').addColumn('pages_done', 'integer').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
