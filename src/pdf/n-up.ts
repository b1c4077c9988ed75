// N-up: a new document whose sheets each carry `columns` x `rows` of a PDF's pages, each scaled down (or up)
// to fit its cell, keeping its aspect ratio, centred in it; cells are filled across (row after row) or down
// (column after column), starting top left. Rules:
//   - A page is drawn as a viewer shows it: the area of its CropBox that lies in its MediaBox (the MediaBox
//     when there is no CropBox, or it lies outside), turned by its /Rotate (inherited too; 90, 180, 270, a
//     value that is not a multiple of 90 counting as 0, as pdf.js does). pdf-lib's embedPage ignores
//     /Rotate, so the turn is in the matrix that draws the page: upright on the sheet, like in the viewer.
//   - Each page becomes a form XObject the way pdf-lib's PDFPageEmbedder makes one (/BBox the visible area,
//     /Matrix moving its corner to 0 0), with one object copier for the whole document: fonts and images
//     the pages share are copied once, and nothing else of a page (its annotations, the page dictionary)
//     is copied, so the output holds no unreachable copies. A page's single content stream keeps its
//     encoded bytes; several are decoded, one page at a time, and joined.
//   - Only a page's content is drawn: annotations (links, form fields' widgets) are not (flatten first).
//   - The sheet: `sheet`, or the first page's size as shown, turned to landscape when columns > rows and
//     that page is portrait. `margin` around the sheet's edge, `gap` between cells; `border` strokes a
//     0.5 pt grey rectangle around each drawn page.
//   - A failure is a PdfError of kind step naming `field` (or `field.<option>`).
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  PDFArray,
  PDFContentStream,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFObjectCopier,
  PDFRawStream,
  concatTransformationMatrix,
  decodePDFRawStream,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setLineWidth,
  setStrokingGrayscaleColor,
  stroke,
  type PDFObject,
  type PDFOperator,
  type PDFPage,
  type PDFRef,
} from '@cantoo/pdf-lib';
import { PdfError } from './errors.js';

export interface NUpOptions {
  columns: number;
  rows: number;
  /** sheet size in points; null: the first page's size (landscape when columns > rows and the page is portrait) */
  sheet: { width: number; height: number } | null;
  order: 'across' | 'down';
  /** points around the sheet's edge */
  margin: number;
  /** points between cells */
  gap: number;
  border: boolean;
}

type Size = { width: number; height: number };
type Box = { left: number; bottom: number; width: number; height: number };
type Matrix = [number, number, number, number, number, number];
type Rotation = 0 | 90 | 180 | 270;

const N = PDFName.of;
/** A page without a usable MediaBox is US Letter, as pdf.js draws it. */
const LETTER: [number, number, number, number] = [0, 0, 612, 792];

/** A page's box `key` (inherited too) as [left, bottom, right, top], or undefined when absent or malformed. */
function boxOf(page: PDFPage, key: 'MediaBox' | 'CropBox'): [number, number, number, number] | undefined {
  const ctx = page.node.context;
  const array = ctx.lookup(page.node.getInheritableAttribute(N(key)));
  if (!(array instanceof PDFArray) || array.size() !== 4) return undefined;
  const v = array.asArray().map((o) => {
    const n = ctx.lookup(o);
    return n instanceof PDFNumber ? n.asNumber() : NaN;
  });
  if (v.some((n) => !Number.isFinite(n))) return undefined;
  return [Math.min(v[0], v[2]), Math.min(v[1], v[3]), Math.max(v[0], v[2]), Math.max(v[1], v[3])];
}

/** The area a viewer shows: the CropBox clipped to the MediaBox (the MediaBox when they do not overlap). */
function visibleBox(page: PDFPage): Box {
  const media = boxOf(page, 'MediaBox') ?? LETTER;
  const crop = boxOf(page, 'CropBox');
  const clip = crop && [Math.max(media[0], crop[0]), Math.max(media[1], crop[1]), Math.min(media[2], crop[2]), Math.min(media[3], crop[3])];
  const [l, b, r, t] = clip && clip[2] > clip[0] && clip[3] > clip[1] ? clip : media;
  return { left: l, bottom: b, width: r - l, height: t - b };
}

/** The page's /Rotate, clockwise, as 0, 90, 180 or 270 (a value not a multiple of 90 counts as 0). */
function rotationOf(page: PDFPage): Rotation {
  const r = page.node.context.lookup(page.node.getInheritableAttribute(N('Rotate')));
  const angle = r instanceof PDFNumber ? ((r.asNumber() % 360) + 360) % 360 : 0;
  return angle === 90 || angle === 180 || angle === 270 ? angle : 0;
}

