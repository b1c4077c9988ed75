// What PDF/UA-1 (ISO 14289-1) asks of the catalog and pages that post-processing can add without
// touching the page content or the structure tree Chromium wrote: /Tabs /S on every page with
// annotations (§ 7.18.3, Matterhorn 28-008/28-009), a /Contents on each link annotation that has none
// (§ 7.18.5, 28-012: Chromium writes none; Folio writes the link's target, "Link: https://…", or "Link
// within this document") and /MarkInfo /Marked true on a tagged document (§ 7.1). The XMP identification, the title and /DisplayDocTitle, and /Lang are written by
// post-process.ts with the rest of the metadata. Whether the result passes is ua-check.ts's to say.
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFRef, PDFString } from '@cantoo/pdf-lib';
import type { PDFContext } from '@cantoo/pdf-lib';

const N = PDFName.of;
/** A page tree deeper or larger than this is not walked further (limits.ts refuses such joined PDFs). */
const MAX_DEPTH = 32;
const MAX_NODES = 20_000;

/** Each page dictionary with its reference (the page tree walked in order, every node once). */
export function pageDicts(ctx: PDFContext, catalog: PDFDict): Array<{ ref: PDFRef | null; page: PDFDict }> {
  const out: Array<{ ref: PDFRef | null; page: PDFDict }> = [];
  const seen = new Set<string>();
  const walk = (node: unknown, depth: number) => {
    if (depth > MAX_DEPTH || seen.size > MAX_NODES) return;
    const ref = node instanceof PDFRef ? node : null;
    if (ref) {
      if (seen.has(ref.tag)) return;
      seen.add(ref.tag);
    }
    const dict = ref ? ctx.lookupMaybe(ref, PDFDict) : node instanceof PDFDict ? node : undefined;
    if (!dict) return;
    const kids = dict.lookupMaybe(N('Kids'), PDFArray);
    if (kids) for (const kid of kids.asArray()) walk(kid, depth + 1);
    else out.push({ ref, page: dict });
  };
  walk(catalog.get(N('Pages')), 0);
  return out;
}

const hasText = (o: unknown) => (o instanceof PDFString || o instanceof PDFHexString) && o.decodeText().trim() !== '';

/** The alternate description Folio gives a link annotation without one: where it leads. */
function linkDescription(annot: PDFDict): string {
  const uri = annot.lookupMaybe(N('A'), PDFDict)?.lookup(N('URI'));
  if (uri instanceof PDFString || uri instanceof PDFHexString) return `Link: ${uri.decodeText().slice(0, 1000)}`;
  return 'Link within this document';
}

/** Adds /Tabs /S and /MarkInfo /Marked as described in the file header; records what it changed in `changed`. */
export function prepareForUa(ctx: PDFContext, catalog: PDFDict, changed: Set<PDFRef>): void {
  for (const { ref, page } of pageDicts(ctx, catalog)) {
    const annots = page.lookupMaybe(N('Annots'), PDFArray);
    if (!annots || annots.size() === 0) continue;
    let pageChanged = false;
    if (page.get(N('Tabs')) !== N('S')) {
      page.set(N('Tabs'), N('S'));
      pageChanged = true;
    }
    for (const a of annots.asArray()) {
      const annot = ctx.lookupMaybe(a, PDFDict);
      if (!annot || annot.get(N('Subtype')) !== N('Link') || hasText(annot.lookup(N('Contents')))) continue;
      annot.set(N('Contents'), PDFHexString.fromText(linkDescription(annot)));
      if (a instanceof PDFRef) changed.add(a);
      else pageChanged = true;
    }
    if (pageChanged && ref) changed.add(ref);
  }
  // A document without a structure tree is not tagged: claiming Marked would be false (the checker reports it).
  if (!catalog.has(N('StructTreeRoot'))) return;
  const markRef = catalog.get(N('MarkInfo'));
  const mark = catalog.lookupMaybe(N('MarkInfo'), PDFDict);
  if (mark?.get(N('Marked'))?.toString() === 'true') return;
  const dict = mark ?? ctx.obj({});
  dict.set(N('Marked'), ctx.obj(true));
  if (markRef instanceof PDFRef) changed.add(markRef);
  else catalog.set(N('MarkInfo'), dict);
}
