// The one error class of e-invoice validation (src/errors/kinds.ts): `unavailable` when Java or Saxon-HE is
// missing, `failed` when the validator process crashed, ran out of memory or time, `input` when the bytes
// are not an e-invoice Folio checks (empty, not UTF-8, a DOCTYPE, too large, an unknown root element, a
// profile that contradicts the XML's own). Callers map the kinds to their codes.
import { kindGuard } from '../errors/kinds.js';

export class EInvoiceError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'failed' | 'input',
    message: string,
    /** For `input`: the field of the request it is about, when the caller named one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'EInvoiceError';
  }
}

export const isEInvoiceError = kindGuard(EInvoiceError);
