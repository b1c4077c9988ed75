// src/pdf/validate.ts (Folio's PDF/A-1b/-2b/-3b and PDF/UA-1 checks, not a validator) on PDFs built with
// @cantoo/pdf-lib: a PDF made PDF/A-2b by Folio's own post-processing (text in DejaVu Sans, embedded through
// fontkit) passes PDF/A-2b and fails PDF/A-1b on its claim; each thing PDF/A forbids that pdf-lib can make
// (a standard font left out, JavaScript, a Launch action, an annotation without the Print flag, DeviceCMYK
// without an intent or with the sRGB one, opacity in PDF/A-1) is a finding naming its ISO 19005 clause; an
// untagged PDF fails PDF/UA-1 with the Matterhorn condition; findings are grouped and bounded.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import * as fontkit from 'fontkit';
import { cmyk, PDFDict, PDFDocument, PDFName, PDFString, rgb, StandardFonts, type PDFPage } from '@cantoo/pdf-lib';
import { postProcessPdf } from '../../src/pdf/post-process.js';
import { validatePdf, type ValidationReport, type ValidationStandard } from '../../src/pdf/validate.js';
import { Findings, MAX_FINDINGS, MAX_PAGES } from '../../src/pdf/validate-findings.js';
import { scanOperators } from '../../src/pdf/validate-content.js';

const N = PDFName.of;
const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const date = new Date('2026-03-14T09:30:15Z');

/** A one-page pdf-lib document with text in DejaVu Sans (embedded), drawn on by `draw`. */
async function embeddedFontPdf(draw?: (page: PDFPage, doc: PDFDocument) => void | Promise<void>): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  const font = await doc.embedFont(fs.readFileSync(DEJAVU), { subset: false });
  const page = doc.addPage([300, 200]);
  page.drawText('Invoice 4711', { font, x: 20, y: 150, size: 14, color: rgb(0, 0, 0) });
  await draw?.(page, doc);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** `pdf` made PDF/A by Folio's post-processing (sRGB intent, XMP, Info, sanitising). */
const folioPdfA = (pdf: Buffer, standard: 'pdf/a-2b' | 'pdf/a-3b' = 'pdf/a-2b') =>
  postProcessPdf(pdf, {
    standard,
    metadata: { title: 'Invoice 4711', author: 'Northwind' },
    attachments: [],
    producer: 'Folio test',
    date,
  });

async function report(pdf: Uint8Array, standard: ValidationStandard): Promise<ValidationReport> {
  const [r] = await validatePdf(pdf, [standard]);
  assert.equal(r.standard, standard);
  return r;
}

/** The findings of `r` under `clause` whose message matches `message`. */
function findings(r: ValidationReport, clause: string, message: RegExp) {
  const found = r.findings.filter((x) => x.clause === clause && message.test(x.message));
  assert.ok(
    found.length > 0,
    `${r.standard}: no finding ${clause} ${message}; findings: ${r.findings.map((x) => `${x.clause}: ${x.message}`).join(' | ')}`,
  );
  assert.equal(r.passed, false);
  assert.ok(r.checked.includes(clause), `${clause} is listed as checked`);
  return found;
}

test('a PDF/A-2b of Folio passes pdf/a-2b, claims it, and fails pdf/a-1b on the claimed part', async () => {
  const pdf = await folioPdfA(await embeddedFontPdf());
  const [a2, a1] = await validatePdf(pdf, ['pdf/a-2b', 'pdf/a-1b']);
  assert.deepEqual(a2.findings, []);
  assert.equal(a2.passed, true);
  assert.equal(a2.claimed, 'pdf/a-2b');
  for (const clause of ['ISO 19005-2 6.1.2', 'ISO 19005-2 6.2.4.3', 'ISO 19005-2 6.2.11.4.1', 'ISO 19005-2 6.5.1', 'ISO 19005-2 6.6.4'])
    assert.ok(a2.checked.includes(clause), clause);
  assert.ok(!a2.checked.some((c) => !c.startsWith('ISO 19005-2 ')), 'every clause checked is of part 2');

  assert.equal(a1.claimed, 'pdf/a-2b');
  findings(a1, 'ISO 19005-1 6.7.11', /claims ISO 19005 part 2 \(pdfaid:part\), not part 1/);
  // The same file is Folio's PDF/A-3b when asked so, and PDF/A-3b is then its claim.
  const a3 = await report(await folioPdfA(await embeddedFontPdf(), 'pdf/a-3b'), 'pdf/a-3b');
  assert.deepEqual([a3.passed, a3.claimed, a3.findings], [true, 'pdf/a-3b', []]);
});

