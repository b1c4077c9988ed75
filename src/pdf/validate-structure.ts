// The file-structure checks of Folio's PDF/A checks (validate.ts), on the raw bytes and the object graph: the
// header (%PDF-1.n with n ≤ 7 in parts 2/3 — ISO 19005-1 ignores the header's version, so part 1 only asks
// for a %PDF-n.m line — then a comment of four bytes ≥ 128), the trailer (ID, no Encrypt, nothing after the
// last %%EOF but one end-of-line), no cross-reference streams in PDF/A-1 (ISO 19005-1 6.1.4 as veraPDF
// tests it; object streams need a cross-reference stream to be found, so none of those either), streams
// without F/FFilter/FDecodeParms and without LZWDecode (parts 2/3: only ISO 32000-1's standard filters),
// no optional content in PDF/A-1, the interactive form's NeedAppearances (and XFA, NeedsRendering in parts
// 2/3), and embedded files: none in part 1, each reported in part 2 (which allows only PDF/A-1 or -2 files,
// and Folio does not validate them), in part 3 each with F and UF, a MIME Subtype, an AFRelationship and an
// AF array naming it. A subset of veraPDF's rules (the reference validator), not a validator.
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFRef, PDFStream, PDFString } from '@cantoo/pdf-lib';
import type { PDFContext, PDFObject } from '@cantoo/pdf-lib';
import type { Findings } from './validate-findings.js';

const N = PDFName.of;
const nameOf = (o: PDFObject | undefined) => (o instanceof PDFName ? o.decodeText() : undefined);
const textOf = (o: PDFObject | undefined) => (o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : undefined);

export function checkHeader(pdf: Uint8Array, f: Findings): void {
  const head = Buffer.from(pdf.subarray(0, 64)).toString('latin1');
  const line = /^%PDF-(\d)\.(\d)(\r\n|\r|\n)/.exec(head);
  const anyLine = /^%PDF-\d\.\d/.exec(head);
  if (!anyLine) return f.add('header', 'the file does not begin with a %PDF-n.m header');
  if (f.part !== 1 && (!line || line[1] !== '1' || Number(line[2]) > 7))
    f.add('header', `the header is not "%PDF-1.n" (n 0 to 7) followed by an end-of-line (it begins "${head.slice(0, 9).trim()}")`);
  const eol = /^%PDF-\d\.\d[^\r\n]*(\r\n|\r|\n)/.exec(head);
  const next = eol ? eol[0].length : -1;
  if (next < 0 || pdf[next] !== 0x25 || ![1, 2, 3, 4].every((k) => pdf[next + k] > 127))
    f.add('header', 'the header is not followed by a comment line of at least four bytes ≥ 128');
}

/** The offsets every `startxref` of the file points at (one per revision). */
function startxrefTargets(bytes: Buffer): number[] {
  const out: number[] = [];
  for (let i = bytes.indexOf('startxref'); i >= 0; i = bytes.indexOf('startxref', i + 9)) {
    const m = /^startxref\s+(\d+)/.exec(bytes.toString('latin1', i, i + 40));
    if (m) out.push(Number(m[1]));
  }
  return out;
}

export function checkTrailer(pdf: Uint8Array, ctx: PDFContext, f: Findings): void {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const id = ctx.lookup(ctx.trailerInfo.ID);
  if (!(id instanceof PDFArray) || id.size() !== 2) f.add('trailer', 'the trailer has no ID of two file identifiers');
  if (ctx.trailerInfo.Encrypt) f.add('trailer', 'the trailer has Encrypt: the file is encrypted');
  const eof = bytes.lastIndexOf('%%EOF');
  const rest = eof < 0 ? '' : bytes.toString('latin1', eof + 5, eof + 9);
  if (eof < 0 || !/^(\r\n|\r|\n)?$/.test(rest) || bytes.length - eof - 5 > 2)
    f.add('trailer', 'there is data after the last %%EOF (or no %%EOF)');
  if (f.part === 1) {
    const streams = startxrefTargets(bytes).filter((at) => bytes.toString('latin1', at, at + 4) !== 'xref');
    if (streams.length > 0 || bytes.includes('/XRefStm'))
      f.add('xrefStream', 'the file uses a cross-reference stream (and so may hold object streams), which PDF/A-1 does not allow');
  }
}

const STANDARD_FILTERS = new Set([
  'ASCIIHexDecode',
  'ASCII85Decode',
  'FlateDecode',
  'RunLengthDecode',
  'CCITTFaxDecode',
  'JBIG2Decode',
  'DCTDecode',
  'JPXDecode',
]);

