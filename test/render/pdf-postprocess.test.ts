// src/pdf/post-process.ts on real Chromium PDFs printed by the project's Renderer (one browser for the
// file): the invoice as a PDF/A-3b Factur-X e-invoice, the 50-page report as PDF/A-2b, and the invoice with
// a cover and 2 pages of terms joined. Each output passes test/helpers/pdfa-check.ts and poppler/qpdf show
// what a user would check: metadata, embedded fonts, factur-x.xml byte for byte, tags, outline, text.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from '@cantoo/pdf-lib';
import { Renderer } from '../../src/render/renderer.js';
import { postProcessPdf } from '../../src/pdf/post-process.js';
import { reportHtml, termsHtml } from '../fixtures/pdf/documents.js';
import { checkPdfA } from '../helpers/pdfa-check.js';
import { bundle, invoiceHtml, memorySink, pdfText, request } from './helpers.js';

const N = PDFName.of;
const xml = fs.readFileSync(new URL('../fixtures/pdf/factur-x-en16931.xml', import.meta.url));
const date = new Date('2026-03-14T09:30:15Z');

let renderer: Renderer;
before(async () => {
  renderer = new Renderer({ concurrency: 1, executablePath: process.env.FOLIO_CHROMIUM_PATH });
  await renderer.start();
});
after(() => renderer.close());

async function print(html: string): Promise<Buffer> {
  const out = memorySink();
  await renderer.render(request({ bundle: bundle({ '/index.html': html }), timeoutMs: 30_000 }), out.sink);
  return out.bytes();
}

