// The redact step's rules on PDFs made with pdf-lib (standard Helvetica, WinAnsi, no /Widths): a pattern
// goes and the words beside it stay, an area is read on the page as shown (rotation applied), a form drawn
// in an area loses only that placement's text, annotations in an area go (a field's value with its
// widget), and the check after the step fails when the text can still be read; and real PDFs made by
// LibreOffice and Chromium (test/fixtures/pdf/text). Chromium and LibreOffice
// PDFs, with pdftotext and pdfimages as the judges: test/render/pdf-redact.test.ts.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { PDFDocument, PDFName, StandardFonts, degrees } from '@cantoo/pdf-lib';
import { runPdfSteps } from '../../src/pdf/pipeline.js';
import { checkSteps, type PdfStep } from '../../src/domain/pdfs/pdf-steps.js';
import { extractText } from '../../src/pdf/extract-text.js';
import { verifyRedaction } from '../../src/pdf/redact/redact-step.js';

const steps = (raw: unknown[]) => {
  const c = checkSteps(raw);
  if ('problem' in c) throw new Error(c.problem.message);
  return c.steps as PdfStep[];
};
const run = async (pdf: Uint8Array, step: Record<string, unknown>) =>
  (await runPdfSteps([{ bytes: pdf, field: 'sources[0]' }], steps([{ type: 'redact', ...step }]), 0))[0].bytes;
const textOf = async (pdf: Uint8Array) => (await extractText(pdf, { format: 'text', pages: null, maxChars: 1e6 })).text;

async function letter(rotate = 0) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([600, 400]);
  page.setRotation(degrees(rotate));
  page.drawText('Account 12345 closed today', { x: 50, y: 350, size: 12, font });
  page.drawText('Second line stays', { x: 50, y: 300, size: 12, font });
  page.drawText('IBAN DE89 3704 0044 0532 0130 00 paid', { x: 50, y: 250, size: 12, font });
  return doc;
}

test('a pattern goes from the text and the words around it stay', async () => {
  const out = await textOf(await run(await (await letter()).save(), { patterns: ['\\d{5}'] }));
  assert.doesNotMatch(out, /12345/);
  assert.match(out, /Account/);
  assert.match(out, /closed today/);
  assert.match(out, /Second line stays/);
});

test('a pattern with spaces matches the spaces of a standard font (its space glyph is shared with the no-break space)', async () => {
  const out = await textOf(await run(await (await letter()).save(), { patterns: ['DE\\d{2}(?: ?\\d{4}){4} ?\\d{2}'] }));
  assert.doesNotMatch(out, /DE89|3704|0130/);
  assert.match(out, /IBAN/);
  assert.match(out, /paid/);
});

test('text matches ignoring case and across the gap of a missing space', async () => {
  const out = await textOf(await run(await (await letter()).save(), { text: ['ACCOUNT 12345'], ignoreCase: true }));
  assert.doesNotMatch(out, /Account|12345/);
  assert.match(out, /closed today/);
});

test('an area is read on the page as shown: a page turned 90° has its top-left at the user space origin', async () => {
  // Shown turned clockwise, the page is 400 wide and 600 high; the first line (user y 350) runs down the
  // shown page at x = 350, from shown y = 50.
  const pdf = await (await letter(90)).save();
  const out = await textOf(await run(pdf, { areas: [{ page: 1, x: 345, y: 45, width: 20, height: 200 }] }));
  assert.doesNotMatch(out, /Account|12345|closed/);
  assert.match(out, /Second line stays/);
});

test('a form drawn twice loses its text only where an area covers it', async () => {
  const src = await letter();
  const doc = await PDFDocument.create();
  const embedded = await doc.embedPage(src.getPage(0));
  const p1 = doc.addPage([600, 400]);
  p1.drawPage(embedded, { x: 0, y: 0 });
  const p2 = doc.addPage([600, 400]);
  p2.drawPage(embedded, { x: 0, y: 0 });
  const out = await run(await doc.save(), { areas: [{ page: 1, x: 40, y: 35, width: 300, height: 25 }] });
  const [page1, page2] = (await textOf(out)).split('\f');
  assert.doesNotMatch(page1, /Account/);
  assert.match(page1, /Second line stays/);
  assert.match(page2, /Account 12345 closed today/);
});

test('annotations in an area go, and a form field loses its value with its widget', async () => {
  const doc = await letter();
  const form = doc.getForm();
  const field = form.createTextField('iban');
  field.setText('DE89 3704 0044');
  field.addToPage(doc.getPage(0), { x: 50, y: 200, width: 200, height: 20 });
  const out = await PDFDocument.load(await run(await doc.save(), { areas: [{ page: 1, x: 40, y: 170, width: 300, height: 40 }] }));
  const annots = out.getPage(0).node.lookup(PDFName.of('Annots'));
  assert.equal(annots && 'size' in annots ? (annots as { size(): number }).size() : 0, 0);
  assert.doesNotMatch(Buffer.from(await out.save()).toString('latin1'), /DE89/);
});

test('PDFs made by LibreOffice and Chromium (subset TrueType, Identity-H): the words go, their lines stay', async () => {
  const dir = new URL('../fixtures/pdf/text/', import.meta.url);
  const office = await textOf(
    await run(fs.readFileSync(new URL('untagged.pdf', dir)), { text: ['three valleys', 'Two new nests'], patterns: ['\\bRepeat\\b'] }),
  );
  assert.doesNotMatch(office, /three valleys|Two new nests|Repeat/);
  for (const kept of ['The survey covered', 'in the spring', 'Water levels were high', 'in autumn', 'Share the data'])
    assert.ok(office.includes(kept), kept);
  const tagged = fs.readFileSync(new URL('tagged.pdf', dir));
  const before = await textOf(tagged);
  const word = /\b[A-Z][a-z]{5,}\b/.exec(before)![0];
  const after = await textOf(await run(tagged, { text: [word] }));
  assert.doesNotMatch(after, new RegExp(`\\b${word}\\b`));
  assert.ok(after.length > before.length / 2, 'the rest of the text stays');
});

test('the check after the step fails when the text can still be read', async () => {
  const doc = await letter();
  const step = steps([{ type: 'redact', text: ['12345'] }])[0] as Extract<PdfStep, { type: 'redact' }>;
  await assert.rejects(verifyRedaction(doc, step, [0], 'steps[0]'), /can still be read on page 1/);
});

test('a redact step without anything to remove, or with a pattern that is no expression, is refused by field', () => {
  assert.deepEqual(checkSteps([{ type: 'redact' }]), {
    problem: { field: 'steps[0]', message: 'steps[0] needs areas, text or patterns: what to remove' },
  });
  const bad = checkSteps([{ type: 'redact', patterns: ['(unclosed'] }]);
  assert.ok('problem' in bad && bad.problem.field === 'steps[0].patterns[0]');
  const area = checkSteps([{ type: 'redact', areas: [{ page: 1, x: 0, y: 0, width: 0, height: 5 }] }]);
  assert.ok('problem' in area && area.problem.field === 'steps[0].areas[0].width');
});
