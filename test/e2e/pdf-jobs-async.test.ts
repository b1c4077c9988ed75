// PDF jobs as jobs (POST /v1/pdf-jobs, GET /v1/pdf-jobs/{id}): a job is a render job that prints no page, so
// it has a render job's states, long poll, listing, diagnostics, quota meter, idempotency and webhook. A
// source deleted before the job runs fails it with pdf_source_unavailable; another account sees 404. Checked
// with qpdf and poppler on the managed PDF the job made, and a real HTTP receiver for the webhook.
// SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { storedPdf, uploadPdf } from '../helpers/managed-pdfs.js';
import { pagesPdf, tool } from '../helpers/outside-pdfs.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { waitFor } from '../helpers/wait.js';

describe('PDF jobs run as jobs', () => {
  let app: TestApp;
  let receiver: Receiver;
  let otherKey: string;
  let source: string;

  const upload = (pdf: Buffer) => uploadPdf(app, pdf);
  const stored = (id: string) => storedPdf(app, id);

  before(async () => {
    // The worker starts later: the first test deletes a source before its job runs.
    app = await createTestApp({ env: { FOLIO_ALLOW_INSECURE_WEBHOOKS: '1' } });
    receiver = await startReceiver();
    const other = await app.services.accounts.create({ name: 'Other' });
    otherKey = other.apiKey;
    source = await upload(await pagesPdf(4));
  });
  after(async () => {
    await receiver.close();
    await app.close();
  });

  test('a source deleted before the job runs fails it with pdf_source_unavailable, naming the source', async () => {
    const doomed = await upload(await pagesPdf(1));
    const created = await app.api('POST', '/v1/pdf-jobs', {
      sources: [{ pdfId: source }, { pdfId: doomed }],
      steps: [{ type: 'rotate', angle: 180 }],
      waitSeconds: 0,
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    assert.equal(created.body.job.status, 'queued');
    assert.deepEqual(created.body.job.document.pdfSources, [{ pdfId: source }, { pdfId: doomed }]);
    assert.equal((await app.api('DELETE', `/v1/pdfs/${doomed}`)).status, 204);
    app.startBackground();
    const got = await app.api('GET', `/v1/pdf-jobs/${created.body.job.id}?waitSeconds=20`);
    assert.equal(got.status, 200, JSON.stringify(got.body));
    assert.equal(got.body.job.status, 'failed');
    assert.equal(got.body.job.errorCode, 'pdf_source_unavailable');
    assert.match(got.body.job.errorMessage, /^sources\[1\]: PDF pdf_\w+ (is being deleted|not found)/);
    assert.equal(got.body.pdfs, undefined);
  });

  test('202 at once, then the long poll answers the job and the managed PDF it made', async () => {
    const meter = async () => (await app.api('GET', '/v1/usage')).body;
    const before = JSON.stringify(await meter());
    const created = await app.api('POST', '/v1/pdf-jobs', {
      sources: [{ pdfId: source }],
      steps: [{ type: 'stamp', text: 'APPROVED', pages: '1' }, { type: 'select', pages: '1-2' }, { type: 'optimize' }],
      fileName: 'approved',
      businessKey: 'APR-1',
      waitSeconds: 0,
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const id = created.body.job.id as string;
    const got = await app.api('GET', `/v1/pdf-jobs/${id}?waitSeconds=20`);
    assert.equal(got.body.job.status, 'succeeded', JSON.stringify(got.body));
    assert.deepEqual(got.body.job.document.steps, ['stamp', 'select', 'optimize']);
    const [pdf] = got.body.pdfs;
    assert.equal(pdf.fileName, 'approved.pdf');
    assert.equal(pdf.renderJobId, id);
    assert.equal(pdf.businessKey, 'APR-1');
    assert.equal(pdf.pageCount, 2);
    const bytes = await stored(pdf.id);
    assert.match(tool('pdftotext', (f) => ['-f', '1', '-l', '1', f, '-'], bytes).text, /APPROVED/);
    assert.match(tool('pdfinfo', (f) => [f], bytes).text, /Optimized:\s+yes/);
    assert.equal(tool('qpdf', (f) => ['--check', f], bytes).status, 0);
    // A render job like any other: listed, with diagnostics of its phases, and counted.
    const list = await app.api('GET', '/v1/render-jobs?businessKey=APR-1');
    assert.equal(list.body.items[0].id, id);
    const d = await app.api('GET', `/v1/render-jobs/${id}/diagnostics`);
    assert.equal(typeof d.body.diagnostics.timings.steps, 'number', JSON.stringify(d.body));
    assert.notEqual(JSON.stringify(await meter()), before, 'the usage meters moved');
  });

  test('the default wait answers 201 with the PDF; an Idempotency-Key replays the same job', async () => {
    const body = { sources: [{ pdfId: source }], steps: [{ type: 'rotate', angle: 90, pages: '2' }] };
    const headers = { 'idempotency-key': 'rotate-2' };
    const first = await app.api('POST', '/v1/pdf-jobs', body, headers);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.body.job.status, 'succeeded');
    assert.match(tool('pdfinfo', (f) => ['-f', '2', '-l', '2', f], await stored(first.body.pdfs[0].id)).text, /Page\s+2 rot:\s+90/);
    const again = await app.api('POST', '/v1/pdf-jobs', { ...body, waitSeconds: 5 }, headers);
    assert.equal(again.status, 201, JSON.stringify(again.body));
    assert.equal(again.body.job.id, first.body.job.id, 'one job for one key');
    const jobs = await app.services.ctx.db.selectFrom('render_jobs').select('id').where('id', '=', first.body.job.id).execute();
    assert.equal(jobs.length, 1);
  });

  test('a failed step answers 422 pdf_step_failed naming it and the job', async () => {
    const res = await app.api('POST', '/v1/pdf-jobs', {
      sources: [{ pdfId: source }],
      steps: [{ type: 'fillForm', fields: { city: 'Oslo' } }],
    });
    assert.equal(res.status, 422, JSON.stringify(res.body));
    assert.equal(res.body.error, 'pdf_step_failed');
    assert.equal(res.body.details.field, 'steps[0].fields.city');
    const job = await app.api('GET', `/v1/pdf-jobs/${res.body.details.jobId}`);
    assert.equal(job.body.job.errorCode, 'pdf_step_failed');
  });

  test('another account sees 404, and a render job is no PDF job', async () => {
    const created = await app.api('POST', '/v1/pdf-jobs', { sources: [{ pdfId: source }], steps: [] });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const theirs = await app.api('GET', `/v1/pdf-jobs/${created.body.job.id}`, undefined, { authorization: `Bearer ${otherKey}` });
    assert.equal(theirs.status, 404);
    assert.equal(theirs.body.error, 'render_job_not_found');
    const useMine = await app.api(
      'POST',
      '/v1/pdf-jobs',
      { sources: [{ pdfId: source }], steps: [] },
      { authorization: `Bearer ${otherKey}` },
    );
    assert.equal(useMine.status, 404);
    assert.equal(useMine.body.error, 'pdf_not_found');
    const render = await app.api('POST', '/v1/render-jobs', { html: '<p>x</p>' });
    assert.equal((await app.api('GET', `/v1/pdf-jobs/${render.body.job.id}`)).status, 404);
  });

  test('multipart: a source uploads its PDF in the same request; nothing is kept when the job is refused', async () => {
    const base = await app.server.listen({ port: 0, host: '127.0.0.1' });
    const post = (parts: Array<[string, string | Blob, string?]>) => {
      const form = new FormData();
      for (const [name, value, file] of parts) {
        if (file) form.append(name, value as Blob, file);
        else form.append(name, value as string);
      }
      return fetch(`${base}/v1/pdf-jobs`, { method: 'POST', headers: { authorization: `Bearer ${app.key}` }, body: form });
    };
    const pdf = new Blob([new Uint8Array(await pagesPdf(3))], { type: 'application/pdf' });
    // A deleted PDF shows as `deleting` until it is purged: count the ones kept.
    const pdfCount = async () =>
      ((await app.api('GET', '/v1/pdfs?limit=100')).body.items as Array<{ state: string }>).filter((p) => p.state === 'available').length;
    const before = await pdfCount();
    const res = await post([
      [
        'job',
        JSON.stringify({ sources: [{ upload: 'invoice' }, { pdfId: source }], steps: [{ type: 'stamp', text: 'PAID', pages: '1' }] }),
      ],
      ['invoice', pdf, 'supplier-invoice.pdf'],
    ]);
    const body = (await res.json()) as any;
    assert.equal(res.status, 201, JSON.stringify(body));
    assert.equal(body.pdfs[0].pageCount, 7);
    assert.match(tool('pdftotext', (f) => ['-f', '1', '-l', '1', f, '-'], await stored(body.pdfs[0].id)).text, /PAID/);
    const uploaded = body.job.document.pdfSources[0].pdfId as string;
    assert.equal((await app.api('GET', `/v1/pdfs/${uploaded}`)).body.pdf.fileName, 'supplier-invoice.pdf');
    assert.equal(await pdfCount(), before + 2, 'the upload and the result');

    const cases: Array<[Array<[string, string | Blob, string?]>, number, string]> = [
      [
        [
          ['job', JSON.stringify({ sources: [{ upload: 'nope' }], steps: [] })],
          ['invoice', pdf, 'a.pdf'],
        ],
        400,
        'invoice',
      ],
      [[['job', JSON.stringify({ sources: [{ upload: 'invoice' }], steps: [] })]], 400, 'sources[0].upload'],
      [
        [
          ['job', JSON.stringify({ sources: [{ upload: 'a' }, { upload: 'b' }], steps: [] })],
          ['a', pdf, 'a.pdf'],
          ['b', new Blob(['not a pdf']), 'b.pdf'],
        ],
        422,
        'sources[1].upload',
      ],
      [
        [
          ['job', JSON.stringify({ sources: [{ upload: 'a' }], steps: [{ type: 'rotate', angle: 45 }] })],
          ['a', pdf, 'a.pdf'],
        ],
        400,
        'steps[0].angle',
      ],
      [
        [
          ['job', JSON.stringify({ sources: [{ upload: 'a' }], steps: [{ type: 'stamp', pdf: { pdfId: 'pdf_nope' } }] })],
          ['a', pdf, 'a.pdf'],
        ],
        404,
        'steps[0].pdf.pdfId',
      ],
    ];
    for (const [parts, status, field] of cases) {
      const r = await post(parts);
      const b = (await r.json()) as any;
      assert.equal(r.status, status, JSON.stringify(b));
      assert.equal(b.details?.field, field, JSON.stringify(b));
    }
    assert.equal(await pdfCount(), before + 2, 'no PDF left behind by a refused job');
  });

  test("the inline deploy's webhook tells the end of a PDF job, with the job's sources", async () => {
    const first = await app.api('POST', '/v1/pdf-jobs', { sources: [{ pdfId: source }], steps: [] });
    const inlineDeploy = first.body.job.deployId as string;
    const s = await app.api('PATCH', `/v1/deploys/${inlineDeploy}/settings`, { webhook: { enabled: true, url: receiver.url } });
    assert.equal(s.status, 200, JSON.stringify(s.body));
    const done = await app.api('POST', '/v1/pdf-jobs', { sources: [{ pdfId: source }], steps: [{ type: 'flatten' }], businessKey: 'HOOK' });
    assert.equal(done.status, 201, JSON.stringify(done.body));
    const event = await waitFor(
      () => `the webhook for ${done.body.job.id}; received: ${receiver.received.map((r) => r.rawBody.slice(0, 200)).join('\n')}`,
      () => receiver.received.find((r) => r.body?.data?.job?.id === done.body.job.id),
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    assert.equal(event.headers['service-webhook-event'], 'render.job.terminated');
    assert.equal(event.body.data.job.status, 'succeeded');
    assert.deepEqual(event.body.data.job.pdfSources, [{ pdfId: source }]);
  });
});
