// PDF post-processing: one entry point, `postProcessPdf(pdf, request)`, turns the PDF Chromium
// printed into the document the job asked for, in this order:
//   1. checks the request (src/domain/pdfs/pdf-document.ts rules, the e-invoice XML, each joined PDF loads);
//   2. joins `prepend`/`append` PDFs around the printed pages, keeping their outlines and, when both are
//      tagged, their structure trees (src/pdf/merge.ts);
//   3. for PDF/A (`pdf/a-2b`, `pdf/a-3b`; an e-invoice forces `pdf/a-3b`): removes what ISO 19005-2/-3
//      forbids and Folio can remove without changing the page (JavaScript and other forbidden actions,
//      additional actions, image interpolation, hidden/non-printing link flags) and refuses what it cannot
//      fix (a font without its program, an external stream, an annotation PDF/A does not allow) with a
//      PdfError (kind postprocess); adds the sRGB OutputIntent with the ICC profile of the Debian package
//      (src/pdf/icc.ts);
//   4. writes the document metadata to the Info dictionary and the XMP packet with the same values
//      (src/pdf/xmp.ts), /Lang and /ViewerPreferences /DisplayDocTitle on the catalog; for PDF/UA-1
//      (`accessibility`) also pdfuaid:part 1, /Tabs /S on pages with annotations and /MarkInfo /Marked
//      (src/pdf/ua/ua-prepare.ts), and no /Lang the page did not declare (ua-check.ts then reports it);
//   5. embeds the attachments (and `factur-x.xml`) as associated files: /EmbeddedFiles name tree, /AF on
//      the catalog, /AFRelationship, /UF, /Desc, /EF with /Subtype and /Params (Size, dates, CheckSum);
//   6. sets a /ID computed from the inputs and writes the file, no encryption: without joined PDFs, as an
//      incremental update appended to the printed bytes (src/pdf/signing/incremental.ts; only the objects it reads
//      are parsed, src/pdf/lazy-load.ts; catalog /Version 1.7 for PDF/A), which costs ~20 ms on the
//      50-page report instead of ~250 ms; with joins, or an input with xref streams, the whole file is
//      rewritten (classic cross-reference table, header %PDF-1.7 for PDF/A, no object streams).
// The tagged structure (StructTreeRoot, MarkInfo, ParentTree) and the outline Chromium wrote are kept as
// they are. Equal inputs (including `date`) give equal bytes. `needsPostProcessing` says whether a
// request changes anything at all, so a plain job skips the load/save.
// What is and is not checked of the PDF/A clauses: docs/pdf.md.
import { eInvoiceFileName } from '../domain/einvoice/einvoice-profiles.js';
import { createHash } from 'node:crypto';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFString } from '@cantoo/pdf-lib';
import type { PDFContext, PDFObject } from '@cantoo/pdf-lib';
import { PDFHeader } from '@cantoo/pdf-lib';
import {
  checkPdfDocumentRequest,
  effectiveStandard,
  facturXRelationship,
  looksLikePdf,
  type PdfStandard,
} from '../domain/pdfs/pdf-document.js';
import { eInvoiceXmlProblem } from './checks.js';
import { embedFiles } from './embedded-files.js';
import { sanitizeForPdfA } from './pdfa-sanitize.js';
import { prepareForUa } from './ua/ua-prepare.js';
import type { PdfAttachment, PostProcessRequest } from './post-process-request.js';
import { isPdfError, PdfError } from './errors.js';
import { srgbProfile } from './icc.js';
import { appendIncrementalUpdate, lastStartXref } from './signing/incremental.js';
import { loadPartially } from './lazy-load.js';
import { countPages, DEFAULT_PDF_LIMITS, scanPdf, type PdfLimits } from './syntax/limits.js';
import { joinDocument } from './merge.js';
import { buildXmp, pdfDate } from './xmp.js';
import { OBJECTS_PER_TICK } from './work-pace.js';

export type { AfRelationship, DocumentMetadata, PdfStandard } from '../domain/pdfs/pdf-document.js';
export { isPdfError, PdfError } from './errors.js';
// The checks job creation runs before rendering (400 naming the field), from the same entry point.
export { checkPostProcessRequest, eInvoiceXmlProblem, pdfProblem } from './checks.js';
export { needsPostProcessing, type EInvoice, type PdfAttachment, type PostProcessRequest } from './post-process-request.js';

