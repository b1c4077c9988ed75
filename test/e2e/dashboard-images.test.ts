// Page images and thumbnails in the dashboard, in a real browser (playwright-core driving Debian's Chromium)
// against `bin/folio serve` with its worker: the PDFs list shows a managed PDF's first-page thumbnail (loaded
// with the session cookie: the same URL answers 401 without it) and a placeholder — never a broken image —
// for a PDF that needs a password to open; a merge batch's combined PDF has its thumbnail too; a job page
// shows the images a job asked for (what it asked, then each image loaded at its size, with its page and pixel
// size); an image-only job shows its image instead of a PDF and offers no PDF download; images that are gone
// are a note. Any CSP violation fails the test.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { file } from '../helpers/bundle.js';
import { newBrowserContext, signIn, startDashboardServer } from '../helpers/dashboard.js';
import { deployOverHttp } from '../helpers/http-deploy.js';
import { client, type Client } from '../helpers/http-client.js';
import { ROOT, type ServerProcess } from '../helpers/server-process.js';
import { waitFor } from '../helpers/wait.js';

const KEY = 'folio_sk_imagesdash000000000000000000000000000001';
/** Screenshots for a look at the pages (not compared): test-output only, never the committed docs/screenshots. */
const SHOTS = path.join(ROOT, 'test-output/screenshots');

// Two A4 pages, each with a big heading.
const PAGE = file(
  'index.html',
  `<!doctype html><html><head><style>
  @page { size: A4; margin: 20mm }
  section { break-after: page; font: 28px sans-serif }
  section:last-child { break-after: auto }
  h1 { font-size: 64px; color: #1a5fb4 }
  </style></head><body>
  <section><h1>Statement</h1><p>Page one.</p></section>
  <section><h1>Terms</h1><p>Page two.</p></section>
  </body></html>`,
);

/** Waits until every <img> under `where` has finished loading or failing; answers their natural widths (0: broken). */
async function settledImages(where: Locator): Promise<number[]> {
  await where
    .page()
    .waitForFunction(
      (el) => Array.from((el as Element).querySelectorAll('img')).every((i) => (i as HTMLImageElement).complete),
      await where.elementHandle(),
    );
  return where.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth));
}

