// The limits a PDF from outside Folio (a bundle file joined to the output) must keep, checked before any PDF
// library expands it. A PDF can claim millions of pages with a few kilobytes (a page tree whose nodes list
// the same child twice, level after level) or inflate a few kilobytes into gigabytes (a compressed object
// stream, a filter inside a filter); a library that reads it first and counts afterwards has already spent
// the memory or the time.
//
// Two passes:
//   1. `scanPdf`, on the raw bytes: counts the indirect objects and decodes every stream through its whole
//      filter chain, level by level, each level with a ceiling (the stream's limit, or what the document's
//      budget has left when that is less; src/pdf/syntax/stream-decoders.ts stops a decoder as soon as its output
//      passes it). FlateDecode, LZWDecode, ASCIIHexDecode, ASCII85Decode and RunLengthDecode are decoded; a
//      stream counts the largest of its levels. The chain stops at an image codec (DCT, JPX, CCITT, JBIG2)
//      or a filter Folio does not know, which count what reached them. An image XObject is also measured by
//      its /Width and /Height: more pixels than `maxImagePixels` is refused, and its pixels' bytes count
//      against the document's budget (a 200-byte JPEG can declare 30,000 x 30,000 pixels, which whoever
//      draws or recompresses it has to hold). Object and cross-reference streams, which a PDF library
//      decodes into objects in memory, have a smaller ceiling, and must use FlateDecode alone.
//   2. `countPages`, on the objects pdf-lib parsed once pass 1 passed: walks the page tree from the
//      catalog, refusing a node listed twice (a tree lists each node once), a tree deeper or larger than
//      the limits, and more pages than allowed, before anything asks the document for its pages.
// The stream dictionary is read as a PDF reader reads it (its own keys, not those of a dictionary inside
// it; the last of a repeated key; names with #xx escapes), and a /Filter, /DecodeParms, /Length, /Width or
// /Height given as a reference is looked up among the file's objects.
import { MAX_DOCUMENT_PAGES } from '../../domain/pdfs/pdf-document.js';
import { PDFArray, PDFDict, PDFName, PDFRef, type PDFContext, type PDFObject } from '@cantoo/pdf-lib';
import { PdfError } from '../errors.js';
import type { PdfLimits } from './pdf-limits.js';
import { decodeChain, type FilterParms } from './stream-decoders.js';

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
  // A 600-dpi A4 scan is ~35 megapixels.
  maxImagePixels: 100_000_000,
};

export type { PdfLimits };

const mib = (n: number) => (n >= MiB ? `${Math.round(n / MiB)} MiB` : `${n} bytes`);
const count = (n: number) => n.toLocaleString('en-US');

const OBJECT_HEADER = /(\d{1,10})[ \t\r\n\f\0]+(\d{1,5})[ \t\r\n\f\0]+obj\b/g;
const STREAM_OR_END = /\bstream(?:\r\n|\n|\r)|\bendobj\b/g;

// ---- Reading PDF values from the text (ISO 32000-1, 7.2-7.3), only as far as finding a value's end.
const WHITE = ' \t\r\n\f\0';
const ENDS_TOKEN = WHITE + '()<>[]{}/%';
/** After a value that is an integer: the rest of a reference (`0 R`). */
const REF_REST = /[ \t\r\n\f\0]+\d{1,5}[ \t\r\n\f\0]+R(?![^ \t\r\n\f\0()<>[\]{}/%])/y;
const REF = /^(\d{1,10})[ \t\r\n\f\0]+(\d{1,5})[ \t\r\n\f\0]+R$/;

function skipWhite(s: string, i: number): number {
  while (i < s.length) {
    if (s[i] === '%') while (i < s.length && s[i] !== '\n' && s[i] !== '\r') i++;
    else if (WHITE.includes(s[i])) i++;
    else break;
  }
  return i;
}

/** Past one token at `i`: a string, a hexadecimal string, a name, or a number or keyword. */
function pastToken(s: string, i: number): number {
  const c = s[i];
  if (c === '(') {
    let depth = 0;
    for (; i < s.length; i++) {
      if (s[i] === '\\') i++;
      else if (s[i] === '(') depth++;
      else if (s[i] === ')' && --depth === 0) return i + 1;
    }
    return i;
  }
  if (c === '<') {
    const e = s.indexOf('>', i);
    return e < 0 ? s.length : e + 1;
  }
  if (c !== '/' && ENDS_TOKEN.includes(c)) return i + 1; // a stray delimiter
  for (i++; i < s.length && !ENDS_TOKEN.includes(s[i]); i++);
  return i;
}

