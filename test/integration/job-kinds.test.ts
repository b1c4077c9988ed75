// The `kind` of a render job on every view of it: the creation answer, GET /v1/render-jobs (and a deploy's
// list), GET /v1/render-jobs/{id}, batch items and the cancellation answer. One job of each kind is created
// through the API (no worker runs: they stay queued); a PDF job and an Office conversion are not pages of the
// inline deploy. SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3. Webhook bodies: e2e webhooks.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file, type BundleFile } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { uploadPdf } from '../helpers/managed-pdfs.js';
import { letterDocx } from '../helpers/office-documents.js';
import { pagesPdf } from '../helpers/outside-pdfs.js';
import { solidPng } from '../helpers/real-documents.js';
import { wordInvoiceTemplate } from '../fixtures/word-invoice.js';

describe('render job kinds', () => {
  let app: TestApp;
  const jobs: Record<string, string> = {};
  /** The kind each creation answer named. */
  const created: Record<string, string | undefined> = {};
  let pageDeployId = '';
  let templateDeployId = '';

  const deployAndRun = async (slug: string, files: BundleFile[], render: Record<string, unknown>, payload: unknown = {}) => {
    const v = await deployFiles(app, { createDeploy: { slug, name: slug } }, files, render);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    const r = await app.api('POST', '/v1/render-jobs', { deployId: v.deployId, deployVersionId: 'latest', payload });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    created[slug] = r.body.job.kind;
    return { jobId: r.body.job.id as string, deployId: v.deployId };
  };

  before(async () => {
    app = await createTestApp();
    // A URL source needs a plan with the external network.
    await app.services.ctx.db.updateTable('accounts').set({ plan_key: 'pro' }).where('id', '=', app.accountId).execute();
    const page = await deployAndRun('page', [file('index.html', '<h1>Page</h1>')], { route: '/', title: 'Page' });
    jobs.page = page.jobId;
    pageDeployId = page.deployId;
    const hbs = await deployAndRun('hbs', [file('index.hbs', '<h1>{{name}}</h1>')], { route: '/', title: 'Hbs' });
    jobs.template = hbs.jobId;
    templateDeployId = hbs.deployId;
    jobs.markdown = (await deployAndRun('md', [file('index.md', '# Notes')], { route: '/', title: 'Md' })).jobId;
    jobs.office = (
      await deployAndRun('letter', [file('letter.docx', await letterDocx())], { route: '/letter.docx', title: 'Letter' })
    ).jobId;
    const word = await deployAndRun(
      'word',
      [file('invoice.docx', await wordInvoiceTemplate()), file('logo.png', solidPng())],
      { route: '/invoice.docx', title: 'Invoice', engine: 'docx' },
      { invoice: { number: 'A-1', items: [] } },
    );
    jobs['word-template'] = word.jobId;
    const url = await app.api('POST', '/v1/render-jobs', { source: { url: 'https://example.com/invoice' } });
    assert.equal(url.status, 202, JSON.stringify(url.body));
    jobs.url = url.body.job.id;
    created.url = url.body.job.kind;
    const inline = await app.api('POST', '/v1/render-jobs', { html: '<h1>Inline</h1>' });
    assert.equal(inline.status, 202, JSON.stringify(inline.body));
    jobs.inline = inline.body.job.id;
    created.inline = inline.body.job.kind;
    const pdfId = await uploadPdf(app, await pagesPdf(2));
    // No worker runs here: waitSeconds 0 answers 202 at once instead of waiting out the default.
    const pdfJob = await app.api('POST', '/v1/pdf-jobs', { sources: [{ pdfId }], steps: [{ type: 'flatten' }], waitSeconds: 0 });
    assert.equal(pdfJob.status, 202, JSON.stringify(pdfJob.body));
    jobs['pdf-job'] = pdfJob.body.job.id;
    created['pdf-job'] = pdfJob.body.job.kind;
  });
  after(() => app.close());

  const expected = (name: string) => (name === 'inline' ? 'page' : name);

  test('the list names each job’s kind', async () => {
    const list = await app.api('GET', '/v1/render-jobs?limit=100');
    assert.equal(list.status, 200, JSON.stringify(list.body));
    const kinds = new Map(list.body.items.map((j: { id: string; kind?: string }) => [j.id, j.kind]));
    for (const [name, id] of Object.entries(jobs)) assert.equal(kinds.get(id), expected(name), name);
  });

  test('a job’s own read names its kind, and so does a deploy’s list', async () => {
    for (const [name, id] of Object.entries(jobs)) {
      const r = await app.api('GET', `/v1/render-jobs/${id}`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.job.kind, expected(name), name);
    }
    const ofDeploy = await app.api('GET', `/v1/deploys/${pageDeployId}/render-jobs`);
    assert.deepEqual(
      ofDeploy.body.items.map((j: { id: string; kind: string }) => [j.id, j.kind]),
      [[jobs.page, 'page']],
    );
  });

  test('the creation answers named the same kinds', () => {
    const bySlug: Record<string, string> = { page: 'page', hbs: 'template', md: 'markdown', letter: 'office', word: 'word-template' };
    for (const [slug, kind] of Object.entries(bySlug)) assert.equal(created[slug], kind, slug);
    for (const name of ['url', 'inline', 'pdf-job']) assert.equal(created[name], expected(name), name);
  });

  test('POST /v1/render answering 202 (the job still queued) names the kind', async () => {
    const r = await app.api('POST', '/v1/render', { html: '<p>{{x}}</p>', engine: 'handlebars', waitSeconds: 0 });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.equal(r.body.job.kind, 'template');
  });

  test('batch items name their kind', async () => {
    const b = await app.api('POST', '/v1/render-batches', {
      deployId: templateDeployId,
      deployVersionId: 'latest',
      items: [{ payload: { name: 'a' } }, { payload: { name: 'b' } }],
    });
    assert.equal(b.status, 201, JSON.stringify(b.body));
    const items = await app.api('GET', `/v1/render-batches/${b.body.batch.id}/items`);
    assert.deepEqual(
      items.body.items.map((i: { job: { kind?: string } }) => i.job.kind),
      ['template', 'template'],
    );
  });

  test('the cancellation answer names the kind', async () => {
    const r = await app.api('POST', `/v1/render-jobs/${jobs.markdown}/cancel`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.job.status, 'canceled');
    assert.equal(r.body.job.kind, 'markdown');
  });
});