const N = PDFName.of;
const LOAD = { updateMetadata: false, parseSpeed: OBJECTS_PER_TICK, ignoreEncryption: true } as const;

/** The request's document options, e-invoice, producer and date checked: the first problem named, and how many more. */
function refuseBadRequest(req: PostProcessRequest): void {
  const problems = checkPdfDocumentRequest({
    standard: req.standard,
    accessibility: req.accessibility,
    metadata: req.metadata,
    attachments: req.attachments.map((a) => ({ ...a, size: a.content.length })),
    eInvoice: req.eInvoice,
  });
  if (req.eInvoice) {
    const p = eInvoiceXmlProblem(req.eInvoice.xml);
    if (p) problems.push({ field: 'eInvoice.xml', message: `eInvoice.xml ${p}` });
  }
  if (typeof req.producer !== 'string' || req.producer.trim() === '') problems.push({ field: 'producer', message: 'producer must be set' });
  if (!(req.date instanceof Date) || Number.isNaN(req.date.getTime()))
    problems.push({ field: 'date', message: 'date must be a valid Date' });
  if (problems.length > 0) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
    throw new PdfError('postprocess', `${problems[0].message}${more}`, { field: problems[0].field });
  }
}

/**
 * The printed PDF with the joined PDFs before and after it. Joined PDFs come from outside Folio: each is
 * checked against the limits before pdf-lib reads it, and the pages of the whole document may not pass the
 * ceiling of merges.
 */
async function loadAndJoin(pdf: Buffer, req: PostProcessRequest): Promise<PDFDocument> {
  const doc = await load(pdf, 'the printed PDF');
  const limits = { ...DEFAULT_PDF_LIMITS, ...req.limits };
  let pagesLeft = limits.maxPages - doc.getPageCount();
  const loadJoined = async (bytes: Buffer, what: string) => {
    const joined = await load(bytes, what, { ...limits, maxPages: Math.max(0, pagesLeft) });
    pagesLeft -= joined.getPageCount();
    return joined;
  };
  const prepend: PDFDocument[] = [];
  for (const [i, b] of (req.prepend ?? []).entries()) prepend.push(await loadJoined(b, `prepend[${i}]`));
  const append: PDFDocument[] = [];
  for (const [i, b] of (req.append ?? []).entries()) append.push(await loadJoined(b, `append[${i}]`));
  // Prepends in reverse, each before the first page: the first of the list ends up first.
  for (let i = prepend.length - 1; i >= 0; i--) join(doc, prepend[i], 'before', `prepend[${i}]`);
  append.forEach((src, i) => join(doc, src, 'after', `append[${i}]`));
  return doc;
}

/** Info and XMP written from the same values: the request's, else what the printed PDF says. */
function writeMetadata(
  ctx: PDFContext,
  catalog: PDFDict,
  req: PostProcessRequest,
  o: { standard: ReturnType<typeof effectiveStandard>; ua: boolean; date: Date },
): void {
  const { standard, ua, date } = o;
  const oldInfo = ctx.lookupMaybe(ctx.trailerInfo.Info, PDFDict);
  const oldText = (key: string) => textOf(oldInfo?.lookup(N(key)));
  const title = req.metadata.title ?? oldText('Title');
  const author = req.metadata.author ?? oldText('Author');
  const subject = req.metadata.subject ?? oldText('Subject');
  const keywords = req.metadata.keywords?.length ? req.metadata.keywords.join(', ') : oldText('Keywords');
  const creator = req.metadata.creator ?? oldText('Creator');
  // Chromium writes its own locale as /Lang when the page declares none: PDF/UA keeps only a declared one.
  const lang = req.metadata.lang ?? (ua && req.pageLang === null ? undefined : textOf(catalog.lookup(N('Lang'))));
  const info = ctx.obj({});
  const setText = (key: string, v: string | undefined) => v !== undefined && info.set(N(key), PDFHexString.fromText(v));
  setText('Title', title);
  setText('Author', author);
  setText('Subject', subject);
  setText('Keywords', keywords);
  setText('Creator', creator);
  setText('Producer', req.producer);
  info.set(N('CreationDate'), PDFString.of(pdfDate(date)));
  info.set(N('ModDate'), PDFString.of(pdfDate(date)));
  ctx.trailerInfo.Info = ctx.register(info);
  const xmp = buildXmp({
    pdfaPart: standard === 'pdf/a-2b' ? 2 : standard === 'pdf/a-3b' ? 3 : null,
    pdfuaPart: ua ? 1 : null,
    title,
    author,
    subject,
    keywords,
    creatorTool: creator,
    producer: req.producer,
    lang,
    date,
    facturX: req.eInvoice?.profile,
  });
  // Uncompressed: PDF/A forbids a Filter on the metadata stream.
  catalog.set(N('Metadata'), ctx.register(ctx.stream(xmp, { Type: 'Metadata', Subtype: 'XML', Length: xmp.length })));
  if (lang !== undefined) catalog.set(N('Lang'), PDFHexString.fromText(lang));
  else catalog.delete(N('Lang'));
  const prefs = catalog.lookupMaybe(N('ViewerPreferences'), PDFDict) ?? ctx.obj({});
  prefs.set(N('DisplayDocTitle'), ctx.obj(true));
  catalog.set(N('ViewerPreferences'), prefs);
}

