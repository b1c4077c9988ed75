// What post-processing is asked to do (src/pdf/post-process.ts), and whether a request changes the printed
// PDF at all. Job creation's checks (checks.ts) and the worker's document step read these types too.
import type { EInvoiceProfile } from '../domain/einvoice/einvoice-profiles.js';
import type { AfRelationship, DocumentMetadata, PdfAccessibility, PdfStandard } from '../domain/pdfs/pdf-document.js';
import type { PdfLimits } from './syntax/limits.js';

export interface PdfAttachment {
  name: string;
  mimeType: string;
  relationship: AfRelationship;
  description?: string;
  content: Buffer;
}

export interface EInvoice {
  standard: 'factur-x';
  profile: EInvoiceProfile;
  /** The CrossIndustryInvoice XML, embedded byte for byte as factur-x.xml (xrechnung.xml for XRECHNUNG). */
  xml: Buffer;
}

export interface PostProcessRequest {
  standard: PdfStandard;
  /** `pdf/ua-1`: the PDF/UA identification and what ISO 14289-1 asks of the catalog and pages (src/pdf/ua/ua-prepare.ts). */
  accessibility?: PdfAccessibility;
  /**
   * The language the printed page declared (`<html lang>`): a tag, or null when it declared none. With
   * PDF/UA-1 and no `metadata.lang`, null removes the /Lang Chromium writes from its own locale (a guess,
   * not a declaration); undefined (not known) keeps it.
   */
  pageLang?: string | null;
  metadata: DocumentMetadata;
  attachments: PdfAttachment[];
  eInvoice?: EInvoice;
  /** Whole PDFs joined before the printed pages (in this order), outlines kept. */
  prepend?: Buffer[];
  /** Whole PDFs joined after the printed pages (in this order), outlines kept. */
  append?: Buffer[];
  /** pdf:Producer and Info /Producer, e.g. "Folio 0.1.0". */
  producer: string;
  /** Creation and modification date written to Info and XMP (whole seconds, UTC). */
  date: Date;
  /** Limits of the joined PDFs and of the whole document's pages (default DEFAULT_PDF_LIMITS). */
  limits?: Partial<PdfLimits>;
}

/** Whether a request changes the printed PDF at all (a plain job skips post-processing). */
export function needsPostProcessing(req: Partial<PostProcessRequest>): boolean {
  if (req.standard !== undefined && req.standard !== 'none') return true;
  if (req.accessibility === 'pdf/ua-1') return true;
  if (req.eInvoice) return true;
  if ((req.attachments?.length ?? 0) > 0 || (req.prepend?.length ?? 0) > 0 || (req.append?.length ?? 0) > 0) return true;
  const m = req.metadata ?? {};
  return (
    m.title !== undefined ||
    m.author !== undefined ||
    m.subject !== undefined ||
    m.creator !== undefined ||
    m.lang !== undefined ||
    (m.keywords !== undefined && m.keywords.length > 0)
  );
}
