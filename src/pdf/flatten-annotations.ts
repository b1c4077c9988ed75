// The `flatten` step's second half: every annotation that shows an appearance (a comment box, a stamp, a
// highlight, a widget no form field owns) is drawn into its page's content and removed, as ISO 32000-1
// § 12.5.5 places an appearance stream: its /BBox, transformed by its /Matrix, mapped onto the annotation's
// /Rect. Hidden annotations and ones without a normal appearance (links, popups) are left as they are.
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFStream,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  type PDFDocument,
  type PDFPage,
} from '@cantoo/pdf-lib';

const N = PDFName.of;
const HIDDEN = 1 << 1;

const numbers = (a: PDFArray | undefined, size: number): number[] | null => {
  if (!a || a.size() !== size) return null;
  const out = [];
  for (let i = 0; i < size; i++) {
    const v = a.lookup(i);
    if (!(v instanceof PDFNumber)) return null;
    out.push(v.asNumber());
  }
  return out;
};

/** The normal appearance to draw: /AP /N, or its state /AS when it is a dictionary of states. */
function appearanceOf(annot: PDFDict): PDFRef | null {
  const n = annot.lookupMaybe(N('AP'), PDFDict)?.get(N('N'));
  if (n instanceof PDFRef && annot.context.lookup(n) instanceof PDFStream) return n;
  const states = annot.lookupMaybe(N('AP'), PDFDict)?.lookupMaybe(N('N'), PDFDict);
  const state = annot.lookupMaybe(N('AS'), PDFName);
  const chosen = state ? states?.get(state) : undefined;
  return chosen instanceof PDFRef && annot.context.lookup(chosen) instanceof PDFStream ? chosen : null;
}

/** The matrix mapping the appearance's transformed box onto the annotation's rectangle, or null. */
function placement(annot: PDFDict, ap: PDFStream): number[] | null {
  const rect = numbers(annot.lookupMaybe(N('Rect'), PDFArray), 4);
  const bbox = numbers(ap.dict.lookupMaybe(N('BBox'), PDFArray), 4);
  if (!rect || !bbox) return null;
  const [a, b, c, d, e, f] = numbers(ap.dict.lookupMaybe(N('Matrix'), PDFArray), 6) ?? [1, 0, 0, 1, 0, 0];
  const corners = [
    [bbox[0], bbox[1]],
    [bbox[2], bbox[1]],
    [bbox[0], bbox[3]],
    [bbox[2], bbox[3]],
  ].map(([x, y]) => [a * x + c * y + e, b * x + d * y + f]);
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  const [x0, y0, x1, y1] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  if (x1 - x0 <= 0 || y1 - y0 <= 0) return null;
  const [rx0, ry0, rx1, ry1] = [
    Math.min(rect[0], rect[2]),
    Math.min(rect[1], rect[3]),
    Math.max(rect[0], rect[2]),
    Math.max(rect[1], rect[3]),
  ];
  const sx = (rx1 - rx0) / (x1 - x0);
  const sy = (ry1 - ry0) / (y1 - y0);
  return [sx, 0, 0, sy, rx0 - sx * x0, ry0 - sy * y0];
}

function flattenPage(page: PDFPage, k: number): number {
  const annots = page.node.lookupMaybe(N('Annots'), PDFArray);
  if (!annots) return 0;
  const keep: unknown[] = [];
  let drawn = 0;
  for (let i = 0; i < annots.size(); i++) {
    const raw = annots.get(i);
    const annot = annots.lookupMaybe(i, PDFDict);
    const flags = annot?.lookupMaybe(N('F'), PDFNumber)?.asNumber() ?? 0;
    const ref = annot && !(flags & HIDDEN) ? appearanceOf(annot) : null;
    const ap = ref ? (page.doc.context.lookup(ref) as PDFStream) : null;
    const m = annot && ap ? placement(annot, ap) : null;
    if (!ref || !m) {
      keep.push(raw);
      continue;
    }
    // Form XObjects need a /Subtype to be drawn; appearance streams may leave it out.
    ap!.dict.set(N('Type'), N('XObject'));
    ap!.dict.set(N('Subtype'), N('Form'));
    const name = page.node.newXObject(`FlatAnnot${k}_${drawn}`, ref);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(m[0], m[1], m[2], m[3], m[4], m[5]),
      drawObject(name),
      popGraphicsState(),
    );
    drawn++;
  }
  if (keep.length === 0) page.node.delete(N('Annots'));
  else if (drawn > 0) page.node.set(N('Annots'), page.doc.context.obj(keep as never[]));
  return drawn;
}

/** Draws every visible annotation with an appearance into its page and removes it; how many were drawn. */
export function flattenAnnotations(doc: PDFDocument): number {
  let n = 0;
  for (const [k, page] of doc.getPages().entries()) n += flattenPage(page, k);
  return n;
}
