// The one error post-processing throws: a message that names what is wrong (`append[1] is not a PDF`,
// `the sRGB ICC profile is missing: install icc-profiles-free`), never a half-written PDF.

export class PdfPostProcessError extends Error {
  /** The request field the failure is about (`append[0]`, `eInvoice.xml`), when it is about one. */
  readonly field: string | undefined;
  constructor(message: string, field?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfPostProcessError';
    this.field = field;
  }
}
