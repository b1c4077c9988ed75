// A render batch's combined product, built once after its last item ended (services/batches/batch-progress.ts
// marks it pending): `merge` joins the succeeded items' PDFs in item order into one managed PDF (through
// PdfMerges, so the merge route's limits, queue and storage-limit transaction apply); `zip` streams them
// one after another into one zip (stored, not deflated: PDF streams are compressed already), recorded as a
// transient render output of the batch. Claims take a lease, so a combiner that dies loses the product to
// the next one; the record step checks the lease, so a late builder's result is discarded, not doubled.
// The batch's render_batch.completed webhook is queued in the transaction that records the outcome.
import { BlobTooLargeError } from '../../blobs/blob-store.js';
import { zipKey } from '../../blobs/keys.js';
import type { ExpressionBuilder } from 'kysely';
import type { Logger } from 'pino';
import type { RenderBatchesTable, Tables } from '../../db/tables.js';
import { newId } from '../../domain/ids.js';
import { AppError, isAppError } from '../../errors/app-error.js';
import type { BatchProductErrorCode } from '../../errors/codes.js';
import type { ServiceContext } from '../context.js';
import { zipOfStoredFiles } from '../pdfs/pdf-zip-stream.js';
import type { EventBus } from '../events.js';
import { MAX_MERGE_BYTES, MAX_MERGE_PAGES, type PdfMerges } from '../pdfs/pdf-merges.js';
import type { RenderedFiles } from '../jobs/rendered-files.js';
import type { CheckJudge, CheckJudgement } from '../deploys/version-check-judge.js';
import type { Webhooks } from '../webhooks.js';

/** A product's lease: a merge of 1,000 one-page invoices takes seconds; this leaves room for slow stores. */
const LEASE_MS = 10 * 60_000;
/** At most this many bytes in one zip. */
export const MAX_BATCH_ZIP_BYTES = 2 * 1024 * 1024 * 1024;

/** Why a product could not be built, as the batch records it (`product.error`). */
class ProductError extends Error {
  constructor(
    readonly code: BatchProductErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A failed build as the batch records it. An AppError's message is written for the account (which item,
 * which limit); any other error is the server's own (the blob store, the database) and may name paths or
 * hosts: the log keeps it, and the batch says only where to look.
 */
function productFailure(err: unknown, batchId: string, log: Logger): ProductError {
  if (err instanceof ProductError) return err;
  if (err instanceof AppError)
    return new ProductError(err.code === 'storage_limit_exceeded' ? err.code : 'batch_combine_failed', err.message);
  log.error({ err }, 'batch product failed');
  return new ProductError(
    'batch_combine_failed',
    `an internal error stopped this product (the server's log has it under batch ${batchId})`,
  );
}

interface ItemPdf {
  index: number;
  storageKey: string;
  fileName: string;
  bytes: number;
  pageCount: number;
}

type Built =
  | { pdfId: string; outputId?: undefined; check?: undefined; items: number }
  | { outputId: string; pdfId?: undefined; check?: undefined; items: number }
  | { check: CheckJudgement; pdfId?: undefined; outputId?: undefined; items: number };

export class BatchProducts {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly deps: { merges: PdfMerges; webhooks: Webhooks; files: RenderedFiles; events: EventBus; checks: CheckJudge },
  ) {}

  /** Claims one pending product (or one whose builder's lease expired) for `owner`; null when none is due. */
  async claim(owner: string): Promise<RenderBatchesTable | null> {
    const now = this.ctx.clock.now();
    const due = (eb: ExpressionBuilder<Tables, 'render_batches'>) =>
      eb.or([eb('combine_state', '=', 'pending'), eb.and([eb('combine_state', '=', 'running'), eb('combine_lease_expires_at', '<', now)])]);
    const next = await this.ctx.db.selectFrom('render_batches').select('id').where(due).orderBy('finished_at').limit(1).executeTakeFirst();
    if (!next) return null;
    const claimed = await this.ctx.db
      .updateTable('render_batches')
      .set({ combine_state: 'running', combine_lease_owner: owner, combine_lease_expires_at: now + LEASE_MS })
      .where('id', '=', next.id)
      .where(due)
      .returningAll()
      .executeTakeFirst();
    return claimed ?? null;
  }

  /** Builds a claimed batch's product and records it (or its failure) with the batch webhook. */
  async build(batch: RenderBatchesTable, owner: string): Promise<void> {
    const log = this.ctx.log.child({ batchId: batch.id, combine: batch.combine });
    let built: Built;
    try {
      if (batch.combine === 'check') {
        const check = await this.deps.checks.judge(batch);
        built = { check, items: check.results.length };
        await this.record(batch, owner, { built });
        return;
      }
      const items = await this.itemPdfs(batch.id);
      if (items.length === 0) throw new ProductError('batch_nothing_to_combine', 'no item of the batch has a PDF to combine');
      built = batch.combine === 'merge' ? await this.merge(batch, items) : await this.zip(batch, items);
    } catch (err) {
      await this.record(batch, owner, { failure: productFailure(err, batch.id, log) });
      return;
    }
    let kept = false;
    try {
      kept = await this.record(batch, owner, { built });
    } finally {
      // Another combiner owns the product now (this one outlived its lease), or the outcome could not be
      // recorded (it will be built again when the lease expires): either way this build is discarded, so
      // the account never holds two products of one batch.
      if (!kept) {
        log.warn('batch product not recorded; discarded');
        await this.discard(batch, built);
      }
    }
  }

  private async discard(batch: RenderBatchesTable, built: Built): Promise<void> {
    if (built.pdfId) await this.deps.files.deletePdf(batch.account_id, built.pdfId);
    if (built.outputId) await this.deps.files.removeOutput(built.outputId, false);
  }

