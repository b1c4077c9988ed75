// The PDF/A clean-up of post-processing: removes what ISO 19005-2/-3 forbids and Folio can remove without
// changing the page (JavaScript and other forbidden actions, additional actions, image interpolation,
// hidden/non-printing link flags), and refuses what it cannot fix (a font without its program, an external
// stream, an annotation PDF/A does not allow) with a PdfError.
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRef, PDFStream, type PDFContext, type PDFObject } from '@cantoo/pdf-lib';
import { PdfError } from './errors.js';

const N = PDFName.of;

// ISO 19005-2 § 6.5.1 (and -3): action types a conforming file does not contain; Named actions other
// than the four page moves neither.
const FORBIDDEN_ACTIONS = new Set([
  'Launch',
  'Sound',
  'Movie',
  'ResetForm',
  'ImportData',
  'Hide',
  'SetOCGState',
  'Rendition',
  'Trans',
  'GoTo3DView',
  'JavaScript',
]);
const NAMED_ALLOWED = new Set(['NextPage', 'PrevPage', 'FirstPage', 'LastPage']);
// § 6.3.1: annotation types PDF/A-2/-3 does not allow.
const FORBIDDEN_ANNOTS = new Set(['3D', 'Sound', 'Screen', 'Movie']);
// Subtypes that make a dictionary without /Type an annotation (/Type is optional on annotations).
const ANNOT_SUBTYPES = new Set([
  'Link',
  'Widget',
  'Text',
  'FreeText',
  'Popup',
  'FileAttachment',
  'Stamp',
  'Highlight',
  'Underline',
  'Square',
  'Circle',
  'Ink',
  'Line',
  'Polygon',
  'PolyLine',
  'StrikeOut',
  'Squiggly',
  'Caret',
  'Redact',
  'Watermark',
  'PrinterMark',
  'TrapNet',
  ...FORBIDDEN_ANNOTS,
]);
// Annotation flags: Invisible 1, Hidden 2, Print 4, NoView 32, ToggleNoView 256 (§ 6.3.2).
const FLAG_PRINT = 4;
const FLAGS_HIDING = 1 | 2 | 32 | 256;

/** Whether an action (and its /Next chain) is allowed; a forbidden one anywhere makes the whole chain go. */
function actionAllowed(ctx: PDFContext, action: PDFObject | undefined, depth = 0): boolean {
  const a = action instanceof PDFRef ? ctx.lookupMaybe(action, PDFDict) : action instanceof PDFDict ? action : undefined;
  if (!a || depth > 16) return depth <= 16;
  const s = a.lookupMaybe(N('S'), PDFName)?.decodeText() ?? '';
  if (FORBIDDEN_ACTIONS.has(s)) return false;
  if (s === 'Named' && !NAMED_ALLOWED.has(a.lookupMaybe(N('N'), PDFName)?.decodeText() ?? '')) return false;
  const next = a.get(N('Next'));
  if (next instanceof PDFArray) return next.asArray().every((n) => actionAllowed(ctx, n, depth + 1));
  return next === undefined || actionAllowed(ctx, next, depth + 1);
}

/**
 * Removes what PDF/A forbids and can go without changing how pages look, and refuses what cannot.
 * Walks every indirect object once (and their direct dictionaries).
 */
