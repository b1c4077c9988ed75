// Password-protected PDFs end to end with real Chromium, the worker and the blob store:
// qpdf reports AES-256 with the requested permissions, pdftotext needs the user password, the managed PDF
// says it is protected, and afterwards the passwords are nowhere: not in the database (every table, and on
// SQLite the file's bytes), the blob store, the logs or any API response. SQLite + files and (PG_SUITES)
// PostgreSQL + S3. Bad protection options are refused in test/integration/job-option-refusals.test.ts.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { withPdfFile } from '../helpers/pdf.js';

const USER_PASSWORD = 'user-Pw-7f3a9c-open';
const OWNER_PASSWORD = '--owner-Pw-2b81d4-lift';
const PAGE = file('index.html', '<!doctype html><html><body><h1>Salary statement</h1><p id="n"></p></body></html>');

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, String(f)))
    .filter((f) => fs.statSync(f, { throwIfNoEntry: false })?.isFile());
}

describe('password-protected PDFs', () => {
  let app: TestApp;
  let deployId = '';
  let pdfaVersionId = '';
  const logLines: string[] = [];
  const responses: string[] = [];

  const api = async (method: string, url: string, body?: unknown, headers?: Record<string, string>) => {
    const r = await app.api(method, url, body, headers);
    responses.push(JSON.stringify(r.body ?? null), JSON.stringify(r.headers));
    return r;
  };

  async function download(jobId: string): Promise<Buffer> {
    const link = await api('POST', `/v1/render-jobs/${jobId}/output-download`, {});
    assert.equal(link.status, 200, JSON.stringify(link.body));
    const u = new URL(link.body.access.url);
    const res = await app.server.inject({ method: 'GET', url: u.pathname + u.search });
    assert.equal(res.statusCode, 200);
    return res.rawPayload;
  }

  before(async () => {
    const sink = new Writable({
      write(chunk, _enc, cb) {
        logLines.push(String(chunk));
        cb();
      },
    });
    app = await createTestApp({ env: { FOLIO_LOG_LEVEL: 'debug' }, logDestination: sink });
    app.startBackground();
    const v = await deployFiles(app, { createDeploy: { slug: 'salary', name: 'Salary' } }, [PAGE]);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
    const a = await deployFiles(app, { deployId }, [PAGE], { route: '/', title: 'archival', metadata: { pdf: { standard: 'pdf/a-2b' } } });
    assert.equal(a.status, 201, JSON.stringify(a.body));
    pdfaVersionId = a.body.deployVersion.id;
  });
  after(() => app.close());

  let protectedJobId = '';
  let protectedPdfId = '';

  test('AES-256 with the requested permissions; pdftotext needs the user password; the PDF says it is protected', async () => {
    const body = {
      deployId,
      deployVersionId: 'latest',
      outputMode: 'managed',
      payload: { n: 1 },
      protection: {
        userPassword: USER_PASSWORD,
        ownerPassword: OWNER_PASSWORD,
        permissions: { copy: false, modify: false, printHighQuality: false },
      },
    };
    // The first version (plain) by id: 'latest' is the PDF/A version.
    const first = (await api('GET', `/v1/deploys/${deployId}/versions`)).body.items.find((x: { versionNo: number }) => x.versionNo === 1);
    const created = await api('POST', '/v1/render-jobs', { ...body, deployVersionId: first.id }, { 'idempotency-key': 'protected-1' });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    protectedJobId = created.body.job.id;
    const done = await api('GET', `/v1/render-jobs/${protectedJobId}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'succeeded', JSON.stringify(done.body));
    assert.deepEqual(done.body.job.document.protection, {
      userPassword: true,
      permissions: {
        print: true,
        printHighQuality: false,
        copy: false,
        modify: false,
        annotate: true,
        fillForms: true,
        accessibility: true,
        assemble: true,
      },
    });
    protectedPdfId = done.body.pdf.id;
    const pdfView = await api('GET', `/v1/pdfs/${protectedPdfId}`);
    assert.equal(pdfView.body.pdf.protected, true, JSON.stringify(pdfView.body));

    const pdf = await download(protectedJobId);
    const shown = withPdfFile(pdf, (f) =>
      execFileSync('qpdf', ['--show-encryption', `--password=${OWNER_PASSWORD}`, f], { encoding: 'utf8' }),
    );
    assert.match(shown, /^R = 6$/m);
    assert.match(shown, /file encryption method: AESv3/);
    assert.match(shown, /print low resolution: allowed/);
    assert.match(shown, /print high resolution: not allowed/);
    assert.match(shown, /extract for any purpose: not allowed/);
    assert.match(shown, /modify other: not allowed/);
    assert.match(shown, /modify annotations: allowed/);
    const locked = withPdfFile(pdf, (f) => spawnSync('pdftotext', [f, '-'], { encoding: 'utf8' }));
    assert.notEqual(locked.status, 0);
    const opened = withPdfFile(pdf, (f) => spawnSync('pdftotext', ['-upw', USER_PASSWORD, f, '-'], { encoding: 'utf8' }));
    assert.equal(opened.status, 0, opened.stderr);
    assert.match(opened.stdout, /Salary statement/);

    // A replay with the same key and body answers the same job.
    const replay = await api('POST', '/v1/render-jobs', { ...body, deployVersionId: first.id }, { 'idempotency-key': 'protected-1' });
    assert.equal(replay.status, 202);
    assert.equal(replay.body.job.id, protectedJobId);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
  });

  test('a protected PDF is refused as a merge source, by PDF id and by job id', async () => {
    for (const source of [{ pdfId: protectedPdfId }, { jobId: protectedJobId }]) {
      const r = await api('POST', '/v1/pdfs/merge', { sources: [source, source] });
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.match(r.body.message, /password-protected/);
      assert.equal(r.body.details.field, `sources[0].${Object.keys(source)[0]}`);
    }
  });

  test("a job that turns its version's PDF/A off may be protected, and renders", async () => {
    const off = await api('POST', '/v1/render-jobs', {
      deployId,
      deployVersionId: pdfaVersionId,
      pdf: { standard: 'none' },
      protection: { ownerPassword: 'o' },
    });
    assert.equal(off.status, 202, JSON.stringify(off.body));
    assert.equal((await api('GET', `/v1/render-jobs/${off.body.job.id}?waitSeconds=30`)).body.job.status, 'succeeded');
  });

  test('afterwards the passwords are nowhere: database, blob store, logs, API responses', async () => {
    const needles = [USER_PASSWORD, OWNER_PASSWORD].map((p) => Buffer.from(p));
    for (const f of filesUnder(app.dataDir)) {
      const bytes = fs.readFileSync(f);
      for (const n of needles) assert.ok(!bytes.includes(n), `${n} found in ${path.relative(app.dataDir, f)}`);
    }
    const url = app.config.resolved.databaseUrl;
    if (url.startsWith('postgres')) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const tables = await client.query(`select table_name from information_schema.tables where table_schema = 'public'`);
        for (const { table_name } of tables.rows) {
          const rows = await client.query(`select * from "${table_name}"`);
          const text = JSON.stringify(rows.rows);
          for (const n of needles) assert.ok(!text.includes(n.toString()), `${n} found in table ${table_name}`);
        }
      } finally {
        await client.end();
      }
    }
    assert.ok(logLines.length > 0, 'the logs were captured');
    const logs = logLines.join('');
    const answers = responses.join('\n');
    for (const n of needles) {
      assert.ok(!logs.includes(n.toString()), `${n} in the logs`);
      assert.ok(!answers.includes(n.toString()), `${n} in an API response`);
    }
  });
});
