// E-invoices: an incoming invoice checked against the official schema and rule sets of its syntax and
// profile (`POST /v1/e-invoices/validate`). The body is raw: the XML, or a hybrid PDF that embeds it, the
// content type read from the bytes. Nothing is stored on the server, so a retry is always safe.
import type { Operations } from './api-types.js';
import type { CallOptions, HttpCore } from './http.js';

type Validate = Operations['POST /v1/e-invoices/validate'];

/** A profile the server checks against: MINIMUM, BASIC WL, BASIC, EN 16931, EXTENDED or XRECHNUNG. */
export type EInvoiceProfile = NonNullable<Validate['query']['profile']>;
/** The answer: `{report, embeddedFile?}` (`embeddedFile`: for a PDF, the file the XML was read from). */
export type EInvoiceValidation = Validate['response'];
/** The verdict: syntax, profile, guideline, `valid`, the rule sets `checked`, `counts` and `findings`. */
export type EInvoiceReport = EInvoiceValidation['report'];
/** One finding of a rule set: rule, severity, message, location and the rule set that said it. */
export type EInvoiceFinding = EInvoiceReport['findings'][number];

export interface ValidateEInvoiceOptions extends CallOptions {
  /** The profile to check against; default: the one the XML's guideline id names. */
  profile?: EInvoiceProfile;
}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** The media type an invoice is sent as: a PDF when its bytes start with `%PDF-`, else XML. */
export function einvoiceContentType(bytes: Uint8Array): 'application/pdf' | 'application/xml' {
  return PDF_MAGIC.every((b, i) => bytes[i] === b) ? 'application/pdf' : 'application/xml';
}

export function einvoicesResource(http: HttpCore) {
  return {
    /**
     * Checks an e-invoice: the XML as bytes or a string (UTF-8), or a Factur-X / ZUGFeRD / XRechnung PDF as
     * bytes. Resolves with `{report, embeddedFile?}` whether the invoice is valid or not: `report.valid` is
     * false when a finding is an error. FolioApiError 400 for an XML that is no CII or UBL invoice, a
     * profile the XML contradicts or a PDF that embeds none; 413 past the server's size limit; 422 for a
     * PDF that cannot be read; 503 `einvoice_validator_unavailable` when the server has no validator.
     */
    validate: async (invoice: Uint8Array | string, opts: ValidateEInvoiceOptions = {}): Promise<EInvoiceValidation> => {
      const bytes = typeof invoice === 'string' ? Buffer.from(invoice, 'utf8') : invoice;
      const res = await http.send({
        method: 'POST',
        url: '/v1/e-invoices/validate',
        query: opts.profile !== undefined ? { profile: opts.profile } : undefined,
        bytes,
        contentType: einvoiceContentType(bytes),
        headers: { ...opts.headers },
        signal: opts.signal,
        retrySafe: true,
        what: 'POST /v1/e-invoices/validate',
      });
      return (await res.json()) as EInvoiceValidation;
    },
  };
}
