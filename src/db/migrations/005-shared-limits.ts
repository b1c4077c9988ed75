import type { Kysely } from 'kysely';

// Limits that hold across several api processes:
// - api_processes: one row per process that served authenticated API traffic recently, refreshed by a
//   heartbeat. Each process enforces its share (1/N) of a key's rate limit, N = live rows.
// - auth_changes: one counter row bumped in the same transaction as anything that changes what a cached
//   credential may do (key revoked or re-scoped, plan changed). Processes poll it (on SQLite only after the
//   commit marker moved) and drop their key and plan caches when it changed; on PostgreSQL a NOTIFY in the
//   same transaction gets there first.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_processes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_processes_heartbeat').on('api_processes').columns(['heartbeat_at']).execute();

  await db.schema
    .createTable('auth_changes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('generation', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('auth_changes').values({ id: 1, generation: 0 }).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
