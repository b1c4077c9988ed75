// The signature field a signature goes into (ISO 32000-1 § 12.8), added to a finished PDF as an incremental
// update (src/pdf/signing/incremental.ts) so every byte before it — Chromium's, a PDF/A conversion's — stays as it
// is: a signature dictionary with a /ByteRange and /Contents placeholder in the form @signpdf/signpdf
// fills in, a widget — invisible on the first page (zero-size, printable, with an empty appearance stream:
// PDF/A wants an appearance for every widget), or visible where the job asked, drawing who signed, when
// and why (outline-text.ts) — and the AcroForm that lists it with SigFlags 3 (signatures exist, append
// only). @signpdf/placeholder-plain does the same by string edits but writes no
// appearance, so its signed PDFs are not PDF/A.
import { createHash } from 'node:crypto';
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString, type PDFContext } from '@cantoo/pdf-lib';
import { appendIncrementalUpdate } from './incremental.js';
import { loadPartially } from '../lazy-load.js';
import { mediaBox, nthPage } from '../page-tree.js';
import type { VisibleSignature } from '../../domain/pdfs/signature-appearance.js';
import { PdfError } from '../errors.js';
import { signatureFont, textPath, textWidth } from './outline-text.js';

const N = (n: string) => PDFName.of(n);
/** What @signpdf/utils looks for: `/ByteRange [0 /********** /********** /**********]` (spaces allowed). */
const BYTE_RANGE_PLACEHOLDER = '**********';

export interface SignatureFieldOptions {
  reason?: string;
  location?: string;
  contactInfo?: string;
  name?: string;
  signingTime: Date;
  /** Bytes reserved for the CMS (written as twice as many hex digits). */
  contentsBytes: number;
  /** A visible appearance: where (domain/pdfs/signature-appearance.ts) and the lines it shows. */
  visible?: VisibleSignature & { lines: string[] };
  /**
   * `timestamp`: a document timestamp (ISO 32000-2 § 12.8.5: /Type /DocTimeStamp, /SubFilter ETSI.RFC3161,
   * the RFC 3161 token as /Contents; /M only shows readers the time, the token holds it) instead of a CAdES signature. Default `signature`.
   */
  kind?: 'signature' | 'timestamp';
  /** The field's name (/T), unique in the document. Default `Signature1`. */
  fieldName?: string;
}

/** `D:YYYYMMDDHHmmSS+00'00'` (UTC), the PDF date the signature's /M carries. */
function pdfDate(d: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `D:${p(d.getUTCFullYear(), 4)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}+00'00'`;
}

const PAD = 4;
const LEADING = 1.25;

/**
 * The content of a visible signature's appearance, `width` × `height` points: a light box with a border and
 * the lines as filled outlines, as large as fits (at most 10 pt); lines that do not fit are cut.
 */
function appearanceContent(width: number, height: number, lines: string[]): string {
  const font = signatureFont();
  const innerW = width - 2 * PAD;
  const innerH = height - 2 * PAD;
  let size = Math.min(10, innerH / (lines.length * LEADING));
  for (const line of lines) size = Math.min(size, (innerW / Math.max(1, textWidth(font, line, 1))) * 0.999);
  size = Math.max(size, 5);
  const shown = lines.slice(0, Math.max(1, Math.floor(innerH / (size * LEADING))));
  const fit = (line: string) => {
    let t = line;
    while (t.length > 1 && textWidth(font, t, size) > innerW) t = t.slice(0, -2) + '…';
    return t;
  };
  const f = (v: number) => (Math.round(v * 100) / 100).toString();
  const ops = [
    'q',
    `0.96 0.97 1 rg 0 0 ${f(width)} ${f(height)} re f`,
    `0.2 0.35 0.65 RG 1 w 0.5 0.5 ${f(width - 1)} ${f(height - 1)} re S`,
    '0.1 0.1 0.1 rg',
    ...shown.map((line, i) => textPath(font, fit(line), PAD, height - PAD - size * (i * LEADING + 0.9), size)),
    'Q',
  ];
  return ops.join('\n');
}

/** The signature dictionary with its placeholders: a CAdES signature's, or a document timestamp's. */
function signatureDict(ctx: PDFContext, opts: SignatureFieldOptions): PDFDict {
  const text = (value: string, literal = false) => (literal ? PDFString.of(value) : PDFHexString.fromText(value));
  const sig = ctx.obj({});
  const docTimestamp = opts.kind === 'timestamp';
  sig.set(N('Type'), N(docTimestamp ? 'DocTimeStamp' : 'Sig'));
  sig.set(N('Filter'), N('Adobe.PPKLite'));
  sig.set(N('SubFilter'), N(docTimestamp ? 'ETSI.RFC3161' : 'ETSI.CAdES.detached'));
  // /ByteRange before /Contents: @signpdf/signpdf looks for /Contents after the /ByteRange it found.
  sig.set(N('ByteRange'), ctx.obj([PDFNumber.of(0), N(BYTE_RANGE_PLACEHOLDER), N(BYTE_RANGE_PLACEHOLDER), N(BYTE_RANGE_PLACEHOLDER)]));
  sig.set(N('Contents'), PDFHexString.of('0'.repeat(opts.contentsBytes * 2)));
  sig.set(N('M'), text(pdfDate(opts.signingTime), true));
  for (const [key, value] of [
    ['Reason', opts.reason],
    ['Location', opts.location],
    ['ContactInfo', opts.contactInfo],
    ['Name', opts.name],
  ] as const)
    if (value) sig.set(N(key), text(value));
  return sig;
}

