// Loads only the part of a PDF that post-processing reads or changes: the objects reachable from the
// trailer's /Root and /Info, except the structure tree (StructTreeRoot, and the /Pg, /K, /SE, /P, /Parent
// links into and out of it), named destinations and page content streams, which it never touches.
// Chromium's tagged 50-page report has ~13,000 objects, ~13,000 of them structure elements; pdf-lib's
// PDFDocument.load parses all of them (~150 ms, ~40 MB), this parses a few hundred. The result is a
// PDFContext holding those objects under their own numbers, for an incremental update
// (src/pdf/signing/incremental.ts) that leaves the rest of the file as it is.
// Only an unencrypted file with classic cross-reference tables (no xref streams, no object streams) is read
// this way; null means "use PDFDocument.load".
import { PDFArray, PDFContext, PDFDict, PDFName, PDFNumber, PDFObjectParser, PDFRef, PDFStream } from '@cantoo/pdf-lib';
import type { PDFObject } from '@cantoo/pdf-lib';
import { lastStartXref } from './signing/incremental.js';

export interface PartialPdf {
  context: PDFContext;
  catalog: PDFDict;
}

// Keys whose values post-processing never needs (see the file header).
const SKIP = new Set(['StructTreeRoot', 'ParentTree', 'IDTree', 'Pg', 'K', 'SE', 'P', 'Parent', 'Dests', 'Contents', 'Prev']);

interface Xref {
  entries: Map<number, { offset: number; gen: number }>;
  trailer: PDFDict;
}

/** The classic cross-reference sections from `startxref` back along /Prev; null for anything else. */
function readXref(pdf: Buffer, ctx: PDFContext): Xref | null {
  const entries = new Map<number, { offset: number; gen: number }>();
  let trailer: PDFDict | null = null;
  let at: number | null = lastStartXref(pdf);
  const seen = new Set<number>();
  while (at !== null) {
    if (seen.has(at) || seen.size > 64 || at < 0 || at >= pdf.length) return null;
    seen.add(at);
    if (pdf.toString('latin1', at, at + 4) !== 'xref') return null;
    const end = pdf.indexOf('trailer', at, 'latin1');
    if (end < 0) return null;
    const text = pdf.toString('latin1', at + 4, end);
    // An entry (10-digit offset, 5-digit generation, n/f) or a subsection header (first number, count).
    const re = /\s*(\d{10}) (\d{5}) ([nf])|\s*(\d+) (\d+)/y;
    let first = 0;
    let index = 0;
    let m: RegExpExecArray | null;
    let pos = 0; // a failed sticky match resets lastIndex to 0
    while ((m = re.exec(text)) !== null) {
      pos = re.lastIndex;
      if (m[4] !== undefined) {
        first = Number(m[4]);
        index = 0;
      } else {
        const num = first + index++;
        if (!entries.has(num)) entries.set(num, { offset: m[3] === 'n' ? Number(m[1]) : -1, gen: Number(m[2]) });
      }
    }
    if (text.slice(pos).trim() !== '') return null;
    const dict = PDFObjectParser.forBytes(pdf.subarray(end + 7), ctx).parseObject();
    if (!(dict instanceof PDFDict)) return null;
    if (dict.has(PDFName.of('XRefStm')) || dict.has(PDFName.of('Encrypt'))) return null;
    trailer ??= dict;
    const prev = dict.get(PDFName.of('Prev'));
    at = prev instanceof PDFNumber ? prev.asNumber() : null;
  }
  return trailer ? { entries, trailer } : null;
}

/** The partial document, or null when the file is not one this reader handles. */
export function loadPartially(pdf: Buffer): PartialPdf | null {
  const ctx = PDFContext.create();
  let xref: Xref | null;
  try {
    xref = readXref(pdf, ctx);
  } catch {
    return null;
  }
  if (!xref) return null;
  const { entries, trailer } = xref;
  const parse = (ref: PDFRef): PDFObject | undefined => {
    const e = entries.get(ref.objectNumber);
    if (!e || e.offset < 0 || e.gen !== ref.generationNumber) return undefined;
    const head = /^\s*(\d+)\s+(\d+)\s+obj/.exec(pdf.toString('latin1', e.offset, e.offset + 40));
    if (!head || Number(head[1]) !== ref.objectNumber) throw new Error(`object ${ref.objectNumber} is not where the xref says`);
    return PDFObjectParser.forBytes(pdf.subarray(e.offset + head[0].length), ctx).parseObject(ref);
  };
  try {
    const root = trailer.get(PDFName.of('Root'));
    if (!(root instanceof PDFRef)) return null;
    const stack: PDFObject[] = [root];
    const info = trailer.get(PDFName.of('Info'));
    if (info instanceof PDFRef) stack.push(info);
    const done = new Set<number>();
    while (stack.length > 0) {
      const o = stack.pop()!;
      if (o instanceof PDFRef) {
        if (done.has(o.objectNumber)) continue;
        done.add(o.objectNumber);
        const value = parse(o);
        if (value === undefined) continue;
        ctx.assign(o, value);
        stack.push(value);
      } else if (o instanceof PDFDict) {
        for (const [k, v] of o.entries()) if (!SKIP.has(k.decodeText())) stack.push(v);
      } else if (o instanceof PDFArray) {
        for (const v of o.asArray()) stack.push(v);
      } else if (o instanceof PDFStream) {
        stack.push(o.dict);
      }
    }
    const catalog = ctx.lookup(root);
    if (!(catalog instanceof PDFDict) || !(catalog.lookup(PDFName.of('Pages')) instanceof PDFDict)) return null;
    const size = trailer.get(PDFName.of('Size'));
    ctx.largestObjectNumber = Math.max(size instanceof PDFNumber ? size.asNumber() - 1 : 0, ...entries.keys());
    ctx.trailerInfo = {
      Root: root,
      Info: info,
      ID: trailer.get(PDFName.of('ID')),
      Size: size instanceof PDFNumber ? size : undefined,
    };
    return { context: ctx, catalog };
  } catch {
    return null;
  }
}