/** Every stream of the file: external content keys and filters. */
export function checkStreams(ctx: PDFContext, f: Findings): void {
  for (const [, o] of ctx.enumerateIndirectObjects()) {
    if (!(o instanceof PDFStream)) continue;
    const d = o.dict;
    if (d.has(N('F')) || d.has(N('FFilter')) || d.has(N('FDecodeParms')))
      f.add('streamKeys', 'a stream has F, FFilter or FDecodeParms (external content)');
    const filter = d.lookup(N('Filter'));
    const names = filter instanceof PDFArray ? filter.asArray().map(nameOf) : filter === undefined ? [] : [nameOf(filter)];
    names.forEach((name, i) => {
      if (name === 'LZWDecode') f.add('filters', 'a stream uses the LZWDecode filter');
      else if (f.part !== 1 && name === 'Crypt') {
        const parms = d.lookup(N('DecodeParms'));
        const p = parms instanceof PDFArray ? parms.lookup(i) : parms;
        if (!(p instanceof PDFDict) || nameOf(p.get(N('Name'))) !== 'Identity')
          f.add('filters', 'a stream uses the Crypt filter with a crypt filter other than Identity');
      } else if (f.part !== 1 && !STANDARD_FILTERS.has(name ?? ''))
        f.add('filters', `a stream uses the filter ${name ?? '(not a name)'}, which is not a standard filter`);
    });
  }
}

export function checkCatalogEntries(catalog: PDFDict, f: Findings): void {
  if (f.part === 1 && catalog.has(N('OCProperties'))) f.add('optionalContent', 'the catalog has optional content (OCProperties)');
  const form = catalog.lookupMaybe(N('AcroForm'), PDFDict);
  if (form?.get(N('NeedAppearances'))?.toString() === 'true')
    f.add('forms', 'the interactive form has NeedAppearances true (its fields have no fixed appearance)');
  if (form?.has(N('XFA'))) f.add('xfa', 'the interactive form has XFA');
  if (catalog.get(N('NeedsRendering'))?.toString() === 'true') f.add('xfa', 'the catalog has NeedsRendering true');
}

/**
 * Calls `visit` for every dictionary of the file: the indirect ones, stream dictionaries, and the direct
 * dictionaries inside them (to a depth of 8).
 */
export function eachDict(ctx: PDFContext, visit: (d: PDFDict) => void): void {
  const walk = (o: PDFObject, depth: number) => {
    if (depth > 8) return;
    if (o instanceof PDFDict) {
      visit(o);
      for (const v of o.values()) if (v instanceof PDFDict || v instanceof PDFArray) walk(v, depth + 1);
    } else if (o instanceof PDFArray) for (const v of o.asArray()) if (v instanceof PDFDict || v instanceof PDFArray) walk(v, depth + 1);
  };
  for (const [, o] of ctx.enumerateIndirectObjects()) walk(o instanceof PDFStream ? o.dict : o, 0);
}

/** Embedded files, as the part asks (see the file header). */
export function checkEmbeddedFiles(ctx: PDFContext, catalog: PDFDict, f: Findings): void {
  if (f.part === 1 && catalog.lookupMaybe(N('Names'), PDFDict)?.has(N('EmbeddedFiles')))
    f.add('embeddedFiles', 'the name dictionary has EmbeddedFiles');
  const specs: PDFDict[] = [];
  const associated = new Set<PDFObject>();
  eachDict(ctx, (d) => {
    if (d.has(N('EF'))) specs.push(d);
    const af = d.lookup(N('AF'));
    if (af instanceof PDFArray) for (const a of af.asArray()) associated.add(a instanceof PDFRef ? ctx.lookup(a)! : a);
  });
  for (const spec of specs) {
    const name = (textOf(spec.lookup(N('UF'))) ?? textOf(spec.lookup(N('F'))) ?? '(unnamed)').slice(0, 200);
    if (f.part === 1) {
      f.add('embeddedFiles', `file specification ${name} embeds a file (EF)`);
      continue;
    }
    if (!spec.has(N('F')) || !spec.has(N('UF'))) f.add('embeddedFiles', `the file specification of embedded file ${name} lacks F or UF`);
    if (f.part === 2) {
      f.add('embeddedFiles', `embedded file ${name} cannot be checked to be PDF/A-1 or PDF/A-2 (the only files PDF/A-2 may embed)`);
      continue;
    }
    const stream = spec.lookupMaybe(N('EF'), PDFDict)?.lookup(N('F'));
    const mime = stream instanceof PDFStream ? nameOf(stream.dict.get(N('Subtype'))) : undefined;
    if (!mime || !/^[-\w+.]+\/[-\w+.]+$/.test(mime)) f.add('embeddedFiles', `embedded file ${name} has no MIME type (Subtype)`);
    if (!(spec.get(N('AFRelationship')) instanceof PDFName)) f.add('embeddedFiles', `embedded file ${name} has no AFRelationship`);
    if (!associated.has(spec))
      f.add('embeddedFiles', `embedded file ${name} is not in an AF array (associated with the document or a part of it)`);
  }
}
