// The e-invoice validator services use (ServiceContext.einvoice): the official rule sets of an invoice's
// syntax and profile run in one warm validator process (validator-process.ts), with the settings' size
// limit. Built once per app (app.ts); its process starts on the first validation and ends with close().
import type { EInvoiceProfile } from '../domain/einvoice/einvoice-profiles.js';
import { inspectEInvoice, type InspectedEInvoice } from './inspect-xml.js';
import { validateEInvoice, type EInvoiceReport } from './validate.js';
import { EInvoiceValidatorProcess, findValidatorRuntime, type ValidatorSettings } from './validator-process.js';

export interface EInvoiceCheck {
  /** The profile asked for; by default the one the XML's guideline id names. */
  profile?: EInvoiceProfile;
  /** The XML is a Factur-X / ZUGFeRD PDF's (Factur-X's rules apply to its EN 16931 profile too). */
  inPdf?: boolean;
  /** The request's name of the XML, in refusals (`eInvoice.xml`). */
  field?: string;
}

export class EInvoiceValidator {
  readonly #process: EInvoiceValidatorProcess;

  constructor(private readonly settings: ValidatorSettings & { maxBytes: number }) {
    this.#process = new EInvoiceValidatorProcess(settings);
  }

  /** Why validation cannot run here (Java or Saxon-HE missing), or null. */
  unavailableReason(): string | null {
    const r = findValidatorRuntime(this.settings);
    return 'problem' in r ? r.problem : null;
  }

  /** What the bytes say of themselves (syntax, guideline id), without running a rule set; throws EInvoiceError `input`. */
  inspect(xml: Uint8Array, field = 'xml'): InspectedEInvoice {
    return inspectEInvoice(xml, this.settings.maxBytes, field);
  }

  /** The verdict of the official rule sets; throws EInvoiceError (`input`, `unavailable`, `failed`). */
  validate(xml: Uint8Array, check: EInvoiceCheck = {}): Promise<EInvoiceReport> {
    return validateEInvoice(this.#process, xml, { ...check, maxBytes: this.settings.maxBytes });
  }

  close(): void {
    this.#process.close();
  }
}
