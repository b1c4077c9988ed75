import type { Kysely } from 'kysely';

// Two columns named document_json held two different things: render_jobs' what the job asked of its PDF
// without any content (shown in the job view), and render_payloads' the input the worker post-processes
// with (attachments and the e-invoice XML themselves, packed when large). Each is renamed for what it holds;
// the values stay as they are (a rename keeps them on SQLite and PostgreSQL alike). Each is read only
// through its parser in domain/jobs/job-document.ts.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('render_jobs').renameColumn('document_json', 'document_view_json').execute();
  await db.schema.alterTable('render_payloads').renameColumn('document_json', 'document_input_json').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
