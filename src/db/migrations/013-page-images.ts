import type { Kysely } from 'kysely';

// Page images: the pictures of a job's printed pages (`images`, `outputFormat`), and the
// first-page thumbnails of managed PDFs that the dashboard lists show. Each row is one stored image. A job's
// images live as long as its output (a transient output's expiry, DELETE of the output, the managed PDF's
// deletion); a thumbnail as long as its PDF. Deleting marks rows `deleting` inside the transaction that
// decides it; the janitor then removes the bytes and marks them `deleted`, so no path deletes bytes that a
// rolled-back transaction still refers to. The bytes count toward the account's storage (as render outputs).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    // The job whose page this is; null for a thumbnail of a managed PDF.
    .addColumn('job_id', 'text')
    // The managed PDF a thumbnail shows; null for a job's page image.
    .addColumn('pdf_id', 'text')
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // When the janitor deletes it (a transient output's images); null: with its output or PDF.
    .addColumn('expires_at', 'bigint')
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('page_images_job').on('page_images').columns(['job_id', 'page']).execute();
  // One thumbnail per PDF (job images have no pdf_id: NULLs never collide, in SQLite and PostgreSQL alike).
  await db.schema.createIndex('page_images_pdf').on('page_images').columns(['pdf_id']).unique().execute();
  // The janitor's two steps (expired, then deleting) and the storage sum per account.
  await db.schema.createIndex('page_images_state').on('page_images').columns(['state', 'expires_at']).execute();
  await db.schema.createIndex('page_images_account').on('page_images').columns(['account_id', 'state']).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
