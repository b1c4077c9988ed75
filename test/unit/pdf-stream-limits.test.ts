// scanPdf (src/pdf/syntax/limits.ts) decodes every stream through its whole filter chain with a ceiling at each
// level, and measures images by their declared pixels; the decoders (src/pdf/syntax/stream-decoders.ts) on known
// inputs; and a stamp image is refused from its header when it declares too many pixels.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { deflateSync, inflateSync } from 'node:zlib';
import { PDFDocument } from '@cantoo/pdf-lib';
import { checkSteps } from '../../src/domain/pdfs/pdf-steps.js';
import { imageSize } from '../../src/pdf/syntax/image-size.js';
import { isPdfError } from '../../src/pdf/errors.js';
import { DEFAULT_PDF_LIMITS, scanPdf, type PdfLimits } from '../../src/pdf/syntax/limits.js';
import { runPdfSteps } from '../../src/pdf/pipeline.js';
import {
  ascii85Decode,
  asciiHexDecode,
  decodeChain,
  flateDecode,
  lzwDecode,
  runLengthDecode,
  runLengthSize,
} from '../../src/pdf/syntax/stream-decoders.js';
import { pdfFromObjects } from '../helpers/hostile-pdfs.js';
import { ascii85, asciiHex, deflatedZeros, lzw, lzwZeros, png, runLength, runLengthRuns } from '../helpers/pdf-encoders.js';

const MiB = 1024 * 1024;
/** Small limits, so each bomb needs only a few MiB to pass them. */
const SMALL: PdfLimits = { ...DEFAULT_PDF_LIMITS, maxStreamBytes: 4 * MiB, maxDecompressedBytes: 10 * MiB };

const stream = (dict: string, data: Buffer) =>
  Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);