export function sanitizeForPdfA(ctx: PDFContext, catalog: PDFDict, changed: Set<PDFRef>): void {
  catalog.delete(N('AA'));
  const open = catalog.get(N('OpenAction'));
  if (open !== undefined && !(open instanceof PDFArray) && !actionAllowed(ctx, open)) catalog.delete(N('OpenAction'));
  const names = catalog.lookupMaybe(N('Names'), PDFDict);
  if (names?.has(N('JavaScript'))) {
    names.delete(N('JavaScript'));
    const namesRef = catalog.get(N('Names'));
    if (namesRef instanceof PDFRef) changed.add(namesRef);
  }
  // Names are interned by pdf-lib, so they are compared by identity; N() per dictionary would cost more
  // than the walk (13,000 structure elements in the 50-page report, skipped at the first lookup).
  const [TYPE, SUBTYPE, AA, A, F, AP, RECT, BASEFONT] = ['Type', 'Subtype', 'AA', 'A', 'F', 'AP', 'Rect', 'BaseFont'].map(N);
  const [STRUCT_ELEM, ANNOT, FONT] = ['StructElem', 'Annot', 'Font'].map(N);
  const [FFILTER, FDECODE, IMAGE, PS, FORM, INTERPOLATE, ALTERNATES, OPI] = [
    'FFilter',
    'FDecodeParms',
    'Image',
    'PS',
    'Form',
    'Interpolate',
    'Alternates',
    'OPI',
  ].map(N);
  const visitDict = (d: PDFDict, depth: number, owner: PDFRef) => {
    const typeName = d.get(TYPE);
    if (typeName === STRUCT_ELEM) return;
    const type = typeName instanceof PDFName ? typeName.decodeText() : undefined;
    const sub = d.get(SUBTYPE);
    const subtype = sub instanceof PDFName ? sub.decodeText() : undefined;
    if (d.has(AA)) {
      d.delete(AA);
      changed.add(owner);
    }
    if (d.has(A) && !actionAllowed(ctx, d.get(A))) {
      d.delete(A);
      changed.add(owner);
    }
    if (typeName === ANNOT || (type === undefined && d.has(RECT) && subtype !== undefined && ANNOT_SUBTYPES.has(subtype))) {
      if (subtype && FORBIDDEN_ANNOTS.has(subtype))
        throw new PdfError('postprocess', `a ${subtype} annotation cannot be part of a PDF/A document`);
      const f = d.lookupMaybe(F, PDFNumber)?.asNumber() ?? 0;
      const fixed = (f | FLAG_PRINT) & ~FLAGS_HIDING;
      if (fixed !== f || !d.has(F)) {
        d.set(F, PDFNumber.of(fixed));
        changed.add(owner);
      }
      if (subtype !== 'Link' && subtype !== 'Popup' && !d.has(AP))
        throw new PdfError(
          'postprocess',
          `a ${subtype ?? 'untyped'} annotation without an appearance stream cannot be part of a PDF/A document`,
        );
    }
    if (typeName === FONT || (subtype !== undefined && d.has(BASEFONT))) fontCheck(d, subtype);
    if (depth < 4)
      for (const v of d.values()) {
        if (v instanceof PDFDict) visitDict(v, depth + 1, owner);
        else if (v instanceof PDFArray) for (const x of v.asArray()) if (x instanceof PDFDict) visitDict(x, depth + 1, owner);
      }
  };
  for (const [ref, o] of ctx.enumerateIndirectObjects()) {
    if (o instanceof PDFStream) {
      const d = o.dict;
      if (d.has(F) || d.has(FFILTER) || d.has(FDECODE))
        throw new PdfError('postprocess', 'a stream with external content (/F) cannot be part of a PDF/A document');
      const subtype = d.get(SUBTYPE);
      if (subtype === IMAGE) {
        if (d.get(INTERPOLATE)?.toString() === 'true' || d.has(ALTERNATES) || d.has(OPI)) {
          d.set(INTERPOLATE, ctx.obj(false));
          d.delete(ALTERNATES);
          d.delete(OPI);
          changed.add(ref);
        }
      } else if (subtype === PS) throw new PdfError('postprocess', 'a PostScript XObject cannot be part of a PDF/A document');
      else if (subtype === FORM && d.has(OPI)) {
        d.delete(OPI);
        changed.add(ref);
      }
    } else if (o instanceof PDFDict) visitDict(o, 0, ref);
  }
}

/** § 6.2.11.4.1: every font but Type 3 carries its font program. Type 0 fonts are checked through their descendant. */
function fontCheck(font: PDFDict, subtype: string | undefined): void {
  if (subtype === 'Type3' || subtype === 'Type0') return;
  const desc = font.lookupMaybe(N('FontDescriptor'), PDFDict);
  const embedded = desc && (desc.has(N('FontFile')) || desc.has(N('FontFile2')) || desc.has(N('FontFile3')));
  if (!embedded) {
    const name = font.lookupMaybe(N('BaseFont'), PDFName)?.decodeText() ?? 'unnamed';
    throw new PdfError('postprocess', `the font ${name} is not embedded: PDF/A needs every font's program in the file`);
  }
}
