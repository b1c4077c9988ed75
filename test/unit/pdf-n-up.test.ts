// src/pdf/n-up.ts on PDFs built with @cantoo/pdf-lib, read back after a save: sheet counts and sizes, one
// form XObject drawn per source page with the cm matrix that fits it in its cell (across and down), the
// source page each cell holds (each source page sets its own line width), /Rotate and a CropBox shown as a
// viewer shows them (corners of the page's content followed through the form's /Matrix and the cm),
// resources shared by pages copied once and nothing else of the pages copied, borders, and refusals
// naming their field.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  decodePDFRawStream,
  degrees,
  setLineWidth,
  type PDFPage,
} from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { nUp, type NUpOptions } from '../../src/pdf/n-up.js';
import { isPdfError } from '../../src/pdf/errors.js';

const N = PDFName.of;
const LETTER: [number, number] = [612, 792];
const A4: [number, number] = [595.28, 841.89];
const base: NUpOptions = { columns: 2, rows: 2, sheet: null, order: 'across', margin: 0, gap: 0, border: false };

type Matrix = number[];
type Draw = { matrix: Matrix; name: string };

/** A saved and loaded PDF of `count` pages of `size`; page i sets line width i + 1 (its mark). */
async function source(count: number, size: [number, number], edit?: (page: PDFPage, i: number) => void): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  for (let i = 0; i < count; i++) {
    const page = doc.addPage(size);
    page.pushOperators(setLineWidth(i + 1));
    edit?.(page, i);
  }
  return PDFDocument.load(await doc.save());
}

/** nUp, then the result saved and loaded again. */
async function run(doc: PDFDocument, opts: Partial<NUpOptions>): Promise<PDFDocument> {
  const out = await nUp(doc, { ...base, ...opts }, 'steps[2]');
  return PDFDocument.load(await out.save());
}

function decoded(stream: unknown): string {
  assert.ok(stream instanceof PDFRawStream, 'a stored stream');
  return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
}

/** The text of a page's content streams. */
function contentOf(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => page.doc.context.lookup(r)) : [contents];
  return streams.map(decoded).join('\n');
}

const NUM = String.raw`(-?[\d.]+)`;
const CM_DO = new RegExp(`${Array(6).fill(NUM).join(' ')} cm\\s+/(\\S+) Do`, 'g');

/** Each form drawn on the page: its cm matrix and its name. */
function draws(page: PDFPage): Draw[] {
  return [...contentOf(page).matchAll(CM_DO)].map((m) => ({ matrix: m.slice(1, 7).map(Number), name: m[7] }));
}

function form(page: PDFPage, name: string): PDFRawStream {
  const xobjects = page.node.Resources()!.lookup(N('XObject'), PDFDict);
  const f = xobjects.lookup(N(name));
  assert.ok(f instanceof PDFRawStream, `${name} is a stored stream`);
  assert.equal(f.dict.lookup(N('Subtype')), N('Form'));
  return f;
}

const numbers = (a: PDFArray) => a.asArray().map((n) => (n as PDFNumber).asNumber());

/** The source page's mark (its line width) that the form `name` draws. */
const markOf = (page: PDFPage, name: string) => Number(/([\d.]+) w/.exec(decoded(form(page, name)))?.[1]);

function near(actual: Matrix, expected: Matrix, what: string) {
  assert.equal(actual.length, expected.length, what);
  actual.forEach((v, i) => assert.ok(Math.abs(v - expected[i]) < 0.01, `${what}: [${actual.join(' ')}] is not [${expected.join(' ')}]`));
}

/** A point of the source page's content space on the sheet: through the form's /Matrix, then the cm. */
function onSheet(page: PDFPage, d: Draw, [x, y]: [number, number]): [number, number] {
  const [a, b, c, e, f, g] = numbers(form(page, d.name).dict.lookup(N('Matrix'), PDFArray));
  const [u, v] = [a * x + c * y + f, b * x + e * y + g];
  const m = d.matrix;
  return [m[0] * u + m[2] * v + m[4], m[1] * u + m[3] * v + m[5]];
}

