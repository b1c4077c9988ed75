// The streaming page counter needs no browser: Chromium output is checked through stored fixtures, and other
// writers' layouts through PDFs generated here with pdf-lib, an independent PDF library.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { countPdfPages, PdfPageCounter } from '../../src/render/page-count.js';

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
// pdf-lib's own reading of the same bytes, fed whole and in small chunks. Only without object streams: the
// counter reads plain objects (Chromium never writes object streams) and answers 0 for a PDF whose page tree
// sits in compressed object streams (measured with pdf-lib's default save: 0 for 1, 7 and 120 pages).
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
