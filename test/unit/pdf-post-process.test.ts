// src/pdf/post-process.ts on small PDFs built with @cantoo/pdf-lib (tagged, with an outline, no text so no
// font is needed): PDF/A-2b/3b output passes test/helpers/pdfa-check.ts, Factur-X and attachments come out
// of pdfdetach byte for byte, output is deterministic, forbidden things are removed or refused, and joined
// PDFs keep their outlines and structure. The same on real Chromium PDFs: test/render/pdf-postprocess.test.ts.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString, StandardFonts, rgb } from '@cantoo/pdf-lib';
import { isPdfError, needsPostProcessing, postProcessPdf, type PostProcessRequest } from '../../src/pdf/post-process.js';
import { srgbProfile } from '../../src/pdf/icc.js';
import { loadPartially } from '../../src/pdf/lazy-load.js';
import { checkPdfA } from '../helpers/pdfa-check.js';

const N = PDFName.of;
const xml = fs.readFileSync(new URL('../fixtures/pdf/factur-x-en16931.xml', import.meta.url));
const date = new Date('2026-03-14T09:30:15.250Z');

/** A tagged PDF without text: each page one rectangle, a P element and an outline item; a link on page 1. */
async function taggedPdf(title: string, pages: number, opts: { js?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setLanguage('en');
  const ctx = doc.context;
  const rootRef = ctx.nextRef();
  const docElemRef = ctx.nextRef();
  const elems: PDFRef[] = [];
  const nums = ctx.obj([]);
  const items: PDFRef[] = [];
  const outlineRef = ctx.nextRef();
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([300, 400]);
    page.drawRectangle({ x: 20, y: 20, width: 100 + i, height: 50, color: rgb(0.2, 0.3, 0.8) });
    page.node.set(N('StructParents'), PDFNumber.of(i));
    const elem = ctx.register(ctx.obj({ Type: 'StructElem', S: 'P', P: docElemRef, Pg: page.ref, K: 0 }));
    elems.push(elem);
    nums.push(PDFNumber.of(i));
    nums.push(ctx.obj([elem]));
    items.push(ctx.nextRef());
  }
  items.forEach((ref, i) => {
    const item = ctx.obj({
      Title: PDFString.of(`${title} ${i + 1}`),
      Parent: outlineRef,
      Dest: [doc.getPage(i).ref, 'XYZ', null, null, null],
    });
    if (i > 0) item.set(N('Prev'), items[i - 1]);
    if (i < items.length - 1) item.set(N('Next'), items[i + 1]);
    ctx.assign(ref, item);
  });
  ctx.assign(outlineRef, ctx.obj({ Type: 'Outlines', First: items[0], Last: items[items.length - 1], Count: items.length }));
  ctx.assign(docElemRef, ctx.obj({ Type: 'StructElem', S: 'Document', P: rootRef, K: elems }));
  ctx.assign(
    rootRef,
    ctx.obj({ Type: 'StructTreeRoot', K: docElemRef, ParentTree: ctx.register(ctx.obj({ Nums: nums })), ParentTreeNextKey: pages }),
  );
  doc.catalog.set(N('StructTreeRoot'), rootRef);
  doc.catalog.set(N('MarkInfo'), ctx.obj({ Marked: true }));
  doc.catalog.set(N('Outlines'), outlineRef);
  // A link Chromium would not write: hidden, not printed, with a JavaScript action.
  const link = ctx.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [0, 0, 50, 50],
    F: 2,
    A: { S: 'JavaScript', JS: PDFString.of('app.alert(1)') },
  });
  doc.getPage(0).node.set(N('Annots'), ctx.obj([ctx.register(link)]));
  if (opts.js) doc.catalog.set(N('OpenAction'), ctx.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(2)') }));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

function request(over: Partial<PostProcessRequest> = {}): PostProcessRequest {
  return { standard: 'pdf/a-3b', metadata: {}, attachments: [], producer: 'Folio 0.1.0', date, ...over };
}

function withFile<T>(pdf: Buffer, fn: (file: string, dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-pdf-unit-'));
  const file = path.join(dir, 'x.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return fn(file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function outlineTitles(pdf: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const out: string[] = [];
  for (
    let it = doc.catalog.lookupMaybe(N('Outlines'), PDFDict)?.lookupMaybe(N('First'), PDFDict);
    it;
    it = it.lookupMaybe(N('Next'), PDFDict)
  ) {
    out.push(it.lookup(N('Title'), PDFString).decodeText());
    const dest = it.lookupMaybe(N('Dest'), PDFArray);
    assert.ok(dest && doc.getPages().some((p) => p.ref === dest.get(0)), `outline item ${out.at(-1)} points at a page of the document`);
  }
  return out;
}

test('needsPostProcessing: only a request that changes the PDF', () => {
  assert.equal(needsPostProcessing({}), false);
  assert.equal(needsPostProcessing({ standard: 'none', metadata: {}, attachments: [], producer: 'x', date }), false);
  assert.equal(needsPostProcessing({ metadata: { keywords: [] } }), false);
  assert.equal(needsPostProcessing({ standard: 'pdf/a-2b' }), true);
  assert.equal(needsPostProcessing({ metadata: { title: 'T' } }), true);
  assert.equal(needsPostProcessing({ metadata: { lang: 'de' } }), true);
  assert.equal(needsPostProcessing({ append: [Buffer.from('%PDF-1.4')] }), true);
  assert.equal(needsPostProcessing({ eInvoice: { standard: 'factur-x', profile: 'BASIC', xml } }), true);
});

test('PDF/A-3b with Factur-X and an attachment: the checker passes, pdfinfo and pdfdetach agree', async () => {
  const csv = Buffer.from('sku,qty\nA4-80,10\n');
  const out = await postProcessPdf(
    await taggedPdf('Invoice', 2),
    request({
      metadata: {
        title: 'Invoice INV-2024-0193',
        author: 'Northwind Paper Co.',
        subject: 'Invoice',
        keywords: ['invoice', 'März'],
        lang: 'en-GB',
      },
      attachments: [{ name: 'lines.csv', mimeType: 'text/csv', relationship: 'Supplement', description: 'Line items', content: csv }],
      eInvoice: { standard: 'factur-x', profile: 'EN 16931', xml },
    }),
  );
  assert.deepEqual(await checkPdfA(out, { standard: 'pdf/a-3b', facturX: { profile: 'EN 16931', xml } }), []);
  withFile(out, (file, dir) => {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    assert.match(info, /^Title:\s+Invoice INV-2024-0193$/m);
    assert.match(info, /^Author:\s+Northwind Paper Co\.$/m);
    assert.match(info, /^Keywords:\s+invoice, März$/m);
    assert.match(info, /^Producer:\s+Folio 0\.1\.0$/m);
    assert.match(info, /^Pages:\s+2$/m);
    assert.match(info, /^Tagged:\s+yes$/m);
    const list = execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' });
    assert.match(list, /factur-x\.xml/);
    assert.match(list, /lines\.csv/);
    execFileSync('pdfdetach', ['-saveall', '-o', dir, file]);
    assert.ok(fs.readFileSync(path.join(dir, 'factur-x.xml')).equals(xml));
    assert.ok(fs.readFileSync(path.join(dir, 'lines.csv')).equals(csv));
    const meta = execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' });
    assert.match(meta, /<pdfaid:part>3<\/pdfaid:part>/);
    assert.match(meta, /<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/);
    assert.match(meta, /<xmp:CreateDate>2026-03-14T09:30:15\+00:00<\/xmp:CreateDate>/);
  });
  const doc = await PDFDocument.load(out, { updateMetadata: false });
  const lang = doc.catalog.lookup(N('Lang'));
  assert.ok(lang instanceof PDFHexString || lang instanceof PDFString);
  assert.equal(lang.decodeText(), 'en-GB');
});

test('MINIMUM and BASIC WL embed the XML as Data, the others as Alternative; XRECHNUNG as xrechnung.xml', async () => {
  const pdf = await taggedPdf('Invoice', 1);
  for (const profile of ['MINIMUM', 'BASIC WL', 'BASIC', 'XRECHNUNG'] as const) {
    const out = await postProcessPdf(pdf, request({ eInvoice: { standard: 'factur-x', profile, xml } }));
    assert.deepEqual(await checkPdfA(out, { standard: 'pdf/a-3b', facturX: { profile, xml } }), [], profile);
  }
});

test('PDF/A-2b: keeps the title, structure and outline; removes JavaScript, shows the link', async () => {
  const pdf = await taggedPdf('Report', 3, { js: true });
  const before = await checkPdfA(pdf, { standard: 'pdf/a-2b' });
  assert.ok(before.some((f) => f.startsWith('6.5.1')) && before.some((f) => f.startsWith('6.3.2')), before.join('\n'));
  const out = await postProcessPdf(pdf, request({ standard: 'pdf/a-2b' }));
  assert.deepEqual(await checkPdfA(out, { standard: 'pdf/a-2b' }), []);
  assert.deepEqual(await outlineTitles(out), ['Report 1', 'Report 2', 'Report 3']);
  withFile(out, (file) => assert.match(execFileSync('pdfinfo', [file], { encoding: 'utf8' }), /^Title:\s+Report$/m));
});

test('equal inputs give equal bytes; another date changes only the dates and the ID', async () => {
  const pdf = await taggedPdf('Invoice', 1);
  const req = request({ eInvoice: { standard: 'factur-x', profile: 'BASIC', xml } });
  const a = await postProcessPdf(pdf, req);
  const b = await postProcessPdf(pdf, { ...req });
  assert.ok(a.equals(b));
  const c = await postProcessPdf(pdf, { ...req, date: new Date('2027-01-01T00:00:00Z') });
  assert.equal(c.length, a.length);
  assert.ok(!c.equals(a));
});

test('standard none: metadata and attachments without PDF/A parts', async () => {
  const out = await postProcessPdf(
    await taggedPdf('Plain', 1),
    request({
      standard: 'none',
      metadata: { title: 'Plain title' },
      attachments: [{ name: 'a.txt', mimeType: 'text/plain', relationship: 'Data', content: Buffer.from('x') }],
    }),
  );
  const doc = await PDFDocument.load(out, { updateMetadata: false });
  assert.equal(doc.catalog.get(N('OutputIntents')), undefined);
  assert.equal(doc.getTitle(), 'Plain title');
  withFile(out, (file) => {
    assert.doesNotMatch(execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' }), /pdfaid/);
    assert.match(execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' }), /a\.txt/);
  });
});

test('a font without its program is refused for PDF/A, accepted without', async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawText('Helvetica is not embedded', { font: await doc.embedFont(StandardFonts.Helvetica) });
  const pdf = Buffer.from(await doc.save());
  await assert.rejects(postProcessPdf(pdf, request({ standard: 'pdf/a-2b' })), (err: unknown) => {
    assert.ok(isPdfError(err, 'postprocess'));
    assert.match(err.message, /font Helvetica is not embedded/);
    return true;
  });
  assert.ok((await postProcessPdf(pdf, request({ standard: 'none', metadata: { title: 'x' } }))).length > 0);
});

test('prepend and append: pages add up, outlines in page order, one structure tree', async () => {
  const main = await taggedPdf('Main', 2);
  const cover = await taggedPdf('Cover', 1);
  const terms = await taggedPdf('Terms', 2);
  const out = await postProcessPdf(main, request({ standard: 'pdf/a-2b', prepend: [cover], append: [terms] }));
  assert.deepEqual(await checkPdfA(out, { standard: 'pdf/a-2b' }), []);
  assert.deepEqual(await outlineTitles(out), ['Cover 1', 'Main 1', 'Main 2', 'Terms 1', 'Terms 2']);
  const doc = await PDFDocument.load(out, { updateMetadata: false });
  assert.equal(doc.getPageCount(), 5);
  // Every page's StructParents has its own ParentTree entry, whose element marks that page.
  const root = doc.catalog.lookup(N('StructTreeRoot'), PDFDict);
  const nums = root.lookup(N('ParentTree'), PDFDict).lookup(N('Nums'), PDFArray);
  const parents = new Map<number, PDFArray>();
  for (let i = 0; i < nums.size(); i += 2) parents.set(nums.lookup(i, PDFNumber).asNumber(), nums.lookup(i + 1, PDFArray));
  const keys = doc.getPages().map((p) => p.node.lookup(N('StructParents'), PDFNumber).asNumber());
  assert.equal(new Set(keys).size, 5, `StructParents ${keys.join(', ')}`);
  doc.getPages().forEach((p, i) => assert.equal(doc.context.lookup(parents.get(keys[i])!.get(0), PDFDict).get(N('Pg')), p.ref));
  const top = doc.context.lookup(root.get(N('K')), PDFDict);
  const kinds = top
    .lookup(N('K'), PDFArray)
    .asArray()
    .map((k) => doc.context.lookup(k, PDFDict).lookup(N('S'), PDFName).decodeText());
  assert.deepEqual(kinds, ['Part', 'P', 'P', 'Part']);
  withFile(out, (file) => assert.equal(spawnSync('qpdf', ['--check', file]).status, 0));
});

test('bad input fails with a PdfError of kind postprocess naming the field', async () => {
  const pdf = await taggedPdf('Invoice', 1);
  const cases: Array<[Partial<PostProcessRequest>, string, RegExp]> = [
    [
      { eInvoice: { standard: 'factur-x', profile: 'BASIC', xml: Buffer.from('<rsm:CrossIndustryInvoice>') } },
      'eInvoice.xml',
      /not well-formed/,
    ],
    [{ append: [Buffer.from('not a pdf')] }, 'append[0]', /not a PDF/],
    [{ prepend: [Buffer.from('%PDF-1.4\ngarbage')] }, 'prepend[0]', /cannot be read|no pages|no readable page tree/],
    [
      { standard: 'pdf/a-2b', attachments: [{ name: 'a.txt', mimeType: 'text/plain', relationship: 'Data', content: Buffer.from('x') }] },
      'attachments',
      /pdf\/a-3b/,
    ],
    [
      { attachments: [{ name: '../etc/passwd', mimeType: 'text/plain', relationship: 'Data', content: Buffer.from('x') }] },
      'attachments[0].name',
      /not a path/,
    ],
  ];
  for (const [over, field, message] of cases) {
    await assert.rejects(postProcessPdf(pdf, request(over)), (err: unknown) => {
      assert.ok(isPdfError(err, 'postprocess'), String(err));
      assert.equal(err.field, field);
      assert.match(err.message, message);
      return true;
    });
  }
  await assert.rejects(postProcessPdf(Buffer.from('hello'), request()), /the printed PDF is not a PDF/);
});

test('the sRGB profile comes from the Debian package; its absence is named', () => {
  const icc = srgbProfile();
  assert.equal(icc.toString('latin1', 36, 40), 'acsp');
  assert.throws(() => srgbProfile(['/nonexistent/sRGB.icc']), /icc-profiles-free/);
});

test('without joins the output is an incremental update of the input; object streams get a rewrite', async () => {
  const pdf = await taggedPdf('Invoice', 2);
  assert.ok(loadPartially(pdf), 'a classic-xref PDF is read partially');
  const out = await postProcessPdf(pdf, request({ eInvoice: { standard: 'factur-x', profile: 'BASIC', xml } }));
  assert.ok(out.subarray(0, pdf.length).equals(pdf), 'the input bytes are kept as they are');
  assert.match(out.subarray(pdf.length).toString('latin1'), /trailer\n<<[\s\S]*\/Prev \d+[\s\S]*startxref\n\d+\n%%EOF\n$/);
  // A PDF with a cross-reference stream is loaded whole and rewritten.
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const packed = Buffer.from(await doc.save({ useObjectStreams: true }));
  assert.equal(loadPartially(packed), null);
  const rewritten = await postProcessPdf(packed, request({ eInvoice: { standard: 'factur-x', profile: 'BASIC', xml } }));
  assert.match(rewritten.subarray(0, 9).toString('latin1'), /^%PDF-1\.7\n/);
  assert.deepEqual(await checkPdfA(rewritten, { standard: 'pdf/a-3b', facturX: { profile: 'BASIC', xml } }), []);
  assert.deepEqual(await outlineTitles(rewritten), ['Invoice 1', 'Invoice 2']);
});