function withFile<T>(pdf: Buffer, fn: (file: string, dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-pdf-render-'));
  const file = path.join(dir, 'x.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return fn(file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What must survive post-processing: pages, outline titles (depth first), ParentTree size, tagging. */
async function shape(pdf: Buffer) {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const titles: string[] = [];
  const walk = (first: PDFDict | undefined) => {
    for (let it = first; it; it = it.lookupMaybe(N('Next'), PDFDict)) {
      const t = it.lookup(N('Title'));
      titles.push(t instanceof PDFString || t instanceof PDFHexString ? t.decodeText() : '?');
      walk(it.lookupMaybe(N('First'), PDFDict));
    }
  };
  walk(doc.catalog.lookupMaybe(N('Outlines'), PDFDict)?.lookupMaybe(N('First'), PDFDict));
  const root = doc.catalog.lookupMaybe(N('StructTreeRoot'), PDFDict);
  const nums = root?.lookupMaybe(N('ParentTree'), PDFDict)?.lookupMaybe(N('Nums'), PDFArray);
  return {
    pages: doc.getPageCount(),
    titles,
    parentTreeEntries: (nums?.size() ?? 0) / 2,
    tagged: root !== undefined && doc.catalog.lookupMaybe(N('MarkInfo'), PDFDict)?.get(N('Marked'))?.toString() === 'true',
  };
}

function fontsAllEmbedded(file: string): void {
  const rows = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  assert.ok(rows.length > 0, 'pdffonts lists the fonts');
  for (const row of rows) assert.equal(row.trim().split(/\s+/).at(-5), 'yes', `not embedded: ${row}`);
}

test('the invoice as a PDF/A-3b Factur-X e-invoice', async () => {
  const printed = await print(invoiceHtml);
  const before = await shape(printed);
  // The checker bites: Chromium's own output lacks what PDF/A adds.
  const raw = await checkPdfA(printed, { standard: 'pdf/a-3b', facturX: { profile: 'EN 16931', xml } });
  for (const clause of ['6.1.3', '6.6.2.1', '6.2.3', 'Factur-X'])
    assert.ok(
      raw.some((f) => f.startsWith(clause)),
      `${clause} in ${raw.join('; ')}`,
    );
  const out = await postProcessPdf(printed, {
    standard: 'pdf/a-3b',
    metadata: { author: 'Northwind Paper Co.', subject: 'Invoice INV-2024-0193 to Acme Logistics', keywords: ['invoice', 'INV-2024-0193'] },
    attachments: [],
    eInvoice: { standard: 'factur-x', profile: 'EN 16931', xml },
    producer: 'Folio 0.1.0',
    date,
  });
  assert.deepEqual(await checkPdfA(out, { standard: 'pdf/a-3b', facturX: { profile: 'EN 16931', xml } }), []);
  const after = await shape(out);
  assert.ok(before.tagged && before.titles.length > 0 && before.parentTreeEntries > 0, JSON.stringify(before));
  assert.deepEqual(after, before);
  withFile(out, (file, dir) => {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    assert.match(info, /^Title:\s+Invoice INV-2024-0193$/m);
    assert.match(info, /^Subject:\s+Invoice INV-2024-0193 to Acme Logistics$/m);
    assert.match(info, /^Keywords:\s+invoice, INV-2024-0193$/m);
    assert.match(info, /^Author:\s+Northwind Paper Co\.$/m);
    assert.match(info, /^Producer:\s+Folio 0\.1\.0$/m);
    assert.match(info, /^Tagged:\s+yes$/m);
    assert.match(info, /^Metadata Stream:\s+yes$/m);
    const meta = execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' });
    assert.match(meta, /<pdfaid:part>3<\/pdfaid:part><pdfaid:conformance>B<\/pdfaid:conformance>/);
    assert.match(
      meta,
      /<fx:DocumentType>INVOICE<\/fx:DocumentType><fx:DocumentFileName>factur-x\.xml<\/fx:DocumentFileName><fx:Version>1\.0<\/fx:Version><fx:ConformanceLevel>EN 16931</,
    );
    fontsAllEmbedded(file);
    assert.match(execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' }), /^1: factur-x\.xml$/m);
    const saved = path.join(dir, 'saved.xml');
    execFileSync('pdfdetach', ['-save', '1', '-o', saved, file]);
    assert.ok(fs.readFileSync(saved).equals(xml), 'pdfdetach -save returns the exact bytes');
    const qpdf = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
    assert.equal(qpdf.status, 0, qpdf.stdout + qpdf.stderr);
  });
  assert.match(pdfText(out), /INV-2024-0193/);
});

test('the 50-page report as PDF/A-2b keeps its outline and tags, pages and text', async () => {
  const printed = await print(reportHtml(50));
  const before = await shape(printed);
  assert.equal(before.pages, 50);
  const out = await postProcessPdf(printed, {
    standard: 'pdf/a-2b',
    metadata: { lang: 'en-GB' },
    attachments: [],
    producer: 'Folio 0.1.0',
    date,
  });
  assert.deepEqual(await checkPdfA(out, { standard: 'pdf/a-2b' }), []);
  const after = await shape(out);
  assert.ok(before.tagged && before.titles.includes('Section 50'), JSON.stringify(before.titles.slice(0, 3)));
  assert.deepEqual(after, before);
  withFile(out, (file) => {
    assert.match(execFileSync('pdfinfo', [file], { encoding: 'utf8' }), /^Title:\s+Quarterly report$/m);
    fontsAllEmbedded(file);
    assert.equal(spawnSync('qpdf', ['--check', file]).status, 0);
  });
  const text = pdfText(out);
  assert.match(text, /Section 1\b/);
  assert.match(text, /Section 50/);
  assert.match(text, /Product 49-27/);
});

test('a cover before and 2 pages of terms after the invoice: pages add up, both outlines kept', async () => {
  const [invoice, terms] = [await print(invoiceHtml), await print(termsHtml)];
  const cover = await print(
    '<!doctype html><html lang="en"><title>Cover</title><h1>Cover letter</h1><p>Dear customer, please find our invoice enclosed.</p>',
  );
  const [i, t, c] = [await shape(invoice), await shape(terms), await shape(cover)];
  assert.equal(t.pages, 2);
  const out = await postProcessPdf(invoice, {
    standard: 'pdf/a-3b',
    metadata: {},
    attachments: [],
    eInvoice: { standard: 'factur-x', profile: 'BASIC', xml },
    prepend: [cover],
    append: [terms],
    producer: 'Folio 0.1.0',
    date,
  });
  assert.deepEqual(await checkPdfA(out, { standard: 'pdf/a-3b', facturX: { profile: 'BASIC', xml } }), []);
  const joined = await shape(out);
  assert.equal(joined.pages, c.pages + i.pages + t.pages);
  assert.deepEqual(joined.titles, [...c.titles, ...i.titles, ...t.titles]);
  assert.ok(t.titles.includes('Liability'));
  assert.equal(joined.parentTreeEntries, c.parentTreeEntries + i.parentTreeEntries + t.parentTreeEntries);
  const text = pdfText(out);
  assert.ok(text.indexOf('Cover letter') < text.indexOf('INV-2024-0193') && text.indexOf('INV-2024-0193') < text.indexOf('Liability'));
  withFile(out, (file) => {
    assert.match(execFileSync('pdfinfo', [file], { encoding: 'utf8' }), /^Title:\s+Invoice INV-2024-0193$/m);
    assert.equal(spawnSync('qpdf', ['--check', file]).status, 0);
  });
});
