// E-invoices as XML, without a PDF. POST /v1/e-invoices/validate: an incoming e-invoice checked against the
// official rule sets of its syntax and profile, the XML itself or a PDF whose embedded XML is found by the
// names Factur-X, ZUGFeRD and XRechnung give it (read in the sandbox: the PDF is outside input); the answer
// is the verdict (200 whether the invoice is valid or not). POST /v1/e-invoices: an XRechnung or UBL (Peppol
// BIS Billing) XML made from invoice data, for buyers that take XML; given only when the rule sets pass it.
// Nothing is stored.
import type { EInvoiceProfile, EInvoiceSyntax } from '../../domain/einvoice/einvoice-profiles.js';
import { einvoiceInvalid, generatedXml, requireValidator, verdict } from './einvoice-checks.js';
import type { EInvoiceReport } from '../../einvoice/validate.js';
import { AppError } from '../../errors/app-error.js';
import { isPdfError } from '../../pdf/errors.js';
import { looksLikePdf } from '../../domain/pdfs/pdf-document.js';
import { isSandboxError, isSandboxLimit } from '../../sandbox/pool.js';
import type { ServiceContext } from '../context.js';

/** The names a hybrid PDF gives its invoice XML: Factur-X / ZUGFeRD 2.x, XRechnung in ZUGFeRD, ZUGFeRD 1.0. */
export const EMBEDDED_INVOICE_NAMES = ['factur-x.xml', 'xrechnung.xml', 'zugferd-invoice.xml', 'ZUGFeRD-invoice.xml'];

export interface EInvoiceValidation {
  report: EInvoiceReport;
  /** For a PDF: the embedded file the XML was read from. */
  embeddedFile?: string;
}

export class EInvoices {
  constructor(private readonly ctx: ServiceContext) {}

  /** The most bytes of XML (or of a PDF holding one) validated. */
  get maxBytes(): number {
    return this.ctx.config.einvoiceMaxBytes;
  }

  async validate(accountId: string, input: { bytes: Buffer; kind: 'xml' | 'pdf'; profile?: EInvoiceProfile }): Promise<EInvoiceValidation> {
    requireValidator(this.ctx);
    let xml = input.bytes;
    let embeddedFile: string | undefined;
    if (input.kind === 'pdf') ({ xml, name: embeddedFile } = await this.#embeddedXml(accountId, input.bytes));
    const report = await verdict(this.ctx, xml, {
      ...(input.profile ? { profile: input.profile } : {}),
      inPdf: input.kind === 'pdf',
      field: input.kind === 'pdf' ? 'file' : 'xml',
    });
    return { report, ...(embeddedFile ? { embeddedFile } : {}) };
  }

  /**
   * The XML of invoice data in a syntax and profile, with the verdict of the rule sets on it; 400
   * einvoice_invalid (with the findings) when they find an error, and nothing is answered but that.
   */
  async create(
    accountId: string,
    input: { data: Record<string, unknown>; syntax: EInvoiceSyntax; profile?: EInvoiceProfile },
  ): Promise<{ xml: string; report: EInvoiceReport }> {
    requireValidator(this.ctx);
    const made = await generatedXml(this.ctx, accountId, input.data, { profile: input.profile, syntax: input.syntax, under: '' });
    const report = await verdict(this.ctx, Buffer.from(made.xml, 'utf8'), { profile: made.profile, field: 'data' });
    if (!report.valid) throw einvoiceInvalid(report, 'data');
    return { xml: made.xml, report };
  }

  /** The invoice XML a PDF embeds, read in the sandbox under the account's turn. */
  async #embeddedXml(accountId: string, pdf: Buffer): Promise<{ xml: Buffer; name: string }> {
    if (!looksLikePdf(pdf)) throw new AppError('pdf_invalid', 'the body is not a PDF (no %PDF- header in its first 1024 bytes)');
    let found;
    try {
      found = await this.ctx.sandbox.run(
        'pdf.attachment',
        { pdf, name: EMBEDDED_INVOICE_NAMES, maxBytes: this.maxBytes },
        { account: accountId, timeoutMs: this.ctx.config.sandboxTimeoutMs },
      );
    } catch (err) {
      if (isSandboxLimit(err)) throw new AppError('pdf_invalid', `the PDF could not be read within the limits: ${err.message}`);
      // pdf-lib's own errors on a malformed PDF reach here as the sandbox task's.
      if (isPdfError(err) || isSandboxError(err, 'task')) throw new AppError('pdf_invalid', `the PDF cannot be read: ${err.message}`);
      throw err;
    }
    if (!found)
      throw new AppError(
        'invalid_request',
        `the PDF embeds no e-invoice: none of its files is named ${EMBEDDED_INVOICE_NAMES.join(', ')}`,
        {
          field: 'file',
        },
      );
    return { xml: Buffer.from(found.bytes.buffer, found.bytes.byteOffset, found.bytes.byteLength), name: found.name };
  }
}
