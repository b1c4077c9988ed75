// Migrations that rename or rewrite stored values keep the data: each test builds a database up to the
// migration before the one it is about, stores rows in the schema of that time, migrates to the latest and
// reads them back through today's readers (or today's API, on an app started on that database). Runs on
// SQLite and, with FOLIO_TEST_ENGINE=postgres, on PostgreSQL (+ S3).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { Migrator, type Kysely, type Migration } from 'kysely';
import { migrateToLatest, openDatabase, type Db } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrations/index.js';
import { packText, readJobDocumentInput } from '../../src/db/packed-inputs.js';
import { parseJobDocumentView, type JobDocumentView, type StoredJobDocument } from '../../src/domain/jobs/job-document.js';
import { isProtectedJob, jobView } from '../../src/services/jobs/job-views.js';
import { createTestApp, tempDir } from '../helpers/app.js';
import { createPgDatabase, engine } from '../helpers/engine.js';

/** A database migrated up to just before `migration`; `fill` stores rows in that schema; then the latest. */
async function acrossMigration(migration: string, fill: (db: Kysely<any>) => Promise<void>, check: (db: Db) => Promise<void>) {
  const pg = engine === 'postgres' ? await createPgDatabase() : null;
  const database = openDatabase(pg ? pg.url : `sqlite:${path.join(tempDir(), 'folio.db')}`);
  try {
    const names = Object.keys(migrations);
    const at = names.indexOf(migration);
    assert.ok(at > 0, `the migration ${migration} exists`);
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async (): Promise<Record<string, Migration>> => migrations },
      migrationTableName: 'folio_migrations',
      migrationLockTableName: 'folio_migrations_lock',
    });
    const { error } = await migrator.migrateTo(names[at - 1]!);
    assert.equal(error, undefined);
    await fill(database.db as never as Kysely<any>);
    await migrateToLatest(database.db);
    await check(database.db);
  } finally {
    await database.close();
    await pg?.drop();
  }
}

const columnsOf = async (db: Db, table: string) =>
  (await db.introspection.getTables()).find((t) => t.name === table)!.columns.map((c) => c.name);

/** A render_jobs row as migration 015 left the table (document_json included). */
function jobRow(id: string, documentJson: string | null) {
  return {
    id,
    account_id: 'acct_1',
    deploy_id: 'dep_1',
    deploy_version_id: 'ver_1',
    deploy_version_no: 1,
    deploy_version_route: '/',
    deploy_version_title: 'T',
    business_key: '',
    payload_hash: 'h',
    payload_mime: 'application/json',
    payload_bytes: 2,
    output_mode: 'transient',
    queue: 'default',
    status: 'queued',
    attempt: 0,
    requested_at: 1,
    available_at: 1,
    render_ms: 0,
    updated_at: 1,
    document_json: documentJson,
  };
}

test('016: both document columns keep their values under their new names, and their parsers read them', async () => {
  const view: JobDocumentView = {
    standard: 'pdf/a-3b',
    metadata: { title: 'Invoice 1' },
    attachments: [{ name: 'data.csv', mimeType: 'text/csv', relationship: 'Data', bytes: 8 }],
    eInvoice: { standard: 'factur-x', profile: 'EN 16931', bytes: 12 },
    protection: { userPassword: true, permissions: { print: true } as never },
  };
  // Large enough to be stored deflated (db/packed-inputs.ts): the packed form survives the rename too.
  const input: StoredJobDocument = {
    standard: 'pdf/a-3b',
    metadata: { title: 'Invoice 1' },
    attachments: [{ name: 'data.csv', mimeType: 'text/csv', relationship: 'Data', size: 8, contentBase64: 'YSxiCjEsMgo=' }],
    eInvoice: { standard: 'factur-x', profile: 'EN 16931', xml: `<x>${'a'.repeat(100_000)}</x>` },
  };
  const small: StoredJobDocument = {
    attachments: [{ name: 't.pdf', mimeType: 'application/pdf', relationship: 'Supplement', size: 3, bundlePath: '/t.pdf' }],
  };
  const packed = await packText(JSON.stringify(input));
  assert.ok(packed.startsWith('z:'), 'stored deflated');
  await acrossMigration(
    '016-document-columns',
    async (db) => {
      await db
        .insertInto('render_jobs')
        .values([jobRow('job_1', JSON.stringify(view)), jobRow('job_2', null)])
        .execute();
      await db
        .insertInto('render_payloads')
        .values([
          { job_id: 'job_1', body_base64: 'e30=', document_json: packed },
          { job_id: 'job_2', body_base64: 'e30=', document_json: null },
          { job_id: 'job_3', body_base64: 'e30=', document_json: JSON.stringify(small) },
        ])
        .execute();
    },
    async (db) => {
      for (const [table, renamed] of [
        ['render_jobs', 'document_view_json'],
        ['render_payloads', 'document_input_json'],
      ] as const) {
        const columns = await columnsOf(db, table);
        assert.ok(columns.includes(renamed) && !columns.includes('document_json'), `${table}: ${columns.join()}`);
      }
      const jobs = await db.selectFrom('render_jobs').selectAll().orderBy('id').execute();
      assert.deepEqual(parseJobDocumentView(jobs[0]!.document_view_json), view);
      assert.deepEqual(jobView(jobs[0]!).document, view, 'the job view shows it');
      assert.equal(isProtectedJob(jobs[0]!), true);
      assert.equal(jobs[1]!.document_view_json, null);
      assert.equal(jobView(jobs[1]!).document, undefined);
      assert.equal(isProtectedJob(jobs[1]!), false);
      const payloads = await db.selectFrom('render_payloads').selectAll().orderBy('job_id').execute();
      assert.deepEqual(await readJobDocumentInput(payloads[0]!.document_input_json), input);
      assert.equal(await readJobDocumentInput(payloads[1]!.document_input_json), null);
      assert.deepEqual(await readJobDocumentInput(payloads[2]!.document_input_json), small);
    },
  );
});