  /** The succeeded items whose PDF is still available, in item order. */
  private async itemPdfs(batchId: string): Promise<ItemPdf[]> {
    const rows = await this.ctx.db
      .selectFrom('render_jobs as j')
      .innerJoin('render_outputs as o', 'o.job_id', 'j.id')
      .select(['j.batch_index', 'o.storage_key', 'o.file_name', 'o.bytes', 'o.page_count'])
      .where('j.batch_id', '=', batchId)
      .where('j.status', '=', 'succeeded')
      .where('o.state', '=', 'available')
      .orderBy('j.batch_index')
      .execute();
    return rows.map((r) => ({
      index: r.batch_index!,
      storageKey: r.storage_key,
      fileName: r.file_name,
      bytes: Number(r.bytes),
      pageCount: r.page_count,
    }));
  }

  private async merge(batch: RenderBatchesTable, items: ItemPdf[]): Promise<Built> {
    const account = await this.ctx.db
      .selectFrom('accounts')
      .select('plan_key')
      .where('id', '=', batch.account_id)
      .executeTakeFirstOrThrow();
    const maxBytes = Math.min(this.ctx.plans.get(account.plan_key).policy.maxRenderOutputBytes ?? MAX_MERGE_BYTES, MAX_MERGE_BYTES);
    const pages = items.reduce((n, i) => n + i.pageCount, 0);
    if (pages > MAX_MERGE_PAGES)
      throw new ProductError('batch_product_too_large', `the merged PDF would have ${pages} pages; at most ${MAX_MERGE_PAGES} are allowed`);
    const bytes = items.reduce((n, i) => n + i.bytes, 0);
    if (bytes > maxBytes)
      throw new ProductError('batch_product_too_large', `the item PDFs hold ${bytes} bytes; a merge may read at most ${maxBytes}`);
    try {
      const { pdf } = await this.deps.merges.mergeWhole(
        batch.account_id,
        items.map((i) => ({
          ...i,
          field: `items[${i.index}]`,
          notFound: () => new AppError('render_output_not_found', `the PDF of item ${i.index} was deleted while the batch was merged`),
        })),
        {
          businessKey: batch.business_key ?? batch.id,
          deployId: batch.deploy_id,
          deployVersionId: batch.deploy_version_id,
          slug: 'batch',
          maxBytes,
        },
      );
      return { pdfId: pdf.id, items: items.length };
    } catch (err) {
      // The merge's own size check (the merged bytes) answers invalid_request for the route.
      if (isAppError(err, 'invalid_request')) throw new ProductError('batch_product_too_large', err.message);
      throw err;
    }
  }

  private async zip(batch: RenderBatchesTable, items: ItemPdf[]): Promise<Built> {
    // Item file names repeat when business keys do (or a file-name template ignores them): they are numbered.
    const body = zipOfStoredFiles(this.ctx, items);
    const outputId = newId('out', this.ctx.clock.now());
    const key = zipKey(outputId);
    let put;
    try {
      put = await this.ctx.blobs.put(key, body, { maxBytes: MAX_BATCH_ZIP_BYTES });
    } catch (err) {
      if (err instanceof BlobTooLargeError)
        throw new ProductError('batch_product_too_large', `the zip would pass ${MAX_BATCH_ZIP_BYTES} bytes`);
      throw err;
    }
    const now = this.ctx.clock.now();
    const pages = items.reduce((n, i) => n + i.pageCount, 0);
    await this.ctx.db
      .insertInto('render_outputs')
      .values({
        id: outputId,
        job_id: batch.id,
        account_id: batch.account_id,
        storage_key: key,
        file_name: `${zipBaseName(batch)}.zip`,
        sha256: put.sha256,
        bytes: put.size,
        page_count: pages,
        managed: 0,
        state: 'available',
        created_at: now,
        expires_at: now + this.ctx.config.transientOutputTtlSeconds * 1000,
        deleted_at: null,
        browser_version: null,
      })
      .execute();
    return { outputId, items: items.length };
  }

  /** The outcome and the batch webhook in one transaction, if `owner` still holds the lease; false otherwise. */
  private async record(batch: RenderBatchesTable, owner: string, outcome: { built?: Built; failure?: ProductError }): Promise<boolean> {
    const now = this.ctx.clock.now();
    let queued = false;
    const kept = await this.ctx.db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('render_batches')
        .set({
          combine_state: outcome.built ? 'ready' : 'failed',
          combine_items: outcome.built?.items ?? null,
          combine_error_code: outcome.failure?.code ?? null,
          combine_error_message: outcome.failure?.message.slice(0, 1000) ?? null,
          product_pdf_id: outcome.built?.pdfId ?? null,
          product_output_id: outcome.built?.outputId ?? null,
          combine_lease_owner: null,
          combine_lease_expires_at: null,
          updated_at: now,
        })
        .where('id', '=', batch.id)
        .where('combine_state', '=', 'running')
        .where('combine_lease_owner', '=', owner)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return false;
      // A version check's prints are its own business: its judgement is recorded, no batch webhook is sent.
      if (batch.combine === 'check') {
        await this.deps.checks.record(trx, batch.id, outcome.built?.check ?? { failed: true }, now);
        return true;
      }
      queued = await this.deps.webhooks.recordBatchCompleted(trx, batch);
      return true;
    });
    if (queued) this.deps.events.emit('webhookQueued', { batchId: batch.id });
    return kept;
  }
}

/** The zip's name: the batch's business key when it has one (made safe for a file name), else its id. */
function zipBaseName(batch: RenderBatchesTable): string {
  const key = (batch.business_key ?? '')
    .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, '-')
    .trim()
    .slice(0, 200);
  return key && key !== '.' && key !== '..' ? key : batch.id;
}