/** The page's size as a viewer shows it (turned by its rotation). */
function shownSize(box: Box, rotation: Rotation): Size {
  return rotation === 90 || rotation === 270 ? { width: box.height, height: box.width } : { width: box.width, height: box.height };
}

/**
 * From the form's space (0 0 to w h, the visible area's corner at 0 0) to the page as shown (0 0 to its
 * shown width and height): /Rotate turns the page clockwise.
 */
function turn(rotation: Rotation, w: number, h: number): Matrix {
  if (rotation === 90) return [0, -1, 1, 0, 0, w];
  if (rotation === 180) return [-1, 0, 0, -1, w, h];
  if (rotation === 270) return [0, 1, -1, 0, h, 0];
  return [1, 0, 0, 1, 0, 0];
}

function optionError(field: string, key: string, why: string): PdfError {
  return new PdfError('step', `${field}.${key}: ${why}`, { field: `${field}.${key}` });
}

function checkOptions(o: NUpOptions, field: string): void {
  for (const key of ['columns', 'rows'] as const)
    if (!Number.isInteger(o[key]) || o[key] < 1) throw optionError(field, key, 'must be a whole number of 1 or more');
  for (const key of ['margin', 'gap'] as const)
    if (!Number.isFinite(o[key]) || o[key] < 0) throw optionError(field, key, 'must be a number of points, 0 or more');
  if (o.order !== 'across' && o.order !== 'down') throw optionError(field, 'order', 'must be across or down');
  if (o.sheet && !(o.sheet.width > 0 && o.sheet.height > 0 && Number.isFinite(o.sheet.width * o.sheet.height)))
    throw optionError(field, 'sheet', 'width and height must be numbers of points above 0');
}

/** The sheet: as given, or the first page's shown size, landscape when columns > rows and it is portrait. */
function sheetSize(first: Size, o: NUpOptions): Size {
  if (o.sheet) return { width: o.sheet.width, height: o.sheet.height };
  const turnIt = o.columns > o.rows && first.height > first.width;
  return turnIt ? { width: first.height, height: first.width } : first;
}

/** The cells of a sheet in the order they are filled; refused when the margin and the gaps leave no room. */
function cellBoxes(sheet: Size, o: NUpOptions, field: string): Box[] {
  const width = (sheet.width - 2 * o.margin - (o.columns - 1) * o.gap) / o.columns;
  const height = (sheet.height - 2 * o.margin - (o.rows - 1) * o.gap) / o.rows;
  if (!(width > 0 && height > 0)) {
    const key = 2 * o.margin >= Math.min(sheet.width, sheet.height) ? 'margin' : 'gap';
    const size = `${Math.round(sheet.width)} x ${Math.round(sheet.height)} pt`;
    throw optionError(field, key, `the margin and the gaps leave no room for ${o.columns} x ${o.rows} cells on a ${size} sheet`);
  }
  const cells: Box[] = [];
  for (let k = 0; k < o.columns * o.rows; k++) {
    const col = o.order === 'across' ? k % o.columns : Math.floor(k / o.rows);
    const row = o.order === 'across' ? Math.floor(k / o.columns) : k % o.rows;
    cells.push({
      left: o.margin + col * (width + o.gap),
      bottom: sheet.height - o.margin - (row + 1) * height - row * o.gap,
      width,
      height,
    });
  }
  return cells;
}

/** The page's content streams, or [] for a page without content. */
function contentStreams(page: PDFPage): Array<PDFObject | undefined> {
  const ctx = page.node.context;
  const contents = ctx.lookup(page.node.get(N('Contents')));
  if (contents instanceof PDFArray) return contents.asArray().map((o) => ctx.lookup(o));
  return contents ? [contents] : [];
}

/** Several content streams decoded and joined with newlines (a stream may end in the middle of a line). */
function joined(streams: Array<PDFObject | undefined>): Uint8Array {
  const parts = streams.map((s) => {
    if (s instanceof PDFRawStream) return decodePDFRawStream(s).decode();
    if (s instanceof PDFContentStream) return s.getUnencodedContents();
    throw new Error(`a content stream is a ${s?.constructor.name ?? 'missing object'}`);
  });
  return Buffer.concat(parts.flatMap((p) => [p, Buffer.from('\n')]));
}

