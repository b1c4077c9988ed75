// The streaming page counter needs no browser: Chromium output is checked through stored fixtures, and other
// writers' layouts through PDFs generated here with pdf-lib, an independent PDF library.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { countPdfPages, PdfPageCounter } from '../../src/pdf/syntax/page-count.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/render/pdf/${name}`, import.meta.url));

// tagged-22-pages.pdf is Chromium output with tagged PDF + outline, a 3-level page tree, and a title
// containing "/Type /Page" (which a naive byte search would count as a 23rd page).
test('counts pages of Chromium PDFs, tagged and untagged', () => {
  assert.equal(countPdfPages(fixture('tagged-22-pages.pdf')), 22);
  assert.equal(countPdfPages(fixture('untagged-1-page.pdf')), 1);
});

test('the count does not depend on how the bytes are chunked', () => {
  const pdf = fixture('tagged-22-pages.pdf');
  for (const size of [1, 2, 3, 7, 64, 1000, 65536]) {
    const c = new PdfPageCounter();
    for (let i = 0; i < pdf.length; i += size) c.push(pdf.subarray(i, i + size));
    assert.equal(c.result(), 22, `chunk size ${size}`);
  }
});

test('strings, comments and stream data cannot forge a count', () => {
  const body = 'BT (/Type /Pages /Count 99) Tj ET /Type /Pages /Count 77';
  const pdf = Buffer.from(
    [
      '%PDF-1.4',
      '% /Type /Pages /Count 55',
      '1 0 obj',
      '<</Title (a \\) /Type /Pages /Count 66 \\( (nested) ) /Subject <2f54797065>>>',
      'endobj',
      '2 0 obj',
      `<</Length ${body.length}>> stream`,
      body,
      'endstream',
      'endobj',
      '3 0 obj',
      '<</Type /Page /Parent 4 0 R /Annots [<</Type /Pages /Count 40>>]>>',
      'endobj',
      '4 0 obj',
      '<</Type /Pages /Kids [3 0 R] /Count 1>>',
      'endobj',
      '5 0 obj',
      '<</Type /Catalog /Pages 4 0 R>>',
      'endobj',
      'trailer',
      '<</Size 6 /Root 5 0 R>>',
      'startxref',
      '0',
      '%%EOF',
    ].join('\n'),
  );
  assert.equal(countPdfPages(pdf), 1);
});

test('a very long token (300 kB) neither breaks the counter nor changes the count', () => {
  const pdf = fixture('untagged-1-page.pdf');
  const i = pdf.indexOf('%PDF-1.4') + '%PDF-1.4'.length;
  const long = Buffer.concat([pdf.subarray(0, i), Buffer.from(`\n${'7'.repeat(300_000)} /${'N'.repeat(300_000)}\n`), pdf.subarray(i)]);
  assert.equal(countPdfPages(long), 1);
  const c = new PdfPageCounter();
  for (let k = 0; k < long.length; k += 4096) c.push(long.subarray(k, k + 4096));
  assert.equal(c.result(), 1);
});

// pdf-lib writes a page tree of its own shape and object order, unlike Chromium's; the counter must agree with
// pdf-lib's own reading of the same bytes, fed whole and in small chunks.
test('agrees with pdf-lib on generated PDFs of 1, 7 and 120 pages without object streams', async () => {
  for (const pages of [1, 7, 120]) {
    const doc = await PDFDocument.create();
    for (let i = 0; i < pages; i++) doc.addPage([200, 200]).drawText(`page ${i + 1}`);
    const pdf = await doc.save({ useObjectStreams: false });
    const expected = (await PDFDocument.load(pdf)).getPageCount();
    assert.equal(expected, pages, `pdf-lib reads back the ${pages} pages it wrote`);
    assert.equal(countPdfPages(pdf), expected, `${pages} pages`);
    const c = new PdfPageCounter();
    for (let i = 0; i < pdf.length; i += 997) c.push(pdf.subarray(i, i + 997));
    assert.equal(c.result(), expected, `${pages} pages, 997-byte chunks`);
  }
});

/** The counter's answer for `pdf` fed in pieces of `size` bytes. */
function countInChunks(pdf: Uint8Array, size: number): number {
  const c = new PdfPageCounter();
  for (let i = 0; i < pdf.length; i += size) c.push(pdf.subarray(i, i + size));
  return c.result();
}

