// What Gotenberg's read routes answer about a PDF from outside (`/forms/pdfengines/metadata/read` and
// `…/bookmarks/read`): its document information, version and page count, and its outline as a tree. Runs
// in the sandbox on a PDF that passed the upload checks.
import { PDFBool, PDFDict, PDFHexString, PDFName, PDFNumber, PDFString, type PDFDocument } from '@cantoo/pdf-lib';
import { readOutlineTree, type OutlineNode } from './outline-read.js';

export interface PdfDescription {
  /** The header's version (`1.7`). */
  version: string;
  pageCount: number;
  /** The information dictionary's text, name, number and boolean entries by key (`CreationDate` as written). */
  info: Record<string, string | number | boolean>;
  outline: OutlineNode[];
}

const MAX_TEXT = 10_000;

export async function describePdf(pdf: Uint8Array): Promise<PdfDescription> {
  const { PDFDocument } = await import('@cantoo/pdf-lib');
  const doc: PDFDocument = await PDFDocument.load(pdf, { updateMetadata: false });
  const head = Buffer.from(pdf.subarray(0, 1024)).toString('latin1');
  const version = /%PDF-(\d\.\d)/.exec(head)?.[1] ?? '';
  const info: PdfDescription['info'] = {};
  const dict = doc.context.lookup(doc.context.trailerInfo.Info);
  if (dict instanceof PDFDict)
    for (const [key, value] of dict.entries()) {
      const v = dict.context.lookup(value);
      const name = key.decodeText();
      if (v instanceof PDFString || v instanceof PDFHexString) info[name] = v.decodeText().slice(0, MAX_TEXT);
      else if (v instanceof PDFName) info[name] = v.decodeText();
      else if (v instanceof PDFNumber) info[name] = v.asNumber();
      else if (v instanceof PDFBool) info[name] = v.asBoolean();
    }
  return { version, pageCount: doc.getPageCount(), info, outline: readOutlineTree(doc) };
}
