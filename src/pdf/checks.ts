// The input checks of post-processing that need a parser, for job creation (400 before rendering) and run
// again by postProcessPdf: an e-invoice XML is well-formed UTF-8 and its root is rsm:CrossIndustryInvoice;
// a PDF to prepend/append starts like a PDF, loads, is not encrypted and has pages. The pure rules
// (names, combinations) are src/domain/pdfs/pdf-document.ts; `checkPostProcessRequest` runs both.
// The schema and business rules of the e-invoice's profile are checked before, by src/einvoice/ (docs/einvoice.md).
import { PDFDocument, ParseSpeeds } from '@cantoo/pdf-lib';
import { XMLValidator } from 'fast-xml-parser';
import { checkPdfDocumentRequest, looksLikePdf, type PdfInputProblem } from '../domain/pdfs/pdf-document.js';
import { isPdfError } from './errors.js';
import { countPages, DEFAULT_PDF_LIMITS, scanPdf, type PdfLimits } from './syntax/limits.js';
import type { PostProcessRequest } from './post-process-request.js';

export const CII_NAMESPACE = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';

/** Why bytes are not a Factur-X invoice XML Folio embeds, or null. */
export function eInvoiceXmlProblem(xml: Buffer): string | null {
  if (xml.length === 0) return 'is empty';
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(xml);
  } catch {
    return 'is not UTF-8';
  }
  // A DTD can declare entities that expand without bound; a CII invoice never has one.
  if (/<!DOCTYPE/i.test(text)) return 'must not contain a DOCTYPE';
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (valid !== true) return `is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`;
  // Well-formed, so the first start tag after the prolog's declaration, comments and PIs is the root.
  const prolog = /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)((?:\s[^>]*)?)\/?>/.exec(text);
  if (!prolog) return 'has no root element';
  const [qname, attrs] = [prolog[1], prolog[2] ?? ''];
  const [prefix, local] = qname.includes(':') ? qname.split(':') : ['', qname];
  if (local !== 'CrossIndustryInvoice') return `has the root element <${qname}>, not a CrossIndustryInvoice`;
  const nsAttr = prefix ? `xmlns:${prefix}` : 'xmlns';
  const ns = new RegExp(`(?:^|\\s)${nsAttr.replace('.', '\\.')}\\s*=\\s*(["'])(.*?)\\1`).exec(attrs)?.[2];
  if (ns !== CII_NAMESPACE) return `has a CrossIndustryInvoice root outside the namespace ${CII_NAMESPACE} (found ${ns ?? 'none'})`;
  return null;
}

/**
 * Why bytes are not a PDF that can be joined to the output, or null: not a PDF, over one of the limits
 * (checked before pdf-lib reads it, src/pdf/syntax/limits.ts), unreadable, encrypted or without pages.
 */
export async function pdfProblem(bytes: Buffer, limits: PdfLimits = DEFAULT_PDF_LIMITS): Promise<string | null> {
  return (await inspectJoinedPdf(bytes, limits)).problem;
}

/** `pdfProblem` with the page count of a PDF that has none (0 when it has a problem). */
export async function inspectJoinedPdf(
  bytes: Buffer,
  limits: PdfLimits = DEFAULT_PDF_LIMITS,
): Promise<{ problem: string | null; pages: number }> {
  const problem = (p: string) => ({ problem: p, pages: 0 });
  if (!looksLikePdf(bytes)) return problem('is not a PDF (no %PDF- header)');
  try {
    scanPdf(bytes, limits);
  } catch (err) {
    if (isPdfError(err, 'limit')) return problem(err.message);
    throw err;
  }
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fast, ignoreEncryption: true });
  } catch (err) {
    return problem(`is not a PDF that can be read (${(err as Error).message})`);
  }
  if (doc.isEncrypted) return problem('is encrypted (PDF/A and merging need an unencrypted PDF)');
  try {
    const pages = countPages(doc.context, doc.catalog, limits);
    return pages === 0 ? problem('has no pages') : { problem: null, pages };
  } catch (err) {
    if (isPdfError(err, 'limit')) return problem(err.message);
    return problem(`has no readable page tree (${(err as Error).message})`);
  }
}

/**
 * Every problem of a request (empty when it can be post-processed): the rules of domain/pdfs/pdf-document.ts,
 * the e-invoice XML, and each prepended/appended PDF. Fields are named as in the request
 * (`eInvoice.xml`, `append[1]`).
 */
export async function checkPostProcessRequest(req: Partial<PostProcessRequest>): Promise<PdfInputProblem[]> {
  const problems = checkPdfDocumentRequest({
    standard: req.standard,
    metadata: req.metadata,
    attachments: req.attachments?.map((a) => ({ ...a, size: a.content.length })),
    eInvoice: req.eInvoice,
  });
  if (req.eInvoice) {
    const p = eInvoiceXmlProblem(req.eInvoice.xml);
    if (p) problems.push({ field: 'eInvoice.xml', message: `eInvoice.xml ${p}` });
  }
  for (const key of ['prepend', 'append'] as const) {
    const list = req[key] ?? [];
    for (let i = 0; i < list.length; i++) {
      const p = await pdfProblem(list[i]);
      if (p) problems.push({ field: `${key}[${i}]`, message: `${key}[${i}] ${p}` });
    }
  }
  return problems;
}
