import type { Kysely } from 'kysely';

// Document options of a render job (PDF/A, metadata, attachments, Factur-X):
// - render_payloads.document_json: the job's input for post-processing (standard, metadata, attachments
//   with their bytes in base64 or a bundle path, the e-invoice XML in base64). It lives beside the payload
//   because it is job input like the payload: every statement that deletes the payload (terminal outcome,
//   cancel, deploy deletion) deletes it too. NULL for a job without document options.
// - render_jobs.document_json: what the job asked, without any content (standard, metadata, attachment
//   names and sizes, e-invoice profile), shown in the job view for the life of the job. NULL for a plain job.
// Both are plain nullable text columns: the same type on SQLite and PostgreSQL, no rewrite of existing rows.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('render_payloads').addColumn('document_json', 'text').execute();
  await db.schema.alterTable('render_jobs').addColumn('document_json', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
