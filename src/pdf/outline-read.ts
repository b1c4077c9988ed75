// The pages the top-level entries of a PDF's outline (bookmarks, ISO 32000-1 § 12.3.3) open, for a PDF
// job's `split {outline: true}`: each entry's destination — /Dest, or a GoTo action's /D — as an explicit
// array whose first element is a page, or a name looked up in the catalog's /Dests dictionary or the
// /Names /Dests name tree. Entries whose destination is elsewhere (a URI, another file) or missing are
// skipped. Bounded: at most MAX_ENTRIES entries are read, and a /Next chain that loops stops.
import { PDFArray, PDFDict, PDFName, PDFRef, PDFString, PDFHexString, type PDFDocument, type PDFObject } from '@cantoo/pdf-lib';

const N = PDFName.of;
const MAX_ENTRIES = 5000;

function nameTreeLookup(doc: PDFDocument, node: PDFDict | undefined, key: string, depth = 0): PDFObject | undefined {
  if (!node || depth > 32) return undefined;
  const names = node.lookupMaybe(N('Names'), PDFArray);
  if (names)
    for (let i = 0; i + 1 < names.size(); i += 2) {
      const k = names.lookup(i);
      if ((k instanceof PDFString || k instanceof PDFHexString) && k.decodeText() === key) return names.lookup(i + 1);
    }
  const kids = node.lookupMaybe(N('Kids'), PDFArray);
  if (kids)
    for (let i = 0; i < kids.size(); i++) {
      const found = nameTreeLookup(doc, kids.lookupMaybe(i, PDFDict), key, depth + 1);
      if (found) return found;
    }
  return undefined;
}

/** A destination (array, name or string) as the page index it opens, or null. */
function pageOf(doc: PDFDocument, dest: PDFObject | undefined, pageIndex: Map<string, number>): number | null {
  let d = dest;
  if (d instanceof PDFName) d = doc.catalog.lookupMaybe(N('Dests'), PDFDict)?.lookup(d);
  else if (d instanceof PDFString || d instanceof PDFHexString) {
    const tree = doc.catalog.lookupMaybe(N('Names'), PDFDict)?.lookupMaybe(N('Dests'), PDFDict);
    d = nameTreeLookup(doc, tree, d.decodeText());
  }
  if (d instanceof PDFDict) d = d.lookup(N('D'));
  if (!(d instanceof PDFArray) || d.size() === 0) return null;
  const page = d.get(0);
  return page instanceof PDFRef ? (pageIndex.get(page.toString()) ?? null) : null;
}

/** The pages (0-based) of the outline's top-level entries, in outline order. */
export function topLevelOutlinePages(doc: PDFDocument): number[] {
  const pageIndex = new Map(doc.getPages().map((p, i) => [p.ref.toString(), i]));
  const outlines = doc.catalog.lookupMaybe(N('Outlines'), PDFDict);
  const out: number[] = [];
  const seen = new Set<PDFDict>();
  let item = outlines?.lookupMaybe(N('First'), PDFDict);
  while (item && !seen.has(item) && seen.size < MAX_ENTRIES) {
    seen.add(item);
    const action = item.lookupMaybe(N('A'), PDFDict);
    const dest = item.lookup(N('Dest')) ?? (action?.lookup(N('S')) === N('GoTo') ? action.lookup(N('D')) : undefined);
    const page = pageOf(doc, dest, pageIndex);
    if (page !== null) out.push(page);
    item = item.lookupMaybe(N('Next'), PDFDict);
  }
  return out;
}

export interface OutlineNode {
  title: string;
  /** 1-based page the entry opens; 0 when it opens none of the document's pages. */
  page: number;
  children?: OutlineNode[];
}

/** The whole outline as a tree: each entry's title, page and children, at most MAX_ENTRIES entries. */
export function readOutlineTree(doc: PDFDocument): OutlineNode[] {
  const pageIndex = new Map(doc.getPages().map((p, i) => [p.ref.toString(), i]));
  const seen = new Set<PDFDict>();
  const walk = (parent: PDFDict | undefined, depth: number): OutlineNode[] => {
    const out: OutlineNode[] = [];
    let item = parent?.lookupMaybe(N('First'), PDFDict);
    while (item && !seen.has(item) && seen.size < MAX_ENTRIES && depth < 32) {
      seen.add(item);
      const action = item.lookupMaybe(N('A'), PDFDict);
      const dest = item.lookup(N('Dest')) ?? (action?.lookup(N('S')) === N('GoTo') ? action.lookup(N('D')) : undefined);
      const title = item.lookup(N('Title'));
      const children = walk(item, depth + 1);
      out.push({
        title: title instanceof PDFString || title instanceof PDFHexString ? title.decodeText() : '',
        page: (pageOf(doc, dest, pageIndex) ?? -1) + 1,
        ...(children.length > 0 ? { children } : {}),
      });
      item = item.lookupMaybe(N('Next'), PDFDict);
    }
    return out;
  };
  return walk(doc.catalog.lookupMaybe(N('Outlines'), PDFDict), 0);
}

/**
 * One group of pages per top-level outline entry: from its page to the page before the next entry's
 * (pages before the first entry join the first group); entries on the same page make one group.
 */
export function outlineGroups(entryPages: number[], pageCount: number): number[][] {
  const starts = [...new Set(entryPages)].sort((a, b) => a - b);
  if (starts.length === 0) return [];
  starts[0] = 0;
  return starts.map((s, i) => Array.from({ length: (starts[i + 1] ?? pageCount) - s }, (_, k) => s + k));
}
