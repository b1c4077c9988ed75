// Where a render batch ends: in the transaction that ends its last item. Every terminal transition of a
// batch item (success, failure for good, cancel, a deploy deleted under it) calls itemEnded() after the
// item's own update, so "is anything of this batch still unfinished" is asked with the item's change
// visible. The batch row is locked first (PostgreSQL): of two items ending at the same moment, the second
// waits for the first to commit and then sees it finished, so exactly one of them ends the batch.
// A batch that ends writes its finished_at and either queues its render_batch.completed webhook (combine
// "none") or marks its product pending for the combiner (worker/batch-combiner.ts), which sends the
// webhook once the product is built.
import type { Transaction } from 'kysely';
import { forUpdate } from '../../db/dialect.js';
import type { Tables } from '../../db/tables.js';
import { UNFINISHED_STATUSES } from '../../domain/jobs/job-state.js';
import type { ServiceContext } from '../context.js';
import type { BatchEnded, EventBus } from '../events.js';
import type { Webhooks } from '../webhooks.js';

export type { BatchEnded } from '../events.js';

export class BatchProgress {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly webhooks: Webhooks,
    private readonly events: EventBus,
  ) {}

  /**
   * Inside the transaction that made one or more items of `batchId` terminal. Answers whether the items
   * send their own webhooks, and the batch's end when this transaction ended it.
   */
  async itemsEnded(trx: Transaction<Tables>, batchId: string): Promise<{ itemWebhooks: boolean; ended: BatchEnded | null }> {
    const b = await forUpdate(this.ctx.dialect, trx.selectFrom('render_batches').selectAll().where('id', '=', batchId)).executeTakeFirst();
    if (!b) return { itemWebhooks: true, ended: null };
    const itemWebhooks = b.item_webhooks === 1;
    if (b.finished_at !== null) return { itemWebhooks, ended: null };
    const open = await trx
      .selectFrom('render_jobs')
      .select('id')
      .where('batch_id', '=', batchId)
      .where('status', 'in', [...UNFINISHED_STATUSES])
      .limit(1)
      .executeTakeFirst();
    if (open) return { itemWebhooks, ended: null };
    const now = this.ctx.clock.now();
    const combining = b.combine !== 'none';
    await trx
      .updateTable('render_batches')
      .set({ finished_at: now, updated_at: now, combine_state: combining ? 'pending' : null })
      .where('id', '=', batchId)
      .execute();
    const webhookQueued = combining ? false : await this.webhooks.recordBatchCompleted(trx, { ...b, finished_at: now });
    return { itemWebhooks, ended: { batchId, combine: b.combine, webhookQueued } };
  }

  /**
   * After the commit of a transaction whose itemsEnded() answered `ended`: the batch's end (its product is
   * due when it combines), and its webhook event when that transaction wrote one.
   */
  announce(ended: BatchEnded | null): void {
    if (!ended) return;
    if (ended.webhookQueued) this.events.emit('webhookQueued', { batchId: ended.batchId });
    this.events.emit('batchEnded', ended);
  }
}
