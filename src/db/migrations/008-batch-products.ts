import { sql, type Kysely } from 'kysely';

// Render batches, second step: the batch's end is decided where its last item ends, its
// combined product (merge or zip) is built once, and one batch webhook tells the client.
// - render_batches.item_webhooks: 1 when each item also sends its own render.job.terminated event
//   (off by default: a 1,000-item batch is one event, not 1,001).
// - render_batches.combine_*: the combined product's state (NULL for combine "none"; pending → running →
//   ready | failed), its lease (a combiner that dies loses it and another builds the product again), how
//   many item PDFs it holds, and the error when it could not be built.
// - render_batches.product_pdf_id / product_output_id: the merged managed PDF, or the zip (a render_outputs
//   row whose job_id is the batch id, so the transient-output expiry, storage counting and signed links
//   apply to it unchanged).
// - webhook_events.batch_id: set for render_batch.completed events (their job_id, unique per event, is
//   the batch id too).
// - render_jobs (batch_id, status): "does this batch still have an unfinished item" is one index probe,
//   asked in every batch item's terminal transaction.
// - render_jobs (account_id, status, batch_id, id): the worker's claim takes an account's single jobs
//   before its batch items, and batch items in order, each with one index seek (worker/job-queries.ts).
// Batches that ended before this migration get their finished_at here (the old code wrote it on read).

export async function up(db: Kysely<any>): Promise<void> {
  const batches = db.schema.alterTable('render_batches');
  await batches.addColumn('item_webhooks', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('render_batches').addColumn('combine_state', 'text').execute();
  await db.schema.alterTable('render_batches').addColumn('combine_items', 'integer').execute();
  await db.schema.alterTable('render_batches').addColumn('combine_error_code', 'text').execute();
  await db.schema.alterTable('render_batches').addColumn('combine_error_message', 'text').execute();
  await db.schema.alterTable('render_batches').addColumn('combine_lease_owner', 'text').execute();
  await db.schema.alterTable('render_batches').addColumn('combine_lease_expires_at', 'bigint').execute();
  await db.schema.alterTable('render_batches').addColumn('product_pdf_id', 'text').execute();
  await db.schema.alterTable('render_batches').addColumn('product_output_id', 'text').execute();
  await db.schema.alterTable('webhook_events').addColumn('batch_id', 'text').execute();
  await db.schema.createIndex('render_jobs_batch_status').on('render_jobs').columns(['batch_id', 'status']).execute();
  await db.schema.createIndex('render_jobs_claim').on('render_jobs').columns(['account_id', 'status', 'batch_id', 'id']).execute();
  await sql`
    UPDATE render_batches SET finished_at = (SELECT max(j.finished_at) FROM render_jobs j WHERE j.batch_id = render_batches.id)
    WHERE finished_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM render_jobs j WHERE j.batch_id = render_batches.id
                      AND j.status IN ('queued', 'rendering', 'retry_scheduled'))`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