/** Past the value starting at `i` (a dictionary or an array with everything inside, or a reference). */
function pastValue(s: string, i: number): number {
  const from = i;
  let depth = 0;
  do {
    i = skipWhite(s, i);
    if (i >= s.length) return i;
    if (s.startsWith('<<', i) || s[i] === '[') {
      depth++;
      i += s[i] === '[' ? 1 : 2;
    } else if (s.startsWith('>>', i) || s[i] === ']') {
      depth--;
      i += s[i] === ']' ? 1 : 2;
    } else i = pastToken(s, i);
  } while (depth > 0);
  if (i - from <= 10 && /^\d+$/.test(s.slice(from, i))) {
    REF_REST.lastIndex = i;
    if (REF_REST.test(s)) return REF_REST.lastIndex;
  }
  return i;
}

/** A name's text without its slash, #xx escapes decoded. */
const nameText = (v: string) => v.slice(1).replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

const nameOf = (v: string | undefined) => (v?.startsWith('/') ? nameText(v) : undefined);

/** The entries of the dictionary at the start of `s` (key without its slash, value's text); the last of a repeated key. */
function readDict(s: string): Map<string, string> {
  const d = new Map<string, string>();
  let i = skipWhite(s, 0);
  if (!s.startsWith('<<', i)) return d;
  i += 2;
  for (;;) {
    i = skipWhite(s, i);
    if (i >= s.length || s.startsWith('>>', i)) return d;
    if (s[i] !== '/') {
      i = pastValue(s, i);
      continue;
    }
    const k = pastToken(s, i);
    const key = nameText(s.slice(i, k));
    const v = skipWhite(s, k);
    if (v >= s.length || s.startsWith('>>', v)) return d;
    i = pastValue(s, v);
    d.set(key, s.slice(v, i));
  }
}

/** The values of the array `v` (its elements' texts), or `[v]` for a value that is not an array. */
function elements(v: string): string[] {
  if (!v.startsWith('[')) return [v];
  const out: string[] = [];
  for (let i = skipWhite(v, 1); i < v.length && v[i] !== ']'; i = skipWhite(v, i)) {
    const e = pastValue(v, i);
    out.push(v.slice(i, e));
    i = e;
  }
  return out;
}

const intOf = (v: string | undefined) => (v !== undefined && /^\d{1,15}$/.test(v) ? Number(v) : undefined);

/** Looks up references among the file's objects (a value stored in an object stream is not found: undefined). */
function referenceResolver(text: string): (v: string | undefined) => string | undefined {
  let offsets: Map<number, number> | undefined;
  return (v) => {
    for (let hops = 0; v !== undefined && hops < 8; hops++) {
      const ref = REF.exec(v);
      if (!ref) return v;
      if (!offsets) {
        offsets = new Map();
        const header = new RegExp(OBJECT_HEADER.source, 'g');
        for (let m = header.exec(text); m; m = header.exec(text)) offsets.set(Number(m[1]), header.lastIndex); // the last definition wins
      }
      const at = offsets.get(Number(ref[1]));
      if (at === undefined) return undefined;
      const start = skipWhite(text, at);
      v = text.slice(start, pastValue(text, start));
    }
    return undefined;
  };
}

