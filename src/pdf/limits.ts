// The limits a PDF from outside Folio (a bundle file joined to the output) must keep, checked before any PDF
// library expands it. A PDF can claim millions of pages with a few kilobytes (a page tree whose nodes list
// the same child twice, level after level) or inflate a few kilobytes into gigabytes (a compressed object
// stream); a library that reads it first and counts afterwards has already spent the memory or the time.
//
// Two passes:
//   1. `scanPdf`, on the raw bytes: counts the indirect objects and inflates every FlateDecode stream with a
//      ceiling (zlib's maxOutputLength, so a bomb stops at the limit rather than at the end of its output).
//      Object and cross-reference streams, which a PDF library decodes into objects in memory, have a
//      smaller ceiling, and must use FlateDecode alone (a chain of filters could hide a second expansion).
//   2. `countPages`, on the objects pdf-lib parsed once pass 1 passed: walks the page tree from the
//      catalog, refusing a node listed twice (a tree lists each node once), a tree deeper or larger than
//      the limits, and more pages than allowed, before anything asks the document for its pages.
// Streams with other filters (LZW, RunLength, …) are not inflated here: pdf-lib copies them as they are, and
// only programs that run in child processes under their own time limit (qpdf, poppler) decode them.
import { inflateSync, constants } from 'node:zlib';
import { MAX_DOCUMENT_PAGES } from '../domain/pdf-document.js';
import { PDFArray, PDFDict, PDFName, PDFRef, type PDFContext, type PDFObject } from '@cantoo/pdf-lib';
import { PdfLimitError, type PdfLimits } from './limit-error.js';

const MiB = 1024 * 1024;

/** Generous for real documents (a 5,000-page statement run, a scanned report), small for a bomb. */
export const DEFAULT_PDF_LIMITS: PdfLimits = {
  maxPages: MAX_DOCUMENT_PAGES,
  maxPageTreeDepth: 32,
  maxPageTreeNodes: 20_000,
  maxObjects: 500_000,
  maxStreamBytes: 128 * MiB,
  maxObjectStreamBytes: 16 * MiB,
  maxDecompressedBytes: 512 * MiB,
};

export { PdfLimitError, type PdfLimits };

const mib = (n: number) => (n >= MiB ? `${Math.round(n / MiB)} MiB` : `${n} bytes`);

const OBJECT_HEADER = /(\d{1,10})[ \t\r\n\f\0]+(\d{1,5})[ \t\r\n\f\0]+obj\b/g;
const STREAM_OR_END = /\bstream(?:\r\n|\n|\r)|\bendobj\b/g;

