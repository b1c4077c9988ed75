import type { Kysely } from 'kysely';

// Render batches: many items of one deploy version created in one request. Every item
// is an ordinary render job (quotas, meters, webhooks, retention and outputs apply unchanged); the batch
// row only holds what the items share and what the batch adds:
// - render_batches: the account, the deploy, the version bound once for every item (`latest` or an alias
//   resolved at creation), the combine mode, the item count, the client's business key (optional), and
//   created / updated / finished times (finished_at is set once every item is terminal).
// - render_jobs.batch_id / batch_index: the batch a job belongs to and its 0-based position in the request,
//   NULL for a single job. Indexed by (batch_id, batch_index): a batch's counts and its items in order are
//   one index range. Nullable columns added without a default: no rewrite of existing rows on either engine.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('render_batches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('deploy_id', 'text', (c) => c.notNull())
    .addColumn('deploy_version_id', 'text', (c) => c.notNull())
    .addColumn('deploy_version_no', 'integer', (c) => c.notNull())
    .addColumn('combine', 'text', (c) => c.notNull())
    .addColumn('item_count', 'integer', (c) => c.notNull())
    .addColumn('business_key', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('render_batches_account').on('render_batches').columns(['account_id', 'id']).execute();

  await db.schema.alterTable('render_jobs').addColumn('batch_id', 'text').execute();
  await db.schema.alterTable('render_jobs').addColumn('batch_index', 'integer').execute();
  await db.schema.createIndex('render_jobs_batch').on('render_jobs').columns(['batch_id', 'batch_index']).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