/** A managed_pdfs row as migration 016 left the table. */
const pdfRow = (id: string, state: string) => ({
  id,
  account_id: 'acct_old',
  deploy_id: 'dep_1',
  deploy_version_id: 'ver_1',
  render_job_id: `job_${id}`,
  business_key: id,
  file_name: `${id}.pdf`,
  storage_key: `pdfs/${id}.pdf`,
  sha256: 'a'.repeat(64),
  bytes: 10,
  page_count: 1,
  state,
  created_at: 1,
  deleted_at: state === 'available' ? null : 2,
  protected: 0,
});

test('017: stored-file states are one vocabulary; a purged PDF is deleted, and the API shows what it showed', async () => {
  const pg = engine === 'postgres' ? await createPgDatabase() : null;
  const dataDir = tempDir();
  const url = pg ? pg.url : `sqlite:${path.join(dataDir, 'folio.db')}`;
  const database = openDatabase(url);
  try {
    const names = Object.keys(migrations);
    const at = names.indexOf('017-stored-file-states');
    assert.ok(at > 0, 'the migration exists');
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async (): Promise<Record<string, Migration>> => migrations },
      migrationTableName: 'folio_migrations',
      migrationLockTableName: 'folio_migrations_lock',
    });
    assert.equal((await migrator.migrateTo(names[at - 1]!)).error, undefined);
    const db = database.db as never as Kysely<any>;
    await db
      .insertInto('managed_pdfs')
      .values([pdfRow('pdf_a', 'available'), pdfRow('pdf_d', 'deleting'), pdfRow('pdf_p', 'purged')])
      .execute();
    const output = (id: string, state: string) => ({
      id,
      job_id: `job_${id}`,
      account_id: 'acct_old',
      storage_key: `outputs/${id}.pdf`,
      file_name: `${id}.pdf`,
      sha256: 'b'.repeat(64),
      bytes: 10,
      page_count: 1,
      managed: 0,
      state,
      created_at: 1,
      expires_at: 2,
      deleted_at: state === 'available' ? null : 2,
    });
    await db
      .insertInto('render_outputs')
      .values([output('out_a', 'available'), output('out_x', 'deleted')])
      .execute();
  } finally {
    await database.close();
  }
  // The app migrates the database to the latest on start.
  const app = await createTestApp({ dataDir, env: pg ? { FOLIO_DATABASE_URL: pg.url } : {} });
  try {
    const db = app.services.ctx.db;
    const states = async (table: 'managed_pdfs' | 'render_outputs') =>
      Object.fromEntries((await db.selectFrom(table).select(['id', 'state']).orderBy('id').execute()).map((r) => [r.id, r.state]));
    assert.deepEqual(await states('managed_pdfs'), { pdf_a: 'available', pdf_d: 'deleting', pdf_p: 'deleted' });
    assert.deepEqual(await states('render_outputs'), { out_a: 'available', out_x: 'deleted' });

    await db.updateTable('managed_pdfs').set({ account_id: app.accountId }).execute();
    assert.equal((await app.api('GET', '/v1/pdfs/pdf_a')).body.pdf.state, 'available');
    assert.equal((await app.api('GET', '/v1/pdfs/pdf_d')).body.pdf.state, 'deleting');
    const purged = await app.api('GET', '/v1/pdfs/pdf_p');
    assert.equal(purged.status, 404, 'a PDF purged before the migration is still not found');
    assert.equal(purged.body.error, 'pdf_not_found');
    const list = await app.api('GET', '/v1/pdfs');
    assert.deepEqual(list.body.items.map((p: { id: string; state: string }) => [p.id, p.state]).sort(), [
      ['pdf_a', 'available'],
      ['pdf_d', 'deleting'],
    ]);

    // The janitor's purge finishes the PDF deleted before the migration: then it is not found either.
    const report = await app.janitor!.runOnce();
    assert.equal(report.purgedPdfs, 1);
    assert.deepEqual(await states('managed_pdfs'), { pdf_a: 'available', pdf_d: 'deleted', pdf_p: 'deleted' });
    assert.equal((await app.api('GET', '/v1/pdfs/pdf_d')).status, 404);
    // The old available output was past its window: expired (deleting) and purged (deleted) in the same run.
    assert.equal(report.expiredOutputs, 1);
    assert.deepEqual(await states('render_outputs'), { out_a: 'deleted', out_x: 'deleted' });
  } finally {
    await app.close();
    await pg?.drop();
  }
});
