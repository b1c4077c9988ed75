// The render form's inline preview in a real browser (playwright-core driving Debian's Chromium) against
// `bin/folio serve` with its worker: a render started from a version page is followed under the form
// (its state, then its pages drawn by pdf.js, one canvas per page, "Page N of M"), a failing template shows
// its error code there, a long document is cut at 20 drawn pages with a note, and the job page draws the
// same pages. No console error and no CSP violation may happen on the way: pdf.js and its worker run
// under the dashboard's Content-Security-Policy.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import type { BrowserContext, Page } from 'playwright-core';
import { file, type BundleFile } from '../helpers/bundle.js';
import { deployOverHttp } from '../helpers/http-deploy.js';
import { client, type Client } from '../helpers/http-client.js';
import { newBrowserContext, signIn, startDashboardServer } from '../helpers/dashboard.js';
import type { ServerProcess } from '../helpers/server-process.js';

const KEY = 'folio_sk_previewdash00000000000000000000000000001';

/** A template of `n` pages, each one big dark heading (dark pixels the canvases must show). */
const pages = (n: number): BundleFile[] => [
  file(
    'index.html',
    `<!doctype html><html><head><style>
      body { margin: 0; font-family: sans-serif; }
      section { break-after: page; }
      section:last-child { break-after: auto; }
      h1 { font-size: 96px; color: #000; margin: 40px; }
    </style></head><body>${Array.from({ length: n }, (_, i) => `<section><h1>Page ${i + 1}</h1></section>`).join('')}</body></html>`,
  ),
];
const failing: BundleFile[] = [
  file('index.html', `<!doctype html><html><body><h1>Never printed</h1><script>window.folio.fail('no line items');</script></body></html>`),
];

