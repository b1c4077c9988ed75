// Page images end to end with real Chromium, poppler, the worker and the blob store:
// PNG pages of a 3-page document at the requested width, pixel-compared with pdftoppm's drawing of the
// downloaded PDF; JPEG and WebP that decode; image-only jobs (no PDF); storage, expiry and deletion with the
// output or PDF; managed PDFs' thumbnails. SQLite + files and (PG_SUITES) PostgreSQL + S3. Bad input is
// refused in test/integration/job-option-refusals.test.ts.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { withPdfFile } from '../helpers/pdf.js';
import { waitUntil } from '../helpers/wait.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

// Three A4 pages, each with a big coloured heading, so a page's pixels are unmistakable.
const PAGE = file(
  'index.html',
  `<!doctype html><html><head><style>
  @page { size: A4; margin: 20mm }
  section { break-after: page; font: 28px sans-serif }
  section:last-child { break-after: auto }
  h1 { font-size: 64px; color: #1a5fb4 }
  </style></head><body>
  <section><h1>Invoice <span id="n"></span></h1><p>Page one: the lines.</p></section>
  <section><h1 style="color:#c01c28">Terms</h1><p>Page two.</p></section>
  <section><h1 style="color:#26a269">Thanks</h1><p>Page three.</p></section>
  <script>window.folio.waitForReady = true;
  fetch(window.folio.payloadUrl).then((r) => r.json()).then((p) => { document.getElementById('n').textContent = p.n; window.folio.ready(); });</script>
  </body></html>`,
);

/** Mean absolute difference of two equally sized RGB images, 0–255. */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((i) => sharp(i).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  assert.deepEqual([x.info.width, x.info.height], [y.info.width, y.info.height], 'same size');
  let sum = 0;
  for (let i = 0; i < x.data.length; i++) sum += Math.abs(x.data[i] - y.data[i]);
  return sum / x.data.length;
}

