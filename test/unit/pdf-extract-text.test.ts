// src/pdf/extract-text.ts (+ extract-markdown.ts) on real PDFs: tagged.pdf printed by headless Chromium from
// test/fixtures/pdf/text/tagged.html (Markdown from its tags, plain text against poppler's), untagged.pdf
// converted by LibreOffice from untagged.html (the layout fallback), and PDFs made here with pdf-lib: a
// layout with nested bullets and wrapped lines, custom roles mapped through a RoleMap, an image-only page.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { test } from 'node:test';
import { PDFDocument, PDFName, PDFNumber, PDFOperator, PDFOperatorNames, StandardFonts, type PDFRef } from '@cantoo/pdf-lib';
import { escapeBlockStart, escapeInline } from '../../src/pdf/extract-markdown.js';
import { extractText } from '../../src/pdf/extract-text.js';
import { isPdfError } from '../../src/pdf/errors.js';

const fixture = (name: string) => new Uint8Array(fs.readFileSync(new URL(`../fixtures/pdf/text/${name}`, import.meta.url)));
const tagged = fixture('tagged.pdf');
const untagged = fixture('untagged.pdf');
const all = { pages: null, maxChars: 100_000 };

const TAGGED_MARKDOWN = `# Quarterly report

Sales grew in every region. The #1 product was the Folio desk.

\\#hashtag and \\*stars\\* are literal

![Sales chart]()

## Highlights

- New office in Lyon
- Two hires
  - An engineer

1. Plan the launch
2. Ship it

## Figures

| Region | Revenue |
| --- | --- |
| North | 120 |
| South \\| West | 95 |

## Appendix

End of report.
`;

test('tagged Chromium PDF: Markdown from the structure tree', async () => {
  const r = await extractText(tagged, { format: 'markdown', ...all });
  assert.deepEqual({ ...r, text: undefined }, { format: 'markdown', text: undefined, pages: 2, structure: 'tags' });
  assert.equal(r.text, TAGGED_MARKDOWN);
});

test('tagged Chromium PDF: plain text has the words of pdftotext -raw, lines and a form feed between pages', async () => {
  const r = await extractText(tagged, { format: 'text', ...all });
  assert.equal(r.structure, 'none');
  assert.equal(r.pages, 2);
  const pages = r.text.split('\f');
  assert.equal(pages.length, 2);
  assert.equal(pages[1], 'Appendix\nEnd of report.\n');
  assert.ok(pages[0].includes('\nRegion Revenue\nNorth 120\nSouth | West 95\n'), pages[0]);
  assert.ok(r.text.split('\n').every((line) => line === line.trimEnd()));
  const poppler = spawnSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: tagged, encoding: 'utf8' });
  assert.equal(poppler.status, 0, poppler.stderr);
  const words = (s: string) => s.split(/\s+/).filter(Boolean);
  assert.deepEqual(words(r.text), words(poppler.stdout));
});

test('pages: only the pages asked, in their order; a page past the end is a step error', async () => {
  const second = await extractText(tagged, { format: 'text', pages: [1], maxChars: 100_000 });
  assert.deepEqual(second, { format: 'text', text: 'Appendix\nEnd of report.\n', pages: 1, structure: 'none' });
  const md = await extractText(tagged, { format: 'markdown', pages: [1, 0], maxChars: 100_000 });
  assert.ok(md.text.startsWith('## Appendix\n\nEnd of report.\n\n# Quarterly report\n'), md.text);
  await assert.rejects(
    extractText(tagged, { format: 'text', pages: [2], maxChars: 10 }),
    (err) => isPdfError(err) && err.kind === 'step' && /page 3/.test(err.message),
  );
  await assert.rejects(
    extractText(new TextEncoder().encode('not a PDF'), { format: 'text', ...all }),
    (err) => isPdfError(err) && err.kind === 'input_invalid',
  );
});

test('maxChars: cut at the last line end within it; pages after it are not read', async () => {
  const full = (await extractText(tagged, { format: 'text', ...all })).text;
  const cut = await extractText(tagged, { format: 'text', pages: null, maxChars: 40 });
  assert.equal(cut.text, 'Quarterly report\n');
  assert.equal(cut.pages, 1);
  const atPage = await extractText(tagged, { format: 'text', pages: null, maxChars: full.indexOf('\f') + 3 });
  assert.equal(atPage.text, full.slice(0, full.indexOf('\f')));
  const md = await extractText(tagged, { format: 'markdown', pages: null, maxChars: 70 });
  assert.equal(md.text, '# Quarterly report\n');
  assert.equal(md.pages, 1);
  const oneLong = await extractText(tagged, { format: 'text', pages: null, maxChars: 7 });
  assert.equal(oneLong.text, 'Quarter');
  assert.equal(tagged[0], 0x25, 'the caller keeps its bytes (pdf.js is given a copy)');
});

test('untagged LibreOffice PDF: headings by font size, bullets and numbers as lists, paragraphs by gaps', async () => {
  const r = await extractText(untagged, { format: 'markdown', ...all });
  assert.equal(r.structure, 'layout');
  assert.equal(
    r.text,
    [
      '# Field notes',
      'The survey covered three valleys in the spring. Each site was visited twice.',
      'Rain delayed the second visit by a week.',
      '## Findings',
      '- Water levels were high\n- Two new nests',
      '### Next steps',
      '1. Repeat in autumn\n2. Share the data',
      'Signed, the survey team.',
    ].join('\n\n') + '\n',
  );
});

