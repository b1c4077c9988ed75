import type { Kysely } from 'kysely';

// Every output records the browser that printed it (e.g. "HeadlessChrome/156.0.8078.73"), so that after a
// Chromium upgrade an operator can tell which PDFs came from which browser. NULL for outputs made before,
// and for a batch's zip (no browser printed it as such).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('render_outputs').addColumn('browser_version', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
