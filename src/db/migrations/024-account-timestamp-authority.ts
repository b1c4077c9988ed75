import type { Kysely } from 'kysely';

// An account may name its own RFC 3161 timestamp authority for PDF jobs (`timestamp`, `sign` with
// `timestamp: true`); null uses the deployment's (FOLIO_TIMESTAMP_AUTHORITY_URL).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('timestamp_authority_url', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