/** Post-processes a PDF as described in the file header; throws a PdfError with a clear message. */
export async function postProcessPdf(pdf: Buffer, req: PostProcessRequest): Promise<Buffer> {
  refuseBadRequest(req);
  const standard = effectiveStandard(req);
  const pdfa = standard !== 'none';
  const ua = req.accessibility === 'pdf/ua-1';
  const date = new Date(Math.floor(req.date.getTime() / 1000) * 1000);

  const joining = (req.prepend?.length ?? 0) > 0 || (req.append?.length ?? 0) > 0;
  // Without joined documents only a few objects change: they are appended to Chromium's bytes as an
  // incremental update (src/pdf/signing/incremental.ts) rather than the whole file rewritten, when the original
  // is a plain file with a classic cross-reference table and the binary header comment PDF/A asks for;
  // then only the objects post-processing reads are parsed (src/pdf/lazy-load.ts).
  const incremental = !joining && updatable(pdf);
  const partial = incremental ? loadPartially(pdf) : null;
  const doc = partial ? null : await loadAndJoin(pdf, req);
  const ctx = partial?.context ?? doc!.context;
  const catalog = partial?.catalog ?? doc!.catalog;
  ctx.trailerInfo.Encrypt = undefined;
  const firstNewObject = ctx.largestObjectNumber + 1;
  const changed = new Set<PDFRef>();
  if (pdfa) {
    sanitizeForPdfA(ctx, catalog, changed);
    // PDF/A-2/-3 are based on PDF 1.7: the header says so in a rewritten file, the catalog in an update.
    if (incremental) catalog.set(N('Version'), N('1.7'));
    else ctx.header = PDFHeader.forVersion(1, 7);
    const icc = ctx.register(ctx.flateStream(srgbProfile(), { N: 3 }));
    const intent = ctx.obj({
      Type: 'OutputIntent',
      S: 'GTS_PDFA1',
      OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
      Info: PDFString.of('sRGB IEC61966-2.1'),
      RegistryName: PDFString.of('http://www.color.org'),
      DestOutputProfile: icc,
    });
    catalog.set(N('OutputIntents'), ctx.obj([ctx.register(intent)]));
  }
  if (ua) prepareForUa(ctx, catalog, changed);

  writeMetadata(ctx, catalog, req, { standard, ua, date });

  // Associated files.
  const files: PdfAttachment[] = [];
  if (req.eInvoice)
    files.push({
      name: eInvoiceFileName(req.eInvoice.profile),
      mimeType: 'text/xml',
      relationship: facturXRelationship(req.eInvoice.profile),
      description: `Factur-X / ZUGFeRD invoice (profile ${req.eInvoice.profile})`,
      content: req.eInvoice.xml,
    });
  files.push(...req.attachments);
  if (files.length > 0) embedFiles(ctx, catalog, files, date);

  ctx.trailerInfo.ID = documentId(ctx, pdf, req, standard);
  if (incremental) {
    const root = ctx.trailerInfo.Root as PDFRef;
    changed.add(root);
    for (const [ref] of ctx.enumerateIndirectObjects()) if (ref.objectNumber >= firstNewObject) changed.add(ref);
    return appendIncrementalUpdate(pdf, ctx, changed, { Root: root, Info: ctx.trailerInfo.Info as PDFRef, ID: ctx.trailerInfo.ID });
  }
  const bytes = await doc!.save({
    useObjectStreams: false,
    addDefaultPage: false,
    updateFieldAppearances: false,
    objectsPerTick: OBJECTS_PER_TICK,
  });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Whether `pdf` can take an incremental update that keeps it PDF/A-clean (see postProcessPdf). */
function updatable(pdf: Buffer): boolean {
  const prev = lastStartXref(pdf);
  if (prev === null || pdf.toString('latin1', prev, prev + 4) !== 'xref') return false;
  return /^%PDF-1\.[0-7]\r?\n%[\x80-\xff]{4}/.test(pdf.subarray(0, 32).toString('latin1'));
}

/** Loads a PDF; with `limits` (a PDF from outside Folio), only once `scanPdf` found it within them. */
async function load(bytes: Buffer, what: string, limits?: PdfLimits): Promise<PDFDocument> {
  if (!looksLikePdf(bytes)) throw new PdfError('postprocess', `${what} is not a PDF (no %PDF- header)`, { field: fieldOf(what) });
  const named = (err: unknown) => (isPdfError(err, 'limit') ? new PdfError('limit', `${what} ${err.message}`, { limit: err.limit }) : err);
  if (limits) {
    try {
      scanPdf(bytes, limits);
    } catch (err) {
      throw named(err);
    }
  }
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, LOAD);
  } catch (err) {
    throw new PdfError('postprocess', `${what} cannot be read as a PDF: ${(err as Error).message}`, { field: fieldOf(what), cause: err });
  }
  if (doc.isEncrypted)
    throw new PdfError('postprocess', `${what} is encrypted (PDF/A and joining need an unencrypted PDF)`, { field: fieldOf(what) });
  let pages = 0;
  try {
    pages = limits ? countPages(doc.context, doc.catalog, limits) : doc.getPageCount();
  } catch (err) {
    if (isPdfError(err, 'limit')) throw named(err);
    throw new PdfError('postprocess', `${what} has no readable page tree: ${(err as Error).message}`, { field: fieldOf(what), cause: err });
  }
  if (pages === 0) throw new PdfError('postprocess', `${what} has no pages`, { field: fieldOf(what) });
  return doc;
}

