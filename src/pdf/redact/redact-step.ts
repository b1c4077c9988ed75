// The `redact` step: what lies under the areas given, and the text found by the step's strings and
// patterns, is removed from the document, not covered (content-filter.ts: glyphs, images, paths, forms), and
// a box of the fill colour is drawn where it was. Areas are in points from the top-left corner of the page
// as it is shown (crop box, page rotation applied). Text is searched in the glyphs' own order on each page
// (font-glyphs.ts gives their text), words told apart by their spacing; a glyph goes when it is part of a
// match or when at least a third of it lies in an area. Annotations that reach what goes are removed with
// it (a form field's value too). Then the document is read again by an independent reader (pdf.js, the
// extractText step's): if a string or pattern can still be read on a page, the step fails rather than
// hand back a document that still holds it.
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, type PDFDocument, type PDFPage } from '@cantoo/pdf-lib';
import type { RedactStep } from '../../domain/pdfs/pdf-step-content.js';
import { PdfError } from '../errors.js';
import { contentBytes, filterContent, type FilterRules, type PlacedGlyph } from './content-filter.js';
import { blankImage } from './redact-images.js';
import { coveredShare, intersects, IDENTITY, type Rect } from './geometry.js';
import { findMatches, patternsOf } from './text-search.js';
import { extractText } from '../extract-text.js';

const N = PDFName.of;
/** A glyph goes when at least this share of its box lies in an area. */
const GLYPH_SHARE = 1 / 3;

const rgb = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

function boxOf(page: PDFPage): Rect {
  const b = page.getCropBox();
  return { x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height };
}

/** An area as shown (top-left origin, rotation applied) in the page's user space. */
export function areaInUserSpace(page: PDFPage, a: { x: number; y: number; width: number; height: number }): Rect {
  const c = boxOf(page);
  const rot = ((page.getRotation().angle % 360) + 360) % 360;
  const [X0, Y0, X1, Y1] = [a.x, a.y, a.x + a.width, a.y + a.height];
  const pts: Array<[number, number]> =
    rot === 90
      ? [
          [c.x0 + Y0, c.y0 + X0],
          [c.x0 + Y1, c.y0 + X1],
        ]
      : rot === 180
        ? [
            [c.x1 - X0, c.y0 + Y0],
            [c.x1 - X1, c.y0 + Y1],
          ]
        : rot === 270
          ? [
              [c.x1 - Y0, c.y1 - X0],
              [c.x1 - Y1, c.y1 - X1],
            ]
          : [
              [c.x0 + X0, c.y1 - Y0],
              [c.x0 + X1, c.y1 - Y1],
            ];
  return {
    x0: Math.min(pts[0][0], pts[1][0]),
    y0: Math.min(pts[0][1], pts[1][1]),
    x1: Math.max(pts[0][0], pts[1][0]),
    y1: Math.max(pts[0][1], pts[1][1]),
  };
}

const resourcesOf = (page: PDFPage) => {
  const r = page.node.getInheritableAttribute(N('Resources'));
  const d = r ? page.doc.context.lookup(r) : undefined;
  return d instanceof PDFDict ? d : undefined;
};

let copies = 0;
/** Adds `obj` to the resources' `kind` dictionary under a new name. */
function addResource(page: PDFPage, resources: PDFDict, kind: string, obj: PDFRawStream): string {
  let dict = resources.lookup(N(kind));
  if (!(dict instanceof PDFDict)) {
    dict = page.doc.context.obj({});
    resources.set(N(kind), dict as PDFDict);
  }
  const name = `Redacted${++copies}`;
  (dict as PDFDict).set(N(name), page.doc.context.register(obj));
  return name;
}

/** Removes the annotations that reach an area; a form field loses its value with its widget. */
function dropAnnotations(page: PDFPage, areas: Rect[]): void {
  const annots = page.node.lookup(N('Annots'));
  if (!(annots instanceof PDFArray) || areas.length === 0) return;
  const keep = annots.asArray().filter((ref) => {
    const a = page.doc.context.lookup(ref);
    const r = a instanceof PDFDict ? a.lookup(N('Rect')) : undefined;
    if (!(a instanceof PDFDict) || !(r instanceof PDFArray)) return true;
    const v = r.asArray().map((x) => (x instanceof PDFNumber ? x.asNumber() : 0));
    const rect = { x0: Math.min(v[0], v[2]), y0: Math.min(v[1], v[3]), x1: Math.max(v[0], v[2]), y1: Math.max(v[1], v[3]) };
    if (!areas.some((x) => intersects(rect, x))) return true;
    for (const d of [a, a.lookup(N('Parent'))]) if (d instanceof PDFDict) for (const k of ['V', 'AP', 'RV']) d.delete(N(k));
    return false;
  });
  page.node.set(N('Annots'), page.doc.context.obj(keep));
}