describe('page images', () => {
  let app: TestApp;
  let deployId = '';

  const render = async (body: Record<string, unknown>, headers?: Record<string, string>) => {
    const created = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', payload: { n: 42 }, ...body }, headers);
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const done = await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=30`, undefined, headers);
    assert.equal(done.status, 200);
    return done.body;
  };
  const fetchSigned = async (url: string) => {
    const u = new URL(url);
    return app.server.inject({ method: 'GET', url: u.pathname + u.search });
  };
  const downloadPdf = async (jobId: string) => {
    const link = await app.api('POST', `/v1/render-jobs/${jobId}/output-download`, {});
    assert.equal(link.status, 200, JSON.stringify(link.body));
    return (await fetchSigned(link.body.access.url)).rawPayload;
  };

  before(async () => {
    app = await createTestApp({ env: { FOLIO_ALLOW_INSECURE_WEBHOOKS: '1' } });
    app.startBackground();
    const v = await deployFiles(app, { createDeploy: { slug: 'invoice', name: 'Invoice' } }, [PAGE]);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
  });
  after(() => app.close());

  let pngJobId = '';

  test('PNG of every page at the requested width, matching pdftoppm of the PDF', async () => {
    const done = await render({ images: { format: 'png', width: 600 } });
    assert.equal(done.job.status, 'succeeded', JSON.stringify(done.job));
    pngJobId = done.job.id;
    assert.deepEqual(done.job.document.images, { format: 'png', pages: 'all', width: 600 });
    assert.equal(done.output.pageCount, 3);
    const list = await app.api('GET', `/v1/render-jobs/${pngJobId}/images?expiresInSeconds=120`);
    assert.equal(list.status, 200, JSON.stringify(list.body));
    assert.deepEqual(
      list.body.images.map((i: { page: number; format: string; width: number }) => [i.page, i.format, i.width]),
      [
        [1, 'png', 600],
        [2, 'png', 600],
        [3, 'png', 600],
      ],
    );
    const first = list.body.images[0];
    // A4's proportions.
    assert.ok(Math.abs(first.height - Math.round((600 * 297) / 210)) <= 2, `height ${first.height}`);
    assert.ok(first.access.expiresAt <= app.clock.now() + 120_000);
    const res = await fetchSigned(first.access.url);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'image/png');
    assert.match(String(res.headers['content-disposition']), /^inline; filename=".*-page-1\.png"/);
    assert.equal(res.rawPayload.length, first.bytes);
    const meta = await sharp(res.rawPayload).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['png', 600, first.height]);

    // poppler's own drawing of the PDF the user downloads, at the same width.
    const pdf = await downloadPdf(pngJobId);
    const reference = withPdfFile(pdf, (p) =>
      execFileSync('pdftoppm', ['-png', '-f', '1', '-l', '1', '-scale-to-x', '600', '-scale-to-y', '-1', '-singlefile', p]),
    );
    const diff = await meanDifference(res.rawPayload, reference);
    assert.ok(diff < 1, `mean difference ${diff.toFixed(3)} of 255`);
    // And the pages are different pages: page 2's red heading is not page 1.
    const page2 = (await fetchSigned(list.body.images[1].access.url)).rawPayload;
    assert.ok((await meanDifference(page2, reference)) > 1, 'page 2 differs from page 1');
  });

  test('JPEG and WebP decode, at the requested quality; a page range pictures only those pages', async () => {
    for (const format of ['jpeg', 'webp'] as const) {
      const done = await render({ images: { format, pages: '2-3', dpi: 72, quality: 60 } });
      assert.equal(done.job.status, 'succeeded', JSON.stringify(done.job));
      const list = await app.api('GET', `/v1/render-jobs/${done.job.id}/images?disposition=attachment`);
      assert.deepEqual(
        list.body.images.map((i: { page: number }) => i.page),
        [2, 3],
      );
      const res = await fetchSigned(list.body.images[0].access.url);
      assert.equal(res.headers['content-type'], `image/${format}`);
      assert.match(
        String(res.headers['content-disposition']),
        new RegExp(`^attachment; filename=".*-page-2\\.${format === 'jpeg' ? 'jpg' : 'webp'}"`),
      );
      const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
      assert.equal(info.width, list.body.images[0].width);
      // A4 at 72 dpi: 595 × 842 points, one pixel each.
      assert.ok(Math.abs(info.width - 595) <= 1 && Math.abs(info.height - 842) <= 1, `${info.width}×${info.height}`);
      assert.ok(
        data.some((v) => v < 200),
        'the page has dark pixels (the heading)',
      );
    }
  });

  test('outputFormat png: only images, no PDF output; the job says so', async () => {
    const done = await render({ outputFormat: 'png', images: { pages: '1', width: 400 } });
    assert.equal(done.job.status, 'succeeded', JSON.stringify(done.job));
    assert.equal(done.job.document.outputFormat, 'png');
    assert.equal(done.output, undefined);
    const link = await app.api('POST', `/v1/render-jobs/${done.job.id}/output-download`, {});
    assert.equal(link.status, 404);
    assert.match(link.body.message, /page images only/);
    const list = await app.api('GET', `/v1/render-jobs/${done.job.id}/images`);
    assert.equal(list.body.images.length, 1);
    assert.equal(list.body.images[0].width, 400);
    // Nothing but the image was stored for it.
    const outputs = await app.services.ctx.db.selectFrom('render_outputs').select('id').where('job_id', '=', done.job.id).execute();
    assert.equal(outputs.length, 0);
    // Without images: page 1 in that format; images.pages asks for more.
    const first = await render({ outputFormat: 'webp' });
    const listed = await app.api('GET', `/v1/render-jobs/${first.job.id}/images`);
    assert.deepEqual(
      listed.body.images.map((i: { format: string; page: number }) => `${i.page}.${i.format}`),
      ['1.webp'],
    );
    const all = await render({ outputFormat: 'webp', images: { pages: 'all' } });
    const every = await app.api('GET', `/v1/render-jobs/${all.job.id}/images`);
    assert.deepEqual(
      every.body.images.map((i: { format: string; page: number }) => `${i.page}.${i.format}`),
      ['1.webp', '2.webp', '3.webp'],
    );
  });

  test('POST /v1/render with an image outputFormat answers the image; several pages answer as JSON', async () => {
    const sync = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      app.server.inject({
        method: 'POST',
        url: '/v1/render',
        headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ deployId, deployVersionId: 'latest', payload: { n: 7 }, ...body }),
      });
    const one = await sync({ outputFormat: 'jpeg', images: { width: 320, quality: 70 } });
    assert.equal(one.statusCode, 200, one.body);
    assert.equal(one.headers['content-type'], 'image/jpeg');
    assert.match(String(one.headers['folio-job-id']), /^job_/);
    const meta = await sharp(one.rawPayload).metadata();
    assert.deepEqual([meta.format, meta.width], ['jpeg', 320]);

    const json = await sync({ outputFormat: 'png', images: { pages: 'all', width: 200 } }, { accept: 'application/json' });
    assert.equal(json.statusCode, 200, json.body);
    const answer = JSON.parse(json.body);
    assert.equal(answer.access, undefined);
    assert.deepEqual(
      answer.images.map((i: { page: number }) => i.page),
      [1, 2, 3],
    );
    // A PDF job with images answers the PDF, and its JSON answer lists the images beside the link.
    const pdf = await sync({ images: { format: 'png', pages: '2', width: 200 } });
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    const both = JSON.parse((await sync({ images: { format: 'png', pages: '2', width: 200 } }, { accept: 'application/json' })).body);
    assert.ok(both.access.url);
    assert.equal(both.images[0].page, 2);
  });

  test("the job's webhook carries its images with fresh signed links", async () => {
    const receiver = await startReceiver();
    try {
      const v = await deployFiles(app, { createDeploy: { slug: 'hooked', name: 'Hooked' } }, [PAGE]);
      const s = await app.api('PATCH', `/v1/deploys/${v.deployId}/settings`, { webhook: { enabled: true, url: receiver.url } });
      assert.equal(s.status, 200, JSON.stringify(s.body));
      const created = await app.api('POST', '/v1/render-jobs', {
        deployId: v.deployId,
        deployVersionId: 'latest',
        payload: { n: 1 },
        images: { format: 'webp', pages: '1-2', width: 150 },
      });
      await waitUntil('the webhook', () => receiver.received.length > 0, { timeoutMs: 30_000 });
      const data = receiver.received[0].body.data;
      assert.equal(data.job.id, created.body.job.id);
      assert.ok(data.output.download.url);
      assert.deepEqual(
        data.images.map((i: { page: number; format: string; width: number }) => [i.page, i.format, i.width]),
        [
          [1, 'webp', 150],
          [2, 'webp', 150],
        ],
      );
      const img = await fetchSigned(data.images[1].access.url);
      assert.equal(img.headers['content-type'], 'image/webp');
    } finally {
      await receiver.close();
    }
  });

  test('a page past the end fails the job with pdf_postprocess_failed, naming the page count', async () => {
    const done = await render({ images: { format: 'png', pages: '5' } });
    assert.equal(done.job.status, 'failed');
    assert.equal(done.job.errorCode, 'pdf_postprocess_failed');
    assert.match(done.job.errorMessage, /names page 5, but the document has 3 pages/);
    const list = await app.api('GET', `/v1/render-jobs/${done.job.id}/images`);
    assert.equal(list.status, 409);
  });

  test('images count as render outputs in storage; deleting the output deletes them, bytes too', async () => {
    const usage = async () => (await app.api('GET', '/v1/usage')).body.liveStorage.renderOutputStorageBytes as number;
    const list = await app.api('GET', `/v1/render-jobs/${pngJobId}/images`);
    const imageBytes = list.body.images.reduce((n: number, i: { bytes: number }) => n + i.bytes, 0);
    const beforeDelete = await usage();
    assert.ok(beforeDelete >= imageBytes, `${beforeDelete} counts the ${imageBytes} image bytes`);
    const keys = await app.services.ctx.db.selectFrom('page_images').select('storage_key').where('job_id', '=', pngJobId).execute();
    const del = await app.api('DELETE', `/v1/render-jobs/${pngJobId}/output`);
    assert.equal(del.status, 204, JSON.stringify(del.body));
    assert.equal((await fetchSigned(list.body.images[0].access.url)).statusCode, 404);
    assert.equal((await app.api('GET', `/v1/render-jobs/${pngJobId}/images`)).status, 404);
    assert.ok((await usage()) <= beforeDelete - imageBytes);
    await app.janitor!.runOnce();
    for (const { storage_key } of keys) assert.equal(await app.services.ctx.blobs.stat(storage_key), null, storage_key);
  });

  test("a transient job's images expire with its output", async () => {
    const done = await render({ images: { format: 'png', pages: '1', width: 100 } });
    const list = await app.api('GET', `/v1/render-jobs/${done.job.id}/images`);
    assert.equal(list.body.images.length, 1);
    app.clock.advance(app.services.ctx.config.transientOutputTtlSeconds * 1000 + 1000);
    const report = await app.janitor!.runOnce();
    assert.ok(report.expiredImages >= 1 && report.purgedImages >= 1, JSON.stringify(report));
    assert.equal((await app.api('GET', `/v1/render-jobs/${done.job.id}/images`)).status, 404);
  });

  test("managed: images and the PDF's thumbnail live with the PDF; other accounts get 404", async () => {
    const done = await render({ outputMode: 'managed', images: { format: 'webp', pages: '1' } });
    assert.equal(done.job.status, 'succeeded', JSON.stringify(done.job));
    const pdfId = done.pdf.id;
    const thumb = await app.server.inject({
      method: 'GET',
      url: `/v1/pdfs/${pdfId}/thumbnail`,
      headers: { authorization: `Bearer ${app.key}` },
    });
    assert.equal(thumb.statusCode, 200, thumb.body);
    assert.equal(thumb.headers['content-type'], 'image/png');
    const meta = await sharp(thumb.rawPayload).metadata();
    assert.equal(meta.width, 240);
    const again = await app.server.inject({
      method: 'GET',
      url: `/v1/pdfs/${pdfId}/thumbnail`,
      headers: { authorization: `Bearer ${app.key}`, 'if-none-match': String(thumb.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
    const other = await app.services.accounts.create({ name: 'Other' });
    const foreign = await app.server.inject({
      method: 'GET',
      url: `/v1/pdfs/${pdfId}/thumbnail`,
      headers: { authorization: `Bearer ${other.apiKey}` },
    });
    assert.equal(foreign.statusCode, 404);
    const foreignImages = await app.api('GET', `/v1/render-jobs/${done.job.id}/images`, undefined, {
      authorization: `Bearer ${other.apiKey}`,
    });
    assert.equal(foreignImages.status, 404);

    // Past the transient window the managed job's images are still there.
    app.clock.advance(app.services.ctx.config.transientOutputTtlSeconds * 1000 + 1000);
    await app.janitor!.runOnce();
    const list = await app.api('GET', `/v1/render-jobs/${done.job.id}/images`);
    assert.equal(list.status, 200);
    assert.equal(list.body.images.length, 1);
    const keys = await app.services.ctx.db
      .selectFrom('page_images')
      .select('storage_key')
      .where((eb) => eb.or([eb('job_id', '=', done.job.id), eb('pdf_id', '=', pdfId)]))
      .execute();
    assert.equal(keys.length, 2);
    assert.equal((await app.api('DELETE', `/v1/pdfs/${pdfId}`)).status, 204);
    assert.equal((await app.api('GET', `/v1/render-jobs/${done.job.id}/images`)).status, 404);
    await app.janitor!.runOnce();
    for (const { storage_key } of keys) assert.equal(await app.services.ctx.blobs.stat(storage_key), null, storage_key);
  });

  test('a protected job: the images show the pages, the PDF stays encrypted; its thumbnail is unavailable', async () => {
    const done = await render({
      outputMode: 'managed',
      protection: { userPassword: 'open-sesame-1', ownerPassword: 'owner-secret-2' },
      images: { format: 'png', pages: '1', width: 300 },
    });
    assert.equal(done.job.status, 'succeeded', JSON.stringify(done.job));
    const list = await app.api('GET', `/v1/render-jobs/${done.job.id}/images`);
    const img = (await fetchSigned(list.body.images[0].access.url)).rawPayload;
    assert.equal((await sharp(img).metadata()).width, 300);
    const thumb = await app.api('GET', `/v1/pdfs/${done.pdf.id}/thumbnail`);
    assert.equal(thumb.status, 409);
    assert.equal(thumb.body.error, 'thumbnail_unavailable');
  });
});