test('2 x 2 across: two sheets of the page size, four forms then one, each page at half size in its cell', async () => {
  const out = await run(await source(5, LETTER), {});
  assert.equal(out.getPageCount(), 2);
  for (const p of out.getPages()) assert.deepEqual([p.getWidth(), p.getHeight()], LETTER);
  const first = draws(out.getPage(0));
  assert.equal(first.length, 4);
  near(first[0].matrix, [0.5, 0, 0, 0.5, 0, 396], 'cell 1, top left');
  near(first[1].matrix, [0.5, 0, 0, 0.5, 306, 396], 'cell 2, top right');
  near(first[2].matrix, [0.5, 0, 0, 0.5, 0, 0], 'cell 3, bottom left');
  near(first[3].matrix, [0.5, 0, 0, 0.5, 306, 0], 'cell 4, bottom right');
  assert.deepEqual(
    first.map((d) => markOf(out.getPage(0), d.name)),
    [1, 2, 3, 4],
  );
  const second = draws(out.getPage(1));
  assert.equal(second.length, 1);
  assert.equal(markOf(out.getPage(1), second[0].name), 5);
  const f = form(out.getPage(0), first[0].name);
  assert.deepEqual(numbers(f.dict.lookup(N('BBox'), PDFArray)), [0, 0, 612, 792]);
});

test('order down fills columns first; no border unless asked', async () => {
  const out = await run(await source(4, LETTER), { order: 'down' });
  const page = out.getPage(0);
  const d = draws(page);
  assert.deepEqual(
    d.map((x) => markOf(page, x.name)),
    [1, 2, 3, 4],
  );
  near(d[1].matrix, [0.5, 0, 0, 0.5, 0, 0], 'page 2 below page 1');
  near(d[2].matrix, [0.5, 0, 0, 0.5, 306, 396], 'page 3 at the top of the second column');
  assert.doesNotMatch(contentOf(page), / re\s/);
});

test('2 x 1 on portrait pages: a landscape sheet; margin, gap and borders around the drawn pages', async () => {
  const out = await run(await source(3, A4), { columns: 2, rows: 1, margin: 10, gap: 20, border: true });
  assert.equal(out.getPageCount(), 2);
  const sheet = out.getPage(0);
  assert.deepEqual([sheet.getWidth(), sheet.getHeight()], [A4[1], A4[0]]);
  const cellW = (A4[1] - 20 - 20) / 2;
  const cellH = A4[0] - 20;
  const s = Math.min(cellW / A4[0], cellH / A4[1]);
  const [w, h] = [A4[0] * s, A4[1] * s];
  const y = 10 + (cellH - h) / 2;
  const d = draws(sheet);
  near(d[0].matrix, [s, 0, 0, s, 10 + (cellW - w) / 2, y], 'left cell');
  near(d[1].matrix, [s, 0, 0, s, 10 + cellW + 20 + (cellW - w) / 2, y], 'right cell');
  const borders = [...contentOf(sheet).matchAll(new RegExp(`0.5 w\\s+0.5 G\\s+${Array(4).fill(NUM).join(' ')} re\\s+S`, 'g'))];
  assert.equal(borders.length, 2);
  near(borders[0].slice(1, 5).map(Number), [10 + (cellW - w) / 2, y, w, h], 'border around the left page');
  // A square grid keeps the page's orientation.
  const square = await run(await source(1, A4), { columns: 1, rows: 1 });
  assert.deepEqual([square.getPage(0).getWidth(), square.getPage(0).getHeight()], A4);
});

test('/Rotate: each rotated page is drawn upright as a viewer shows it', async () => {
  // 200 x 100 pages; the content's top left corner (0, 100) must end where a viewer shows it.
  const where: Record<number, [number, number]> = { 0: [0, 100], 90: [100, 200], 180: [200, 0], 270: [0, 0] };
  for (const angle of [90, 180, 270, 0]) {
    const src = await source(1, [200, 100], (p) => p.setRotation(degrees(angle)));
    const turned = angle === 90 || angle === 270;
    const out = await run(src, { columns: 1, rows: 1, sheet: turned ? { width: 100, height: 200 } : { width: 200, height: 100 } });
    const page = out.getPage(0);
    const [d] = draws(page);
    near(onSheet(page, d, [0, 100]), where[angle], `${angle}°: the top left corner`);
    near(
      onSheet(page, d, [200, 0]),
      turned ? [100 - where[angle][0], 200 - where[angle][1]] : [200 - where[angle][0], 100 - where[angle][1]],
      `${angle}°: the opposite corner`,
    );
  }
  const src = await source(1, [200, 100], (p) => p.setRotation(degrees(90)));
  const [d] = draws((await run(src, { columns: 1, rows: 1, sheet: { width: 100, height: 200 } })).getPage(0));
  near(d.matrix, [0, -1, 1, 0, 0, 200], 'the 90° matrix');
});

