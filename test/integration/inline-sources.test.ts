// Inline sources: `html` + `files` as JSON or multipart on the job-creation routes are
// stored as content-addressed versions of the account's inline deploy. No render: what is stored is checked.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { GarbageCollector } from '../../src/worker/garbage-collector.js';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

const HTML = '<!doctype html><link rel=stylesheet href=style.css><h1>Inline</h1><img src=img/logo.png>';
const CSS = Buffer.from('h1 { color: #123456 }');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const files = { 'style.css': CSS.toString('base64'), 'img/logo.png': PNG.toString('base64') };

describe('inline sources', () => {
  let app: TestApp;
  let base: string;
  let key: string;
  let accountId: string;

  before(async () => {
    const plansFile = path.join(tempDir(), 'plans.json');
    fs.writeFileSync(
      plansFile,
      JSON.stringify({
        small: {
          name: 'Small',
          policy: {
            maxInlineHtmlBytes: 200,
            maxInlineFilesPerJob: 3,
            maxInlineBytesPerJob: 400,
            inlineVersionRetentionDays: 7,
            maxRenderJobsPerBillPeriod: 20,
          },
        },
        tight: { name: 'Tight', policy: { storageLimitBytes: 100 } },
      }),
    );
    app = await createTestApp({ env: { FOLIO_PLANS_FILE: plansFile, FOLIO_BLOB_GC_GRACE_SECONDS: '60' } });
    const acct = await app.services.accounts.create({ name: 'Small Co', plan: 'small' });
    key = acct.apiKey;
    accountId = acct.accountId;
    base = await app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  const post = async (url: string, body: unknown) => {
    const res = await fetch(base + url, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const postForm = async (parts: [string, string | Buffer][], url = '/v1/render-jobs') => {
    const form = new FormData();
    for (const [name, value] of parts) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([new Uint8Array(value)]), name);
    }
    const res = await fetch(base + url, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
    return { status: res.status, body: (await res.json()) as any };
  };
  const db = () => app.services.ctx.db;
  const counts = async () => ({
    versions: Number(
      (
        await db()
          .selectFrom('deploy_versions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).n,
    ),
    accountBlobs: Number(
      (
        await db()
          .selectFrom('account_blobs')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).n,
    ),
    blobs: Number(
      (
        await db()
          .selectFrom('blobs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    jobs: Number(
      (
        await db()
          .selectFrom('render_jobs')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).n,
    ),
    deploys: Number(
      (
        await db()
          .selectFrom('deploys')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });
  const commitsMeter = async () => {
    const u = await fetch(base + '/v1/usage', { headers: { authorization: `Bearer ${key}` } }).then((r) => r.json() as any);
    return (u.usageMeters.find((m: { code: string }) => m.code === 'deploy_commits')?.totalQuantity ?? 0) as number;
  };

  let versionId = '';
  let deployId = '';

  test('JSON html + files: one version of the inline deploy, its blobs in the account', async () => {
    const before = await counts();
    const r = await post('/v1/render-jobs', { html: HTML, files, payload: { n: 1 } });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    versionId = r.body.job.deployVersionId;
    deployId = r.body.job.deployId;
    assert.match(versionId, /^ver_/);
    assert.equal(r.body.job.deployVersionRoute, '/');
    const after = await counts();
    assert.deepEqual(after, { ...before, versions: 1, accountBlobs: 3, blobs: before.blobs + 3, jobs: before.jobs + 1, deploys: 1 });
    const d = await db().selectFrom('deploys').selectAll().where('id', '=', deployId).executeTakeFirstOrThrow();
    assert.equal(d.slug, '_inline');
    const vf = await db()
      .selectFrom('version_files')
      .select(['path', 'size'])
      .where('version_id', '=', versionId)
      .orderBy('path')
      .execute();
    assert.deepEqual(
      vf.map((f) => [f.path, Number(f.size)]),
      [
        ['/img/logo.png', PNG.length],
        ['/index.html', Buffer.byteLength(HTML)],
        ['/style.css', CSS.length],
      ],
    );
    assert.equal(await commitsMeter(), 0, 'inline versions do not count as deploy commits');
    // The job view is a job like any other: the version's files are listed under the inline deploy.
    const files2 = await fetch(`${base}/v1/deploys/${deployId}/versions/${versionId}/files`, {
      headers: { authorization: `Bearer ${key}` },
    });
    assert.equal(files2.status, 200);
  });

  test('the same sources again (JSON, then multipart) reuse the version: nothing new stored', async () => {
    const before = await counts();
    const again = await post('/v1/render-jobs', {
      html: HTML,
      files: { 'img/logo.png': files['img/logo.png'], 'style.css': files['style.css'] },
    });
    assert.equal(again.status, 202);
    assert.equal(again.body.job.deployVersionId, versionId);
    const form = await postForm([
      ['index.html', Buffer.from(HTML)],
      ['style.css', CSS],
      ['img/logo.png', PNG],
      ['job', JSON.stringify({ businessKey: 'INV-7', payload: { n: 2 }, outputMode: 'managed' })],
    ]);
    assert.equal(form.status, 202, JSON.stringify(form.body));
    assert.equal(form.body.job.deployVersionId, versionId);
    assert.equal(form.body.job.businessKey, 'INV-7');
    assert.equal(form.body.job.outputMode, 'managed');
    assert.equal(await commitsMeter(), 0);
    // The docs' curl form: the job part with its own content type (a JSON field part, no file name).
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'index.html'), HTML);
    fs.writeFileSync(path.join(dir, 'style.css'), CSS);
    fs.writeFileSync(path.join(dir, 'logo.png'), PNG);
    // Asynchronously: the server answering it runs in this process.
    const curl = await promisify(execFile)(
      'curl',
      [
        '-s',
        '-H',
        `Authorization: Bearer ${key}`,
        '-F',
        `index.html=@${path.join(dir, 'index.html')}`,
        '-F',
        `style.css=@${path.join(dir, 'style.css')}`,
        '-F',
        `img/logo.png=@${path.join(dir, 'logo.png')}`,
        '-F',
        'job={"businessKey":"INV-8","payload":{"n":3}};type=application/json',
        `${base}/v1/render-jobs`,
      ],
      { encoding: 'utf8', timeout: 20_000 },
    );
    const typed = JSON.parse(curl.stdout) as { job?: { businessKey?: string; deployVersionId?: string } };
    assert.equal(typed.job?.businessKey, 'INV-8', curl.stdout);
    assert.equal(typed.job?.deployVersionId, versionId);
    fs.rmSync(dir, { recursive: true, force: true });
    assert.deepEqual(await counts(), { ...before, jobs: before.jobs + 3 });
  });

  test('a changed file makes a new version that shares the unchanged blobs', async () => {
    const before = await counts();
    const r = await postForm([
      ['index.html', HTML],
      ['style.css', Buffer.from('h1 { color: red }')],
      ['img/logo.png', PNG],
    ]);
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.notEqual(r.body.job.deployVersionId, versionId);
    assert.equal(r.body.job.deployId, deployId);
    assert.deepEqual(await counts(), {
      ...before,
      versions: before.versions + 1,
      accountBlobs: before.accountBlobs + 1,
      blobs: before.blobs + 1,
      jobs: before.jobs + 1,
    });
  });

  test('POST /v1/render takes the same inline body (JSON and multipart), and Idempotency-Key replays a multipart job', async () => {
    const before = await counts();
    const sync = await post('/v1/render', { html: HTML, files, waitSeconds: 0 });
    assert.equal(sync.status, 202, JSON.stringify(sync.body));
    assert.equal(sync.body.job.deployVersionId, versionId);
    const syncForm = await postForm(
      [
        ['index.html', Buffer.from(HTML)],
        ['style.css', CSS],
        ['img/logo.png', PNG],
        ['job', JSON.stringify({ waitSeconds: 0 })],
      ],
      '/v1/render',
    );
    assert.equal(syncForm.status, 202, JSON.stringify(syncForm.body));
    assert.equal(syncForm.body.job.deployVersionId, versionId);
    const send = () => {
      const form = new FormData();
      form.append('index.html', HTML);
      form.append('job', JSON.stringify({ businessKey: 'IDEM-1' }));
      return fetch(base + '/v1/render-jobs', {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'inline-1' },
        body: form,
      });
    };
    const first = await send();
    const second = await send();
    assert.equal(first.status, 202);
    assert.equal(second.status, 202);
    assert.equal(second.headers.get('idempotent-replayed'), 'true');
    assert.equal(((await first.json()) as any).job.id, ((await second.json()) as any).job.id);
    const after = await counts();
    assert.equal(after.jobs, before.jobs + 3);
    assert.equal(after.versions, before.versions + 1, 'html alone is another tree');
  });

  test('refusals name the field or part, and create nothing', async () => {
    const dep = await deployFiles(app, { createDeploy: { slug: 'plain', name: 'Plain' } }, [file('index.html', '<p>x</p>')], undefined, {
      authorization: `Bearer ${key}`,
    });
    assert.equal(dep.status, 201, JSON.stringify(dep.body));
    const before = await counts();
    const cases: [Promise<{ status: number; body: any }>, number, string, string][] = [
      [post('/v1/render-jobs', { html: 'x', deployId: dep.deployId, deployVersionId: 'latest' }), 400, 'invalid_request', 'html'],
      [post(`/v1/deploys/${dep.deployId}/render-jobs`, { html: 'x' }), 400, 'invalid_request', 'html'],
      [post('/v1/render-jobs', { html: 'x', deployVersionId: 'latest' }), 400, 'invalid_request', 'deployVersionId'],
      [post('/v1/render-jobs', { files }), 400, 'invalid_request', 'html'],
      [post('/v1/render-jobs', { payload: 1 }), 400, 'invalid_request', 'deployVersionId'],
      [post('/v1/render-jobs', { html: 'x', files: { 'img/logo.png': 'not base64!' } }), 400, 'invalid_request', 'files["img/logo.png"]'],
      [post('/v1/render-jobs', { html: 'x', files: { '../up.css': 'AA==' } }), 400, 'invalid_path', 'files["../up.css"]'],
      [post('/v1/render-jobs', { html: 'x', files: { 'index.html': 'AA==' } }), 400, 'invalid_path', 'files["index.html"]'],
      [post('/v1/render-jobs', { html: 'x', files: { 'a.css': 'AA==', '/a.css': 'AA==' } }), 400, 'invalid_path', 'files["/a.css"]'],
      [post('/v1/render-jobs', { html: 'x'.repeat(201) }), 413, 'body_too_large', 'html'],
      [post('/v1/render-jobs', { html: 'x', files: { a: 'AA==', b: 'AA==', c: 'AA==', d: 'AA==' } }), 413, 'body_too_large', 'files'],
      [post('/v1/render-jobs', { html: 'x', files: { a: Buffer.alloc(400).toString('base64') } }), 413, 'body_too_large', 'files'],
      [postForm([['style.css', CSS]]), 400, 'invalid_request', 'index.html'],
      [postForm([['index.html', 'x'.repeat(201)]]), 413, 'body_too_large', 'index.html'],
      [
        postForm([
          ['index.html', 'x'],
          ['img/logo.png', Buffer.alloc(400)],
        ]),
        413,
        'body_too_large',
        'files',
      ],
      [
        postForm([
          ['index.html', 'x'],
          ['job', '{not json'],
        ]),
        400,
        'invalid_request',
        'job',
      ],
      [
        postForm([
          ['index.html', 'x'],
          ['job', JSON.stringify({ html: 'y' })],
        ]),
        400,
        'invalid_request',
        'job',
      ],
      [
        postForm([
          ['index.html', 'x'],
          ['../evil.png', PNG],
        ]),
        400,
        'invalid_path',
        '../evil.png',
      ],
      [
        postForm([
          ['index.html', 'x'],
          ['big.bin', Buffer.alloc(10 * 1024 * 1024 + 1)],
        ]),
        413,
        'body_too_large',
        'big.bin',
      ],
    ];
    for (const [i, [res, status, code, field]] of cases.entries()) {
      const r = await res;
      assert.equal(r.status, status, `case ${i}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.error, code, `case ${i}`);
      assert.equal(r.body.details?.field, field, `case ${i}: ${JSON.stringify(r.body)}`);
    }
    assert.deepEqual(await counts(), before, 'nothing created by any refusal');
  });

  test('inline blobs count toward storage: past the limit, 429 and nothing created', async () => {
    const other = await app.services.accounts.create({ name: 'Tight Co', plan: 'tight' });
    const send = (html: string) =>
      fetch(base + '/v1/render-jobs', {
        method: 'POST',
        headers: { authorization: `Bearer ${other.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ html }),
      });
    const ok = await send('<p>' + 'a'.repeat(60) + '</p>');
    assert.equal(ok.status, 202);
    const rows = () => db().selectFrom('account_blobs').select('sha256').where('account_id', '=', other.accountId).execute();
    const versions = () => db().selectFrom('deploy_versions').select('id').where('account_id', '=', other.accountId).execute();
    const [b0, v0] = [(await rows()).length, (await versions()).length];
    const refused = await send('<p>' + 'b'.repeat(60) + '</p>');
    assert.equal(refused.status, 429);
    assert.equal(((await refused.json()) as any).error, 'storage_limit_exceeded');
    assert.equal((await rows()).length, b0);
    assert.equal((await versions()).length, v0);
  });

  test('a refusal after the sources are checked (job quota) creates no version either', async () => {
    const used = (await counts()).jobs;
    for (let i = used; i < 20; i++) assert.equal((await post('/v1/render-jobs', { html: HTML, files })).status, 202);
    const before = await counts();
    const r = await post('/v1/render-jobs', { html: '<p>brand new</p>' });
    assert.equal(r.status, 429, JSON.stringify(r.body));
    // Only the content-addressed bytes may remain (no account holds them; garbage collection removes them).
    assert.deepEqual({ ...(await counts()), blobs: 0 }, { ...before, blobs: 0 });
  });

  test('retention: unused inline versions go after the plan days, never while a job is unfinished', async () => {
    const gc = new GarbageCollector(app.services.ctx);
    app.clock.advance(8 * 24 * 3600 * 1000);
    assert.equal((await gc.run()).inlineVersions, 0, 'queued jobs still use them');
    const open = await db()
      .selectFrom('render_jobs')
      .select('id')
      .where('account_id', '=', accountId)
      .where('status', '=', 'queued')
      .execute();
    for (const j of open) {
      const r = await fetch(`${base}/v1/render-jobs/${j.id}/cancel`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
      assert.ok(r.status < 300, String(r.status));
    }
    const beforeGc = await counts();
    assert.equal((await gc.run()).inlineVersions, 3);
    // Their blobs are then unreferenced: the next collection past the grace period removes them.
    app.clock.advance(120_000);
    await gc.run();
    const afterGc = await counts();
    assert.equal(afterGc.accountBlobs, beforeGc.accountBlobs - 4, 'the inline blobs went, the plain deploy keeps its own');
    assert.equal((await counts()).versions, 1, 'the plain deploy keeps its version');
  });
});
