// The document outline (bookmarks, ISO 32000-1 § 12.3.3) the `outline` step of a PDF job writes: it
// replaces any outline the document had. Each entry opens its page at the top (/XYZ with null left and
// zoom, the page's top edge); entries with children are shown open (a positive /Count).
import { PDFHexString, PDFName, PDFNull, PDFNumber, type PDFDict, type PDFDocument, type PDFRef } from '@cantoo/pdf-lib';
import type { OutlineEntry } from '../domain/pdfs/pdf-step-shapes.js';

const N = PDFName.of;

/** Replaces the outline of `doc` with `entries`; `pageError` names a page past the last. */
export function writeOutline(doc: PDFDocument, entries: OutlineEntry[], pageError: (path: string, page: number) => Error): void {
  const ctx = doc.context;
  const pages = doc.getPages();
  const root = ctx.obj({ Type: 'Outlines' }) as PDFDict;
  const rootRef = ctx.register(root);

  /** Writes `list` under `parent`; the number of entries shown when everything is open. */
  const level = (list: OutlineEntry[], parent: PDFDict, parentRef: PDFRef, path: string): number => {
    const refs = list.map(() => ctx.nextRef());
    let visible = 0;
    list.forEach((e, i) => {
      const page = pages[e.page - 1];
      if (!page) throw pageError(`${path}[${i}].page`, e.page);
      const { height } = page.getSize();
      const item = ctx.obj({}) as PDFDict;
      item.set(N('Title'), PDFHexString.fromText(e.title));
      item.set(N('Parent'), parentRef);
      if (i > 0) item.set(N('Prev'), refs[i - 1]);
      if (i < list.length - 1) item.set(N('Next'), refs[i + 1]);
      item.set(N('Dest'), ctx.obj([page.ref, N('XYZ'), PDFNull, PDFNumber.of(height), PDFNull]));
      visible += 1;
      if (e.children?.length) visible += level(e.children, item, refs[i], `${path}[${i}].children`);
      ctx.assign(refs[i], item);
    });
    parent.set(N('First'), refs[0]);
    parent.set(N('Last'), refs[refs.length - 1]);
    parent.set(N('Count'), PDFNumber.of(visible));
    return visible;
  };
  level(entries, root, rootRef, 'entries');
  doc.catalog.set(N('Outlines'), rootRef);
  // A reader that shows the outline when the document opens.
  doc.catalog.set(N('PageMode'), N('UseOutlines'));
}
