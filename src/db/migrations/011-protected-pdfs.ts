import type { Kysely } from 'kysely';

// Protected PDFs: a managed PDF remembers that it is encrypted, never with what. The API
// and the dashboard show it, and merges refuse it as a source (its content cannot be read without the
// owner password, which Folio does not keep).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('managed_pdfs')
    .addColumn('protected', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
