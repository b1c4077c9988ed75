// The page tree of a PDF read with pdf-lib's objects (ISO 32000-1 § 7.7.3): page n found through the /Count
// of each node, and the boxes a page inherits from its ancestors. Used on the partial documents of
// lazy-load.ts: the signature field's page (signature-field.ts) and the page sizes rasterize.ts bounds its
// pixels with before anything is drawn.
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRef, type PDFContext } from '@cantoo/pdf-lib';
import { loadPartially } from './lazy-load.js';

const N = (n: string) => PDFName.of(n);
/** Deeper trees are refused rather than followed (a loop of /Kids or /Parent must end). */
const MAX_DEPTH = 64;

/** Page `n` (1-based) of the page tree (its ref and dictionary), found through the /Count of each node. */
export function nthPage(ctx: PDFContext, catalog: PDFDict, n: number): { ref: PDFRef; dict: PDFDict } | null {
  let node = catalog.get(N('Pages'));
  let index = n - 1;
  for (let depth = 0; depth < MAX_DEPTH && node instanceof PDFRef; depth++) {
    const dict = ctx.lookupMaybe(node, PDFDict);
    if (!dict) return null;
    if (dict.lookup(N('Type')) === N('Page')) return index === 0 ? { ref: node, dict } : null;
    const kids = dict.lookupMaybe(N('Kids'), PDFArray);
    if (!kids) return null;
    let next: PDFRef | undefined;
    for (let i = 0; i < kids.size() && next === undefined; i++) {
      const kid = kids.get(i);
      const kidDict = kid instanceof PDFRef ? ctx.lookupMaybe(kid, PDFDict) : undefined;
      if (!(kid instanceof PDFRef) || !kidDict) return null;
      const count = kidDict.lookup(N('Type')) === N('Page') ? 1 : (kidDict.lookupMaybe(N('Count'), PDFNumber)?.asNumber() ?? 0);
      if (index < count) next = kid;
      else index -= count;
    }
    node = next;
  }
  return null;
}

/** The page's /MediaBox [x0 y0 x1 y1] (normalised), inherited from the page tree; US Letter when none is set. */
export function mediaBox(page: PDFDict): [number, number, number, number] {
  let dict: PDFDict | undefined = page;
  for (let depth = 0; depth < MAX_DEPTH && dict; depth++) {
    const box = dict.lookupMaybe(N('MediaBox'), PDFArray);
    if (box && box.size() === 4) {
      const [a, b, c, d] = [0, 1, 2, 3].map((i) => box.lookupMaybe(i, PDFNumber)?.asNumber() ?? 0);
      return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
    }
    dict = dict.lookupMaybe(N('Parent'), PDFDict);
  }
  return [0, 0, 612, 792];
}

/**
 * The page count and the size in points of the media boxes of pages `first`..`last` (clamped to the count):
 * what pdftoppm draws (it ignores crop boxes unless told otherwise). Null when the PDF is not one the partial reader handles
 * (object streams, cross-reference streams, encryption) or its page tree cannot be followed.
 */
export function pageSizes(
  pdf: Buffer,
  first: number,
  last: number,
): { count: number; sizes: Map<number, { w: number; h: number }> } | null {
  const partial = loadPartially(pdf);
  if (!partial) return null;
  const { context: ctx, catalog } = partial;
  const count = catalog.lookupMaybe(N('Pages'), PDFDict)?.lookupMaybe(N('Count'), PDFNumber)?.asNumber();
  if (count === undefined || !Number.isInteger(count) || count < 0) return null;
  const sizes = new Map<number, { w: number; h: number }>();
  for (let n = first; n <= Math.min(last, count); n++) {
    const page = nthPage(ctx, catalog, n);
    if (!page) return null;
    const [x0, y0, x1, y1] = mediaBox(page.dict);
    sizes.set(n, { w: x1 - x0, h: y1 - y0 });
  }
  return { count, sizes };
}