function filtersOf(dict: string): string[] {
  const m = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9#]+)/.exec(dict);
  if (!m) return [];
  return [...m[1].matchAll(/\/([A-Za-z0-9#]+)/g)].map((f) => f[1]);
}

/** Decompressed size of a FlateDecode stream, or `cap + 1` once it passes `cap`; corrupt data counts what inflated. */
function inflatedSize(data: Buffer, cap: number): number {
  try {
    return inflateSync(data, { maxOutputLength: cap + 1, finishFlush: constants.Z_SYNC_FLUSH }).length;
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) return cap + 1;
    return 0; // not zlib data: pdf-lib and the tools downstream refuse or skip it themselves
  }
}

/** Pass 1: object count and decompressed stream sizes, from the raw bytes. Throws PdfLimitError. */
export function scanPdf(pdf: Buffer, limits: PdfLimits = DEFAULT_PDF_LIMITS): { objects: number; decompressedBytes: number } {
  const text = pdf.toString('latin1');
  let objects = 0;
  let total = 0;
  const header = new RegExp(OBJECT_HEADER.source, 'g');
  const next = new RegExp(STREAM_OR_END.source, 'g');
  for (let m = header.exec(text); m; m = header.exec(text)) {
    if (++objects > limits.maxObjects)
      throw new PdfLimitError('maxObjects', `has more than ${limits.maxObjects} objects (the limit for a PDF Folio reads)`);
    next.lastIndex = header.lastIndex;
    const k = next.exec(text);
    if (!k || k[0].startsWith('endobj')) continue;
    const dict = text.slice(header.lastIndex, k.index);
    const start = k.index + k[0].length;
    const length = /\/Length\s+(\d+)(?![ \t\r\n]+\d+[ \t\r\n]+R)/.exec(dict);
    let end = -1;
    if (length) {
      const e = start + Number(length[1]);
      if (/^\s*endstream/.test(text.slice(e, e + 32))) end = e;
    }
    if (end < 0) end = text.indexOf('endstream', start);
    if (end < 0) end = text.length;
    header.lastIndex = end;
    const filters = filtersOf(dict);
    const structural = /\/Type\s*\/(ObjStm|XRef)\b/.exec(dict)?.[1];
    const flate = (f: string | undefined) => f === 'FlateDecode' || f === 'Fl';
    if (structural && filters.length > 0 && (filters.length > 1 || !flate(filters[0])))
      throw new PdfLimitError(
        'maxObjectStreamBytes',
        `has an ${structural === 'ObjStm' ? 'object' : 'cross-reference'} stream (object ${m[1]}) with the filters ${filters.join(', ')}; Folio reads those streams only with FlateDecode alone`,
      );
    if (!flate(filters[0])) {
      total += end - start;
      continue;
    }
    const cap = Math.min(structural ? limits.maxObjectStreamBytes : limits.maxStreamBytes, limits.maxDecompressedBytes - total);
    const size = inflatedSize(pdf.subarray(start, end), cap);
    if (size > cap) {
      if (structural && cap === limits.maxObjectStreamBytes)
        throw new PdfLimitError(
          'maxObjectStreamBytes',
          `has an ${structural === 'ObjStm' ? 'object' : 'cross-reference'} stream (object ${m[1]}) that inflates to more than ${mib(limits.maxObjectStreamBytes)} (the limit)`,
        );
      if (cap === limits.maxStreamBytes)
        throw new PdfLimitError(
          'maxStreamBytes',
          `has a stream (object ${m[1]}) that inflates to more than ${mib(limits.maxStreamBytes)} (the limit)`,
        );
      throw new PdfLimitError(
        'maxDecompressedBytes',
        `has streams that inflate to more than ${mib(limits.maxDecompressedBytes)} together (the limit for one document)`,
      );
    }
    total += size;
  }
  return { objects, decompressedBytes: total };
}

/**
 * Pass 2: the number of pages, walking the page tree of a parsed document within the limits. Throws
 * PdfLimitError for a node listed twice, a tree too deep or too large, or too many pages; returns 0 for a
 * document without a page tree (the caller says "has no pages").
 */
export function countPages(ctx: PDFContext, catalog: PDFDict, limits: PdfLimits = DEFAULT_PDF_LIMITS): number {
  const seen = new Set<string>();
  const stack: Array<{ node: PDFObject | undefined; depth: number }> = [{ node: catalog.get(PDFName.of('Pages')), depth: 0 }];
  let nodes = 0;
  let pages = 0;
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (node instanceof PDFRef) {
      if (seen.has(node.tag))
        throw new PdfLimitError(
          'pageTree',
          `has a page tree that lists object ${node.objectNumber} more than once (a page tree lists each node once)`,
        );
      seen.add(node.tag);
    }
    const dict = node instanceof PDFRef ? ctx.lookupMaybe(node, PDFDict) : node instanceof PDFDict ? node : undefined;
    if (!dict) continue;
    if (++nodes > limits.maxPageTreeNodes)
      throw new PdfLimitError('maxPageTreeNodes', `has a page tree of more than ${limits.maxPageTreeNodes} nodes (the limit)`);
    if (depth > limits.maxPageTreeDepth)
      throw new PdfLimitError('maxPageTreeDepth', `has a page tree deeper than ${limits.maxPageTreeDepth} levels (the limit)`);
    const kids = dict.lookupMaybe(PDFName.of('Kids'), PDFArray);
    if (dict.lookup(PDFName.of('Type')) === PDFName.of('Page')) {
      if (++pages > limits.maxPages) throw new PdfLimitError('maxPages', `has more than ${limits.maxPages} pages (the limit)`);
      continue;
    }
    if (!kids) continue;
    for (let i = kids.size() - 1; i >= 0; i--) stack.push({ node: kids.get(i), depth: depth + 1 });
  }
  return pages;
}
