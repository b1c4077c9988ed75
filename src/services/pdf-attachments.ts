// GET /v1/pdfs/{id}/attachments/{name}: one embedded file of a managed PDF of the account, read in the
// sandbox (the PDF and its stream filters are outside input) and bounded: MAX_ATTACHMENT_READ_BYTES
// decoded. Another account's PDF is 404 pdf_not_found, a name the PDF does not embed 404
// pdf_attachment_not_found; a password-protected PDF cannot be read (Folio does not keep its password).
import { AppError } from '../errors/app-error.js';
import { SandboxLimitError, SandboxTaskError } from '../sandbox/pool.js';
import type { ServiceContext } from './context.js';

/** Decoded bytes of one embedded file served at most. */
export const MAX_ATTACHMENT_READ_BYTES = 50 * 1024 * 1024;

export async function readPdfAttachment(
  ctx: ServiceContext,
  accountId: string,
  pdfId: string,
  name: string,
): Promise<{ bytes: Buffer; mimeType: string | null }> {
  const p = await ctx.db
    .selectFrom('managed_pdfs')
    .select(['state', 'storage_key', 'protected'])
    .where('id', '=', pdfId)
    .where('account_id', '=', accountId)
    .where('state', '!=', 'deleted')
    .executeTakeFirst();
  if (!p) throw new AppError('pdf_not_found', `PDF ${pdfId} not found`);
  if (p.state !== 'available') throw new AppError('pdf_deleting', `PDF ${pdfId} is being deleted`);
  if (p.protected === 1)
    throw new AppError(
      'invalid_request',
      `PDF ${pdfId} is password-protected; its files cannot be read without the password, which Folio never keeps`,
    );
  const pdf = await ctx.blobs.getBuffer(p.storage_key);
  let found;
  try {
    found = await ctx.sandbox.run(
      'pdf.attachment',
      { pdf, name, maxBytes: MAX_ATTACHMENT_READ_BYTES },
      { account: accountId, timeoutMs: ctx.config.sandboxTimeoutMs },
    );
  } catch (err) {
    if (err instanceof SandboxLimitError) throw new AppError('pdf_invalid', `the PDF could not be read within the limits: ${err.message}`);
    if (err instanceof SandboxTaskError && err.errorName === 'AttachmentReadError') throw new AppError('pdf_invalid', err.message);
    throw err;
  }
  if (!found)
    throw new AppError('pdf_attachment_not_found', `PDF ${pdfId} embeds no file named ${JSON.stringify(name.slice(0, 300))}`, {
      field: 'name',
    });
  return { bytes: Buffer.from(found.bytes.buffer, found.bytes.byteOffset, found.bytes.byteLength), mimeType: found.mimeType };
}