describe('dashboard: thumbnails and page images in a browser', () => {
  let server: ServerProcess;
  let context: BrowserContext;
  let page: Page;
  let api: Client;
  let deployId = '';
  const cspViolations: string[] = [];
  const thumbnailAnswers = new Map<string, number>();

  const url = (p: string) => server.url + p;
  const heading = (text: string | RegExp) => page.getByRole('heading', { level: 1, name: text }).waitFor();
  const shot = async (name: string) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  };

  /** Renders through the API and waits for the end; answers the job detail ({job, output?, pdf?}). */
  async function render(extra: Record<string, unknown>) {
    const created = await api.request('POST', '/v1/render-jobs', { json: { deployId, deployVersionId: 'latest', payload: {}, ...extra } });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const id = created.body.job.id as string;
    for (let i = 0; i < 6; i++) {
      const r = await api.request('GET', `/v1/render-jobs/${id}?waitSeconds=20`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      if (r.body.job.status === 'succeeded') return r.body;
      assert.ok(['queued', 'rendering', 'retry_scheduled'].includes(r.body.job.status), JSON.stringify(r.body.job));
    }
    throw new Error(`job ${id} did not finish`);
  }

  async function images(jobId: string): Promise<{ page: number; width: number; height: number; access: { url: string } }[]> {
    const r = await api.request('GET', `/v1/render-jobs/${jobId}/images`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.images;
  }

  before(async () => {
    server = await startDashboardServer('folio-dash-images-data-', KEY);
    api = client(server.url, KEY);
    deployId = (await deployOverHttp(api, 'statement', [PAGE], { name: 'Statement' })).deployId;
    context = await newBrowserContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
    });
    page.on('response', (r) => {
      const m = /\/v1\/pdfs\/([^/]+)\/thumbnail$/.exec(new URL(r.url()).pathname);
      if (m) thumbnailAnswers.set(m[1], r.status());
    });
    await signIn(page, url('/dashboard/pdfs'));
    await heading('PDFs');
  });
  after(async () => {
    await context?.close();
    await server?.stop();
    assert.deepEqual(cspViolations, [], 'no CSP violation');
  });

  test('the PDFs list shows the first-page thumbnail, and a placeholder for a PDF that needs a password', async () => {
    const plain = await render({ outputMode: 'managed', businessKey: 'thumb-plain' });
    const locked = await render({
      outputMode: 'managed',
      businessKey: 'thumb-protected',
      protection: { userPassword: 'u-pass-1', ownerPassword: 'o-pass-2' },
    });

    await page.goto(url('/dashboard/pdfs'));
    await heading('PDFs');
    const rows = page.getByTestId('pdfs-table').getByRole('row');
    const plainRow = rows.filter({ has: page.getByRole('link', { name: plain.pdf.fileName, exact: true }) });
    const lockedRow = rows.filter({ has: page.getByRole('link', { name: locked.pdf.fileName, exact: true }) });
    await plainRow.waitFor();
    await lockedRow.waitFor();

    // The plain PDF: its 240 px PNG has loaded into a fixed 48 × 68 box, lazily, and the placeholder is gone.
    const img = plainRow.getByTestId('pdf-thumb').locator('img');
    assert.deepEqual(await settledImages(plainRow), [240]);
    assert.equal(await img.getAttribute('src'), `/v1/pdfs/${plain.pdf.id}/thumbnail`);
    assert.equal(await img.getAttribute('loading'), 'lazy');
    assert.equal(await img.getAttribute('width'), '48');
    assert.equal(await img.getAttribute('height'), '68');
    assert.equal(await plainRow.getByTestId('thumb-placeholder').count(), 0);
    assert.equal(thumbnailAnswers.get(plain.pdf.id), 200);
    // The browser's request carried no key: the session cookie authenticated it. Without it, 401.
    const anonymous = await fetch(url(`/v1/pdfs/${plain.pdf.id}/thumbnail`));
    assert.equal(anonymous.status, 401);

    // The protected PDF: the API has no thumbnail of it (409), the row shows the padlock placeholder and no image.
    const thumb = lockedRow.getByTestId('pdf-thumb');
    await lockedRow.locator('[data-thumb="unavailable"]').waitFor();
    assert.equal(thumbnailAnswers.get(locked.pdf.id), 409);
    assert.equal(await thumb.getByTestId('thumb-protected').innerText(), 'protected');
    assert.equal(await thumb.locator('img').count(), 0, 'no broken image');
    assert.equal(await lockedRow.getByTestId('pdf-protected').innerText(), 'protected');

    // The placeholder takes the image's place: the two boxes are the same size, so nothing moves.
    const [a, b] = [await plainRow.getByTestId('pdf-thumb').boundingBox(), await thumb.boundingBox()];
    assert.ok(a && b);
    assert.deepEqual([a.width, a.height], [b.width, b.height]);
    assert.ok(a.width >= 48 && a.width <= 64, `thumbnail width ${a.width}`);

    // No image on the page is broken.
    assert.ok((await settledImages(page.locator('main'))).every((w) => w > 0));

    await shot('pdfs-thumbnails');

    // The thumbnail is also a way to the PDF's page.
    await plainRow.locator('a.thumb-link').click();
    await heading(plain.pdf.fileName);
  });

  test("a merge batch's combined PDF shows its thumbnail on the batch page", async () => {
    const created = await api.request('POST', '/v1/render-batches', {
      json: { deployId, deployVersionId: 'latest', businessKey: 'merged', combine: 'merge', items: [{ payload: {} }, { payload: {} }] },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.batch.id as string;
    type Batch = { status: string; product?: { state: string; pdf?: { id: string } } };
    let last: Batch | undefined;
    const batch = await waitFor(
      () => `the batch completed with its product made (last: ${JSON.stringify(last)})`,
      async () => {
        last = (await api.request('GET', `/v1/render-batches/${id}`)).body.batch as Batch;
        return last.status === 'completed' && last.product?.state !== 'pending' ? last : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 500 },
    );
    assert.equal(batch.product?.state, 'ready', JSON.stringify(batch));

    await page.goto(url(`/dashboard/batches/${id}`));
    await heading('Render batch merged');
    const product = page.locator('#product-title + p');
    await product.getByTestId('product-pdf').waitFor();
    assert.deepEqual(await settledImages(product), [240]);
    assert.equal(await product.getByTestId('pdf-thumb').locator('img').getAttribute('src'), `/v1/pdfs/${batch.product!.pdf!.id}/thumbnail`);
  });

  test('a job with images shows what it asked for and its two images; the PDF stays', async () => {
    const done = await render({ images: { format: 'png', pages: '1-2', width: 200 } });
    const expected = await images(done.job.id);
    assert.deepEqual(
      expected.map((i) => [i.page, i.width]),
      [
        [1, 200],
        [2, 200],
      ],
    );

    await page.goto(url(`/dashboard/jobs/${done.job.id}`));
    await heading(/^Render job/);
    assert.equal(await page.getByTestId('image-options').innerText(), 'PNG · pages 1–2 · 200 px wide');
    assert.equal(await page.getByTestId('output-format').count(), 0);

    const gallery = page.getByTestId('job-images');
    const figures = gallery.getByTestId('job-image');
    await figures.nth(1).waitFor();
    assert.equal(await figures.count(), 2);
    assert.deepEqual(await settledImages(gallery), [200, 200]);
    for (const [i, im] of expected.entries()) {
      const fig = figures.nth(i);
      assert.match(await fig.locator('figcaption').innerText(), new RegExp(`^Page ${im.page} · 200 × ${im.height} px · `));
      const link = fig.getByRole('link');
      assert.equal(await link.getAttribute('target'), '_blank');
      const href = new URL((await link.getAttribute('href'))!);
      // The link is a signed URL of this image (its own expiry, so not the test's URL): it serves the PNG of
      // that page with no key and no cookie.
      const served = await fetch(url(href.pathname + href.search));
      assert.equal(served.status, 200);
      assert.equal(served.headers.get('content-type'), 'image/png');
      assert.match(
        served.headers.get('content-disposition') ?? '',
        new RegExp(`^inline; filename="${done.job.id}-page-${im.page}\\.png";`),
      );
      assert.equal(await fig.locator('img').getAttribute('src'), href.pathname + href.search);
      assert.equal(await fig.locator('img').getAttribute('alt'), `Page ${im.page}`);
    }
    // A PDF job keeps its PDF: its download and preview are still there.
    await page.getByRole('button', { name: 'Download PDF' }).waitFor();
    await page.getByTestId('pdf-open').waitFor();
    await shot('render-job-images');
  });

  test('an image-only job shows its image instead of a PDF and offers no PDF download; once deleted, a note', async () => {
    const done = await render({ outputFormat: 'png' });
    assert.equal(done.output, undefined, 'no PDF output');
    const [only] = await images(done.job.id);
    assert.equal(only.page, 1);

    await page.goto(url(`/dashboard/jobs/${done.job.id}`));
    await heading(/^Render job/);
    assert.equal(await page.getByTestId('output-format').innerText(), 'PNG images only (no PDF)');
    assert.equal(await page.getByTestId('image-options').innerText(), 'PNG · page 1 · 96 dpi');
    await page.getByTestId('image-only-note').waitFor();
    const figures = page.getByTestId('job-image');
    await figures.first().waitFor();
    assert.equal(await figures.count(), 1);
    assert.deepEqual(await settledImages(page.getByTestId('job-images-list')), [only.width]);
    assert.match(await figures.first().locator('figcaption').innerText(), new RegExp(`^Page 1 · ${only.width} × ${only.height} px · `));

    // No PDF: no download, no preview, no "open the PDF" link, and the separate images section stays hidden.
    assert.equal(await page.getByRole('button', { name: 'Download PDF' }).count(), 0);
    assert.equal(await page.getByTestId('pdf-open').count(), 0);
    assert.equal(await page.locator('.pdf-preview, canvas').count(), 0);
    assert.equal(await page.getByTestId('job-images').isVisible(), false);
    await shot('render-job-image-only');

    // Deleted images: the page says so instead of an error.
    const del = await api.request('DELETE', `/v1/render-jobs/${done.job.id}/output`);
    assert.ok([200, 204].includes(del.status), JSON.stringify(del.body));
    await page.reload();
    await heading(/^Render job/);
    await page.getByTestId('job-images-gone').waitFor();
    assert.equal(await page.getByRole('alert').count(), 0);
    assert.equal(await page.getByTestId('job-image').count(), 0);
  });
});