test('a standard font without its program fails the font clause of each part, on its page', async () => {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]);
  doc.addPage([300, 200]).drawText('Helvetica', { font: await doc.embedFont(StandardFonts.Helvetica) });
  const pdf = await doc.save();
  const [a2, a1] = await validatePdf(pdf, ['pdf/a-2b', 'pdf/a-1b']);
  const [font] = findings(a2, 'ISO 19005-2 6.2.11.4.1', /font Helvetica is used but not embedded/);
  assert.deepEqual(font.pages, [2]);
  findings(a1, 'ISO 19005-1 6.3.4', /font Helvetica/);
  // Nothing of pdf-lib's is PDF/A by itself: no XMP identification either.
  findings(a2, 'ISO 19005-2 6.6.2.1', /no Metadata stream/);
  assert.equal(a2.claimed, null);
});

test('JavaScript and a Launch action are forbidden actions; a non-printing annotation breaks the flags', async () => {
  const pdf = await embeddedFontPdf((page, doc) => {
    const ctx = doc.context;
    doc.catalog.set(N('OpenAction'), ctx.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
    const launch = ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 50, 50], F: 4, A: { S: 'Launch', F: PDFString.of('calc.exe') } });
    const note = ctx.obj({ Type: 'Annot', Subtype: 'Square', Rect: [60, 0, 90, 30], F: 0 });
    page.node.set(N('Annots'), ctx.obj([ctx.register(launch), ctx.register(note)]));
  });
  const r = await report(pdf, 'pdf/a-2b');
  findings(r, 'ISO 19005-2 6.5.1', /^a JavaScript action$/);
  findings(r, 'ISO 19005-2 6.5.1', /^a Launch action$/);
  const [print] = findings(r, 'ISO 19005-2 6.3.2', /a Square annotation does not have the Print flag/);
  assert.deepEqual(print.pages, [1]);
  findings(r, 'ISO 19005-2 6.3.3', /a Square annotation has no appearance stream/);
  assert.ok(!r.findings.some((x) => /Link annotation/.test(x.message)), 'a printed Link needs no appearance stream');
  const a1 = await report(pdf, 'pdf/a-1b');
  findings(a1, 'ISO 19005-1 6.6.1', /^a Launch action$/);
  findings(a1, 'ISO 19005-1 6.5.3', /Square annotation does not have the Print flag/);
});

test('DeviceCMYK needs a CMYK OutputIntent: none, or the sRGB one of Folio, is a finding on the page', async () => {
  const draw = (page: PDFPage) => page.drawRectangle({ x: 10, y: 10, width: 100, height: 50, color: cmyk(0, 1, 1, 0) });
  const plain = await report(await embeddedFontPdf(draw), 'pdf/a-2b');
  const [none] = findings(plain, 'ISO 19005-2 6.2.4.3', /DeviceCMYK is used without a PDF\/A OutputIntent/);
  assert.deepEqual(none.pages, [1]);
  findings(plain, 'ISO 19005-2 6.2.4.3', /DeviceRGB is used without/);
  // Folio's post-processing adds the sRGB intent, which covers the RGB text but not the CMYK rectangle.
  const srgb = await report(await folioPdfA(await embeddedFontPdf(draw)), 'pdf/a-2b');
  assert.deepEqual(
    srgb.findings.map((x) => [x.clause, x.message, x.pages]),
    [['ISO 19005-2 6.2.4.3', "DeviceCMYK is used, but the PDF/A OutputIntent's profile is RGB", [1]]],
  );
});

test('opacity is transparency, which PDF/A-1 forbids and PDF/A-2 allows', async () => {
  const pdf = await folioPdfA(
    await embeddedFontPdf((page) => page.drawRectangle({ x: 10, y: 10, width: 100, height: 50, color: rgb(1, 0, 0), opacity: 0.5 })),
  );
  const [a1, a2] = await validatePdf(pdf, ['pdf/a-1b', 'pdf/a-2b']);
  const [alpha] = findings(a1, 'ISO 19005-1 6.4', /an ExtGState has ca 0\.5 \(below 1\)/);
  assert.deepEqual(alpha.pages, [1]);
  assert.deepEqual(a2.findings, [], 'PDF/A-2 allows transparency');
});