/** Lines drawn in Helvetica at [x, y, size, text]; no structure tree. */
async function layoutPdf(lines: [number, number, number, string][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 600]);
  for (const [x, y, size, text] of lines) page.drawText(text, { x, y, size, font });
  return doc.save();
}

test('layout: nested items by indent, wrapped lines joined, escapes, three heading levels', async () => {
  const pdf = await layoutPdf([
    [40, 560, 22, 'Report'],
    [40, 530, 11, 'A paragraph that wraps'],
    [40, 517, 11, 'onto a second line.'],
    [40, 490, 11, '# not a heading, 5 * 3 and a_b'],
    [40, 465, 16, 'Section'],
    [40, 440, 11, '• top item'],
    [60, 426, 11, '- nested item'],
    [70, 412, 11, 'wrapped'],
    [40, 398, 11, '* back at the top'],
    [40, 372, 14, 'Minor'],
    [40, 350, 11, '3) third'],
    [40, 336, 11, '4) fourth'],
  ]);
  const r = await extractText(pdf, { format: 'markdown', ...all });
  assert.equal(r.structure, 'layout');
  assert.equal(
    r.text,
    [
      '# Report',
      'A paragraph that wraps onto a second line.',
      '\\# not a heading, 5 * 3 and a_b',
      '## Section',
      '- top item\n  - nested item wrapped\n- back at the top',
      '### Minor',
      '3. third\n4. fourth',
    ].join('\n\n') + '\n',
  );
});

/** Two marked contents on one page, tagged with custom roles that the RoleMap maps to H1 and P. */
async function roleMapPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 300]);
  const ctx = doc.context;
  const N = PDFName.of;
  const marked = (role: string, mcid: number, text: string, y: number, size: number) => {
    page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [N(role), `<< /MCID ${mcid} >>`]));
    page.drawText(text, { x: 30, y, size, font });
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
  };
  marked('Titre', 0, 'Bonjour', 250, 20);
  marked('Texte', 1, '- le monde', 220, 11);
  page.node.set(N('StructParents'), PDFNumber.of(0));
  const rootRef = ctx.nextRef();
  const docRef = ctx.nextRef();
  const elem = (role: string, mcid: number): PDFRef =>
    ctx.register(ctx.obj({ Type: 'StructElem', S: role, P: docRef, Pg: page.ref, K: mcid }));
  const kids = [elem('Titre', 0), elem('Texte', 1)];
  ctx.assign(docRef, ctx.obj({ Type: 'StructElem', S: 'Document', P: rootRef, K: kids }));
  const parentTree = ctx.obj({ Nums: [0, kids] });
  const roleMap = ctx.obj({ Titre: 'H1', Texte: 'P' });
  ctx.assign(rootRef, ctx.obj({ Type: 'StructTreeRoot', K: docRef, ParentTree: parentTree, ParentTreeNextKey: 1, RoleMap: roleMap }));
  doc.catalog.set(N('StructTreeRoot'), rootRef);
  doc.catalog.set(N('MarkInfo'), ctx.obj({ Marked: true }));
  return doc.save();
}

test('tags: roles mapped through the RoleMap', async () => {
  const r = await extractText(await roleMapPdf(), { format: 'markdown', ...all });
  assert.deepEqual(r, { format: 'markdown', text: '# Bonjour\n\n\\- le monde\n', pages: 1, structure: 'tags' });
});

test('image-only PDF: empty text, structure none', async () => {
  const doc = await PDFDocument.create();
  const png = await doc.embedPng(
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGM4o6QERwzEcQDE4xEBYJBBnwAAAABJRU5ErkJggg==', 'base64'),
  );
  doc.addPage([200, 200]).drawImage(png, { x: 10, y: 10, width: 100, height: 100 });
  const pdf = await doc.save();
  assert.deepEqual(await extractText(pdf, { format: 'markdown', ...all }), { format: 'markdown', text: '', pages: 1, structure: 'none' });
  assert.deepEqual(await extractText(pdf, { format: 'text', ...all }), { format: 'text', text: '', pages: 1, structure: 'none' });
});

test('escapes: only where Markdown would read something', () => {
  assert.equal(
    escapeInline('a_b _c_ 5 * 3 *x* `y` [z] <div> a < b &amp; & C:\\dir \\*'),
    'a_b \\_c\\_ 5 * 3 \\*x\\* \\`y\\` \\[z\\] \\<div> a < b \\&amp; & C:\\dir \\\\\\*',
  );
  assert.equal(escapeInline('a | b'), 'a | b');
  assert.equal(escapeInline('a | b', true), 'a \\| b');
  assert.equal(escapeBlockStart('# x'), '\\# x');
  assert.equal(escapeBlockStart('> quote'), '\\> quote');
  assert.equal(escapeBlockStart('- item'), '\\- item');
  assert.equal(escapeBlockStart('-5 degrees'), '-5 degrees');
  assert.equal(escapeBlockStart('12. December'), '12\\. December');
  assert.equal(escapeBlockStart('---'), '\\---');
});
