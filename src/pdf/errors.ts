// The one error of the PDF library: a kind that says what failed and a message that names it (`append[1] is
// not a PDF`, `the sRGB ICC profile is missing: install icc-profiles-free`), never a half-written PDF. The
// callers map kinds to their own codes (services/: an API error code; worker/: a job error code). A PdfError
// thrown in the sandbox comes back to its caller as a PdfError of the same kind (sandbox/pool.ts).
import { kindGuard } from '../errors/kinds.js';
import type { PdfLimits } from './syntax/pdf-limits.js';

export type PdfErrorKind =
  /** The document asked for cannot be made (post-processing, signing, encryption); `field` when one request field is at fault. */
  | 'postprocess'
  /** A PDF job's step cannot be applied to this PDF (an unknown form field, a page past the last); `field` names it. */
  | 'step'
  /** A source to merge cannot be read as a PDF, or its page selection does not fit it; `field` names it. */
  | 'merge_source'
  /** A PDF from outside is over one of Folio's reading limits; `limit` names it. */
  | 'limit'
  /** An uploaded PDF is damaged or truncated, or could not be decrypted. */
  | 'input_invalid'
  /** An uploaded PDF is encrypted and no password came with it. */
  | 'password_required'
  /** The password sent does not open the uploaded PDF. */
  | 'password_incorrect'
  /** qpdf could not run or failed (not installed, an exit it should not have). */
  | 'qpdf_failed'
  /** qpdf did not finish within its time limit. */
  | 'qpdf_timeout'
  /** pdftoppm or pdfinfo is not installed (or not at the given path); the message says how to install it. */
  | 'rasterizer_missing'
  /** poppler ran but drew no images: a broken PDF, a time-out, too much output. */
  | 'rasterize_failed'
  /** A poppler tool `folio test` needs is not installed (its code in a check's result). */
  | 'poppler_missing'
  /** pdftotext failed on the document (its code in a check's result). */
  | 'pdftotext_failed'
  /** pdfinfo could not list the named destinations (missing, failed, too slow, too much output). */
  | 'destinations'
  /** An embedded file is larger than the limit, or its stream cannot be decoded. */
  | 'attachment'
  /** A timestamp authority's answer is not a token for the request sent. */
  | 'timestamp_response';

/** Which of Folio's PDF reading limits a PDF passed (syntax/limits.ts). */
export type PdfLimitName = keyof PdfLimits | 'pageTree';

export class PdfError extends Error {
  /** The request field the failure is about (`append[0]`, `steps[2].fields.city`), when it is about one. */
  readonly field: string | undefined;
  /** Kind `limit`: the limit passed. */
  readonly limit: PdfLimitName | undefined;
  constructor(
    readonly kind: PdfErrorKind,
    message: string,
    details: { field?: string; limit?: PdfLimitName; cause?: unknown } = {},
  ) {
    super(message, 'cause' in details ? { cause: details.cause } : undefined);
    this.name = 'PdfError';
    this.field = details.field;
    this.limit = details.limit;
  }
}

export const isPdfError = kindGuard(PdfError);
