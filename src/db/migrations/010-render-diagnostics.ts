import type { Kysely } from 'kysely';

// Render diagnostics: what the page of a job's last attempt logged, threw and failed
// to load, the ready path it took and its phase timings, as one bounded JSON document (at most about
// 64 kB: render/diagnostics.ts). A table of its own, so listing and claiming jobs never read it; written
// in the transaction that records the attempt's outcome, replaced by a retry's.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('render_diagnostics')
    .addColumn('job_id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('diagnostics_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
