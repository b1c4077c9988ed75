// The bytes of a managed PDF of the account whose content a request reads (its info, an embedded file):
// another account's or an unknown id is 404 pdf_not_found, one being deleted 409 pdf_deleting, and a
// password-protected one a 400 (Folio does not keep its password, so its content cannot be read).
import { AppError } from '../../errors/app-error.js';
import type { ServiceContext } from '../context.js';

/** `what` names what cannot be read of a protected PDF ("its info", "its files"). */
export async function readableManagedPdf(ctx: ServiceContext, accountId: string, pdfId: string, what: string): Promise<Buffer> {
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
      `PDF ${pdfId} is password-protected; ${what} cannot be read without the password, which Folio never keeps`,
    );
  return ctx.blobs.getBuffer(p.storage_key);
}
