// rasterizePdf draws PDF pages with the real pdftoppm (installed by scripts/setup.sh): on Chromium output
// stored as fixtures and on a PDF made here with pdf-lib, whose page sizes we choose, so sizes are exact.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { test } from 'node:test';
import { inflateSync } from 'node:zlib';
import { PDFDocument, rgb } from 'pdf-lib';
import { pageSizes } from '../../src/pdf/page-tree.js';
import { isPdfError, PdfError } from '../../src/pdf/errors.js';
import { pngSize, rasterizePdf } from '../../src/pdf/rasterize.js';
import { withPdfFile } from '../helpers/pdf.js';

const fixture = (name: string) => fs.readFileSync(new URL(`../fixtures/render/pdf/${name}`, import.meta.url));

/**
 * A4 portrait (595×842 pt), then US Letter landscape (792×612 pt), then A5 (420×595 pt); page 2 is red.
 * pdf-lib packs the objects into object streams, which the in-process page-size reader leaves to pdfinfo;
 * `classic` writes them plainly, as Chromium does, so the page tree is read in this process.
 */
async function threePages(opts: { classic?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  const red = doc.addPage([792, 612]);
  red.drawRectangle({ x: 0, y: 0, width: 792, height: 612, color: rgb(1, 0, 0) });
  doc.addPage([420, 595]);
  return Buffer.from(await doc.save({ useObjectStreams: !opts.classic }));
}

/** The sizes of pdfinfo's media boxes (points, rounded to whole points) for pages first..last. */
function pdfinfoSizes(pdf: Buffer, first: number, last: number): Array<[number, { w: number; h: number }]> {
  const out = withPdfFile(pdf, (f) => execFileSync('pdfinfo', ['-box', '-f', String(first), '-l', String(last), f], { encoding: 'utf8' }));
  return [...out.matchAll(/^Page\s+(\d+) MediaBox:\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/gm)].map((m) => [
    Number(m[1]),
    { w: Math.round(Number(m[4]) - Number(m[2])), h: Math.round(Number(m[5]) - Number(m[3])) },
  ]);
}

const rounded = (sizes: Map<number, { w: number; h: number }>) =>
  [...sizes].map(([page, { w, h }]) => [page, { w: Math.round(w), h: Math.round(h) }] as [number, { w: number; h: number }]);

/** The PNG's first pixel row, decoded (8-bit RGB, as pdftoppm writes; filter byte first). */
function firstRow(png: Buffer): Buffer {
  const chunks: Buffer[] = [];
  let ihdr: Buffer | null = null;
  for (let at = 8; at < png.length;) {
    const len = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') ihdr = data;
    if (type === 'IDAT') chunks.push(data);
    at += 12 + len;
  }
  assert.ok(ihdr, 'IHDR chunk');
  assert.equal(ihdr[8], 8, 'bit depth 8');
  assert.equal(ihdr[9], 2, 'colour type 2 (RGB)');
  const raw = inflateSync(Buffer.concat(chunks));
  const width = ihdr.readUInt32BE(0);
  assert.equal(raw.length, (1 + width * 3) * ihdr.readUInt32BE(4), 'decompressed size matches the header');
  return raw.subarray(1, 1 + width * 3);
}

test('draws every page as a PNG whose size follows the page size and the resolution', async () => {
  const pages = await rasterizePdf(await threePages(), { dpi: 72 });
  assert.deepEqual(
    pages.map(({ page, width, height }) => ({ page, width, height })),
    [
      { page: 1, width: 595, height: 842 },
      { page: 2, width: 792, height: 612 },
      { page: 3, width: 420, height: 595 },
    ],
  );
  for (const p of pages) assert.deepEqual(pngSize(p.data), { width: p.width, height: p.height });
  // The pixels are the page's: page 2 is filled red, page 1 is blank paper.
  const red = firstRow(pages[1].data);
  assert.deepEqual([...red.subarray(0, 3)], [255, 0, 0]);
  assert.deepEqual([...firstRow(pages[0].data).subarray(0, 3)], [255, 255, 255]);
});

test('a width in pixels scales every page to it; page ranges and maxPages bound the work', async () => {
  const pdf = await threePages();
  const wide = await rasterizePdf(pdf, { width: 400 });
  assert.deepEqual(
    wide.map((p) => p.width),
    [400, 400, 400],
  );
  // The height keeps the page's aspect ratio (pdftoppm rounds up).
  for (const [i, ratio] of [842 / 595, 612 / 792, 595 / 420].entries())
    assert.ok(Math.abs(wide[i].height - ratio * 400) < 1, `page ${i + 1}: ${wide[i].height} vs ${ratio * 400}`);
  assert.deepEqual(
    (await rasterizePdf(pdf, { firstPage: 2, lastPage: 3, dpi: 36 })).map((p) => p.page),
    [2, 3],
  );
  assert.deepEqual(
    (await rasterizePdf(pdf, { maxPages: 2, dpi: 36 })).map((p) => p.page),
    [1, 2],
  );
  await assert.rejects(rasterizePdf(pdf, { firstPage: 4 }), (err: unknown) => isPdfError(err, 'rasterize_failed'));
});

test('parallel: several pdftoppm processes share the pages; the result is the same', async () => {
  const pdf = fixture('tagged-22-pages.pdf');
  const one = await rasterizePdf(pdf, { dpi: 24 });
  for (const parallel of [2, 3, 30]) {
    const many = await rasterizePdf(pdf, { dpi: 24, parallel });
    assert.deepEqual(
      many.map((p) => p.page),
      one.map((p) => p.page),
      `parallel ${parallel}`,
    );
    for (const [i, p] of many.entries()) assert.ok(p.data.equals(one[i].data), `page ${p.page}, parallel ${parallel}`);
  }
  // A range and maxPages are honoured, and a range past the end is clipped to the PDF's pages.
  assert.deepEqual(
    (await rasterizePdf(pdf, { dpi: 24, parallel: 2, firstPage: 20, lastPage: 40 })).map((p) => p.page),
    [20, 21, 22],
  );
  assert.deepEqual(
    (await rasterizePdf(pdf, { dpi: 24, parallel: 4, maxPages: 5 })).map((p) => p.page),
    [1, 2, 3, 4, 5],
  );
  await assert.rejects(rasterizePdf(pdf, { parallel: 2, firstPage: 23 }), (err: unknown) => isPdfError(err, 'rasterize_failed'));
});

test('page sizes are read from the page tree, as pdfinfo reports them; packed files are left to pdfinfo', async () => {
  const chromium = fixture('tagged-22-pages.pdf');
  const read = pageSizes(chromium, 20, 30);
  assert.ok(read, 'Chromium output is read in this process');
  assert.equal(read.count, 22);
  assert.deepEqual(rounded(read.sizes), pdfinfoSizes(chromium, 20, 22));
  // pdftoppm draws the media box, crop box or not: that is the size the pixels are bounded by.
  const doc = await PDFDocument.load(await threePages({ classic: true }));
  doc.getPage(0).setCropBox(100, 100, 300, 400);
  const cropped = Buffer.from(await doc.save({ useObjectStreams: false }));
  const sizes = pageSizes(cropped, 1, 3);
  assert.ok(sizes);
  assert.deepEqual(rounded(sizes.sizes), pdfinfoSizes(cropped, 1, 3));
  assert.deepEqual(sizes.sizes.get(1), { w: 595, h: 842 });
  const [drawn] = await rasterizePdf(cropped, { dpi: 72, lastPage: 1 });
  assert.deepEqual([drawn.width, drawn.height], [595, 842]);
  assert.equal(pageSizes(await threePages(), 1, 3), null, 'object streams: pdfinfo is asked');
});

test('Chromium output: one image per page', async () => {
  const pages = await rasterizePdf(fixture('tagged-22-pages.pdf'), { dpi: 24 });
  assert.deepEqual(
    pages.map((p) => p.page),
    Array.from({ length: 22 }, (_, i) => i + 1),
  );
  const [one] = await rasterizePdf(fixture('untagged-1-page.pdf'));
  assert.ok(one.width > 500 && one.height > 500, `${one.width}×${one.height} at 96 dpi`);
});

test('bounded: too many bytes of images, too long, or a PDF that is not one, is a PdfError of kind rasterize_failed', async () => {
  // 22 pages at 300 dpi take pdftoppm well over a second.
  await assert.rejects(rasterizePdf(fixture('tagged-22-pages.pdf'), { dpi: 300, timeoutMs: 50 }), /took longer than 50 ms/);
  await assert.rejects(rasterizePdf(await threePages(), { maxOutputBytes: 100 }), /exceed 100 bytes/);
  // Refused before anything is drawn: 595 × 842 × 3 bytes of pixels for page 1 at 72 dpi, 3.7 MB for all
  // three; the sizes from pdfinfo (object streams) or from the page tree (classic).
  for (const classic of [false, true]) {
    await assert.rejects(
      rasterizePdf(await threePages({ classic }), { dpi: 72, maxPagePixelBytes: 1_000_000 }),
      /page 1 would be 15\d{5} bytes of pixels/,
    );
    await assert.rejects(
      rasterizePdf(await threePages({ classic }), { dpi: 72, maxPixelBytes: 3_000_000 }),
      /the pages would be 3\d{6} bytes of pixels/,
    );
  }
  await assert.rejects(rasterizePdf(await threePages({ classic: true }), { firstPage: 4 }), /the PDF has no page 4/);
  await assert.rejects(rasterizePdf(Buffer.from('not a pdf')), (err: unknown) => {
    assert.ok(isPdfError(err, 'rasterize_failed'));
    assert.match(err.message, /^pdfinfo exited with \d+/);
    return true;
  });
});

test('a missing pdftoppm is a PdfError of kind rasterizer_missing that says how to install it; nothing is left in tmp', async () => {
  const before = fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('folio-rasterize-'));
  await assert.rejects(rasterizePdf(await threePages(), { command: '/nonexistent/pdftoppm' }), (err: unknown) => {
    assert.ok(err instanceof PdfError);
    assert.equal(err.kind, 'rasterizer_missing');
    assert.match(err.message, /apt-get install poppler-utils/);
    return true;
  });
  const after = fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('folio-rasterize-'));
  assert.deepEqual(after, before);
});

