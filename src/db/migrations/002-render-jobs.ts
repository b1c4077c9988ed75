import type { Kysely } from 'kysely';

// Render jobs are the queue (no second source of truth): a worker claims a row by moving it to
// `rendering` with a lease; statuses and timestamps are the queue's state.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('render_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('deploy_id', 'text', (c) => c.notNull())
    .addColumn('deploy_version_id', 'text', (c) => c.notNull())
    .addColumn('deploy_version_no', 'integer', (c) => c.notNull())
    .addColumn('deploy_version_route', 'text', (c) => c.notNull())
    .addColumn('deploy_version_title', 'text', (c) => c.notNull())
    .addColumn('business_key', 'text', (c) => c.notNull())
    .addColumn('payload_hash', 'text', (c) => c.notNull())
    .addColumn('payload_mime', 'text', (c) => c.notNull())
    .addColumn('payload_bytes', 'integer', (c) => c.notNull())
    .addColumn('output_mode', 'text', (c) => c.notNull())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('available_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('render_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('render_jobs_queue').on('render_jobs').columns(['status', 'available_at']).execute();
  await db.schema.createIndex('render_jobs_account').on('render_jobs').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('render_jobs_account_status').on('render_jobs').columns(['account_id', 'status']).execute();
  await db.schema.createIndex('render_jobs_deploy').on('render_jobs').columns(['deploy_id', 'id']).execute();
  await db.schema.createIndex('render_jobs_version').on('render_jobs').columns(['deploy_version_id', 'status']).execute();

  // Payload bytes (base64 text: the same column type on SQLite and PostgreSQL), deleted at every terminal state.
  await db.schema
    .createTable('render_payloads')
    .addColumn('job_id', 'text', (c) => c.primaryKey())
    .addColumn('body_base64', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('render_outputs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('job_id', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('page_count', 'integer', (c) => c.notNull())
    .addColumn('managed', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('render_outputs_expiry').on('render_outputs').columns(['state', 'expires_at']).execute();
  await db.schema.createIndex('render_outputs_account').on('render_outputs').columns(['account_id', 'state']).execute();

  await db.schema
    .createTable('managed_pdfs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('deploy_id', 'text', (c) => c.notNull())
    .addColumn('deploy_version_id', 'text', (c) => c.notNull())
    .addColumn('render_job_id', 'text', (c) => c.notNull())
    .addColumn('business_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('page_count', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('managed_pdfs_account').on('managed_pdfs').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('managed_pdfs_state').on('managed_pdfs').columns(['state']).execute();

  await db.schema
    .createTable('permanent_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pdf_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('permanent_links_pdf').on('permanent_links').columns(['pdf_id', 'id']).execute();

  // Managed-PDF bytes per account and UTC day: the peak is raised on every change, never recomputed.
  await db.schema
    .createTable('pdf_storage_days')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('peak_bytes', 'bigint', (c) => c.notNull())
    .addColumn('end_bytes', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pdf_storage_days_pk', ['account_id', 'day'])
    .execute();
  await db.schema
    .createTable('pdf_storage_current')
    .addColumn('account_id', 'text', (c) => c.primaryKey())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
