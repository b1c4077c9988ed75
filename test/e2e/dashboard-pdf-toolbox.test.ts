// The PDF toolbox in the dashboard, in a real browser (playwright-core driving Debian's Chromium) against
// `bin/folio serve`: a PDF with a form (made by pdf-lib) is uploaded through the PDFs page's form, its page
// shows what GET /v1/pdfs/{id}/info reads, and the "Run steps" builder runs a stamp + fillForm job whose
// result is opened from its link and checked with pdftotext. Errors of the API (a file that is not a PDF,
// an encrypted one without its password, a form field the PDF does not have) are shown next to the form
// with their code and the field they name. What a job is shows in the jobs list (its kind, its source: a
// PDF job is not “Inline HTML”) with a deploy filter; a version page names its engine and starts the render
// form from its sample payload; a managed PDF's pages are drawn by pdf.js; usage shows storage in byte units.
// No console error and no CSP violation may happen on the way.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { tempDir } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployOverHttp } from '../helpers/http-deploy.js';
import { newBrowserContext, signIn, startDashboardServer } from '../helpers/dashboard.js';
import { client, type Client } from '../helpers/http-client.js';
import { encrypted, formPdf, tool } from '../helpers/outside-pdfs.js';
import type { ServerProcess } from '../helpers/server-process.js';

const KEY = 'folio_sk_pdftoolboxdash000000000000000000000001';