/** A one-page PDF whose page draws objects 4… (given as bodies). */
const pagePdf = (...bodies: Array<string | Buffer>) =>
  pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents [${bodies.map((_, i) => `${i + 4} 0 R`).join(' ')}] >>`,
    ...bodies,
  ]);

const refused = (pdf: Buffer, limits: PdfLimits, limit: string, message: RegExp) =>
  assert.throws(
    () => scanPdf(pdf, limits),
    (err: unknown) => isPdfError(err, 'limit') && err.limit === limit && message.test(err.message),
  );

test('the decoders on known inputs', () => {
  const text = (b: Buffer | null) => b?.toString('latin1');
  assert.equal(text(ascii85Decode(Buffer.from('87cURDZ~>'), 100)), 'Hello');
  assert.equal(text(ascii85Decode(Buffer.from('87cU RD_*#\nTDfTZ)+TMKB!!~>'), 100)), 'Hello, world!\0\0\0\0');
  assert.equal(ascii85Decode(Buffer.from('zz~>'), 100)?.length, 8);
  assert.equal(text(asciiHexDecode(Buffer.from('48 65 6C6c\n6F>'), 100)), 'Hello');
  assert.deepEqual([...asciiHexDecode(Buffer.from('A7>'), 100)!], [0xa7]);
  assert.deepEqual([...asciiHexDecode(Buffer.from('7>'), 100)!], [0x70]);
  // A literal run of 3, a byte repeated 257 - 254 = 3 times, the end.
  assert.equal(text(runLengthDecode(Buffer.from([2, 0x61, 0x62, 0x63, 254, 0x78, 128, 0x61]), 100)), 'abcxxx');
  // The example of ISO 32000-1, 7.4.4.2: codes 256 45 258 258 65 259 66 257.
  assert.equal(text(lzwDecode(Buffer.from('800b6050220c0c8501', 'hex'), 100)), '-----A---B');
  assert.equal(text(flateDecode(deflateSync('Hello'), 100)), 'Hello');
  // Round trips past the 10-, 11- and 12-bit codes and a clear, with both /EarlyChange values.
  const long = Buffer.from(Array.from({ length: 60_000 }, (_, i) => 32 + ((i * 7919) % 13) + (i % 97 === 0 ? 40 : 0)));
  for (const early of [1, 0]) assert.ok(lzwDecode(lzw(long, early), 1e6, { earlyChange: early })?.equals(long), `EarlyChange ${early}`);
  assert.ok(ascii85Decode(ascii85(long), 1e6)?.equals(long));
  assert.ok(asciiHexDecode(asciiHex(long), 1e6)?.equals(long));
});

test('each decoder stops once its output would pass the ceiling', () => {
  const cases: Array<[string, (cap: number) => Buffer | null, number]> = [
    ['Flate', (cap) => flateDecode(deflateSync(Buffer.alloc(1000)), cap), 1000],
    ['LZW', (cap) => lzwDecode(lzwZeros(1000), cap), lzwDecode(lzwZeros(1000), 1e6)!.length],
    ['ASCIIHex', (cap) => asciiHexDecode(Buffer.alloc(2000, '0'), cap), 1000],
    ['ASCII85', (cap) => ascii85Decode(Buffer.alloc(250, 'z'), cap), 1000],
    ['RunLength', (cap) => runLengthDecode(Buffer.concat([runLengthRuns(7), Buffer.from([103, ...Buffer.alloc(104)])]), cap), 1000],
  ];
  for (const [name, decode, size] of cases) {
    assert.equal(decode(size)?.length, size, name);
    assert.equal(decode(size - 1), null, name);
  }
  // A chain: the inner level's ceiling counts too.
  const inner = deflateSync(deflateSync(Buffer.alloc(1000)));
  assert.deepEqual(decodeChain(inner, ['FlateDecode', 'FlateDecode'], [], 999), { largest: 1000, over: true });
  assert.deepEqual(decodeChain(inner, ['Fl', 'Fl', 'DCTDecode'], [], 1000), { largest: 1000, over: false });
});

test('Flate inside Flate: 1.5 KB that inflate to 600 MiB are refused at the stream limit', () => {
  const twice = deflateSync(deflatedZeros(600));
  assert.ok(twice.length < 2048, `${twice.length} bytes`);
  refused(
    pagePdf(stream('/Filter [/FlateDecode /FlateDecode]', twice)),
    DEFAULT_PDF_LIMITS,
    'maxStreamBytes',
    /^has a stream \(object 4\) that inflates to more than 128 MiB \(the limit\)$/,
  );
  // Each level under the stream limit, the document's total over its own.
  const three = deflateSync(deflatedZeros(3));
  const pdf = pagePdf(...Array.from({ length: 4 }, () => stream('/Filter [/Fl /Fl]', three)));
  refused(pdf, SMALL, 'maxDecompressedBytes', /more than 10 MiB together/);
});

test('ASCIIHex, ASCII85 and escaped names around Flate: the inner Flate is decoded too', () => {
  const inner = deflatedZeros(16);
  for (const [filter, data] of [
    ['[/ASCIIHexDecode /FlateDecode]', asciiHex(inner)],
    ['[/AHx /Fl]', asciiHex(inner)],
    ['[/ASCII85Decode /FlateDecode]', ascii85(inner)],
    ['[/A85 /Fl#61teDecode]', ascii85(inner)],
  ] as const)
    refused(pagePdf(stream(`/Filter ${filter}`, data)), SMALL, 'maxStreamBytes', /stream \(object 4\) that inflates to more than 4 MiB/);
});

test('RunLength and LZW are decoded', () => {
  refused(pagePdf(stream('/Filter /RunLengthDecode', runLengthRuns(40_000))), SMALL, 'maxStreamBytes', /more than 4 MiB/);
  const bomb = lzwZeros(64 * MiB);
  assert.ok(bomb.length < 60_000, `${bomb.length} bytes`);
  refused(pagePdf(stream('/Filter /LZWDecode', bomb)), SMALL, 'maxStreamBytes', /more than 4 MiB/);
  refused(pagePdf(stream('/Filter [/A85 /LZW]', ascii85(bomb))), SMALL, 'maxStreamBytes', /more than 4 MiB/);
});

test('a damaged Flate stream counts what inflated before the damage', () => {
  // 16 MiB of zeros, then a block of the reserved type 3: zlib fails, and gave nothing back.
  const whole = deflatedZeros(16);
  const damaged = Buffer.concat([whole.subarray(0, whole.length - 6), Buffer.from([0x06, 0, 0, 0, 0, 0])]);
  assert.throws(() => inflateSync(damaged), /invalid block type/);
  refused(pagePdf(stream('/Filter /FlateDecode', damaged)), SMALL, 'maxStreamBytes', /more than 4 MiB/);
  const { decompressedBytes } = scanPdf(pagePdf(stream('/Filter /FlateDecode', damaged)), DEFAULT_PDF_LIMITS);
  assert.ok(decompressedBytes >= 16 * MiB && decompressedBytes <= 18 * MiB, `${decompressedBytes}`);
});

test('the dictionary is read as a PDF reader reads it: references, the last repeated key, not a nested dictionary', () => {
  const inner = deflatedZeros(16);
  const viaRef = pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
    stream('/Filter 5 0 R', asciiHex(inner)),
    '[/ASCIIHexDecode /FlateDecode]',
  ]);
  refused(viaRef, SMALL, 'maxStreamBytes', /more than 4 MiB/);
  refused(pagePdf(stream('/Filter /AHx /Filter [/AHx /Fl]', asciiHex(inner))), SMALL, 'maxStreamBytes', /more than 4 MiB/);
  refused(pagePdf(stream('/Decoy << /Filter /Crypt >> /Filter [/AHx /Fl]', asciiHex(inner))), SMALL, 'maxStreamBytes', /more than 4 MiB/);
  // A reference the raw bytes cannot answer (an object inside an object stream): refused, not counted raw.
  refused(
    pagePdf(stream('/Filter 99 0 R', asciiHex(inner))),
    SMALL,
    'maxStreamBytes',
    /whose \/Filter refers to an object Folio cannot read/,
  );
  refused(pagePdf(stream(`/Filter [${'/AHx '.repeat(9)}]`, Buffer.from('>'))), SMALL, 'maxStreamBytes', /with 9 filters/);
});

test('object and cross-reference streams: FlateDecode alone, within their smaller limit', () => {
  refused(
    pagePdf(stream('/Type /ObjStm /N 1 /First 4 /Filter [/FlateDecode /FlateDecode]', deflateSync(deflateSync('5 0 << >>')))),
    DEFAULT_PDF_LIMITS,
    'maxObjectStreamBytes',
    /object stream \(object 4\) with the filters FlateDecode, FlateDecode/,
  );
  refused(
    pagePdf(stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', deflatedZeros(17))),
    DEFAULT_PDF_LIMITS,
    'maxObjectStreamBytes',
    /more than 16 MiB/,
  );
});

test("an image's pixels: too many refused, their bytes counted against the document", () => {
  const image = (w: number, h: number, more = '/ColorSpace /DeviceRGB /BitsPerComponent 8') =>
    stream(`/Type /XObject /Subtype /Image /Width ${w} /Height ${h} ${more} /Filter /DCTDecode`, Buffer.from('not really a JPEG'));
  refused(
    pagePdf(image(12_000, 12_000)),
    DEFAULT_PDF_LIMITS,
    'maxImagePixels',
    /^has an image \(object 4\) of 144,000,000 pixels, more than 100,000,000 \(the limit\)$/,
  );
  // 9,000 x 9,000 RGB is 243 MB decoded: one fits the 512 MiB of a document, three do not.
  assert.equal(scanPdf(pagePdf(image(9000, 9000)), DEFAULT_PDF_LIMITS).decompressedBytes, 243_000_000);
  refused(
    pagePdf(image(9000, 9000), image(9000, 9000), image(9000, 9000)),
    DEFAULT_PDF_LIMITS,
    'maxDecompressedBytes',
    /image \(object 6\)/,
  );
  // Width and height by reference; a grey 1-bit mask counts one bit a pixel.
  const byRef = pagePdf(image(1, 1).toString('latin1').replace('/Width 1 /Height 1', '/Width 5 0 R /Height 5 0 R'), '12000');
  refused(byRef, DEFAULT_PDF_LIMITS, 'maxImagePixels', /144,000,000 pixels/);
  assert.equal(scanPdf(pagePdf(image(8000, 1000, '/ImageMask true')), DEFAULT_PDF_LIMITS).decompressedBytes, 1_000_000);
});

test('real PDFs pass: pdf-lib with images and object streams, Chromium output, nested filters', async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 300]);
  page.drawText('Folio', { x: 20, y: 250 });
  const rows = Buffer.alloc(41 * 40, 0x80);
  for (let r = 0; r < 40; r++) rows[r * 41] = 0;
  page.drawImage(await doc.embedPng(png(40, 40, deflateSync(rows))), { x: 20, y: 20 });
  const made = Buffer.from(await doc.save({ useObjectStreams: true }));
  assert.match(made.toString('latin1'), /\/Type \/ObjStm/);
  assert.ok(scanPdf(made).decompressedBytes > 0);
  for (const f of ['tagged-22-pages.pdf', 'untagged-1-page.pdf'])
    assert.ok(scanPdf(readFileSync(new URL(`../fixtures/render/pdf/${f}`, import.meta.url))).objects > 5, f);
  // Nested filters as other writers make them; qpdf decodes this file to the same bytes.
  const content = Buffer.from('BT /F1 12 Tf 20 100 Td (nested filters) Tj ET\n'.repeat(500));
  const nested = pagePdf(
    stream('/Filter [/ASCII85Decode /FlateDecode]', ascii85(deflateSync(content))),
    stream('/Filter [/AHx /LZW] /DecodeParms [null << /EarlyChange 0 >>]', asciiHex(lzw(content, 0))),
    stream('/Filter /RL', runLength(content)),
  );
  const scanned = scanPdf(nested, SMALL);
  assert.ok(
    scanned.decompressedBytes >= 3 * content.length && scanned.decompressedBytes < 4 * content.length,
    `${scanned.decompressedBytes}`,
  );
  assert.equal((await PDFDocument.load(nested)).getPageCount(), 1);
});

test('a stamp image declaring too many pixels is refused from its header, before pdf-lib decodes it', async () => {
  const huge = png(12_000, 12_000, deflateSync(Buffer.alloc(12_001 * 4)));
  assert.deepEqual(imageSize(huge), { width: 12_000, height: 12_000 });
  // A JPEG header: SOI, an APP0 segment, SOF0 (8 bits, 12,000 high, 9,000 wide, 3 components).
  const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffc0001108' + '2ee0' + '2328' + '03011100021101031101ffd9', 'hex');
  assert.deepEqual(imageSize(jpeg), { width: 9000, height: 12_000 });
  assert.equal(imageSize(Buffer.from('not an image')), null);
  const source = await PDFDocument.create();
  source.addPage([200, 200]);
  const bytes = await source.save();
  for (const [image, pixels] of [
    [huge, '144,000,000 pixels \\(12,000 x 12,000\\)'],
    [jpeg, '108,000,000 pixels \\(9,000 x 12,000\\)'],
  ] as const) {
    const checked = checkSteps([{ type: 'stamp', image: { contentBase64: image.toString('base64') } }]);
    assert.ok('steps' in checked);
    await assert.rejects(
      runPdfSteps([{ bytes, field: 'sources[0]' }], checked.steps, 0),
      (err: unknown) =>
        isPdfError(err, 'step') &&
        err.field === 'steps[0].image.contentBase64' &&
        new RegExp(`^steps\\[0\\]\\.image: the image has ${pixels}, more than 100,000,000 \\(the limit\\)$`).test(err.message),
    );
  }
  // A small stamp image still draws.
  const rows = Buffer.alloc(11 * 10, 0x40);
  for (let r = 0; r < 10; r++) rows[r * 11] = 0; // each row's filter byte: none
  const small = checkSteps([{ type: 'stamp', image: { contentBase64: png(10, 10, deflateSync(rows)).toString('base64') } }]);
  assert.ok('steps' in small);
  assert.equal((await runPdfSteps([{ bytes, field: 'sources[0]' }], small.steps, 0))[0].pageCount, 1);
});

test("a RunLength stream's size is read from its run headers, as decoding would give it", () => {
  const data = Buffer.concat([runLength(Buffer.from('abcabcabc'.repeat(50))), runLengthRuns(1000), Buffer.from([128])]);
  assert.equal(runLengthSize(data, 1e9), runLengthDecode(data, 1e9)!.length);
  assert.equal(runLengthSize(runLengthRuns(1000), 1000 * 128 - 1), null);
});
