// PDF steps on render jobs (`steps`), with real Chromium and checked with poppler and qpdf: "render, then
// stamp" is one job (the stamp is in the printed PDF's text, the metadata step's title in its information),
// a rotation shows on the page, `optimize` linearises, the job view lists the steps' types; a step that does
// not fit the printed PDF fails the job with pdf_step_failed; a batch item takes its own steps. Steps a render
// job cannot run are refused in test/integration/render-job-requests.test.ts.
// SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { pdfText, withPdfFile } from '../helpers/pdf.js';

const HTML = '<!doctype html><html lang="en"><title>Invoice</title><body><h1>Invoice 4711</h1><p>Total 120.00 EUR</p></body></html>';

const pdfInfo = (pdf: Buffer) => withPdfFile(pdf, (f) => execFileSync('pdfinfo', ['-f', '1', '-l', '1', f], { encoding: 'utf8' }));

describe('PDF steps of render jobs', () => {
  let app: TestApp;

  before(async () => {
    app = await createTestApp();
    app.startBackground();
  });
  after(() => app.close());

  /** POST /v1/render with inline HTML: the PDF, or the failure. */
  async function render(body: Record<string, unknown>) {
    const res = await app.server.inject({
      method: 'POST',
      url: '/v1/render',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ html: HTML, ...body }),
    });
    return res;
  }

  /** The PDF of a job once it succeeded, through a signed download link. */
  async function pdfOf(jobId: string): Promise<Buffer> {
    const done = await app.api('GET', `/v1/render-jobs/${jobId}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'succeeded', JSON.stringify(done.body));
    const link = await app.api('POST', `/v1/render-jobs/${jobId}/output-download`, { expiresInSeconds: 60 });
    assert.equal(link.status, 200, JSON.stringify(link.body));
    const u = new URL(link.body.access.url);
    const r = await app.server.inject({ method: 'GET', url: u.pathname + u.search });
    assert.equal(r.statusCode, 200);
    return r.rawPayload;
  }

  test('render, then stamp and set the title: one request, one PDF', async () => {
    const res = await render({
      steps: [
        { type: 'stamp', text: 'PAID', position: 'top-right', fontSize: 28 },
        { type: 'metadata', title: 'Invoice 4711 (paid)' },
      ],
    });
    assert.equal(res.statusCode, 200, res.body);
    const text = pdfText(res.rawPayload);
    assert.match(text, /Invoice 4711/);
    assert.match(text, /PAID/);
    assert.match(pdfInfo(res.rawPayload), /Title:\s+Invoice 4711 \(paid\)/);
    const job = await app.api('GET', `/v1/render-jobs/${String(res.headers['folio-job-id'])}`);
    assert.deepEqual(job.body.job.document.steps, ['stamp', 'metadata']);
  });

  test('an asynchronous job rotates its page and optimises the file', async () => {
    const created = await app.api('POST', '/v1/render-jobs', {
      html: HTML,
      steps: [{ type: 'rotate', angle: 90 }, { type: 'optimize' }],
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const pdf = await pdfOf(created.body.job.id);
    const info = pdfInfo(pdf);
    assert.match(info, /Page\s+1 rot:\s+90/);
    assert.match(info, /Optimized:\s+yes/);
    const check = withPdfFile(pdf, (f) => spawnSync('qpdf', ['--check-linearization', f], { encoding: 'utf8' }));
    assert.equal(check.status, 0, check.stdout + check.stderr);
  });

  test('a step that does not fit the printed PDF fails the job with pdf_step_failed, naming it', async () => {
    const created = await app.api('POST', '/v1/render-jobs', {
      html: HTML,
      steps: [
        { type: 'select', pages: '1' },
        { type: 'fillForm', fields: { customer: 'ACME' } },
      ],
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const got = await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=20`);
    assert.equal(got.body.job.status, 'failed', JSON.stringify(got.body.job));
    assert.equal(got.body.job.errorCode, 'pdf_step_failed');
    assert.match(got.body.job.errorMessage, /^steps\[1\]\.fields\.customer: the PDF has no form field named "customer"/);
    assert.equal(got.body.job.attempt, 0, 'not retried');
  });

  test('a batch item takes its own steps', async () => {
    const job = await app.api('POST', '/v1/render-jobs', { html: HTML });
    assert.equal(job.status, 202, JSON.stringify(job.body));
    const { deployId, deployVersionId } = job.body.job;
    const batch = await app.api('POST', '/v1/render-batches', {
      deployId,
      deployVersionId,
      items: [{ businessKey: 'plain' }, { businessKey: 'copy', steps: [{ type: 'stamp', text: 'COPY', position: 'bottom' }] }],
    });
    assert.equal(batch.status, 201, JSON.stringify(batch.body));
    const items = await app.api('GET', `/v1/render-batches/${batch.body.batch.id}/items?limit=10`);
    assert.equal(items.status, 200, JSON.stringify(items.body));
    const texts: Record<string, string> = {};
    for (const it of items.body.items as Array<{ job: { id: string; businessKey: string } }>)
      texts[it.job.businessKey] = pdfText(await pdfOf(it.job.id));
    assert.match(texts.copy ?? '', /COPY/);
    assert.doesNotMatch(texts.plain ?? '', /COPY/);
  });
});
