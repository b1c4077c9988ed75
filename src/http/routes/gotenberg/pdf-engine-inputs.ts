// The files of a Gotenberg PDF form: the input PDFs (every file field but the ones a stamp, a watermark or an
// embedding brings), in the order they are worked on.
import { mergeOrder } from '../../../domain/gotenberg/form.js';
import { AppError } from '../../../errors/app-error.js';
import type { FormFile } from '../../multipart/form-parts.js';

/** File fields that are not inputs: what a stamp, a watermark or an embedding (`embeds`, `attachments`) brings. */
export const EXTRA_FILE_FIELDS = new Set(['stamp', 'watermark', 'embeds', 'attachments']);

/** The form's input PDFs (any other file field, as Gotenberg reads them), in the order worked on. */
export function inputPdfs(files: FormFile[], merge: boolean): FormFile[] {
  const inputs = files.filter((f) => !EXTRA_FILE_FIELDS.has(f.field));
  const notPdf = inputs.find((f) => !f.name.toLowerCase().endsWith('.pdf'));
  if (notPdf)
    throw new AppError('invalid_request', `file ${notPdf.name}: this route takes PDF files (named *.pdf)`, { field: notPdf.name });
  if (inputs.length === 0)
    throw new AppError('invalid_request', 'files: the form has no PDF file (a files part named *.pdf)', { field: 'files' });
  if (!merge) return inputs;
  const byName = new Map(inputs.map((f) => [f.name, f]));
  return mergeOrder([...byName.keys()]).map((n) => byName.get(n)!);
}