/** The page as a form XObject of `out`, or undefined for a page without content. */
function formOf(page: PDFPage, box: Box, copier: PDFObjectCopier, out: PDFDocument): PDFRef | undefined {
  const streams = contentStreams(page);
  if (streams.length === 0) return undefined;
  const resources = page.node.getInheritableAttribute(N('Resources'));
  const group = page.node.get(N('Group'));
  const dict = {
    Type: 'XObject',
    Subtype: 'Form',
    FormType: 1,
    BBox: [box.left, box.bottom, box.left + box.width, box.bottom + box.height],
    Matrix: [1, 0, 0, 1, -box.left, -box.bottom],
    Resources: resources ? copier.copy(resources) : {},
    ...(group ? { Group: copier.copy(group) } : {}),
  };
  const [only] = streams;
  if (streams.length === 1 && only instanceof PDFRawStream) {
    // One stream: its bytes as they are, with their filters.
    const filter = only.dict.get(N('Filter'));
    const parms = only.dict.get(N('DecodeParms'));
    const coded = { ...(filter ? { Filter: copier.copy(filter) } : {}), ...(parms ? { DecodeParms: copier.copy(parms) } : {}) };
    return out.context.register(out.context.stream(only.contents, { ...dict, ...coded }));
  }
  return out.context.register(out.context.flateStream(joined(streams), dict));
}

/** The operators that draw the page (form `name`, if any) fitted in `cell`, and its border. */
function cellOperators(name: PDFName | undefined, box: Box, rotation: Rotation, cell: Box, border: boolean): PDFOperator[] {
  const shown = shownSize(box, rotation);
  const s = Math.min(cell.width / shown.width, cell.height / shown.height);
  const w = shown.width * s;
  const h = shown.height * s;
  const x = cell.left + (cell.width - w) / 2;
  const y = cell.bottom + (cell.height - h) / 2;
  const [a, b, c, d, e, f] = turn(rotation, box.width, box.height);
  const ops: PDFOperator[] = [];
  if (name)
    ops.push(
      pushGraphicsState(),
      concatTransformationMatrix(a * s, b * s, c * s, d * s, e * s + x, f * s + y),
      drawObject(name),
      popGraphicsState(),
    );
  if (border)
    ops.push(pushGraphicsState(), setLineWidth(0.5), setStrokingGrayscaleColor(0.5), rectangle(x, y, w, h), stroke(), popGraphicsState());
  return ops;
}

type Run = { out: PDFDocument; copier: PDFObjectCopier; border: boolean; field: string };

/** The page's visible area; refused when it is empty (a MediaBox of zero width or height). */
function pageBox(page: PDFPage, index: number, field: string): Box {
  const box = visibleBox(page);
  if (!(box.width > 0 && box.height > 0)) throw new PdfError('step', `${field}: page ${index + 1} has an empty MediaBox`, { field });
  return box;
}

/** Draws source page `page` (0-based `index`) in `cell` of `sheet`. */
function drawPage(run: Run, page: PDFPage, index: number, sheet: PDFPage, cell: Box): void {
  const box = pageBox(page, index, run.field);
  let form: PDFRef | undefined;
  try {
    form = formOf(page, box, run.copier, run.out);
  } catch (err) {
    throw new PdfError('step', `${run.field}: the content of page ${index + 1} cannot be read: ${(err as Error).message}`, {
      field: run.field,
      cause: err,
    });
  }
  const name = form ? sheet.node.newXObject('Page', form) : undefined;
  sheet.pushOperators(...cellOperators(name, box, rotationOf(page), cell, run.border));
}

/** A new document of sheets, each with `columns` x `rows` of `doc`'s pages. Throws a PdfError of kind step naming `field`. */
export async function nUp(doc: PDFDocument, opts: NUpOptions, field: string): Promise<PDFDocument> {
  checkOptions(opts, field);
  const count = doc.getPageCount();
  if (count === 0) throw new PdfError('step', `${field}: the PDF has no pages`, { field });
  const first = doc.getPage(0);
  const size = sheetSize(shownSize(pageBox(first, 0, field), rotationOf(first)), opts);
  const cells = cellBoxes(size, opts, field);
  const out = await PDFDocument.create({ updateMetadata: false });
  const run: Run = { out, copier: PDFObjectCopier.for(doc.context, out.context), border: opts.border, field };
  let sheet: PDFPage | undefined;
  for (let i = 0; i < count; i++) {
    const k = i % cells.length;
    if (k === 0 || !sheet) {
      if (i > 0) await nextTurn(); // a turn for the event loop between sheets
      sheet = out.addPage([size.width, size.height]);
    }
    drawPage(run, doc.getPage(i), i, sheet, cells[k]);
  }
  return out;
}
