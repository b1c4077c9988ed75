// The signature field a signature goes into (ISO 32000-1 § 12.8), added to a finished PDF as an incremental
// update (src/pdf/incremental.ts) so every byte before it — Chromium's, a PDF/A conversion's — stays as it
// is: a signature dictionary with a /ByteRange and /Contents placeholder in the form @signpdf/signpdf
// fills in, an invisible widget on the first page (zero-size, printable, with an empty appearance stream:
// PDF/A wants an appearance for every widget), and the AcroForm that lists it with SigFlags 3
// (signatures exist, append only). @signpdf/placeholder-plain does the same by string edits but writes no
// appearance, so its signed PDFs are not PDF/A.
import { createHash } from 'node:crypto';
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString, type PDFContext } from '@cantoo/pdf-lib';
import { appendIncrementalUpdate } from './incremental.js';
import { loadPartially } from './lazy-load.js';
import { PdfPostProcessError } from './errors.js';

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
}

/** `D:YYYYMMDDHHmmSS+00'00'` (UTC), the PDF date the signature's /M carries. */
function pdfDate(d: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `D:${p(d.getUTCFullYear(), 4)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}+00'00'`;
}

/** The first page of the page tree (its ref and dictionary). */
function firstPage(ctx: PDFContext, catalog: PDFDict): { ref: PDFRef; dict: PDFDict } | null {
  let node = catalog.get(N('Pages'));
  for (let depth = 0; depth < 64 && node instanceof PDFRef; depth++) {
    const dict = ctx.lookupMaybe(node, PDFDict);
    if (!dict) return null;
    if (dict.lookup(N('Type')) === N('Page')) return { ref: node, dict };
    const kids = dict.lookupMaybe(N('Kids'), PDFArray);
    node = kids?.get(0);
  }
  return null;
}

/** `pdf` followed by an update that adds an unsigned signature field, ready for @signpdf/signpdf. */
export function addSignatureField(pdf: Buffer, opts: SignatureFieldOptions): Buffer {
  const partial = loadPartially(pdf);
  if (!partial) throw new PdfPostProcessError('the PDF cannot take a signature field: it has no classic cross-reference table');
  const { context: ctx, catalog } = partial;
  const rootRef = ctx.trailerInfo.Root as PDFRef;
  const page = firstPage(ctx, catalog);
  if (!page) throw new PdfPostProcessError('the PDF has no page to put the signature field on');
  const changed = new Set<PDFRef>([rootRef]);

  const sig = ctx.obj({});
  sig.set(N('Type'), N('Sig'));
  sig.set(N('Filter'), N('Adobe.PPKLite'));
  sig.set(N('SubFilter'), N('ETSI.CAdES.detached'));
  // /ByteRange before /Contents: @signpdf/signpdf looks for /Contents after the /ByteRange it found.
  sig.set(N('ByteRange'), ctx.obj([PDFNumber.of(0), N(BYTE_RANGE_PLACEHOLDER), N(BYTE_RANGE_PLACEHOLDER), N(BYTE_RANGE_PLACEHOLDER)]));
  sig.set(N('Contents'), PDFHexString.of('0'.repeat(opts.contentsBytes * 2)));
  sig.set(N('M'), PDFString.of(pdfDate(opts.signingTime)));
  for (const [key, value] of [
    ['Reason', opts.reason],
    ['Location', opts.location],
    ['ContactInfo', opts.contactInfo],
    ['Name', opts.name],
  ] as const)
    if (value) sig.set(N(key), PDFHexString.fromText(value));
  const sigRef = ctx.register(sig);

  const appearance = ctx.register(ctx.stream('', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 0, 0], Length: 0 }));
  const widget = ctx.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: [0, 0, 0, 0],
    F: 4, // Print: PDF/A wants it on every annotation
    P: page.ref,
    AP: { N: appearance },
  });
  widget.set(N('T'), PDFString.of('Signature1'));
  widget.set(N('V'), sigRef);
  const widgetRef = ctx.register(widget);
  changed.add(sigRef).add(appearance).add(widgetRef);

  // The page lists the widget among its annotations: an indirect /Annots array is changed where it lives.
  const annots = page.dict.get(N('Annots'));
  if (annots instanceof PDFRef) {
    const arr = ctx.lookupMaybe(annots, PDFArray);
    if (!arr) throw new PdfPostProcessError("the first page's /Annots is not an array");
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
