// What the API, the dashboard and the render_batch.completed webhook show of a batch: its counts per
// item state, its status, and its combined product with fresh signed links.
import type { Kysely, Transaction } from 'kysely';
import type { RenderBatchesTable, Tables } from '../../db/tables.js';
import type { JobStatus } from '../../domain/jobs/job-state.js';
import type { RenderedFiles } from '../jobs/rendered-files.js';

export type BatchCounts = Record<JobStatus, number>;

export const zeroCounts = (): BatchCounts => ({ queued: 0, rendering: 0, retry_scheduled: 0, succeeded: 0, failed: 0, canceled: 0 });

/** Counts per state: one grouped read over the batch's (batch_id, status) index range. */
export async function batchCounts(db: Kysely<Tables> | Transaction<Tables>, batchId: string): Promise<BatchCounts> {
  const rows = await db
    .selectFrom('render_jobs')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('batch_id', '=', batchId)
    .groupBy('status')
    .execute();
  const counts = zeroCounts();
  for (const r of rows) if (r.status in counts) counts[r.status] = Number(r.n);
  return counts;
}

/**
 * `running` until every item is terminal; then `combining` while a merge or zip is being built (or a
 * check's prints are compared); then
 * `completed` (the product may still have failed: see product.state).
 */
export function batchStatus(b: RenderBatchesTable): 'running' | 'combining' | 'completed' {
  if (b.finished_at === null) return 'running';
  return b.combine_state === 'pending' || b.combine_state === 'running' ? 'combining' : 'completed';
}

/**
 * A signed link, or nothing when this server cannot sign (PostgreSQL without FOLIO_SIGNING_KEY): the batch
 * is still readable; only the product's download link is missing.
 */
function linkOr(sign: () => { access: { url: string; expiresAt: number } }) {
  try {
    return sign();
  } catch {
    return {};
  }
}

/** The combined product with signed links (absent for combine "none" and while items still run). */
export async function batchProduct(db: Kysely<Tables>, files: RenderedFiles, b: RenderBatchesTable) {
  // A check's product is its judgement, read as the version check (services/deploys/version-checks.ts).
  if (b.combine === 'none' || b.combine === 'check' || b.combine_state === null) return undefined;
  const kind = b.combine as 'merge' | 'zip';
  if (b.combine_state === 'pending' || b.combine_state === 'running') return { kind, state: 'pending' as const };
  if (b.combine_state === 'failed')
    return {
      kind,
      state: 'failed' as const,
      error: { code: b.combine_error_code ?? 'batch_combine_failed', message: b.combine_error_message ?? '' },
    };
  const items = b.combine_items ?? 0;
  if (kind === 'merge' && b.product_pdf_id) {
    const p = await db.selectFrom('managed_pdfs').selectAll().where('id', '=', b.product_pdf_id).executeTakeFirst();
    if (p && p.state === 'available')
      return {
        kind,
        state: 'ready' as const,
        items,
        pdf: {
          id: p.id,
          fileName: p.file_name,
          bytes: Number(p.bytes),
          pageCount: p.page_count,
          sha256: p.sha256,
          ...linkOr(() => files.signPdf(p.id)),
        },
      };
  }
  if (kind === 'zip' && b.product_output_id) {
    const o = await db.selectFrom('render_outputs').selectAll().where('id', '=', b.product_output_id).executeTakeFirst();
    if (o && o.state === 'available')
      return {
        kind,
        state: 'ready' as const,
        items,
        zip: {
          fileName: o.file_name,
          bytes: Number(o.bytes),
          files: items,
          sha256: o.sha256,
          expiresAt: o.expires_at,
          ...linkOr(() => files.signOutput(o.id, undefined, o.expires_at)),
        },
      };
  }
  // Built, then deleted (the merged PDF by its owner, the zip by its expiry).
  return { kind, state: 'deleted' as const, items };
}

export async function batchView(db: Kysely<Tables>, files: RenderedFiles, row: RenderBatchesTable, counts?: BatchCounts) {
  const c = counts ?? (await batchCounts(db, row.id));
  // The row was read before the counts: when the transaction that ended the last item committed between
  // the two reads, the counts show every item terminal while the row is not finished yet. Read the row
  // again so status and counts agree.
  let b = row;
  if (b.finished_at === null && c.succeeded + c.failed + c.canceled >= b.item_count)
    b = (await db.selectFrom('render_batches').selectAll().where('id', '=', b.id).executeTakeFirst()) ?? b;
  const product = await batchProduct(db, files, b);
  return {
    id: b.id,
    deployId: b.deploy_id,
    deployVersionId: b.deploy_version_id,
    deployVersionNo: b.deploy_version_no,
    ...(b.business_key !== null ? { businessKey: b.business_key } : {}),
    combine: b.combine as 'none' | 'merge' | 'zip' | 'check',
    itemWebhooks: b.item_webhooks === 1,
    status: batchStatus(b),
    itemCount: b.item_count,
    counts: c,
    ...(product ? { product } : {}),
    createdAt: b.created_at,
    updatedAt: b.updated_at,
    ...(b.finished_at !== null ? { finishedAt: b.finished_at } : {}),
  };
}