describe('dashboard: upload a PDF, read its info, run steps on it', () => {
  let server: ServerProcess;
  let context: BrowserContext;
  let page: Page;
  let api: Client;
  let dir = '';
  let formFile = '';
  let sourceId = '';
  let resultId = '';
  let pdfJobId = '';
  const problems: string[] = [];

  const url = (p: string) => server.url + p;
  const heading = (text: string | RegExp) => page.getByRole('heading', { level: 1, name: text }).waitFor();
  const write = (name: string, bytes: Buffer) => {
    const f = path.join(dir, name);
    fs.writeFileSync(f, bytes);
    return f;
  };
  async function download(pdfId: string): Promise<Buffer> {
    const link = await api.request('POST', `/v1/pdfs/${pdfId}/download`, { json: {} });
    assert.equal(link.status, 200, JSON.stringify(link.body));
    const res = await fetch(new URL(link.body.access.url, server.url));
    assert.equal(res.status, 200);
    return Buffer.from(await res.arrayBuffer());
  }
  async function upload(file: string, password?: string) {
    await page.goto(url('/dashboard/pdfs'));
    await heading('PDFs');
    const form = page.getByTestId('upload-form');
    await form.getByLabel('PDF file').setInputFiles(file);
    if (password !== undefined) await form.getByLabel(/^Password/).fill(password);
    await form.getByRole('button', { name: 'Upload PDF' }).click();
    return form;
  }

  before(async () => {
    dir = tempDir('folio-dash-toolbox-files-');
    formFile = write('application-form.pdf', await formPdf());
    server = await startDashboardServer('folio-dash-toolbox-', KEY);
    api = client(server.url, KEY);
    context = await newBrowserContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`)),
    );
    page = await context.newPage();
    page.on('console', (m) => {
      // The API's refusals are answers the page shows; Chromium logs each 4xx fetch as a console error.
      if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    await signIn(page, url('/dashboard/pdfs'));
    await heading('PDFs');
  });
  beforeEach(() => {
    problems.length = 0;
  });
  after(async () => {
    await context?.close();
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('upload errors show the API message, code and field; an encrypted PDF uploads with its password', async () => {
    const notPdf = write('notes.pdf', Buffer.from('these are plain notes, not a PDF\n'.repeat(20)));
    let form = await upload(notPdf);
    const errors = page.getByTestId('upload-errors');
    await errors.getByRole('alert').waitFor();
    assert.match(await errors.innerText(), /pdf_invalid/);
    assert.match(await errors.innerText(), /HTTP 422/);
    assert.equal(await form.getByLabel('PDF file').getAttribute('aria-invalid'), 'true');

    const locked = write('locked.pdf', encrypted(await formPdf(), 'open-me-77', 'owner-secret-88'));
    form = await upload(locked);
    await errors.getByText(/pdf_password_required/).waitFor();
    assert.equal(await form.getByLabel(/^Password/).getAttribute('aria-invalid'), 'true');

    form = await upload(locked, 'not-the-password');
    await errors.getByText(/pdf_password_incorrect/).waitFor();
    assert.equal(await form.getByLabel(/^Password/).inputValue(), '', 'the password leaves the form once read');
    assert.ok(!(await page.content()).includes('not-the-password'));

    await upload(locked, 'open-me-77');
    await page.getByTestId('pdfs-table').getByRole('link', { name: 'locked.pdf' }).waitFor();
    await page.getByText('locked.pdf uploaded (stored decrypted)').waitFor();
    assert.equal(await errors.count(), 1);
    assert.equal(await errors.innerText(), '', 'the errors are cleared');
    const list = await api.request('GET', '/v1/pdfs');
    assert.deepEqual(
      list.body.items.map((p: { fileName: string }) => p.fileName),
      ['locked.pdf'],
      'nothing was stored for the refused uploads',
    );
    const stored = await download(list.body.items[0].id);
    assert.equal(tool('qpdf', (f) => ['--is-encrypted', f], stored).status, 2, 'the stored copy is not encrypted');
    assert.deepEqual(problems, []);
  });

  test('an uploaded form PDF: its page shows pages, metadata, fields, attachments and claims', async () => {
    await upload(formFile);
    const link = page.getByTestId('pdfs-table').getByRole('link', { name: 'application-form.pdf' });
    await link.waitFor();
    await link.click();
    await heading('application-form.pdf');
    sourceId = decodeURIComponent(page.url().split('/').pop()!);
    assert.match(sourceId, /^pdf_/);

    const info = page.getByTestId('pdf-info');
    await info.waitFor();
    const props = await page.getByTestId('pdf-info-props').innerText();
    for (const expected of [
      /Title\s+Application form/,
      /Author\s+City Hall/,
      /Subject\s+Permit application/,
      /PDF\/A\s+not claimed/,
      /PDF\/UA\s+not claimed/,
      /Signatures\s+none/,
      /Tagged\s+no/,
      /Created\s+20\d\d-\d\d-\d\d \d\d:\d\d:\d\d/,
    ])
      assert.match(props, expected);
    assert.equal(await page.getByTestId('pdf-info-pages').innerText(), 'Page 1: 595 × 842 pt');

    const fields = page.getByTestId('pdf-info-fields');
    const row = async (name: string) =>
      (
        await fields
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
          .innerText()
      ).split('\t');
    assert.deepEqual((await row('city')).slice(0, 3), ['city', 'text', '—']);
    assert.deepEqual((await row('agree')).slice(0, 3), ['agree', 'checkbox', 'unchecked']);
    assert.deepEqual((await row('plan')).slice(0, 4), ['plan', 'radio', '—', 'basic, premium']);
    assert.deepEqual((await row('size')).slice(0, 4), ['size', 'dropdown', '—', 'S, M, L']);
    assert.match(await page.getByTestId('pdf-info-attachments').innerText(), /schema\.json\s+17 B\s+Form schema/);
    assert.deepEqual(problems, []);
  });

  test('the step builder runs stamp + fillForm; the result opens from its link and pdftotext finds both', async () => {
    await page.goto(url(`/dashboard/pdfs/${sourceId}`));
    await heading('application-form.pdf');
    const form = page.getByTestId('steps-form');
    await form.waitFor();

    // A stamp: text, position, opacity, rotation, pages.
    await form.getByLabel('Step', { exact: true }).selectOption('stamp');
    const builder = page.getByTestId('step-builder');
    await builder.getByLabel('Text', { exact: true }).fill('APPROVED');
    await builder.getByLabel('Position').selectOption('top');
    await builder.getByLabel('Opacity').fill('0.6');
    await builder.getByLabel('Rotation (degrees)').fill('0');
    await builder.getByLabel('Pages').fill('1');
    await form.getByRole('button', { name: 'Add step' }).click();

    // Fill the form: the inputs are the info's fields, prefilled with their values.
    await form.getByLabel('Step', { exact: true }).selectOption('fillForm');
    await builder.getByLabel('city (text)').fill('Springfield');
    await builder.getByLabel('name (text)').fill('Ada Lovelace');
    await builder.getByLabel('agree (checkbox)').check();
    await builder.getByLabel('plan (radio)').selectOption('premium');
    await form.getByRole('button', { name: 'Add step' }).click();

    const json = form.getByTestId('steps-json');
    assert.deepEqual(JSON.parse(await json.inputValue()), [
      { type: 'stamp', text: 'APPROVED', position: 'top', opacity: 0.6, rotation: 0, fontSize: 36, color: '#d00000', pages: '1' },
      { type: 'fillForm', fields: { name: 'Ada Lovelace', city: 'Springfield', agree: true, plan: 'premium' } },
    ]);
    assert.equal(await form.getByTestId('steps-json-status').innerText(), '2 steps: stamp → fillForm');
    await form.getByLabel('File name of the result (optional)').fill('approved-form');
    await form.getByRole('button', { name: 'Run steps' }).click();

    const result = form.getByTestId('steps-result');
    await result.waitFor();
    assert.match(await result.innerText(), /approved-form\.pdf — 1 page, /);
    await result.getByRole('link').click();
    await heading('approved-form.pdf');
    resultId = decodeURIComponent(page.url().split('/').pop()!);
    assert.notEqual(resultId, sourceId);

    // The result's own info reads the filled values.
    const fields = page.getByTestId('pdf-info-fields');
    await fields.waitFor();
    assert.match(await fields.innerText(), /city\s+text\s+Springfield/);

    const pdf = await download(resultId);
    const text = tool('pdftotext', (f) => [f, '-'], pdf).text;
    assert.match(text, /APPROVED/);
    assert.match(text, /Springfield/);
    assert.match(text, /Ada Lovelace/);
    // The source is not changed.
    assert.doesNotMatch(tool('pdftotext', (f) => [f, '-'], await download(sourceId)).text, /APPROVED|Springfield/);
    // The PDF job's page lists its source and steps.
    const made = await api.request('GET', `/v1/pdfs/${resultId}`);
    pdfJobId = made.body.pdf.renderJobId;
    await page.goto(url(`/dashboard/jobs/${pdfJobId}`));
    await page.getByTestId('pdf-steps').waitFor();
    assert.equal(await page.getByTestId('pdf-steps').innerText(), 'stamp → fillForm');
    assert.equal(await page.getByTestId('pdf-sources').getByRole('link').getAttribute('href'), `/dashboard/pdfs/${sourceId}`);
    assert.deepEqual(problems, []);
  });

  test('the JSON is editable: an unknown field is the API error naming the step and field; bad JSON is named too', async () => {
    await page.goto(url(`/dashboard/pdfs/${sourceId}`));
    await heading('application-form.pdf');
    const form = page.getByTestId('steps-form');
    const json = form.getByTestId('steps-json');
    const errors = form.getByTestId('steps-errors');

    await json.fill('[{"type": "flatten"}, ');
    assert.match(await form.getByTestId('steps-json-status').innerText(), /not valid JSON/);
    await form.getByRole('button', { name: 'Run steps' }).click();
    assert.equal(await errors.getByTestId('steps-error-field').innerText(), 'Field: steps');
    assert.equal(await json.getAttribute('aria-invalid'), 'true');

    await json.fill(
      JSON.stringify([
        { type: 'rotate', angle: 90 },
        { type: 'fillForm', fields: { nope: 'x' } },
      ]),
    );
    await form.getByRole('button', { name: 'Run steps' }).click();
    await errors.getByText(/pdf_step_failed/).waitFor();
    const text = await errors.innerText();
    assert.match(text, /step 2 \(fillForm\)/);
    assert.match(text, /HTTP 422/);
    assert.equal(await errors.getByTestId('steps-error-field').innerText(), 'Field: steps[1].fields.nope');

    await json.fill(JSON.stringify([{ type: 'optimize' }, { type: 'flatten' }]));
    await form.getByRole('button', { name: 'Run steps' }).click();
    await errors.getByText(/optimize must be the last step/).waitFor();
    assert.equal(await errors.getByTestId('steps-error-field').innerText(), 'Field: steps[0]');

    // A step written by hand, here a split, runs like a built one and links every part.
    await json.fill(
      JSON.stringify([
        { type: 'select', pages: '1,1,1' },
        { type: 'split', every: 1 },
      ]),
    );
    await form.getByRole('button', { name: 'Run steps' }).click();
    await form.getByText('Results (3 PDFs)').waitFor();
    assert.equal(await form.getByTestId('steps-result').count(), 3);
    assert.equal(await errors.innerText(), '');
    assert.deepEqual(problems, []);
  });

  test('what a job is: kind, source and a deploy filter; a version’s engine and sample; pdf.js pages; usage in byte units', async () => {
    // A Handlebars template whose schema requires five fields, and the sample that fills them.
    const schema = {
      type: 'object',
      required: ['recipient', 'street', 'city', 'date', 'body'],
      properties: Object.fromEntries(['recipient', 'street', 'city', 'date', 'body'].map((k) => [k, { type: 'string', minLength: 1 }])),
    };
    const sample = { recipient: 'Ada Lovelace', street: '12 St James’s Square', city: 'London', date: '1843-07-10', body: 'Notes.' };
    const letters = await deployOverHttp(
      api,
      'letters',
      [
        file('index.hbs', '<!doctype html><h1>{{recipient}}</h1><p>{{street}}, {{city}}</p><p>{{date}}</p><p>{{body}}</p>'),
        file('payload.schema.json', JSON.stringify(schema)),
        file('sample-payload.json', JSON.stringify(sample)),
      ],
      { name: 'Letters' },
    );
    await page.goto(url(`/dashboard/deploys/${letters.deployId}/versions/${letters.version.id}`));
    await heading(/^Letters · /);
    assert.equal(await page.getByTestId('version-engine').innerText(), 'Handlebars');
    const payload = page.getByTestId('render-form').getByLabel('Payload (JSON)');
    assert.deepEqual(JSON.parse(await payload.inputValue()), sample, 'the render form starts from the sample payload');
    const letter = await api.request('POST', '/v1/render-jobs', {
      json: { deployId: letters.deployId, deployVersionId: 'latest', payload: sample, businessKey: 'letter-1' },
    });
    assert.equal(letter.status, 202, JSON.stringify(letter.body));

    // A hundred newer deploys: the filter must page past the first hundred to offer Letters.
    for (let i = 0; i < 100; i++) {
      const d = await api.request('POST', '/v1/deploys', { json: { slug: `spare-${i}`, name: `Spare ${i}` } });
      assert.equal(d.status, 201, JSON.stringify(d.body));
    }

    // The jobs list: each job's kind and source; the PDF job is its source joined, not the inline deploy's name.
    await page.goto(url('/dashboard/jobs'));
    await heading('Render jobs');
    const row = (jobId: string) =>
      page
        .getByTestId('jobs-table')
        .getByRole('row')
        .filter({ has: page.locator(`a[title="${jobId}"]`) });
    await row(letter.body.job.id).waitFor();
    assert.equal(await row(pdfJobId).getByTestId('job-kind').innerText(), 'PDF job');
    assert.equal(await row(pdfJobId).getByTestId('job-source-cell').innerText(), '1 PDF joined');
    assert.equal(await row(letter.body.job.id).getByTestId('job-kind').innerText(), 'Template');
    // The deploy's name, once the dashboard has read every page of deploys (the cell shows its id until then).
    await row(letter.body.job.id).getByTestId('job-source-cell').getByRole('link', { name: 'Letters', exact: true }).waitFor();
    assert.doesNotMatch(await page.getByTestId('jobs-table').innerText(), /Inline HTML/);

    // The deploy filter: one deploy's jobs, then the jobs without a deploy of their own.
    const deployFilter = page.getByLabel('Deploy', { exact: true });
    await deployFilter.locator('option', { hasText: 'Letters' }).waitFor({ state: 'attached' });
    await deployFilter.selectOption({ label: 'Letters' });
    await page.waitForURL(new RegExp(`deployId=${letters.deployId}`));
    await row(letter.body.job.id).waitFor();
    assert.equal(await row(pdfJobId).count(), 0);
    assert.equal(await page.getByLabel('Deploy', { exact: true }).inputValue(), letters.deployId);
    await page.getByLabel('Deploy', { exact: true }).selectOption({ label: 'No deploy (inline, URL, PDF jobs)' });
    await row(pdfJobId).waitFor();
    assert.equal(await row(letter.body.job.id).count(), 0);

    // The PDF job's own page says the same, and shows no placeholder version.
    await page.goto(url(`/dashboard/jobs/${pdfJobId}`));
    await page.getByTestId('pdf-steps').waitFor();
    assert.equal(await page.getByTestId('job-kind').innerText(), 'PDF job');
    assert.equal(await page.getByTestId('job-source-cell').innerText(), '1 PDF joined');
    assert.doesNotMatch(await page.locator('dl.props').first().innerText(), /Inline HTML/);

    // A managed PDF's page draws its pages with pdf.js (headless Chromium has no built-in viewer to frame).
    await page.goto(url(`/dashboard/pdfs/${resultId}`));
    await heading('approved-form.pdf');
    const canvas = page.getByTestId('pdf-page-canvas');
    await canvas.and(page.locator('[role="img"]')).waitFor();
    assert.equal(await page.getByTestId('pdf-pages').getAttribute('data-page-count'), '1');
    assert.equal(await canvas.getAttribute('aria-label'), 'Page 1 of 1');
    const dark = await canvas.evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i]! + d[i + 1]! + d[i + 2]! < 200) n++;
      return n;
    });
    assert.ok(dark > 100, `the page is drawn, not blank (${dark} dark pixels)`);
    const open = await fetch((await page.getByTestId('pdf-open').getAttribute('href'))!);
    assert.equal(open.headers.get('content-type'), 'application/pdf');

    // Managed-PDF storage over the period in a byte unit, not a fraction of GiB-days.
    await page.goto(url('/dashboard/usage'));
    const total = page.getByTestId('pdf-storage-total');
    await total.waitFor();
    assert.match(await total.innerText(), /^Total this period: \d+(\.\d)? (B|KiB|MiB)·days\.$/);
    assert.deepEqual(problems, []);
  });
});
