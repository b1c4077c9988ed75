// How a run of PDF steps in the sandbox (`pdf.steps`, src/pdf/pipeline.ts) that failed becomes the job's
// failure: pdf_step_failed with a message naming the field at fault, the limit that stopped it, or what
// could not be read. The same for a PDF job's sources (producers/existing-pdfs.ts) and a render job's steps
// (document-step.ts).
import { isSandboxError, isSandboxLimit } from '../sandbox/pool.js';
import { isPdfError, type PdfErrorKind } from '../pdf/errors.js';
import { RenderError } from '../render/types.js';

/**
 * A step's failure as the job's message: it starts with the field the failure names (`steps[0].fields.city:
 * …`), which is all a job keeps of it and what POST /v1/pdf-jobs answers as `details.field`.
 */
export function namingField(message: string, field: unknown): string {
  if (typeof field !== 'string' || message.startsWith(`${field}:`) || message.startsWith(`${field} `)) return message;
  return `${field}: ${message.replace(/^(?:steps|sources)\[\d+\][^:\s]*:\s*/, '')}`;
}

/**
 * The RenderError of a failed `pdf.steps` task; the sandbox closing (shutdown) is thrown on as it is.
 * `named`: the kinds of PdfError whose message names a field of the job (`step`, and for joined sources
 * `merge_source`).
 */
export function stepFailure(err: unknown, named: readonly PdfErrorKind[]): unknown {
  if (isSandboxError(err, 'closed')) return err;
  if (isPdfError(err, ...named)) return new RenderError('pdf_step_failed', namingField(err.message, err.field));
  if (isSandboxLimit(err)) return new RenderError('pdf_step_failed', `the steps could not run within the limits: ${err.message}`);
  return new RenderError('pdf_step_failed', `a step could not read or write the PDF: ${err instanceof Error ? err.message : String(err)}`);
}
