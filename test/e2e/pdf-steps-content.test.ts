// POST /v1/pdf-jobs steps that bring content from outside the document — image and PDF-page stamps,
// `merge`, `attachments`, `outline` — end to end on uploaded PDFs, each result checked with poppler and qpdf.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { storedPdf, uploadPdf } from '../helpers/managed-pdfs.js';
import { pagesPdf, squarePdf, tool } from '../helpers/outside-pdfs.js';
import { pageImages, withPdfFile } from '../helpers/pdf.js';

describe('POST /v1/pdf-jobs: stamps from images and PDF pages, merge, attachments, outline', () => {
  let app: TestApp;
  let other: { accountId: string; apiKey: string };
  const ids: Record<string, string> = {};
  let png: Buffer;

  const upload = (pdf: Buffer, key = app.key) => uploadPdf(app, pdf, key);
  const job = (body: unknown) => app.api('POST', '/v1/pdf-jobs', body);
  const stored = (id: string) => storedPdf(app, id);
  async function one(body: unknown): Promise<Buffer> {
    const res = await job(body);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return stored(res.body.pdfs[0].id);
  }
  const text = (pdf: Buffer, page: number) => tool('pdftotext', (f) => ['-f', String(page), '-l', String(page), f, '-'], pdf).text;
  const check = (pdf: Buffer) => assert.equal(tool('qpdf', (f) => ['--check', f], pdf).status, 0);

  before(async () => {
    app = await createTestApp();
    // Content steps run as a job: the worker takes it.
    app.startBackground();
    other = await app.services.accounts.create({ name: 'Other' });
    ids.five = await upload(await pagesPdf(5));
    ids.three = await upload(await pagesPdf(3));
    ids.otherThree = await upload(await pagesPdf(3), other.apiKey);
    // A PNG drawn by poppler from a PDF (a black square on white), 40 dpi.
    png = pageImages(await squarePdf(), 40)[0];
  });
  after(() => app.close());

  test('an image stamp on pages 2-3: pdfimages lists it there only, at the PNG size', async () => {
    const pdf = await one({
      sources: [{ pdfId: ids.five }],
      steps: [
        { type: 'stamp', image: { contentBase64: png.toString('base64') }, pages: '2-3', width: 100, position: 'top-right', opacity: 0.8 },
      ],
    });
    check(pdf);
    const list = (page: number) => tool('pdfimages', (f) => ['-list', '-f', String(page), '-l', String(page), f], pdf).text;
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    assert.match(list(2), new RegExp(`\\s${width}\\s+${height}\\s+rgb`));
    assert.match(list(3), new RegExp(`\\s${width}\\s+${height}\\s`));
    assert.equal(list(1).trim().split('\n').length, 2, list(1)); // only the header lines
    assert.match(text(pdf, 2), /Page 2/);
  });

  test('optimize {images: true}: a photo-like PNG becomes a smaller JPEG (pdfimages: jpeg), linearised', async () => {
    // A photo-like image (a gradient with noise): Flate keeps it large, JPEG shrinks it.
    const w = 480;
    const raw = Buffer.alloc(w * w * 3);
    for (let i = 0; i < w * w; i++) {
      const n = (i * 2654435761) % 61;
      raw[i * 3] = ((i % w) * 255) / w + n / 2;
      raw[i * 3 + 1] = (Math.floor(i / w) * 255) / w;
      raw[i * 3 + 2] = 128 + n;
    }
    const { default: sharp } = await import('sharp');
    const photo = await sharp(raw, { raw: { width: w, height: w, channels: 3 } })
      .png()
      .toBuffer();
    const body = (images: boolean) => ({
      sources: [{ pdfId: ids.three }],
      steps: [
        { type: 'stamp', image: { contentBase64: photo.toString('base64') }, pages: '1' },
        { type: 'optimize', images },
      ],
    });
    const plain = await one(body(false));
    const small = await one(body(true));
    check(small);
    const enc = (pdf: Buffer) => tool('pdfimages', (f) => ['-list', '-f', '1', '-l', '1', f], pdf).text;
    assert.match(enc(plain), /image\s+\d+\s+\d+\s+rgb\s+3\s+8\s+image/);
    assert.match(enc(small), /image\s+\d+\s+\d+\s+rgb\s+3\s+8\s+jpeg/);
    assert.ok(small.length < plain.length * 0.8, `${small.length} < 0.8 × ${plain.length}`);
    assert.match(tool('pdfinfo', (f) => [f], small).text, /Optimized:\s+yes/);
    const bad = await job({ sources: [{ pdfId: ids.three }], steps: [{ type: 'optimize', images: 'yes' }] });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.details.field, 'steps[0].images');
  });

  test('a PDF-page stamp: page 2 of another PDF drawn on page 4 (pdftotext reads both texts there)', async () => {
    const pdf = await one({
      sources: [{ pdfId: ids.five }],
      steps: [{ type: 'watermark', pdf: { pdfId: ids.three, page: 2 }, pages: '4', rotation: 0, opacity: 1, width: 300 }],
    });
    check(pdf);
    assert.match(text(pdf, 4), /Page 2/);
    assert.match(text(pdf, 4), /Page 4/);
    assert.doesNotMatch(text(pdf, 3), /Page 2/);
  });

  test('several stamps in one job: text over, a PNG under, a JPEG over (pdfimages: png as image, jpeg as DCT)', async () => {
    const jpeg = withPdfFile(await squarePdf(), (f) => execFileSync('pdftoppm', ['-jpeg', '-r', '20', '-singlefile', f]));
    assert.equal(jpeg[0], 0xff);
    const pdf = await one({
      sources: [{ pdfId: ids.three }],
      steps: [
        { type: 'stamp', text: 'COPY', pages: '1' },
        { type: 'watermark', image: { contentBase64: png.toString('base64') }, pages: '1' },
        { type: 'stamp', image: { contentBase64: jpeg.toString('base64') }, pages: '1', position: 'bottom-left', rotation: 30 },
      ],
    });
    check(pdf);
    assert.match(text(pdf, 1), /COPY/);
    const list = tool('pdfimages', (f) => ['-list', '-f', '1', '-l', '1', f], pdf).text;
    assert.equal(list.trim().split('\n').length, 4, list);
    assert.match(list, /\bjpeg\b/);
  });

  test('merge mid-pipeline: another PDF appended, then a stamp on the joined pages', async () => {
    const res = await job({
      sources: [{ pdfId: ids.five }],
      steps: [
        { type: 'merge', pdfIds: [ids.three] },
        { type: 'stamp', text: 'JOINED', pages: '6-' },
      ],
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.pdfs[0].pageCount, 8);
    const pdf = await stored(res.body.pdfs[0].id);
    assert.match(text(pdf, 6), /Page 1/);
    assert.match(text(pdf, 6), /JOINED/);
    assert.doesNotMatch(text(pdf, 5), /JOINED/);
    const foreign = await job({ sources: [{ pdfId: ids.five }], steps: [{ type: 'merge', pdfIds: [ids.otherThree] }] });
    assert.equal(foreign.status, 404);
  });

  test('attachments: pdfdetach lists and extracts the files; GET /v1/pdfs/{id}/info lists them', async () => {
    const csv = 'id,total\n4711,99.50\n';
    const res = await job({
      sources: [{ pdfId: ids.three }],
      steps: [
        {
          type: 'attachments',
          add: [
            { name: 'totals.csv', contentBase64: Buffer.from(csv).toString('base64'), mimeType: 'text/csv', description: 'Totals' },
            { name: 'note.txt', contentBase64: Buffer.from('hello').toString('base64'), mimeType: 'text/plain' },
          ],
        },
      ],
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const pdf = await stored(res.body.pdfs[0].id);
    check(pdf);
    const listed = tool('pdfdetach', (f) => ['-list', f], pdf).text;
    assert.match(listed, /2 embedded files/);
    assert.match(listed, /totals\.csv/);
    const n = /(\d+): totals\.csv/.exec(listed)![1];
    const saved = tool('pdfdetach', (f, o) => ['-save', n, '-o', o, f], pdf).output;
    assert.equal(saved?.toString(), csv);
    const info = await app.api('GET', `/v1/pdfs/${res.body.pdfs[0].id}/info`);
    assert.equal(info.status, 200, JSON.stringify(info.body));
    assert.match(JSON.stringify(info.body), /totals\.csv/);

    // The API serves one embedded file by name: the bytes as added, as a download; an unknown name is 404.
    const get = (name: string, key = app.key) =>
      app.server.inject({
        method: 'GET',
        url: `/v1/pdfs/${res.body.pdfs[0].id}/attachments/${encodeURIComponent(name)}`,
        headers: { authorization: `Bearer ${key}` },
      });
    const file = await get('totals.csv');
    assert.equal(file.statusCode, 200, file.body);
    assert.equal(file.body, csv);
    assert.equal(file.headers['content-type'], 'application/octet-stream');
    assert.equal(file.headers['x-folio-attachment-type'], 'text/csv');
    assert.match(String(file.headers['content-disposition']), /attachment; filename="totals\.csv"/);
    const missing = await get('nope.csv');
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().error, 'pdf_attachment_not_found');
    assert.equal((await get('totals.csv', other.apiKey)).statusCode, 404);
  });

  test('outline: qpdf reads the bookmarks, nested, with their pages; a page past the last is 422', async () => {
    const pdf = await one({
      sources: [{ pdfId: ids.five }],
      steps: [
        {
          type: 'outline',
          entries: [
            { title: 'Introduction', page: 1 },
            { title: 'Body', page: 2, children: [{ title: 'Détails', page: 4 }] },
          ],
        },
      ],
    });
    check(pdf);
    const json = JSON.parse(tool('qpdf', (f) => ['--json=2', '--json-key=outlines', f], pdf).text) as {
      outlines: Array<{ title: string; destpageposfrom1: number; kids: Array<{ title: string; destpageposfrom1: number }> }>;
    };
    assert.deepEqual(
      json.outlines.map((o) => [o.title, o.destpageposfrom1, o.kids.map((k) => [k.title, k.destpageposfrom1])]),
      [
        ['Introduction', 1, []],
        ['Body', 2, [['Détails', 4]]],
      ],
    );
    // Split by the outline's top-level entries: pages 1, 2–5 (the child entry does not split).
    const parts = await job({
      sources: [{ pdfId: ids.five }],
      steps: [
        {
          type: 'outline',
          entries: [
            { title: 'A', page: 1 },
            { title: 'B', page: 3 },
            { title: 'C', page: 4 },
          ],
        },
        { type: 'split', outline: true },
      ],
    });
    assert.equal(parts.status, 201, JSON.stringify(parts.body));
    assert.deepEqual(
      parts.body.pdfs.map((p: { pageCount: number }) => p.pageCount),
      [2, 1, 2],
    );
    assert.match(text(await stored(parts.body.pdfs[1].id), 1), /Page 3/);
    const none = await job({ sources: [{ pdfId: ids.three }], steps: [{ type: 'split', outline: true }] });
    assert.equal(none.status, 422, JSON.stringify(none.body));
    assert.equal(none.body.details.field, 'steps[0].outline');
    const past = await job({ sources: [{ pdfId: ids.three }], steps: [{ type: 'outline', entries: [{ title: 'X', page: 4 }] }] });
    assert.equal(past.status, 422);
    assert.equal(past.body.details.field, 'steps[0].entries[0].page');
  });
});
