import type { Kysely } from 'kysely';

// URL sources of render jobs (docs/api.md, URL sources): the job shows which page it prints
// (`render_jobs.source_url`: origin and path only), and the URL with its cookies and headers — secrets of the
// job — are kept sealed with the payload (`render_payloads.source_sealed`), deleted with it when the job ends.
// Both NULL for a job of a deploy or of inline HTML.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('render_jobs').addColumn('source_url', 'text').execute();
  await db.schema.alterTable('render_payloads').addColumn('source_sealed', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
