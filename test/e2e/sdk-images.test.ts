// The SDK's page-image methods against a real server (an in-process app on a real port, its worker rendering
// in Chromium and drawing pages with poppler): renderJobs.images() and downloadImages(), pdfs.thumbnail(),
// render() with an image outputFormat and renderImages() for several pages.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { createClient, FolioApiError, type FolioClient } from '../../src/sdk/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

const PAGE = file(
  'index.html',
  `<!doctype html><html><head><style>
  @page { size: A5; margin: 12mm }
  section { break-after: page; font: 20px sans-serif }
  section:last-child { break-after: auto }
  </style></head><body>
  <section><h1 style="color:#1a5fb4">One</h1></section>
  <section><h1 style="color:#c01c28">Two</h1></section>
  <section><h1 style="color:#26a269">Three</h1></section>
  </body></html>`,
);

const isPng = (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
const isWebp = (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('SDK page images', () => {
  let app: TestApp;
  let client: FolioClient;
  let deployId = '';

  before(async () => {
    app = await createTestApp();
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
    // Signed links point at the public URL, as `folio serve` sets it once the port is known.
    app.config.resolved.publicUrl = baseUrl;
    app.startBackground();
    const v = await deployFiles(app, { createDeploy: { slug: 'pages', name: 'Pages' } }, [PAGE]);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
    client = createClient({ baseUrl, apiKey: app.key });
  });
  after(() => app.close());

  test('renderJobs.images() lists the pages with signed links; downloadImages() fetches their bytes', async () => {
    const done = await client.renderAndWait({ deployId, deployVersionId: 'latest', images: { format: 'png', pages: '2-', width: 200 } });
    const { images } = await client.renderJobs.images(done.job.id, { expiresInSeconds: 120, disposition: 'attachment' });
    assert.deepEqual(
      images.map((i) => [i.page, i.format, i.width]),
      [
        [2, 'png', 200],
        [3, 'png', 200],
      ],
    );
    // 120 s from the moment the server signed it, by the server's clock (the test's, which stands still).
    assert.equal(images[0]!.access.expiresAt, app.clock.now() + 120_000);
    const signed = await fetch(images[0]!.access.url);
    assert.equal(signed.status, 200);
    assert.match(signed.headers.get('content-disposition') ?? '', /^attachment; filename="job_\w+-page-2\.png"/);

    const downloaded = await client.renderJobs.downloadImages(done.job.id);
    assert.deepEqual(
      downloaded.map((i) => [i.page, i.format, i.width, i.bytes]),
      images.map((i) => [i.page, i.format, i.width, i.bytes]),
    );
    for (const i of downloaded) {
      assert.ok(isPng(i.image), `page ${i.page} is a PNG`);
      assert.equal(i.image.length, i.bytes);
      assert.equal((await sharp(i.image).metadata()).height, i.height);
    }

    // A job that asked for no images has an empty list; an unknown job is a 404.
    const plain = await client.renderAndWait({ deployId, deployVersionId: 'latest' });
    assert.deepEqual(await client.renderJobs.images(plain.job.id), { images: [] });
    assert.deepEqual(await client.renderJobs.downloadImages(plain.job.id), []);
    await assert.rejects(
      client.renderJobs.images('job_00000000000000000000000000'),
      (err: unknown) => err instanceof FolioApiError && err.status === 404 && err.code === 'render_job_not_found',
    );
  });

  test('pdfs.thumbnail() returns page 1 of a managed PDF as a PNG 240 px wide', async () => {
    const done = await client.renderAndWait({ deployId, deployVersionId: 'latest', outputMode: 'managed' });
    const png = await client.pdfs.thumbnail(done.pdf!.id);
    assert.ok(Buffer.isBuffer(png) && isPng(png), 'a PNG');
    assert.equal(png.readUInt32BE(16), 240);
    // The same bytes the next time (kept with the PDF).
    assert.equal(sha256(await client.pdfs.thumbnail(done.pdf!.id)), sha256(png));
    await assert.rejects(
      client.pdfs.thumbnail('pdf_00000000000000000000000000'),
      (err: unknown) => err instanceof FolioApiError && err.status === 404 && err.code === 'pdf_not_found',
    );
  });

  test('render() with an image outputFormat resolves with the image; several pages go through renderImages()', async () => {
    const png = await client.render({ deployId, deployVersionId: 'latest', outputFormat: 'png', images: { width: 300 } });
    assert.equal(png.status, 'succeeded');
    if (png.status !== 'succeeded') return;
    assert.ok(isPng(png.image), 'PNG bytes');
    assert.equal(png.image.readUInt32BE(16), 300);
    assert.equal(png.format, 'png');
    assert.equal(png.contentType, 'image/png');
    assert.equal(png.sha256, sha256(png.image));
    assert.match(png.jobId, /^job_\w+$/);
    assert.equal(png.fileName, `${png.jobId}-page-1.png`);

    const webp = await client.render({ deployId, deployVersionId: 'latest', outputFormat: 'webp', images: { pages: '3', quality: 50 } });
    assert.ok(webp.status === 'succeeded' && isWebp(webp.image) && webp.format === 'webp');

    // renderStream() streams the image and says what it is.
    const streamed = await client.renderStream({ deployId, deployVersionId: 'latest', outputFormat: 'webp' });
    assert.ok(streamed.status === 'succeeded');
    assert.equal(streamed.contentType, 'image/webp');
    const chunks: Buffer[] = [];
    for await (const c of streamed.stream) chunks.push(c as Buffer);
    assert.ok(isWebp(Buffer.concat(chunks)));

    // A PDF stays a PDF.
    const pdf = await client.render({ deployId, deployVersionId: 'latest', images: { format: 'png', pages: '1' } });
    assert.ok(pdf.status === 'succeeded' && pdf.pdf.subarray(0, 5).toString() === '%PDF-' && pdf.pageCount === 3);

    // One request cannot answer several pictures as bytes: the server's 400 names the field.
    await assert.rejects(
      client.render({ deployId, deployVersionId: 'latest', outputFormat: 'png', images: { pages: 'all' } }),
      (err: unknown) => err instanceof FolioApiError && err.status === 400 && err.details?.field === 'images.pages',
    );
    const all = await client.renderImages({ deployId, deployVersionId: 'latest', outputFormat: 'jpeg', images: { pages: 'all', dpi: 30 } });
    assert.equal(all.status, 'succeeded');
    if (all.status !== 'succeeded') return;
    assert.equal(all.job.document?.outputFormat, 'jpeg');
    assert.deepEqual(
      all.images.map((i) => [i.page, i.format]),
      [
        [1, 'jpeg'],
        [2, 'jpeg'],
        [3, 'jpeg'],
      ],
    );
    for (const i of all.images) assert.equal((await sharp(i.image).metadata()).format, 'jpeg');
  });
});