function join(doc: PDFDocument, src: PDFDocument, position: 'before' | 'after', what: string): void {
  try {
    joinDocument(doc, src, position);
  } catch (err) {
    throw new PdfError('postprocess', `${what} could not be joined: ${(err as Error).message}`, { field: what, cause: err });
  }
}

const fieldOf = (what: string) => (what.startsWith('the ') ? undefined : what);

function textOf(o: PDFObject | undefined): string | undefined {
  if (o instanceof PDFString || o instanceof PDFHexString) return o.decodeText();
  return undefined;
}

/** The file identifier: a digest of everything the output depends on, so equal inputs give equal bytes. */
function documentId(ctx: PDFContext, pdf: Buffer, req: PostProcessRequest, standard: PdfStandard): PDFArray {
  const h = createHash('md5');
  const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
  h.update(pdf);
  h.update(
    JSON.stringify({
      standard,
      ...(req.accessibility === 'pdf/ua-1' ? { accessibility: req.accessibility, pageLang: req.pageLang ?? null } : {}),
      metadata: req.metadata,
      producer: req.producer,
      date: req.date.toISOString(),
      attachments: req.attachments.map((a) => [a.name, a.mimeType, a.relationship, a.description ?? null, md5(a.content)]),
      eInvoice: req.eInvoice ? [req.eInvoice.profile, md5(req.eInvoice.xml)] : null,
      prepend: (req.prepend ?? []).map(md5),
      append: (req.append ?? []).map(md5),
    }),
  );
  const id = PDFHexString.of(h.digest('hex'));
  return ctx.obj([id, id]);
}