// pdf-lib's default save: the catalog, the page tree and the pages sit in compressed object streams
// (/Type /ObjStm, /FlateDecode), and a cross-reference stream replaces the trailer. (Before the counter
// read object streams it answered 0 for all of these.)
test('agrees with pdf-lib on PDFs with object streams and a cross-reference stream: 1, 3 and 50 pages', async () => {
  for (const pages of [1, 3, 50]) {
    const doc = await PDFDocument.create();
    for (let i = 0; i < pages; i++) doc.addPage([200, 200]).drawText(`page ${i + 1}`);
    const pdf = await doc.save({ useObjectStreams: true });
    const text = Buffer.from(pdf).toString('latin1');
    assert.match(text, /\/Type \/ObjStm/, 'the PDF has object streams');
    assert.match(text, /\/Type \/XRef/, 'and a cross-reference stream');
    assert.doesNotMatch(text, /\/Type \/Pages?\b/, 'no page object outside them');
    const expected = (await PDFDocument.load(pdf)).getPageCount();
    assert.equal(expected, pages, `pdf-lib reads back the ${pages} pages it wrote`);
    assert.equal(countPdfPages(pdf), expected, `${pages} pages`);
    for (const size of [1, 7, 64, 997]) assert.equal(countInChunks(pdf, size), expected, `${pages} pages, ${size}-byte chunks`);
  }
});

/** A PDF whose catalog and page tree are in one object stream: `objects` are "N 0 obj" bodies, stored as given. */
function withObjectStream(objects: Record<number, string>, dict: (data: Buffer) => string, encode = (b: Buffer) => b): Buffer {
  const nums = Object.keys(objects).map(Number);
  let offset = 0;
  const bodies: string[] = [];
  const header: string[] = [];
  for (const n of nums) {
    header.push(`${n} ${offset}`);
    bodies.push(objects[n]);
    offset += objects[n].length + 1;
  }
  const head = `${header.join(' ')}\n`;
  const data = encode(Buffer.from(head + bodies.join('\n'), 'latin1'));
  return Buffer.concat([
    Buffer.from(`%PDF-1.5\n10 0 obj\n<</Type /ObjStm /N ${nums.length} /First ${head.length} ${dict(data)}>>\nstream\n`, 'latin1'),
    data,
    Buffer.from(
      `\nendstream\nendobj\n11 0 obj\n${data.length}\nendobj\ntrailer\n<</Size 12 /Root 1 0 R>>\nstartxref\n0\n%%EOF\n`,
      'latin1',
    ),
  ]);
}

const fourPages = {
  1: '<</Type /Catalog /Pages 2 0 R>>',
  2: '<</Type /Pages /Kids [3 0 R 4 0 R] /Count 4>>',
  3: '<</Type /Pages /Parent 2 0 R /Kids [5 0 R 6 0 R] /Count 2>>',
  4: '<</Type /Pages /Parent 2 0 R /Kids [7 0 R 8 0 R] /Count 2>>',
  5: '<</Type /Page /Parent 3 0 R>>',
  6: '<</Type /Page /Parent 3 0 R>>',
  7: '<</Type /Page /Parent 4 0 R>>',
  8: '<</Type /Page /Parent 4 0 R>>',
};

test('object streams with an indirect /Length (found by "endstream"), and without a filter', () => {
  const cases = {
    'FlateDecode, indirect /Length': withObjectStream(fourPages, () => '/Filter /FlateDecode /Length 11 0 R', deflateSync),
    'FlateDecode, direct /Length': withObjectStream(fourPages, (d) => `/Filter/FlateDecode/Length ${d.length}`, deflateSync),
    'no filter, indirect /Length': withObjectStream(fourPages, () => '/Length 11 0 R'),
  };
  for (const [name, pdf] of Object.entries(cases)) {
    assert.equal(countPdfPages(pdf), 4, name);
    for (const size of [1, 5, 64]) assert.equal(countInChunks(pdf, size), 4, `${name}, ${size}-byte chunks`);
  }
});

test('an object stream that does not inflate is skipped: the count comes from what else the PDF says', () => {
  const garbage = withObjectStream({ 1: '<</Type /Catalog /Pages 2 0 R>>' }, (d) => `/Filter /FlateDecode /Length ${d.length}`);
  const pdf = Buffer.concat([
    garbage.subarray(0, garbage.indexOf('trailer')),
    Buffer.from('2 0 obj\n<</Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3>>\nendobj\n', 'latin1'),
    garbage.subarray(garbage.indexOf('trailer')),
  ]);
  assert.equal(countPdfPages(pdf), 3);
});
