// The one purge of stored files (outputs, managed PDFs, page images; domain/stored-files.ts): rows in
// `deleting` lose their bytes and become `deleted`. The delete paths only mark rows `deleting`, in their
// own transaction, so what the API serves changes at once and atomically; this removes the bytes after
// (at once for a delete request, else on the janitor's next run), and a purge cut short by a crash or a
// failing store is finished by the next one.
import type { ServiceContext } from '../context.js';

/** The tables of stored files: each row has its `storage_key` and a StoredFileState `state`. */
export type StoredFileTable = 'render_outputs' | 'managed_pdfs' | 'page_images';

/**
 * Removes the bytes of up to `limit` rows of `table` in `deleting` (only those of `ids`, when given) and
 * marks each `deleted` once its bytes are gone. Answers how many it purged.
 */
export async function purgeStoredFiles(
  ctx: ServiceContext,
  table: StoredFileTable,
  opts: { limit: number; ids?: readonly string[] },
): Promise<number> {
  if (opts.ids?.length === 0) return 0;
  let due = ctx.db.selectFrom(table).select(['id', 'storage_key']).where('state', '=', 'deleting');
  if (opts.ids) due = due.where('id', 'in', opts.ids);
  const rows = await due.limit(opts.limit).execute();
  for (const r of rows) {
    await ctx.blobs.delete(r.storage_key);
    await ctx.db.updateTable(table).set({ state: 'deleted' }).where('id', '=', r.id).where('state', '=', 'deleting').execute();
  }
  return rows.length;
}