test('JPEG and WebP: encoded from the same pixels, at the requested quality', async () => {
  const { default: sharp } = await import('sharp');
  const pdf = await threePages();
  const [png] = await rasterizePdf(pdf, { dpi: 36, lastPage: 2, firstPage: 2 });
  for (const format of ['jpeg', 'webp'] as const) {
    const [high] = await rasterizePdf(pdf, { dpi: 36, firstPage: 2, lastPage: 2, format, quality: 95 });
    assert.equal(high.format, format);
    assert.deepEqual([high.width, high.height], [png.width, png.height]);
    const meta = await sharp(high.data).metadata();
    assert.equal(meta.format, format);
    assert.deepEqual([meta.width, meta.height], [png.width, png.height]);
    // Decoded, page 2 is still red.
    const { data } = await sharp(high.data).raw().toBuffer({ resolveWithObject: true });
    assert.ok(data[0] > 230 && data[1] < 30 && data[2] < 30, `${format}: first pixel ${[...data.subarray(0, 3)]}`);
    // On a page of text, quality shows in the size.
    const [rough] = await rasterizePdf(fixture('tagged-22-pages.pdf'), { format, quality: 10, lastPage: 1 });
    const [fine] = await rasterizePdf(fixture('tagged-22-pages.pdf'), { format, quality: 95, lastPage: 1 });
    assert.ok(rough.data.length < fine.data.length / 2, `${format}: ${rough.data.length} bytes at 10, ${fine.data.length} at 95`);
  }
  await assert.rejects(rasterizePdf(pdf, { format: 'jpeg', quality: 101 }), RangeError);
});
