import type { Kysely } from 'kysely';

// Dashboard sign-in: sessions (only a SHA-256 of the cookie token is stored) and failed-login counters
// for throttling per email + client address. Both live in the database so that several api processes
// behind a balancer share them.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dashboard_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dashboard_sessions_user').on('dashboard_sessions').columns(['user_id']).execute();
  await db.schema.createIndex('dashboard_sessions_expiry').on('dashboard_sessions').columns(['expires_at']).execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('throttle_key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
