// GET /v1/pdfs/{id}/attachments/{name}: one embedded file of a managed PDF of the account, read in the
// sandbox (the PDF and its stream filters are outside input) and bounded: MAX_ATTACHMENT_READ_BYTES
// decoded. Another account's PDF is 404 pdf_not_found, a name the PDF does not embed 404
// pdf_attachment_not_found; a password-protected PDF cannot be read (Folio does not keep its password).
import { AppError } from '../../errors/app-error.js';
import { isPdfError } from '../../pdf/errors.js';
import { isSandboxLimit } from '../../sandbox/pool.js';
import type { ServiceContext } from '../context.js';
import { readableManagedPdf } from './readable-pdf.js';

/** Decoded bytes of one embedded file served at most. */
export const MAX_ATTACHMENT_READ_BYTES = 50 * 1024 * 1024;

export async function readPdfAttachment(
  ctx: ServiceContext,
  accountId: string,
  pdfId: string,
  name: string,
): Promise<{ bytes: Buffer; mimeType: string | null }> {
  const pdf = await readableManagedPdf(ctx, accountId, pdfId, 'its files');
  let found;
  try {
    found = await ctx.sandbox.run(
      'pdf.attachment',
      { pdf, name, maxBytes: MAX_ATTACHMENT_READ_BYTES },
      { account: accountId, timeoutMs: ctx.config.sandboxTimeoutMs },
    );
  } catch (err) {
    if (isSandboxLimit(err)) throw new AppError('pdf_invalid', `the PDF could not be read within the limits: ${err.message}`);
    if (isPdfError(err, 'attachment')) throw new AppError('pdf_invalid', err.message);
    throw err;
  }
  if (!found)
    throw new AppError('pdf_attachment_not_found', `PDF ${pdfId} embeds no file named ${JSON.stringify(name.slice(0, 300))}`, {
      field: 'name',
    });
  return { bytes: Buffer.from(found.bytes.buffer, found.bytes.byteOffset, found.bytes.byteLength), mimeType: found.mimeType };
}
