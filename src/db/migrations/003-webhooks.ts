import type { Kysely } from 'kysely';

// The webhook outbox: one event row per terminal job, written in the job's terminal transaction, and one
// delivery row per attempt.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('deploy_id', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('occurred_at', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_events_due').on('webhook_events').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('manual', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_deliveries_job').on('webhook_deliveries').columns(['job_id', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
