// The `conform` step of a PDF job: a PDF from anywhere made PDF/A-2b or PDF/A-3b (and PDF/UA-1) by the same
// post-processing as Folio's own prints (post-process.ts: the sRGB output intent, XMP identification and
// metadata, what PDF/A forbids removed, what cannot be fixed refused), after checks that only matter for
// PDFs Folio did not print: colour in DeviceCMYK (the sRGB intent cannot describe it) is refused, and
// PDF/UA-1 needs a tagged PDF and then passes Folio's PDF/UA checker, or the step fails naming why. A
// result is never claimed conforming when Folio knows it is not.
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFRawStream, PDFString, decodePDFRawStream, type PDFDocument } from '@cantoo/pdf-lib';
import type { PdfStep } from '../domain/pdfs/pdf-steps.js';
import { PdfError } from './errors.js';
import { postProcessPdf } from './post-process.js';

const N = PDFName.of;
type ConformStep = Extract<PdfStep, { type: 'conform' }>;

/** Whether the document paints in DeviceCMYK: a colour space, an image, or the k/K operators of a content stream. */
function usesCmyk(doc: PDFDocument): boolean {
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    const dict = obj instanceof PDFRawStream ? obj.dict : obj instanceof PDFDict ? obj : null;
    if (!dict) continue;
    const cs = dict.lookup(N('ColorSpace'));
    if (cs === N('DeviceCMYK') || (cs instanceof PDFArray && cs.lookup(0) === N('DeviceCMYK'))) return true;
    if (cs instanceof PDFDict) for (const [, v] of cs.entries()) if (v === N('DeviceCMYK')) return true;
  }
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    for (const s of streams) {
      if (!(s instanceof PDFRawStream)) continue;
      let text: string;
      try {
        text = Buffer.from(decodePDFRawStream(s).decode()).toString('latin1');
      } catch {
        continue;
      }
      if (/(?:^|\s)(?:[-+.\d]+\s+){4}[kK](?=\s|$)/.test(text) || text.includes('/DeviceCMYK')) return true;
    }
  }
  return false;
}

const infoText = (doc: PDFDocument, key: string) => {
  const info = doc.context.lookup(doc.context.trailerInfo.Info);
  const v = info instanceof PDFDict ? info.lookup(N(key)) : undefined;
  return v instanceof PDFString || v instanceof PDFHexString ? v.decodeText() : undefined;
};

/** The document as PDF/A (and PDF/UA), or a PdfError of kind step naming `field` and why not. */
export async function conform(doc: PDFDocument, step: ConformStep, f: string, nowMs: number): Promise<Uint8Array> {
  if (usesCmyk(doc))
    throw new PdfError(
      'step',
      `${f}: the PDF paints in DeviceCMYK, which an sRGB PDF/A cannot describe; convert its colours to RGB first`,
      {
        field: `${f}.standard`,
      },
    );
  if (step.accessibility === 'pdf/ua-1' && !doc.catalog.has(N('StructTreeRoot')))
    throw new PdfError('step', `${f}: PDF/UA-1 needs a tagged PDF (a structure tree), and this one has none: tag it where it is made`, {
      field: `${f}.accessibility`,
    });
  const keywords = infoText(doc, 'Keywords');
  const metadata = {
    ...(infoText(doc, 'Title') ? { title: infoText(doc, 'Title') } : {}),
    ...(infoText(doc, 'Author') ? { author: infoText(doc, 'Author') } : {}),
    ...(infoText(doc, 'Subject') ? { subject: infoText(doc, 'Subject') } : {}),
    ...(infoText(doc, 'Creator') ? { creator: infoText(doc, 'Creator') } : {}),
    ...(keywords ? { keywords: keywords.split(/\s*,\s*/).filter(Boolean) } : {}),
  };
  let out: Buffer;
  try {
    out = await postProcessPdf(Buffer.from(await doc.save({ useObjectStreams: false })), {
      standard: step.standard ?? 'none',
      ...(step.accessibility ? { accessibility: step.accessibility } : {}),
      metadata,
      attachments: [],
      producer: infoText(doc, 'Producer') ?? 'Folio',
      date: new Date(nowMs),
    });
  } catch (err) {
    if (err instanceof PdfError) throw new PdfError('step', `${f}: ${err.message}`, { field: `${f}.standard` });
    throw err;
  }
  if (step.accessibility === 'pdf/ua-1') {
    const { checkPdfUa } = await import('./ua/ua-check.js');
    const { describeFindings } = await import('./ua/ua-findings.js');
    const findings = await checkPdfUa(out);
    if (findings.length > 0)
      throw new PdfError('step', `${f}: the PDF does not pass Folio's PDF/UA-1 checks: ${describeFindings(findings)}`, {
        field: `${f}.accessibility`,
      });
  }
  return out;
}