test('a CropBox: only the visible area is embedded and fitted; one partly outside the MediaBox is clipped to it', async () => {
  const src = await source(2, [600, 800], (p, i) => {
    if (i === 0) p.setCropBox(100, 200, 300, 400);
    else p.setCropBox(-50, -50, 350, 450); // [-50 -50 300 400]: visible 0 0 300 400
  });
  const out = await run(src, { columns: 1, rows: 1, sheet: { width: 300, height: 400 } });
  for (const [i, corner] of [
    [0, [100, 200]],
    [1, [0, 0]],
  ] as const) {
    const page = out.getPage(i);
    const [d] = draws(page);
    near(d.matrix, [1, 0, 0, 1, 0, 0], `page ${i + 1}: the crop fills the sheet at scale 1`);
    near(onSheet(page, d, [corner[0], corner[1]]), [0, 0], `page ${i + 1}: the crop's corner at the sheet's`);
    near(numbers(form(page, d.name).dict.lookup(N('BBox'), PDFArray)), [corner[0], corner[1], corner[0] + 300, corner[1] + 400], 'BBox');
  }
  // A crop with a rotation: 300 x 400 visible, turned 90°, is 400 x 300 on screen.
  const rot = await source(1, [600, 800], (p) => {
    p.setCropBox(100, 200, 300, 400);
    p.setRotation(degrees(90));
  });
  const page = (await run(rot, { columns: 1, rows: 1 })).getPage(0);
  assert.deepEqual([page.getWidth(), page.getHeight()], [400, 300]);
  near(onSheet(page, draws(page)[0], [100, 600]), [400, 300], "the crop's top left corner at the sheet's top right");
});

test('resources shared by pages are copied once; annotations and page dictionaries are not copied', async () => {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const png = await doc.embedPng(
    await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .png()
      .toBuffer(),
  );
  for (let i = 0; i < 4; i++) {
    const page = doc.addPage(LETTER);
    page.drawImage(png, { x: 10, y: 10, width: 40, height: 40 });
    page.node.set(
      N('Annots'),
      doc.context.obj([doc.context.register(doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 9, 9] }))]),
    );
  }
  const out = await run(await PDFDocument.load(await doc.save()), {});
  const kinds = out.context.enumerateIndirectObjects().map(([, o]) => {
    const dict = o instanceof PDFDict ? o : o instanceof PDFRawStream ? o.dict : undefined;
    return String(dict?.lookup(N('Subtype')) ?? dict?.lookup(N('Type')) ?? '');
  });
  assert.equal(kinds.filter((k) => k === '/Image').length, 1, kinds.join(' '));
  assert.equal(kinds.filter((k) => k === '/Form').length, 4);
  assert.equal(kinds.filter((k) => k === '/Link' || k === '/Annot').length, 0);
  assert.equal(kinds.filter((k) => k === '/Page').length, 1);
});

test('pages with several content streams, unsaved ones, or none: joined, or only the border', async () => {
  const edited = await source(2, LETTER);
  edited.getPage(0).pushOperators(setLineWidth(7)); // a second stream (and pdf-lib's q / Q wrappers)
  edited.addPage(LETTER).pushOperators(setLineWidth(9)); // an unsaved stream, once the rest is loaded again
  const src = await PDFDocument.load(await edited.save());
  src.getPage(2).pushOperators(setLineWidth(11)); // in memory, beside a saved one
  src.removePage(1);
  src.addPage(LETTER); // no /Contents
  const out = await run(src, { columns: 3, rows: 1, border: true });
  const page = out.getPage(0);
  const d = draws(page);
  assert.equal(d.length, 2);
  assert.match(decoded(form(page, d[0].name)), /1 w[\s\S]*7 w/);
  assert.match(decoded(form(page, d[1].name)), /9 w[\s\S]*11 w/);
  assert.equal([...contentOf(page).matchAll(/ re\s+S/g)].length, 3);
});

test('refusals name the field', async () => {
  const doc = await source(2, LETTER);
  const refused = async (opts: Partial<NUpOptions>, d: PDFDocument, field: string, message: RegExp) =>
    assert.rejects(nUp(d, { ...base, ...opts }, 'steps[2]'), (e: unknown) => {
      assert.ok(isPdfError(e, 'step'), String(e));
      assert.equal(e.field, field);
      assert.match(e.message, message);
      return true;
    });
  await refused({ columns: 0 }, doc, 'steps[2].columns', /whole number/);
  await refused({ rows: 1.5 }, doc, 'steps[2].rows', /whole number/);
  await refused({ margin: 400 }, doc, 'steps[2].margin', /no room/);
  await refused({ columns: 8, gap: 200 }, doc, 'steps[2].gap', /no room/);
  await refused({ sheet: { width: 0, height: 10 } }, doc, 'steps[2].sheet', /above 0/);
  await refused({}, await PDFDocument.create(), 'steps[2]', /no pages/);
});