async function redactPage(
  page: PDFPage,
  glyphAreas: Rect[],
  matched: Set<string>,
  otherAreas: Rect[],
  fill: [number, number, number] | null,
) {
  const ctx = page.doc.context;
  const resources = resourcesOf(page);
  const areas = [...glyphAreas, ...otherAreas];
  const rules: FilterRules = {
    glyph: (g) => matched.has(g.key) || glyphAreas.some((a) => coveredShare(g.box, a) >= GLYPH_SHARE),
    areas,
    everyForm: matched.size > 0,
    partialImage: async (img, ctm, res) => {
      const copy = await blankImage(ctx, img, ctm, areas, fill ?? [0, 0, 0]);
      return copy ? addResource(page, res, 'XObject', copy) : null;
    },
    formCopy: (form, content, res) => {
      const copy = ctx.flateStream(content, {});
      for (const [k, v] of form.dict.entries()) if (k !== N('Length') && k !== N('Filter') && k !== N('DecodeParms')) copy.dict.set(k, v);
      return addResource(page, res, 'XObject', copy);
    },
  };
  const r = await filterContent(contentBytes(page.node.Contents(), ctx), resources, IDENTITY, rules);
  const boxes = fill ? areas.map((a) => `${a.x0} ${a.y0} ${a.x1 - a.x0} ${a.y1 - a.y0} re`).join(' ') : '';
  const paint = fill ? `\nq ${fill.map((c) => (c / 255).toFixed(3)).join(' ')} rg ${boxes} f Q\n` : '';
  if (!r.changed && !paint) return;
  const content = Buffer.concat([Buffer.from('q\n'), Buffer.from(r.bytes), Buffer.from(`\nQ${paint}`)]);
  page.node.set(N('Contents'), ctx.register(ctx.flateStream(content, {})));
  dropAnnotations(page, areas);
}

/** Scans a page's glyphs in their order on the page (nothing changes). */
async function pageGlyphs(page: PDFPage): Promise<PlacedGlyph[]> {
  const glyphs: PlacedGlyph[] = [];
  const rules: FilterRules = {
    glyph: (g) => (glyphs.push(g), false),
    areas: [],
    everyForm: true,
    partialImage: async () => null,
    formCopy: () => '',
  };
  await filterContent(contentBytes(page.node.Contents(), page.doc.context), resourcesOf(page), IDENTITY, rules);
  return glyphs;
}

/** Applies the step; the 0-based pages it searched, for the check that follows. */
export async function redact(doc: PDFDocument, step: RedactStep, searched: number[], f: string): Promise<number[]> {
  const fill = step.fill === null ? null : rgb(step.fill);
  const patterns = patternsOf(step);
  const pages = new Set([...searched, ...step.areas.map((a) => a.page - 1)]);
  for (const [k, a] of step.areas.entries())
    if (a.page > doc.getPageCount())
      throw new PdfError('step', `${f}.areas[${k}].page is ${a.page}, but the PDF has ${doc.getPageCount()} pages`, {
        field: `${f}.areas[${k}].page`,
      });
  for (const p of [...pages].sort((a, b) => a - b)) {
    const page = doc.getPage(p);
    const areas = step.areas.filter((a) => a.page === p + 1).map((a) => areaInUserSpace(page, a));
    const found =
      patterns.length > 0 && searched.includes(p) ? findMatches(await pageGlyphs(page), patterns) : { keys: new Set<string>(), boxes: [] };
    await redactPage(page, areas, found.keys, found.boxes, fill);
  }
  return searched;
}

/**
 * Reads the redacted pages again with pdf.js: a string (spaces ignored) or pattern still found fails the
 * step, naming the page, rather than hand back a document that still holds it.
 */
export async function verifyRedaction(doc: PDFDocument, step: RedactStep, searched: number[], f: string): Promise<void> {
  const patterns = patternsOf(step);
  if (patterns.length === 0 || searched.length === 0) return;
  const bytes = await doc.save({ useObjectStreams: false });
  const { text } = await extractText(bytes, { format: 'text', pages: searched, maxChars: Number.MAX_SAFE_INTEGER });
  const pages = text.replace(/\u00a0/g, ' ').split('\f');
  const squeeze = (s: string) => s.replace(/\s+/g, '');
  for (const [k, pageText] of pages.entries()) {
    const left =
      patterns.find((re) => ((re.lastIndex = 0), re.test(pageText))) ??
      step.text
        .map(
          (t) =>
            new RegExp(
              patternsOf({ text: [squeeze(t)], patterns: [], ignoreCase: step.ignoreCase })[0].source,
              step.ignoreCase ? 'iu' : 'u',
            ),
        )
        .find((re) => re.test(squeeze(pageText)));
    if (left)
      throw new PdfError(
        'step',
        `${f}: text matching ${left.source.slice(0, 80)} can still be read on page ${searched[k] + 1} after redaction (its font does not tell Folio where its glyphs are); nothing was returned`,
        { field: f },
      );
  }
}
