// What a signature says besides its key: `reason`, `location` and `contactInfo`, shown by PDF readers in one
// line of the signature panel. One rule for every place a signature is asked for: a version's
// `render.metadata.pdf.signature` (commit), a job's `signature` and a PDF job's `sign` step.

/** The longest reason, location and contact info of a signature. */
export const MAX_SIGNATURE_TEXT = 500;

export const SIGNATURE_TEXT_FIELDS = ['reason', 'location', 'contactInfo'] as const;

const CONTROL = /[\u0000-\u001f\u007f]/;

/** The first of `sig`'s reason, location and contact info that is not one (named under `field`), or null. */
export function signatureTextProblem(sig: Record<string, unknown>, field: string): { field: string; message: string } | null {
  for (const key of SIGNATURE_TEXT_FIELDS) {
    const v = sig[key];
    if (v !== undefined && (typeof v !== 'string' || v.length > MAX_SIGNATURE_TEXT || CONTROL.test(v)))
      return {
        field: `${field}.${key}`,
        message: `${field}.${key} must be a string of at most ${MAX_SIGNATURE_TEXT} characters without control characters`,
      };
  }
  return null;
}