test('embedded files: associated ones pass PDF/A-3, PDF/A-2 cannot vouch for them, PDF/A-1 has none', async () => {
  const attach = (pdf: Buffer) =>
    postProcessPdf(pdf, {
      standard: 'pdf/a-3b',
      metadata: { title: 'Invoice 4711' },
      attachments: [{ name: 'lines.csv', mimeType: 'text/csv', relationship: 'Data', content: Buffer.from('sku,qty\n') }],
      producer: 'Folio test',
      date,
    });
  const pdf = await attach(await embeddedFontPdf());
  const [a3, a2, a1] = await validatePdf(pdf, ['pdf/a-3b', 'pdf/a-2b', 'pdf/a-1b']);
  assert.deepEqual([a3.passed, a3.findings], [true, []]);
  findings(a2, 'ISO 19005-2 6.8', /embedded file lines\.csv cannot be checked to be PDF\/A-1 or PDF\/A-2/);
  findings(a1, 'ISO 19005-1 6.1.11', /file specification lines\.csv embeds a file/);
  // Without the catalog's AF array and the file's AFRelationship, PDF/A-3 finds both missing.
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  doc.catalog.delete(N('AF'));
  for (const [, o] of doc.context.enumerateIndirectObjects()) if (o instanceof PDFDict && o.has(N('EF'))) o.delete(N('AFRelationship'));
  const bare = await report(await doc.save({ useObjectStreams: false }), 'pdf/a-3b');
  findings(bare, 'ISO 19005-3 6.8', /embedded file lines\.csv has no AFRelationship/);
  findings(bare, 'ISO 19005-3 6.8', /embedded file lines\.csv is not in an AF array/);
});

test('an untagged PDF fails PDF/UA-1 with the Matterhorn conditions', async () => {
  const r = await report(await embeddedFontPdf(), 'pdf/ua-1');
  const [untagged] = findings(r, '01-005', /^Content is neither marked as Artifact nor tagged as real content\. \(/);
  assert.ok(untagged.count >= 1);
  findings(r, 'ISO 14289-1 7.1', /MarkInfo/);
  assert.equal(r.claimed, null);
  assert.ok(r.checked.includes('06-002') && r.checked.includes('31-009'));
});

test('findings group by clause and message within bounds: 50 pages listed, counts past 1000 per clause', async () => {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 60; i++) {
    const page = doc.addPage([100, 100]);
    page.node.set(
      N('Annots'),
      doc.context.obj([doc.context.register(doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 9, 9] }))]),
    );
  }
  const r = await report(await doc.save(), 'pdf/a-2b');
  const [flags] = findings(r, 'ISO 19005-2 6.3.2', /a Link annotation has no flags/);
  assert.equal(flags.count, 60);
  assert.equal(flags.pages?.length, MAX_PAGES);
  assert.deepEqual(flags.pages?.slice(0, 3), [1, 2, 3]);

  const f = new Findings(1);
  for (let i = 0; i < MAX_FINDINGS + 200; i++) f.add('fonts', `font F${i} is used but not embedded`, 1);
  const list = f.list();
  assert.equal(list.length, MAX_FINDINGS + 1);
  assert.deepEqual(list.at(-1), {
    clause: 'ISO 19005-1 6.3.4',
    message: `200 more of this clause, not itemised (Folio stops itemising after ${MAX_FINDINGS})`,
    count: 200,
  });
});

test('a damaged object does not end the report: what could not be checked is a finding, so it cannot pass', async () => {
  const pdf = await folioPdfA(await embeddedFontPdf());
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  doc.getPage(0).node.set(N('Annots'), doc.context.obj({ Not: 'an array' }));
  const r = await report(await doc.save({ useObjectStreams: false }), 'pdf/a-2b');
  assert.equal(r.passed, false);
  assert.equal(r.claimed, 'pdf/a-2b');
  assert.ok(
    r.findings.some((x) => x.clause === 'Folio' && /^the pages could not be read, so nothing on them was checked: /.test(x.message)),
    JSON.stringify(r.findings),
  );
});

test('the content reader: operators with names, numbers, booleans, filter arrays; strings and inline data skipped', async () => {
  const ops: Array<[string, unknown[]]> = [];
  const content = '/GS1 gs (a) Tj <</MCID 0>> BDC [(x) 5 /N] TJ 0 1 1 0 k BI /W 1 /I true /F [/LZW] ID \xff k EI Q';
  scanOperators(Buffer.from(content, 'latin1'), (op, args) => ops.push([op, args]));
  assert.deepEqual(ops, [
    ['gs', ['/GS1']],
    ['Tj', [null]],
    ['BDC', [null]],
    ['TJ', [['/N']]],
    ['k', [0, 1, 1, 0]],
    ['BI', []],
    ['ID', ['/W', 1, '/I', true, '/F', ['/LZW']]],
    ['Q', []],
  ]);
  await assert.rejects(validatePdf(Buffer.from('not a pdf'), ['pdf/a-2b']), /cannot be read to be validated/);
});
