// POST /v1/render end to end: real database, blob store and Chromium. One request gives
// the PDF; slow pages give 202, failing ones 422; Idempotency-Key replays give the same job and bytes.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createClient, FolioRenderError } from '../../src/sdk/index.js';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { pdfText } from '../helpers/pdf.js';
import { FOLIO_BIN } from '../helpers/server-process.js';
import { waitFor, waitUntil } from '../helpers/wait.js';

const page = file(
  'index.html',
  `<!doctype html><html><head><style>@page { size: A5; margin: 15mm; }</style></head>
  <body><h1 id="t">Loading</h1>
  <script>
    window.folio.waitForReady = true;
    fetch(window.folio.payloadUrl).then(r => r.json()).then(p => {
      document.getElementById('t').textContent = 'Invoice for ' + p.name;
      setTimeout(() => window.folio.ready(), p.delayMs || 0);
    });
  </script></body></html>`,
);

describe('synchronous render (POST /v1/render)', () => {
  let app: TestApp;
  let deployId: string;
  let failVersionId: string;
  let okVersionId: string;
  let baseUrl: string;

  before(async () => {
    app = await createTestApp();
    app.startBackground();
    const v = await deployFiles(app, { createDeploy: { slug: 'sync', name: 'Sync' } }, [page], {
      route: '/',
      title: 'Invoice',
      metadata: { fileName: 'invoice-{businessKey}' },
    });
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
    okVersionId = v.version.id;
    const bad = await deployFiles(app, { deployId }, [
      file('index.html', '<!doctype html><script>window.folio.waitForReady = true; window.folio.fail("no customer in payload");</script>'),
    ]);
    failVersionId = bad.version.id;
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.server.address() as { port: number }).port}`;
  });
  after(() => app.close());

  const render = (body: unknown, headers: Record<string, string> = {}) =>
    app.server.inject({
      method: 'POST',
      url: '/v1/render',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
  const storedOutput = (jobId: string) =>
    app.services.ctx.db.selectFrom('render_outputs').selectAll().where('job_id', '=', jobId).executeTakeFirstOrThrow();

  test('one request: the PDF with the payload, its headers, the ETag of the stored output', async () => {
    const res = await render({ deployId, deployVersionId: okVersionId, businessKey: 'INV-1', payload: { name: 'Ada' } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="invoice-INV-1\.pdf"/);
    assert.equal(res.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.match(pdfText(res.rawPayload), /Invoice for Ada/);
    const jobId = String(res.headers['folio-job-id']);
    assert.match(jobId, /^job_/);
    const out = await storedOutput(jobId);
    const sha = createHash('sha256').update(res.rawPayload).digest('hex');
    assert.equal(res.headers.etag, `"${out.sha256}"`);
    assert.equal(res.headers['folio-sha256'], sha);
    assert.equal(out.sha256, sha);
    assert.equal(Number(res.headers['folio-page-count']), out.page_count);
    assert.equal(Number(res.headers['content-length']), res.rawPayload.length);
    // A normal job underneath.
    const job = await app.api('GET', `/v1/render-jobs/${jobId}`);
    assert.equal(job.body.job.status, 'succeeded');
    assert.equal(job.body.job.businessKey, 'INV-1');
  });

  test('Accept: application/json gives the job and a signed download link', async () => {
    const ok = await render({ deployId, deployVersionId: okVersionId, payload: { name: 'Grace' } }, { accept: 'application/json' });
    assert.equal(ok.statusCode, 200, ok.body);
    const body = ok.json();
    assert.equal(body.job.status, 'succeeded');
    assert.equal(body.output.state, 'available');
    assert.ok(body.access.url && body.access.expiresAt > app.clock.now());
    const u = new URL(body.access.url);
    const pdf = await app.server.inject({ method: 'GET', url: u.pathname });
    assert.equal(pdf.statusCode, 200);
    assert.match(pdfText(pdf.rawPayload), /Invoice for Grace/);
  });

  test('a page slower than waitSeconds: 202 with the job, which later succeeds', async () => {
    const res = await render({ deployId, deployVersionId: okVersionId, payload: { name: 'Slow', delayMs: 3000 }, waitSeconds: 1 });
    assert.equal(res.statusCode, 202, res.body);
    const body = res.json();
    assert.equal(body.accepted, true);
    assert.equal(body.queue, 'default');
    assert.ok(['queued', 'rendering'].includes(body.job.status), body.job.status);
    const done = await app.api('GET', `/v1/render-jobs/${body.job.id}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'succeeded', JSON.stringify(done.body));
  });

  test('a failing template: 422 with the job error code and message', async () => {
    const res = await render({ deployId, deployVersionId: failVersionId, payload: {} });
    assert.equal(res.statusCode, 422, res.body);
    const body = res.json();
    assert.equal(body.error, 'render_job_failed');
    assert.equal(body.details.jobErrorCode, 'render_failed');
    assert.equal(body.details.jobStatus, 'failed');
    assert.match(body.message, /no customer in payload/);
    const job = await app.api('GET', `/v1/render-jobs/${body.details.jobId}`);
    assert.equal(job.body.job.errorCode, 'render_failed');
  });

  test('Idempotency-Key: a replay answers the same job and the same bytes', async () => {
    const body = { deployId, deployVersionId: okVersionId, payload: { name: 'Once' } };
    const first = await render(body, { 'idempotency-key': 'sync-1' });
    assert.equal(first.statusCode, 200, first.body);
    const again = await render({ ...body, waitSeconds: 20 }, { 'idempotency-key': 'sync-1' });
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.headers['folio-job-id'], first.headers['folio-job-id']);
    assert.ok(again.rawPayload.equals(first.rawPayload), 'the same bytes');
    const jobs = await app.api('GET', `/v1/render-jobs?deployId=${deployId}&limit=100`);
    assert.equal(jobs.body.items.filter((j: { payloadHash: string }) => j.payloadHash === jobs.body.items[0].payloadHash).length, 1);
    const conflict = await render({ ...body, payload: { name: 'Other' } }, { 'idempotency-key': 'sync-1' });
    assert.equal(conflict.statusCode, 409, conflict.body);
  });

  test('bad waitSeconds: 400 naming it, nothing created', async () => {
    const before = await app.api('GET', `/v1/render-jobs?deployId=${deployId}&limit=100`);
    for (const waitSeconds of [41, -1, 'soon', 100000]) {
      const res = await render({ deployId, deployVersionId: okVersionId, payload: {}, waitSeconds });
      assert.equal(res.statusCode, 400, `${waitSeconds}: ${res.body}`);
      assert.equal(res.json().error, 'invalid_request');
      assert.match(JSON.stringify(res.json()), /waitSeconds/);
    }
    const now = await app.api('GET', `/v1/render-jobs?deployId=${deployId}&limit=100`);
    assert.equal(now.body.items.length, before.body.items.length);
  });

  test("another account's deploy: 404, nothing created", async () => {
    const b = await app.services.accounts.create({ name: 'Bravo' });
    const res = await render({ deployId, deployVersionId: okVersionId, payload: {} }, { authorization: `Bearer ${b.apiKey}` });
    assert.equal(res.statusCode, 404, res.body);
    assert.equal(res.json().error, 'deploy_not_found');
  });

  test('a client that disconnects while waiting leaves no wait behind; the job completes', async () => {
    const { request } = await import('node:http');
    const port = Number(new URL(baseUrl).port);
    // The long poll's notifier listeners (the in-process notifier; null with PostgreSQL's).
    const events = (app.services.notifier as unknown as { events?: { listenerCount(e: string): number } }).events;
    const listeners = () => events?.listenerCount('changed') ?? null;
    const baseline = listeners();
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/v1/render',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json' },
    });
    req.on('error', () => {});
    req.end(JSON.stringify({ deployId, deployVersionId: okVersionId, businessKey: 'gone', payload: { name: 'Gone', delayMs: 1500 } }));
    const jobId = await waitFor(
      'the job',
      async () => (await app.api('GET', `/v1/render-jobs?businessKey=gone`)).body.items[0]?.id as string | undefined,
      { intervalMs: 50 },
    );
    if (baseline !== null) await waitUntil('the request to wait on the job', () => listeners()! > baseline);
    req.destroy();
    if (baseline !== null) {
      // Released as soon as the client is gone, while the page is still rendering (it waits 1.5 s).
      await waitUntil('the wait to release its listener', () => listeners() === baseline);
      const now = await app.api('GET', `/v1/render-jobs/${jobId}`);
      assert.notEqual(now.body.job.status, 'succeeded', 'released before the job finished');
    }
    const done = await app.api('GET', `/v1/render-jobs/${jobId}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'succeeded');
  });

  test('SDK client.render(): the bytes and headers; pending after waitSeconds; FolioRenderError on failure', async () => {
    const client = createClient({ baseUrl, apiKey: app.key });
    const ok = await client.render({ deployId, deployVersionId: okVersionId, businessKey: 'SDK-1', payload: { name: 'Sdk' } });
    assert.equal(ok.status, 'succeeded');
    if (ok.status !== 'succeeded') return;
    assert.match(pdfText(ok.pdf), /Invoice for Sdk/);
    assert.match(ok.jobId, /^job_/);
    assert.ok(ok.pageCount >= 1);
    assert.equal(ok.sha256, createHash('sha256').update(ok.pdf).digest('hex'));
    assert.equal(ok.fileName, 'invoice-SDK-1.pdf');
    const pending = await client.render(
      { deployId, deployVersionId: okVersionId, payload: { name: 'Later', delayMs: 2500 } },
      { waitSeconds: 1 },
    );
    assert.equal(pending.status, 'pending');
    if (pending.status === 'pending') assert.match(pending.job.id, /^job_/);
    await assert.rejects(
      client.render({ deployId, deployVersionId: failVersionId, payload: {} }),
      (err: unknown) => err instanceof FolioRenderError && err.code === 'render_failed' && /no customer/.test(err.message),
    );
  });

  test('CLI: folio render DEPLOY --sync -o out.pdf writes the PDF', async () => {
    const work = tempDir('folio-sync-cli-');
    fs.writeFileSync(path.join(work, 'p.json'), JSON.stringify({ name: 'Cli' }));
    const out = path.join(work, 'out.pdf');
    const child = spawn(FOLIO_BIN, ['render', deployId, '--version', okVersionId, '--payload', 'p.json', '--sync', '-o', out], {
      cwd: work,
      env: { ...process.env, XDG_CONFIG_HOME: work, FOLIO_API_URL: baseUrl, FOLIO_API_KEY: app.key },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((resolve) => child.on('close', resolve));
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^wrote .*out\.pdf \(1 page, .*\) from job job_/);
    assert.match(pdfText(fs.readFileSync(out)), /Invoice for Cli/);
    const usage = await new Promise((resolve) =>
      spawn(FOLIO_BIN, ['render', deployId, '--sync'], { env: { ...process.env, FOLIO_API_URL: baseUrl, FOLIO_API_KEY: app.key } }).on(
        'close',
        resolve,
      ),
    );
    assert.notEqual(usage, 0, '--sync without -o is a usage error');
    fs.rmSync(work, { recursive: true, force: true });
  });
});

describe('synchronous render and shutdown', () => {
  test('a shutdown answers waiting requests with 202 at once and leaves no wait behind', async () => {
    // No worker: the job stays queued, so the request waits until the server closes.
    const app = await createTestApp();
    let closed = false;
    try {
      const v = await deployFiles(app, { createDeploy: { slug: 'held', name: 'Held' } }, [page]);
      await app.server.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(app.server.server.address() as { port: number }).port}/v1/render`;
      const pending = fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ deployId: v.deployId, deployVersionId: 'latest', payload: { name: 'Held' }, waitSeconds: 30 }),
      });
      const sync = app.services.renderSync;
      await waitUntil('the request to wait on its job', () => sync.waiting === 1);
      const closing = app.close();
      closed = true;
      // The close ends the wait itself (its 30 s are not what answers): no request is left waiting.
      await waitUntil('the shutdown to release the wait', () => sync.waiting === 0);
      const res = await pending;
      assert.equal(res.status, 202);
      const body = (await res.json()) as { job: { status: string } };
      assert.equal(body.job.status, 'queued');
      await closing;
    } finally {
      if (!closed) await app.close();
    }
  });
});
