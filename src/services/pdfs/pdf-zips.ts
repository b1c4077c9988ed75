// POST /v1/pdfs/zip: managed PDFs of the account as one zip, streamed (e.g. the parts of a split). Each id is
// checked first (another account's or an unknown id is 404 naming it, one being deleted 409), so the answer
// either is the whole zip or an error before any byte is sent.
import { AppError } from '../../errors/app-error.js';
import type { ServiceContext } from '../context.js';
import { zipOfStoredFiles } from './pdf-zip-stream.js';

/** At most this many PDFs in one zip. */
export const MAX_ZIP_PDFS = 500;
/** At most this many bytes of PDFs in one zip. */
export const MAX_ZIP_BYTES = 2 * 1024 ** 3;

export class PdfZips {
  constructor(private readonly ctx: ServiceContext) {}

  async open(accountId: string, pdfIds: string[]) {
    const rows = await this.ctx.db
      .selectFrom('managed_pdfs')
      .select(['id', 'state', 'file_name', 'storage_key', 'bytes'])
      .where('account_id', '=', accountId)
      .where('id', 'in', [...new Set(pdfIds)])
      .where('state', '!=', 'deleted')
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const entries = pdfIds.map((id, i) => {
      const r = byId.get(id);
      if (!r) throw new AppError('pdf_not_found', `PDF ${id} not found`, { field: `pdfIds[${i}]` });
      if (r.state !== 'available') throw new AppError('pdf_deleting', `PDF ${id} is being deleted`, { field: `pdfIds[${i}]` });
      return { fileName: r.file_name, storageKey: r.storage_key, bytes: Number(r.bytes) };
    });
    const bytes = entries.reduce((n, e) => n + e.bytes, 0);
    if (bytes > MAX_ZIP_BYTES)
      throw new AppError('invalid_request', `the PDFs hold ${bytes} bytes; a zip may hold at most ${MAX_ZIP_BYTES}`, { field: 'pdfIds' });
    return { stream: zipOfStoredFiles(this.ctx, entries), count: entries.length };
  }
}
