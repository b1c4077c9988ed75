// Render jobs end to end in one process: real SQLite, files and Chromium; the worker claims, renders,
// stores; the API serves outputs through signed links.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file, sha256 } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { pdfText } from '../helpers/pdf.js';

const page = file(
  'index.html',
  `<!doctype html><html><head><style>@page { size: A5; margin: 15mm; } body { font-family: sans-serif; }</style></head>
  <body><h1 id="t">Loading</h1>
  <script>
    window.folio.waitForReady = true;
    Promise.all([fetch(window.folio.payloadUrl).then(r => r.json()), fetch(window.folio.envUrl).then(r => r.json())]).then(([p, env]) => {
      document.getElementById('t').textContent = 'Hello ' + p.name + ' from ' + env.variables.COMPANY;
      window.folio.ready();
    });
  </script></body></html>`,
);

describe('render jobs end to end', () => {
  let app: TestApp;
  let deployId: string;

  before(async () => {
    app = await createTestApp();
    app.startBackground();
    const v = await deployFiles(app, { createDeploy: { slug: 'greeting', name: 'Greeting' } }, [page], {
      route: '/',
      title: 'Greeting',
      metadata: { fileName: 'greeting-{businessKey}' },
    });
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
    await app.api('PATCH', `/v1/deploys/${deployId}/settings`, { environment: { variables: [{ name: 'COMPANY', value: 'ACME' }] } });
  });
  after(() => app.close());

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const u = new URL(url);
    const r = await app.server.inject({ method: 'GET', url: u.pathname + u.search, headers });
    return r;
  };

  test('transient: create → long-poll → succeeded; signed download has the payload; links expire; output cleaned up after 10 min', async () => {
    const created = await app.api('POST', '/v1/render-jobs', {
      deployId,
      deployVersionId: 'latest',
      payload: { name: 'Ada' },
      businessKey: 'inv-1',
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    assert.equal(created.body.accepted, true);
    assert.equal(created.body.queue, 'default');
    assert.equal(created.body.job.status, 'queued');
    assert.equal(created.body.job.attempt, 0);
    assert.equal(created.body.job.outputMode, 'transient');
    assert.equal(created.body.job.deployVersionNo, 1);
    assert.equal(created.body.job.payloadHash, sha256('{"name":"Ada"}'), 'sha256 of the canonical JSON bytes');
    assert.equal(created.body.job.businessKey, 'inv-1');
    const jobId = created.body.job.id;

    const done = await app.api('GET', `/v1/render-jobs/${jobId}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'succeeded', JSON.stringify(done.body));
    assert.ok(done.body.job.startedAt >= created.body.job.requestedAt);
    assert.ok(done.body.job.finishedAt >= done.body.job.startedAt);
    assert.equal(done.body.output.state, 'available');
    assert.ok(done.body.output.pageCount >= 1);
    assert.equal(done.body.pdf, undefined);

    const link = await app.api('POST', `/v1/render-jobs/${jobId}/output-download`, { expiresInSeconds: 60 });
    assert.equal(link.status, 200);
    assert.equal(link.body.access.expiresAt, app.clock.now() + 60_000);
    const pdf = await get(link.body.access.url);
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.match(String(pdf.headers['content-disposition']), /^attachment; filename="greeting-inv-1\.pdf"/);
    assert.equal(Number(pdf.headers['content-length']), done.body.output.bytes);
    assert.match(pdfText(pdf.rawPayload), /Hello Ada from ACME/);

    const preview = await app.api('POST', `/v1/render-jobs/${jobId}/output-preview?expiresInSeconds=30`);
    const inline = await get(preview.body.access.url);
    assert.match(String(inline.headers['content-disposition']), /^inline;/);
    const range = await get(preview.body.access.url, { range: 'bytes=0-7' });
    assert.equal(range.statusCode, 206);
    assert.equal(range.rawPayload.length, 8);
    assert.equal(range.rawPayload.toString('latin1').slice(0, 5), '%PDF-');
    assert.equal(range.headers['content-range'], `bytes 0-7/${done.body.output.bytes}`);

    const tampered = link.body.access.url.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    assert.equal((await get(tampered)).statusCode, 403);
    app.clock.advance(61_000);
    const expired = await get(link.body.access.url);
    assert.equal(expired.statusCode, 410);
    assert.equal(expired.json().error, 'link_expired');

    // 10 minutes after finishedAt the janitor deletes the transient output.
    const fresh = await app.api('POST', `/v1/render-jobs/${jobId}/output-download`);
    // The default 7-day link of a transient output ends when the output is deleted, not after it.
    assert.ok(done.body.output.expiresAt > app.clock.now());
    assert.equal(fresh.body.access.expiresAt, done.body.output.expiresAt);
    app.clock.advance(10 * 60_000);
    const report = await app.janitor!.runOnce();
    assert.ok(report.expiredOutputs >= 1);
    // The link ended with the output: expired, not a file that went missing under a live link.
    const afterCleanup = await get(fresh.body.access.url);
    assert.equal(afterCleanup.statusCode, 410);
    assert.equal(afterCleanup.json().error, 'link_expired');
    const gone = await app.api('POST', `/v1/render-jobs/${jobId}/output-download`);
    assert.equal(gone.status, 404);
    assert.equal(gone.body.error, 'render_output_not_found');

    const usage = await app.api('GET', '/v1/usage');
    const meter = (code: string) => usage.body.usageMeters.find((m: { code: string }) => m.code === code).totalQuantity;
    assert.ok(meter('render_jobs') >= 1);
    assert.ok(meter('render_time_ms') > 0);
  });

  test('managed: PDF resource, permanent link with Range, delete → deleting → purged', async () => {
    const created = await app.api('POST', `/v1/deploys/${deployId}/render-jobs`, {
      deployVersionId: 'latest',
      payload: { name: 'Grace' },
      outputMode: 'managed',
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const done = await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'succeeded');
    const pdf = done.body.pdf;
    assert.equal(pdf.state, 'available');
    assert.deepEqual(Object.keys(pdf).sort(), ['bytes', 'createdAt', 'fileName', 'id', 'pageCount', 'state']);

    const list = await app.api('GET', `/v1/pdfs?deployId=${deployId}`);
    assert.equal(list.body.items[0].id, pdf.id);
    assert.equal(list.body.items[0].renderJobId, created.body.job.id);
    assert.equal(list.body.items[0].businessKey, created.body.job.id, 'businessKey defaults to the job id');

    const link = await app.api('POST', `/v1/pdfs/${pdf.id}/permanent-links`);
    assert.equal(link.status, 201);
    const perm = await get(link.body.link.url);
    assert.equal(perm.statusCode, 200);
    assert.match(pdfText(perm.rawPayload), /Hello Grace from ACME/);
    const tail = await get(link.body.link.url, { range: 'bytes=-5' });
    assert.equal(tail.statusCode, 206);
    assert.equal(tail.rawPayload.length, 5);
    assert.equal((await app.api('GET', `/v1/pdfs/${pdf.id}/permanent-links`)).body.items.length, 1);

    const usageBefore = (await app.api('GET', '/v1/usage')).body;
    assert.equal(usageBefore.liveStorage.managedPdfStorageBytes, pdf.bytes);
    assert.equal(usageBefore.storageMeters[0].currentBytes, pdf.bytes);

    assert.equal((await app.api('DELETE', `/v1/pdfs/${pdf.id}`)).status, 204);
    assert.equal((await app.api('GET', `/v1/pdfs/${pdf.id}`)).body.pdf.state, 'deleting');
    assert.equal((await get(link.body.link.url)).statusCode, 404, 'permanent links stop resolving at once');
    const preview = await app.api('POST', `/v1/pdfs/${pdf.id}/preview`);
    assert.equal(preview.status, 409);
    assert.equal(preview.body.error, 'pdf_deleting');
    await app.janitor!.runOnce();
    assert.equal((await app.api('GET', `/v1/pdfs/${pdf.id}`)).status, 404);
    const usageAfter = (await app.api('GET', '/v1/usage')).body;
    assert.equal(usageAfter.liveStorage.managedPdfStorageBytes, 0);
    assert.equal(usageAfter.storageMeters[0].peakBytesByDay.at(-1).peakBytes, pdf.bytes, "today's peak keeps the high-water mark");
  });
});