/** `pdf` followed by an update that adds an unsigned signature field, ready for @signpdf/signpdf. */
export function addSignatureField(pdf: Buffer, opts: SignatureFieldOptions): Buffer {
  const partial = loadPartially(pdf);
  if (!partial) throw new PdfError('postprocess', 'the PDF cannot take a signature field: it has no classic cross-reference table');
  const { context: ctx, catalog } = partial;
  const text = (value: string, literal = false) => (literal ? PDFString.of(value) : PDFHexString.fromText(value));
  const stream = (content: string, dict: Record<string, unknown>) => ctx.register(ctx.stream(content, dict as never));
  const rootRef = ctx.trailerInfo.Root as PDFRef;
  const pageNo = opts.visible?.page ?? 1;
  const page = nthPage(ctx, catalog, pageNo);
  if (!page)
    throw new PdfError(
      'postprocess',
      pageNo === 1
        ? 'the PDF has no page to put the signature field on'
        : `signature.visible.page ${pageNo} is past the end of the document`,
    );
  const changed = new Set<PDFRef>([rootRef]);

  const sig = signatureDict(ctx, opts);
  const sigRef = ctx.register(sig);

  let rect = [0, 0, 0, 0];
  let appearance: PDFRef;
  if (opts.visible) {
    const { x, y, width, height } = opts.visible.rect;
    const [x0, y0, x1, y1] = mediaBox(page.dict);
    // From the top-left corner, as the job gives it, to PDF space (from the bottom-left of the media box).
    rect = [x0 + x, y1 - y - height, x0 + x + width, y1 - y];
    if (rect[2] > x1 + 0.01 || rect[1] < y0 - 0.01)
      throw new PdfError(
        'postprocess',
        `signature.visible.rect reaches past page ${pageNo}, which is ${Math.round(x1 - x0)} × ${Math.round(y1 - y0)} points`,
      );
    const content = appearanceContent(width, height, opts.visible.lines);
    appearance = stream(content, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, width, height] });
  } else appearance = stream('', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 0, 0] });
  const widget = ctx.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: rect,
    F: 4, // Print: PDF/A wants it on every annotation
    P: page.ref,
    AP: { N: appearance },
  });
  widget.set(N('T'), text(opts.fieldName ?? 'Signature1', true));
  widget.set(N('V'), sigRef);
  const widgetRef = ctx.register(widget);
  changed.add(sigRef).add(appearance).add(widgetRef);

  // The page lists the widget among its annotations: an indirect /Annots array is changed where it lives.
  const annots = page.dict.get(N('Annots'));
  if (annots instanceof PDFRef) {
    const arr = ctx.lookupMaybe(annots, PDFArray);
    if (!arr) throw new PdfError('postprocess', `page ${pageNo}'s /Annots is not an array`);
    arr.push(widgetRef);
    changed.add(annots);
  } else {
    const arr = annots instanceof PDFArray ? annots : ctx.obj([]);
    arr.push(widgetRef);
    page.dict.set(N('Annots'), arr);
    changed.add(page.ref);
  }

  // The form: the existing AcroForm gets the field, or a new one is made.
  const formEntry = catalog.get(N('AcroForm'));
  const form = formEntry instanceof PDFRef ? ctx.lookupMaybe(formEntry, PDFDict) : formEntry instanceof PDFDict ? formEntry : undefined;
  if (form) {
    const fields = form.lookupMaybe(N('Fields'), PDFArray) ?? ctx.obj([]);
    fields.push(widgetRef);
    form.set(N('Fields'), fields);
    const flags = form.lookupMaybe(N('SigFlags'), PDFNumber)?.asNumber() ?? 0;
    form.set(N('SigFlags'), PDFNumber.of(flags | 3));
    if (formEntry instanceof PDFRef) changed.add(formEntry);
  } else catalog.set(N('AcroForm'), ctx.obj({ Fields: [widgetRef], SigFlags: 3 }));

  // Chromium writes no /ID; PDF/A output has one (kept: its first half names the document for good).
  const digest = createHash('md5').update(pdf).digest('hex');
  const id = ctx.trailerInfo.ID ?? ctx.obj([PDFHexString.of(digest), PDFHexString.of(digest)]);
  return appendIncrementalUpdate(pdf, ctx, changed, { Root: rootRef, Info: ctx.trailerInfo.Info as PDFRef | undefined, ID: id });
}
