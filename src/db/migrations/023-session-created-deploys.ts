import type { Kysely } from 'kysely';

// An upload session that created its deploy (`createDeploy`) says so: when it expires without a commit and
// the deploy still has no version, the janitor removes that deploy, so an upload that failed leaves no empty
// deploy behind (services/deploys/deploys.ts, removeAbandoned). 0 for sessions of an existing deploy and for every
// session made before this migration.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('upload_sessions')
    .addColumn('created_deploy', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
