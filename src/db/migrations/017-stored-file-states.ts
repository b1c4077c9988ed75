import type { Kysely } from 'kysely';

// Outputs, managed PDFs and page images share one lifecycle (domain/stored-files.ts): available → deleting
// → deleted. Managed PDFs called their last state `purged`; those rows become `deleted`. Render outputs
// (available, deleted) and page images (available, deleting, deleted) already use these words. What the API
// shows does not change: a managed PDF is available or deleting, and not found once its bytes are gone.

export async function up(db: Kysely<any>): Promise<void> {
  await db.updateTable('managed_pdfs').set({ state: 'deleted' }).where('state', '=', 'purged').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
