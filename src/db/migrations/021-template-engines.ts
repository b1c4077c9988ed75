import type { Kysely } from 'kysely';

// A version's entry may be a template in another language than HTML (Handlebars, Liquid, Nunjucks,
// Mustache, Markdown: domain/deploys/template-engines.ts), run in the rendering page with the payload as its data.
// deploy_versions.engine names it; NULL for HTML, which every version before this one is.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deploy_versions').addColumn('engine', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
