// The `metadata` step of a PDF job on a loaded document: the document information dictionary's standard
// entries, its custom entries (ISO 32000-1 § 14.3.3 allows any other key), and the header's version raised
// to the one asked. Dates keep the offset they were given (`D:20060918162750-04'00'`).
import { PDFBool, PDFDict, PDFHeader, PDFHexString, PDFName, PDFNumber, PDFString, type PDFDocument } from '@cantoo/pdf-lib';
import type { MetadataStep } from '../domain/pdfs/pdf-steps.js';

/** An ISO 8601 date and time with its offset as a PDF date string, the offset kept. */
export function pdfDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|([+-])(\d{2}):(\d{2}))$/.exec(iso);
  if (!m) return PDFString.fromDate(new Date(iso)).asString();
  const zone = m[7] === 'Z' ? 'Z' : `${m[8]}${m[9]}'${m[10]}'`;
  return `D:${m[1]}${m[2]}${m[3]}${m[4]}${m[5]}${m[6] ?? '00'}${zone}`;
}

export function writeMetadata(doc: PDFDocument, step: MetadataStep, nowMs: number): void {
  if (step.title !== undefined) doc.setTitle(step.title);
  if (step.author !== undefined) doc.setAuthor(step.author);
  if (step.subject !== undefined) doc.setSubject(step.subject);
  if (step.keywords !== undefined) doc.setKeywords([step.keywords.join(', ')]); // one list, as readers split it
  if (step.creator !== undefined) doc.setCreator(step.creator);
  if (step.producer !== undefined) doc.setProducer(step.producer);
  doc.setModificationDate(new Date(nowMs));
  // The information dictionary exists once a date is set; names, dates with their offsets and custom
  // entries have no pdf-lib setter.
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  if (step.creationDate !== undefined) info.set(PDFName.of('CreationDate'), PDFString.of(pdfDate(step.creationDate)));
  if (step.modificationDate !== undefined) info.set(PDFName.of('ModDate'), PDFString.of(pdfDate(step.modificationDate)));
  if (step.trapped !== undefined) info.set(PDFName.of('Trapped'), PDFName.of(step.trapped));
  for (const [key, value] of Object.entries(step.custom ?? {}))
    info.set(
      PDFName.of(key),
      typeof value === 'string'
        ? PDFHexString.fromText(value)
        : typeof value === 'number'
          ? PDFNumber.of(value)
          : value
            ? PDFBool.True
            : PDFBool.False,
    );
  if (step.pdfVersion !== undefined) {
    const [major, minor] = step.pdfVersion.split('.').map(Number);
    const current = /(\d)\.(\d)/.exec(doc.context.header.toString());
    if (!current || Number(current[1]) * 10 + Number(current[2]) < major * 10 + minor)
      doc.context.header = PDFHeader.forVersion(major, minor);
  }
}
