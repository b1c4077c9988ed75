// A new managed PDF that no render job produced (a merge, an upload): its bytes go to pdfs/<id>.pdf, then
// its row and its bytes are recorded in one transaction that re-checks the plan's storage limit with the
// account's row locked, so two writers cannot both pass the limit. A failed record deletes the bytes.
import { createHash } from 'node:crypto';
import { pdfKey } from '../../blobs/keys.js';
import { forUpdate } from '../../db/dialect.js';
import type { ManagedPdfsTable } from '../../db/tables.js';
import { pdfFileName } from '../../domain/jobs/file-name.js';
import { newId } from '../../domain/ids.js';
import { AppError } from '../../errors/app-error.js';
import type { ServiceContext } from '../context.js';
import { pdfView, type RenderedFiles } from '../jobs/rendered-files.js';
import type { Usage } from '../accounts/usage.js';

export interface ManagedPdfRecord {
  businessKey?: string;
  fileName?: string;
  deployId: string;
  deployVersionId: string;
  slug: string;
  /** What the PDF is, in the storage-limit message ("merged PDF", "uploaded PDF"). */
  what: string;
}

/** Stores the bytes, then records the PDF and its bytes in one transaction (the storage limit decides). */
export async function storeManagedPdf(
  ctx: ServiceContext,
  deps: { files: RenderedFiles; usage: Usage },
  accountId: string,
  input: ManagedPdfRecord,
  pdf: { bytes: Uint8Array; pageCount: number },
  limit: number | null,
) {
  const now = ctx.clock.now();
  const id = newId('pdf', now);
  const businessKey = input.businessKey ?? id;
  const row: ManagedPdfsTable = {
    id,
    account_id: accountId,
    // Rendered by no one job: render_job_id is '', and so are the deploy ids unless the caller names the
    // deploy version (a batch's merge).
    deploy_id: input.deployId,
    deploy_version_id: input.deployVersionId,
    render_job_id: '',
    business_key: businessKey,
    file_name: pdfFileName({ template: input.fileName, slug: input.slug, businessKey, jobId: id }),
    storage_key: pdfKey(id),
    sha256: createHash('sha256').update(pdf.bytes).digest('hex'),
    bytes: pdf.bytes.length,
    page_count: pdf.pageCount,
    state: 'available',
    created_at: now,
    deleted_at: null,
    protected: 0,
  };
  const tooMuch = (used: number) =>
    new AppError(
      'storage_limit_exceeded',
      `storing the ${row.bytes}-byte ${input.what} would pass the plan's storage limit of ${limit} bytes (${used} bytes are stored)`,
    );
  // Early refusal before writing; the transaction below re-checks authoritatively.
  if (limit !== null) {
    const used = await deps.usage.totalStorageBytes(ctx.db, accountId);
    if (used + row.bytes > limit) throw tooMuch(used);
  }
  await ctx.blobs.put(row.storage_key, Buffer.from(pdf.bytes.buffer, pdf.bytes.byteOffset, pdf.bytes.length));
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // Concurrent writers of this account's storage wait here, so two of them cannot both pass the limit.
      await forUpdate(ctx.dialect, trx.selectFrom('accounts').select('id').where('id', '=', accountId)).execute();
      if (limit !== null) {
        const used = await deps.usage.totalStorageBytes(trx, accountId);
        if (used + row.bytes > limit) throw tooMuch(used);
      }
      await trx.insertInto('managed_pdfs').values(row).execute();
      await deps.files.changeManagedBytes(trx, accountId, row.bytes);
    });
  } catch (err) {
    await ctx.blobs.delete(row.storage_key).catch((e) => ctx.log.error({ err: e }, `could not delete an unrecorded ${input.what}`));
    throw err;
  }
  return { pdf: pdfView(row) };
}