/** Bytes of an image's decoded pixels: components from /ColorSpace (4 when unsure), /BitsPerComponent (8 when absent). */
function pixelBytes(d: Map<string, string>, width: number, height: number, resolve: (v: string | undefined) => string | undefined): number {
  if (resolve(d.get('ImageMask')) === 'true') return Math.ceil(width / 8) * height;
  const cs = resolve(d.get('ColorSpace')) ?? '';
  const family = nameText(/^\[?[ \t\r\n\f\0]*(\/[^ \t\r\n\f\0()<>[\]{}/%]*)/.exec(cs)?.[1] ?? '/');
  const components =
    { DeviceGray: 1, G: 1, CalGray: 1, Indexed: 1, I: 1, Separation: 1, DeviceRGB: 3, RGB: 3, CalRGB: 3, Lab: 3 }[family] ?? 4;
  const bpc = Math.min(16, Math.max(1, intOf(resolve(d.get('BitsPerComponent'))) ?? 8));
  return Math.ceil((width * components * bpc) / 8) * height;
}

/** Filters one stream may chain: real files use one or two; each level is decoded again. */
const MAX_FILTERS = 8;

type Resolve = (v: string | undefined) => string | undefined;

/**
 * A stream's filter chain and their parameters, refused when Folio cannot know them before loading the file,
 * when they are too many, or when an object or cross-reference stream uses anything but FlateDecode alone.
 */
function streamFilters(dict: Map<string, string>, resolve: Resolve, id: string) {
  // A value given by a reference to an object inside an object stream cannot be read from the raw bytes:
  // the filters (and LZW's parameters) of such a stream are unknown, so it is refused rather than
  // counted at its stored size.
  const follow = (v: string | undefined, key: string) => {
    const value = resolve(v);
    if (v !== undefined && value === undefined)
      throw new PdfError(
        'limit',
        `has a stream (object ${id}) whose /${key} refers to an object Folio cannot read before loading the file`,
        { limit: 'maxStreamBytes' },
      );
    return value;
  };
  // A filter that is not a name is one Folio does not know: the chain stops there.
  const filters = elements(follow(dict.get('Filter'), 'Filter') ?? '[]')
    .filter((f) => f !== 'null')
    .map((f) => nameOf(follow(f, 'Filter')) ?? '?');
  const parms = elements(follow(dict.get('DecodeParms'), 'DecodeParms') ?? '[]').map((p): FilterParms => {
    const early = intOf(resolve(readDict(follow(p, 'DecodeParms') ?? '').get('EarlyChange')));
    return early === undefined ? {} : { earlyChange: early };
  });
  if (filters.length > MAX_FILTERS)
    throw new PdfError(
      'limit',
      `has a stream (object ${id}) with ${filters.length} filters; Folio decodes at most ${MAX_FILTERS} on one stream`,
      { limit: 'maxStreamBytes' },
    );
  const type = nameOf(resolve(dict.get('Type')));
  const structural = type === 'ObjStm' || type === 'XRef' ? type : undefined;
  const what = structural === 'ObjStm' ? 'an object' : 'a cross-reference';
  if (structural && filters.length > 0 && (filters.length > 1 || !(filters[0] === 'FlateDecode' || filters[0] === 'Fl')))
    throw new PdfError(
      'limit',
      `has ${what} stream (object ${id}) with the filters ${filters.join(', ')}; Folio reads those streams only with FlateDecode alone`,
      { limit: 'maxObjectStreamBytes' },
    );
  return { filters, parms, structural };
}

/** The decoded bytes of an image's pixels (0 for another stream), refused past maxImagePixels. */
function imagePixelBytes(dict: Map<string, string>, resolve: Resolve, limits: PdfLimits, id: string): number {
  if (nameOf(resolve(dict.get('Subtype'))) === 'Image') {
    const width = intOf(resolve(dict.get('Width')));
    const height = intOf(resolve(dict.get('Height')));
    if (width !== undefined && height !== undefined) {
      if (width * height > limits.maxImagePixels)
        throw new PdfError(
          'limit',
          `has an image (object ${id}) of ${count(width * height)} pixels, more than ${count(limits.maxImagePixels)} (the limit)`,
          { limit: 'maxImagePixels' },
        );
      return pixelBytes(dict, width, height, resolve);
    }
  }
  return 0;
}

/** Pass 1: object count and decoded stream sizes, from the raw bytes. Throws a PdfError of kind limit. */
export function scanPdf(pdf: Buffer, limits: PdfLimits = DEFAULT_PDF_LIMITS): { objects: number; decompressedBytes: number } {
  const text = pdf.toString('latin1');
  const resolve = referenceResolver(text);
  let objects = 0;
  let total = 0;
  const header = new RegExp(OBJECT_HEADER.source, 'g');
  const next = new RegExp(STREAM_OR_END.source, 'g');
  let k: RegExpExecArray | null | undefined;
  for (let m = header.exec(text); m; m = header.exec(text)) {
    if (++objects > limits.maxObjects)
      throw new PdfError('limit', `has more than ${limits.maxObjects} objects (the limit for a PDF Folio reads)`, { limit: 'maxObjects' });
    // The keyword after this header; the one found last still is while the header comes before it (many
    // headers without endobj before a far one would otherwise search the same stretch again each time).
    if (k === undefined || (k !== null && k.index < header.lastIndex)) {
      next.lastIndex = header.lastIndex;
      k = next.exec(text);
    }
    if (!k || k[0].startsWith('endobj')) continue;
    const dict = readDict(text.slice(header.lastIndex, k.index));
    const start = k.index + k[0].length;
    const length = intOf(resolve(dict.get('Length')));
    let end = -1;
    if (length !== undefined) {
      const e = start + length;
      if (/^\s*endstream/.test(text.slice(e, e + 32))) end = e;
    }
    if (end < 0) end = text.indexOf('endstream', start);
    if (end < 0) end = text.length;
    header.lastIndex = end;
    const { filters, parms, structural } = streamFilters(dict, resolve, m[1]);
    const what = structural === 'ObjStm' ? 'an object' : 'a cross-reference';
    const pixels = imagePixelBytes(dict, resolve, limits, m[1]);
    const limit = structural ? limits.maxObjectStreamBytes : limits.maxStreamBytes;
    const cap = Math.max(0, Math.min(limit, limits.maxDecompressedBytes - total));
    const decoded = decodeChain(pdf.subarray(start, end), filters, parms, cap);
    if (decoded.over && cap === limit)
      throw new PdfError(
        'limit',
        `has ${structural ? what : 'a'} stream (object ${m[1]}) that inflates to more than ${mib(limit)} (the limit)`,
        { limit: structural ? 'maxObjectStreamBytes' : 'maxStreamBytes' },
      );
    if (decoded.over || total + decoded.largest > limits.maxDecompressedBytes)
      throw new PdfError(
        'limit',
        `has streams that inflate to more than ${mib(limits.maxDecompressedBytes)} together (the limit for one document)`,
        { limit: 'maxDecompressedBytes' },
      );
    total += Math.max(decoded.largest, pixels);
    if (total > limits.maxDecompressedBytes)
      throw new PdfError(
        'limit',
        `has an image (object ${m[1]}) whose pixels bring the document past ${mib(limits.maxDecompressedBytes)} decoded (the limit for one document)`,
        { limit: 'maxDecompressedBytes' },
      );
  }
  return { objects, decompressedBytes: total };
}

/**
 * Pass 2: the number of pages, walking the page tree of a parsed document within the limits. Throws
 * a PdfError of kind limit for a node listed twice, a tree too deep or too large, or too many pages; returns 0 for a
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
        throw new PdfError(
          'limit',
          `has a page tree that lists object ${node.objectNumber} more than once (a page tree lists each node once)`,
          { limit: 'pageTree' },
        );
      seen.add(node.tag);
    }
    const dict = node instanceof PDFRef ? ctx.lookupMaybe(node, PDFDict) : node instanceof PDFDict ? node : undefined;
    if (!dict) continue;
    if (++nodes > limits.maxPageTreeNodes)
      throw new PdfError('limit', `has a page tree of more than ${limits.maxPageTreeNodes} nodes (the limit)`, {
        limit: 'maxPageTreeNodes',
      });
    if (depth > limits.maxPageTreeDepth)
      throw new PdfError('limit', `has a page tree deeper than ${limits.maxPageTreeDepth} levels (the limit)`, {
        limit: 'maxPageTreeDepth',
      });
    const kids = dict.lookupMaybe(PDFName.of('Kids'), PDFArray);
    if (dict.lookup(PDFName.of('Type')) === PDFName.of('Page')) {
      if (++pages > limits.maxPages)
        throw new PdfError('limit', `has more than ${limits.maxPages} pages (the limit)`, { limit: 'maxPages' });
      continue;
    }
    if (!kids) continue;
    for (let i = kids.size() - 1; i >= 0; i--) stack.push({ node: kids.get(i), depth: depth + 1 });
  }
  return pages;
}
