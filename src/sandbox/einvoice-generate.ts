// An e-invoice's XML made from invoice data (the internal format of @e-invoice-eu/core: UBL's business terms
// as JSON, `{"ubl:Invoice": {...}}`), by that maintained generator, for a profile: XRechnung as CII (or UBL),
// the Factur-X profiles as the XML their PDFs embed, plain EN 16931 UBL. The generator writes a Factur-X
// profile's XML only into a PDF: it is given a blank page and the XML read back from what it made. Runs in
// the sandbox: the data is an account's input, and the generator's validation and output cost follow it.
import { PDFDocument } from '@cantoo/pdf-lib';
import { InvoiceService } from '@e-invoice-eu/core';
import type { EInvoiceProfile, EInvoiceSyntax } from '../domain/einvoice/einvoice-profiles.js';
import { readAttachment } from '../pdf/attachment-read.js';

/** The generator's format for a profile and syntax (its FormatFactoryService names). */
const FORMATS: Record<EInvoiceSyntax, Partial<Record<EInvoiceProfile, string>>> = {
  CII: {
    MINIMUM: 'Factur-X-Minimum',
    'BASIC WL': 'Factur-X-Basic WL',
    BASIC: 'Factur-X-Basic',
    'EN 16931': 'Factur-X-EN16931',
    EXTENDED: 'Factur-X-Extended',
    XRECHNUNG: 'XRECHNUNG-CII',
  },
  UBL: { 'EN 16931': 'UBL', XRECHNUNG: 'XRECHNUNG-UBL' },
};

/** Why the generator refused the data: shown to the caller as the field's problem. */
export class InvoiceDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvoiceDataError';
  }
}

const silent = { log() {}, warn() {}, error() {} };

async function blankPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595.28, 841.89]);
  return doc.save();
}

/** The XML of the invoice data for a profile and syntax; InvoiceDataError when the data is not an invoice. */
export async function generateEInvoiceXml(data: unknown, profile: EInvoiceProfile, syntax: EInvoiceSyntax): Promise<Uint8Array> {
  const format = FORMATS[syntax][profile];
  if (!format) throw new InvoiceDataError(`the profile ${profile} has no ${syntax} form: UBL is EN 16931 or XRECHNUNG`);
  const service = new InvoiceService(silent);
  const facturX = format.startsWith('Factur-X');
  let out: string | Uint8Array;
  try {
    out = await service.generate(structuredClone(data) as Parameters<InvoiceService['generate']>[0], {
      format,
      lang: 'en-us',
      noWarnings: true,
      ...(facturX ? { pdf: { buffer: await blankPage(), filename: 'invoice.pdf', mimetype: 'application/pdf' } } : {}),
    });
  } catch (err) {
    // The generator checks the data against its JSON schema first (ajv): its errors name each place.
    const errors = (err as { errors?: Array<{ instancePath?: string; message?: string }> }).errors;
    const detail = Array.isArray(errors)
      ? errors
          .slice(0, 5)
          .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim())
          .join('; ') + (errors.length > 5 ? `; and ${errors.length - 5} more` : '')
      : (err as Error).message;
    throw new InvoiceDataError(detail.replace(/\s+/g, ' ').slice(0, 2000));
  }
  if (typeof out === 'string') return new TextEncoder().encode(out);
  const xml = await readAttachment(out, 'factur-x.xml', 64 * 1024 * 1024);
  if (!xml) throw new Error(`the generator's ${format} PDF holds no factur-x.xml`);
  return xml.bytes;
}
