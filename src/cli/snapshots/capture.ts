// What `folio test` keeps of a printed PDF (pdf/snapshots/snapshot-capture.ts), with poppler's absence or failure
// said as a CLI error; and what a PDF says of the browser that printed it.
import { isPdfError } from '../../pdf/errors.js';
import { capturePdf as capture, type Captured } from '../../pdf/snapshots/snapshot-capture.js';
import { CliError } from '../client/output.js';

export async function capturePdf(pdf: Buffer, timeoutMs?: number): Promise<Captured> {
  try {
    return await capture(pdf, timeoutMs);
  } catch (err) {
    if (isPdfError(err, 'poppler_missing', 'pdftotext_failed')) throw new CliError(err.kind, err.message);
    throw err;
  }
}

/**
 * What a PDF says of the program that wrote it: Chromium's PDFs carry `/Producer (Skia/PDF m156)` in their
 * (uncompressed) Info dictionary. The best a client of a server can learn of the browser that printed.
 */
export function pdfProducer(pdf: Buffer): string | null {
  const m = /\/Producer\s*\(((?:[^()\\]|\\.){1,200})\)/.exec(pdf.toString('latin1'));
  return m ? m[1]!.replace(/\\(.)/g, '$1') : null;
}
