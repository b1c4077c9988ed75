// Joins selected pages of several PDFs into one, on @cantoo/pdf-lib. Each source is parsed from a buffer,
// its selected pages are copied (content streams, fonts and images come along, so the text stays
// extractable) and the result is saved once. Outline items of a source whose destination is one of its
// copied pages are carried over, in source order, under the same hierarchy (items whose page was left out
// are dropped; their children move up); links to a page left out lose their destination, so that page is
// not copied along. Not carried over: structure trees (tags), named destinations, form fields,
// document-level JavaScript and attachments.
// src/pdf/merge.ts joins whole documents (with their structure trees) for a render's prepend/append; this
// module serves POST /v1/pdfs/merge, which selects pages.
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString } from '@cantoo/pdf-lib';
import type { PDFObject } from '@cantoo/pdf-lib';
import { PdfError } from './errors.js';
import { OBJECTS_PER_TICK } from './work-pace.js';

export interface MergeSource {
  bytes: Uint8Array;
  /** 0-based page indices, in output order (repeats allowed); null = every page. */
  pages: number[] | null;
  /** The request field the source came from (`sources[2]`), for error messages. */
  field: string;
}

const N = PDFName.of;

interface OutlineNode {
  title: PDFObject;
  /** Index of the destination page in the source. */
  page: number | null;
  children: OutlineNode[];
}

/** The outline of a document as a tree, with each item's destination page (bounded against cycles). */
function readOutline(doc: PDFDocument): OutlineNode[] {
  const pageIndex = new Map<string, number>();
  doc.getPages().forEach((p, i) => pageIndex.set(p.ref.toString(), i));
  const seen = new Set<PDFDict>();
  let budget = 10_000;
  const destPage = (item: PDFDict): number | null => {
    let dest: PDFObject | undefined = item.lookup(N('Dest'));
    if (!dest) {
      const action = item.lookupMaybe(N('A'), PDFDict);
      if (action?.lookupMaybe(N('S'), PDFName)?.decodeText() === 'GoTo') dest = action.lookup(N('D'));
    }
    if (dest instanceof PDFDict) dest = dest.lookup(N('D'));
    if (!(dest instanceof PDFArray) || dest.size() === 0) return null;
    const target = dest.get(0);
    return target instanceof PDFRef ? (pageIndex.get(target.toString()) ?? null) : null;
  };
  const walk = (first: PDFDict | undefined, depth: number): OutlineNode[] => {
    const out: OutlineNode[] = [];
    for (let item = first; item && !seen.has(item) && depth < 32 && budget-- > 0; item = item.lookupMaybe(N('Next'), PDFDict)) {
      seen.add(item);
      const title = item.lookup(N('Title'));
      const children = walk(item.lookupMaybe(N('First'), PDFDict), depth + 1);
      if (title instanceof PDFString || title instanceof PDFHexString) out.push({ title, page: destPage(item), children });
      else out.push(...children);
    }
    return out;
  };
  return walk(doc.catalog.lookupMaybe(N('Outlines'), PDFDict)?.lookupMaybe(N('First'), PDFDict), 0);
}

interface KeptItem {
  title: PDFObject;
  page: PDFRef;
  children: KeptItem[];
}

/** Keeps the items whose page was copied (re-pointed at the copy); an item left out hands up its children. */
function keepOutline(nodes: OutlineNode[], copies: Map<number, PDFRef>): KeptItem[] {
  const out: KeptItem[] = [];
  for (const n of nodes) {
    const children = keepOutline(n.children, copies);
    const page = n.page === null ? undefined : copies.get(n.page);
    if (page) out.push({ title: n.title, page, children });
    else out.push(...children);
  }
  return out;
}

