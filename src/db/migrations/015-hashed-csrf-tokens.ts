import type { Kysely } from 'kysely';

// The dashboard's CSRF token is no longer stored in clear: it is derived from the session's cookie token
// (which is stored only as its SHA-256) and the row keeps only the SHA-256 of the CSRF token, so a database
// dump gives neither. A session stored before has a random token in clear that the new derivation cannot
// reproduce, and its cookie token is unknown: such sessions are signed out (their users sign in again).

export async function up(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('dashboard_sessions').execute();
  await db.schema.alterTable('dashboard_sessions').renameColumn('csrf_token', 'csrf_token_hash').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