describe('dashboard: the render form previews the pages inline', () => {
  let server: ServerProcess;
  let context: BrowserContext;
  let page: Page;
  let api: Client;
  // Everything the browser reported as wrong: console errors, uncaught exceptions, CSP violations.
  const problems: string[] = [];

  const url = (p: string) => server.url + p;
  const heading = (text: string | RegExp) => page.getByRole('heading', { level: 1, name: text }).waitFor();

  before(async () => {
    server = await startDashboardServer('folio-dash-preview-', KEY);
    api = client(server.url, KEY);
    context = await newBrowserContext({ viewport: { width: 1280, height: 900 } });
    // Violations are also console errors in Chromium; the event says which directive, which helps a failure.
    await context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`)),
    );
    page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    // pdf.js's worker logs on its own console.
    page.on('worker', (w) =>
      w.on('console', (m) => {
        if (m.type() === 'error') problems.push(`worker console: ${m.text()}`);
      }),
    );
    await signIn(page, url('/dashboard/jobs'));
    await heading('Render jobs');
  });
  // Each test answers for what happened during it.
  beforeEach(() => {
    problems.length = 0;
  });
  after(async () => {
    await context?.close();
    await server?.stop();
  });

  /** Starts a render of the deploy's only version from its version page; resolves with the job id. */
  async function renderFromForm(slug: string, files: BundleFile[]): Promise<string> {
    const d = await deployOverHttp(api, slug, files, { name: slug });
    await page.goto(url(`/dashboard/deploys/${d.deployId}/versions/${d.version.id}`));
    await heading(new RegExp(`^${slug} · `));
    const form = page.getByTestId('render-form');
    await form.getByRole('button', { name: 'Start render' }).click();
    const link = form.getByTestId('render-job-link');
    await link.waitFor();
    assert.match(page.url(), new RegExp(`/versions/${d.version.id}$`), 'the form stays on the page');
    return (await link.innerText()).trim();
  }

  /** For each drawn page canvas: its size on screen and how many of its pixels are dark (text) or not white. */
  const canvasStats = (scope: string) =>
    page.evaluate((sel) => {
      return Array.from(document.querySelectorAll<HTMLCanvasElement>(`${sel} canvas`)).map((c) => {
        const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let dark = 0;
        let light = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 3] > 0 && data[i] < 80 && data[i + 1] < 80 && data[i + 2] < 80) dark++;
          else if (data[i] > 240 && data[i + 1] > 240 && data[i + 2] > 240) light++;
        }
        return { dark, light, pixels: c.width * c.height, cssWidth: c.getBoundingClientRect().width, label: c.getAttribute('aria-label') };
      });
    }, scope);

  async function pdfPageCount(jobId: string): Promise<number> {
    const link = await api.request('POST', `/v1/render-jobs/${jobId}/output-download`, { json: {} });
    assert.equal(link.status, 200, JSON.stringify(link.body));
    const pdf = await fetch(link.body.access.url as string);
    return (await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()))).getPageCount();
  }

  test('a 3-page render: state under the form, then every page drawn, labelled, not blank', async () => {
    const jobId = await renderFromForm('three-pages', pages(3));
    const result = page.getByTestId('render-result');
    await result.getByTestId('render-status').getByText('succeeded').waitFor({ timeout: 60_000 });
    const drawn = result.getByRole('img', { name: /^Page \d+ of \d+$/ });
    await drawn.nth(2).waitFor({ timeout: 30_000 });

    const count = await pdfPageCount(jobId);
    assert.equal(count, 3, 'the template prints 3 pages');
    assert.equal(await result.getByTestId('pdf-page-canvas').count(), count, 'one canvas per page of the PDF');
    assert.deepEqual(await result.locator('.pdf-page-label').allInnerTexts(), ['Page 1 of 3', 'Page 2 of 3', 'Page 3 of 3']);
    const stats = await canvasStats('[data-testid="render-result"]');
    assert.equal(stats.length, 3);
    for (const s of stats) {
      // A page of white paper with a 96 px heading: some dark pixels, mostly white ones.
      assert.ok(s.dark > 500, `dark pixels where the heading is: ${JSON.stringify(s)}`);
      assert.ok(s.light > s.pixels / 2, `mostly white paper: ${JSON.stringify(s)}`);
      assert.ok(s.cssWidth > 300 && s.cssWidth <= 800, `at most 800 px wide: ${s.cssWidth}`);
    }
    assert.equal(await result.getByTestId('pdf-more-pages').count(), 0);

    // The links: the job page, and a download of the same PDF.
    assert.equal(await result.getByTestId('render-job-link').getAttribute('href'), `/dashboard/jobs/${jobId}`);
    const [download] = await Promise.all([page.waitForEvent('download'), result.getByTestId('render-download').click()]);
    assert.match(download.suggestedFilename(), /\.pdf$/);
    await download.cancel();

    // The job page draws the same pages.
    await result.getByTestId('render-job-link').click();
    await heading(/^Render job/);
    const onJobPage = page.getByTestId('pdf-pages');
    await onJobPage.getByRole('img', { name: 'Page 3 of 3' }).waitFor({ timeout: 30_000 });
    assert.equal(await onJobPage.getByTestId('pdf-page-canvas').count(), 3);
    for (const s of await canvasStats('[data-testid="pdf-pages"]')) assert.ok(s.dark > 500, JSON.stringify(s));

    assert.deepEqual(problems, []);
  });

  test('a failing template shows its error code and message under the form, and a link to the job page', async () => {
    const jobId = await renderFromForm('failing', failing);
    const result = page.getByTestId('render-result');
    await result.getByTestId('render-status').getByText('failed').waitFor({ timeout: 60_000 });
    const error = result.getByTestId('render-error');
    await error.waitFor();
    assert.equal(await error.getByTestId('render-error-code').innerText(), 'render_failed');
    assert.match(await error.innerText(), /no line items/);
    assert.equal(await error.getByRole('link', { name: 'Open the job page' }).getAttribute('href'), `/dashboard/jobs/${jobId}`);
    assert.equal(await result.getByTestId('pdf-page-canvas').count(), 0);
    assert.deepEqual(problems, []);
  });

  test('a 23-page render draws the first 20 pages and says 3 more are not shown', async () => {
    const jobId = await renderFromForm('long', pages(23));
    const result = page.getByTestId('render-result');
    await result.getByTestId('render-status').getByText('succeeded').waitFor({ timeout: 60_000 });
    await result.getByTestId('pdf-more-pages').waitFor({ timeout: 60_000 });
    assert.equal(await pdfPageCount(jobId), 23);
    assert.equal(await result.getByTestId('pdf-page-canvas').count(), 20);
    assert.equal(await result.locator('.pdf-page-label').last().innerText(), 'Page 20 of 23');
    assert.match(await result.getByTestId('pdf-more-pages').innerText(), /^3 more pages not shown/);
    const stats = await canvasStats('[data-testid="render-result"]');
    assert.ok(
      stats.every((s) => s.dark > 500),
      'every drawn page has its heading',
    );
    assert.deepEqual(problems, []);
  });
});