/** Writes `items` as the output's outline (closed items, /XYZ destinations at the top of the page). */
function writeOutline(doc: PDFDocument, items: KeptItem[]): void {
  if (items.length === 0) return;
  const ctx = doc.context;
  const rootRef = ctx.nextRef();
  const write = (list: KeptItem[], parent: PDFRef): { first: PDFRef; last: PDFRef; count: number } => {
    const refs = list.map(() => ctx.nextRef());
    let count = 0;
    list.forEach((item, i) => {
      const dict = ctx.obj({}) as PDFDict;
      dict.set(N('Title'), item.title);
      dict.set(N('Parent'), parent);
      dict.set(N('Dest'), ctx.obj([item.page, N('XYZ'), null, null, null]));
      if (i > 0) dict.set(N('Prev'), refs[i - 1]);
      if (i < refs.length - 1) dict.set(N('Next'), refs[i + 1]);
      if (item.children.length) {
        const sub = write(item.children, refs[i]);
        dict.set(N('First'), sub.first);
        dict.set(N('Last'), sub.last);
        dict.set(N('Count'), PDFNumber.of(-sub.count)); // closed
      }
      ctx.assign(refs[i], dict);
      count += 1;
    });
    return { first: refs[0], last: refs[refs.length - 1], count };
  };
  const top = write(items, rootRef);
  ctx.assign(rootRef, ctx.obj({ Type: 'Outlines', First: top.first, Last: top.last, Count: top.count }));
  doc.catalog.set(N('Outlines'), rootRef);
}

/**
 * Copying a page copies everything it references: a link annotation pointing at a page left out would
 * bring that page (its content, fonts, images) into the output as an unreachable object, so a page the
 * caller chose to leave out would still be in the file. Such links lose their destination first.
 */
function dropLinksOutside(src: PDFDocument, keep: number[]): void {
  const pages = src.getPages();
  const kept = new Set(keep.map((i) => pages[i].ref.toString()));
  const all = new Set(pages.map((p) => p.ref.toString()));
  const outside = (o: PDFObject | undefined) => o instanceof PDFRef && all.has(o.toString()) && !kept.has(o.toString());
  const destOutside = (d: PDFObject | undefined) => d instanceof PDFArray && d.size() > 0 && outside(d.get(0));
  for (const i of new Set(keep)) {
    const annots = pages[i].node.lookupMaybe(N('Annots'), PDFArray);
    for (let a = 0; a < (annots?.size() ?? 0); a++) {
      const annot = annots!.lookupMaybe(a, PDFDict);
      if (!annot) continue;
      if (destOutside(annot.lookup(N('Dest')))) annot.delete(N('Dest'));
      const action = annot.lookupMaybe(N('A'), PDFDict);
      if (action && destOutside(action.lookup(N('D')))) annot.delete(N('A'));
      if (outside(annot.get(N('P')))) annot.delete(N('P'));
    }
  }
}

/** Merges the sources in order. Throws a PdfError of kind merge_source naming the source's field. */
export async function mergePdfSources(sources: MergeSource[], now: Date): Promise<{ bytes: Uint8Array; pageCount: number }> {
  const out = await PDFDocument.create({ updateMetadata: false });
  out.setProducer('Folio');
  out.setCreationDate(now);
  out.setModificationDate(now);
  const outline: KeptItem[] = [];
  for (const s of sources) {
    let src: PDFDocument;
    try {
      src = await PDFDocument.load(s.bytes, { updateMetadata: false, throwOnInvalidObject: false, parseSpeed: OBJECTS_PER_TICK });
    } catch (err) {
      throw new PdfError('merge_source', `${s.field} cannot be read as a PDF: ${(err as Error).message}`, { field: s.field });
    }
    if (src.isEncrypted) throw new PdfError('merge_source', `${s.field} is an encrypted PDF`, { field: s.field });
    const count = src.getPageCount();
    const pages = s.pages ?? Array.from({ length: count }, (_, i) => i);
    const beyond = pages.find((p) => p >= count);
    if (beyond !== undefined)
      throw new PdfError('merge_source', `${s.field}.pageRanges names page ${beyond + 1}, but the PDF has ${count} pages`, {
        field: `${s.field}.pageRanges`,
      });
    dropLinksOutside(src, pages);
    const copied = await out.copyPages(src, pages);
    const firstCopy = new Map<number, PDFRef>();
    copied.forEach((page, i) => {
      out.addPage(page);
      if (!firstCopy.has(pages[i])) firstCopy.set(pages[i], page.ref);
    });
    outline.push(...keepOutline(readOutline(src), firstCopy));
  }
  writeOutline(out, outline);
  const bytes = await out.save({ useObjectStreams: true, objectsPerTick: OBJECTS_PER_TICK });
  return { bytes, pageCount: out.getPageCount() };
}
