// Render batches (`/v1/render-batches`): the resource methods and renderBatch(), which creates a batch and
// polls it until every item is terminal, reporting the counts as they change.
import { randomUUID } from 'node:crypto';
import type { Operations } from './api-types.js';
import { sleep } from './concurrency.js';
import { FolioTimeoutError } from './errors.js';
import type { CallOptions, HttpCore } from './http.js';

export type CreateRenderBatchBody = Operations['POST /v1/render-batches']['body'];
export type RenderBatch = Operations['GET /v1/render-batches/{batchId}']['response']['batch'];
export type RenderBatchCounts = RenderBatch['counts'];
export type RenderBatchItem = Operations['GET /v1/render-batches/{batchId}/items']['response']['items'][number];
type ItemStatus = NonNullable<Operations['GET /v1/render-batches/{batchId}/items']['query']>['status'];

export interface RenderBatchOptions {
  /** Called with the counts after creation and every time they change. */
  onProgress?: (counts: RenderBatchCounts, batch: RenderBatch) => void;
  /** Time between two reads of the batch (default 1 000 ms). */
  pollMs?: number;
  /** Give up waiting after this long (default 600 000 ms): FolioTimeoutError with the batch id. The batch keeps running. */
  timeoutMs?: number;
  /** Sent as Idempotency-Key (a random one unless given): the same key attaches to the same batch. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export function renderBatchesResource(http: HttpCore) {
  async function* pages<T>(fetchPage: (cursor?: string) => Promise<{ items: T[]; nextCursor?: string | null }>): AsyncGenerator<T> {
    let cursor: string | undefined;
    do {
      const page = await fetchPage(cursor);
      for (const item of page.items) yield item;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return {
    create: (body: CreateRenderBatchBody, o: CallOptions = {}) => http.call('POST /v1/render-batches', { body, ...o }),
    get: (batchId: string, o: CallOptions = {}) => http.call('GET /v1/render-batches/{batchId}', { path: { batchId }, ...o }),
    list: (query: Operations['GET /v1/render-batches']['query'] = {}, o: CallOptions = {}) =>
      http.call('GET /v1/render-batches', { query, ...o }),
    /** Every batch of the account, newest first (follows nextCursor). */
    iterate: (): AsyncGenerator<RenderBatch> => pages((cursor) => http.call('GET /v1/render-batches', { query: cursor ? { cursor } : {} })),
    /** The items `{index, job}` in request order, page after page; `status` keeps only that state. */
    iterateItems: (batchId: string, query: { status?: ItemStatus; limit?: number } = {}): AsyncGenerator<RenderBatchItem> =>
      pages((cursor) =>
        http.call('GET /v1/render-batches/{batchId}/items', { path: { batchId }, query: { ...query, ...(cursor ? { cursor } : {}) } }),
      ),
    /** Cancels every item not yet terminal; answers the batch (then `completed`). */
    cancel: (batchId: string, o: CallOptions = {}) => http.call('DELETE /v1/render-batches/{batchId}', { path: { batchId }, ...o }),
  };
}

/**
 * Creates the batch (always with an Idempotency-Key) and reads it every `pollMs` until it is `completed`;
 * resolves with the final batch (look at `counts.failed`: failed items do not throw).
 */
export async function renderBatch(http: HttpCore, body: CreateRenderBatchBody, o: RenderBatchOptions = {}): Promise<RenderBatch> {
  const timeoutMs = o.timeoutMs ?? 600_000;
  const pollMs = o.pollMs ?? 1000;
  const deadline = Date.now() + timeoutMs;
  let { batch } = await http.call('POST /v1/render-batches', { body, idempotencyKey: o.idempotencyKey ?? randomUUID(), signal: o.signal });
  let last = JSON.stringify(batch.counts);
  o.onProgress?.(batch.counts, batch);
  while (batch.status !== 'completed') {
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      const err = new FolioTimeoutError(batch.id, batch.status, timeoutMs);
      err.message = `render batch ${batch.id} was still ${batch.status} after ${timeoutMs} ms (it keeps running; read it with renderBatches.get)`;
      throw err;
    }
    await sleep(Math.min(pollMs, remaining), o.signal);
    ({ batch } = await http.call('GET /v1/render-batches/{batchId}', { path: { batchId: batch.id }, signal: o.signal }));
    const now = JSON.stringify(batch.counts);
    if (now !== last) {
      last = now;
      o.onProgress?.(batch.counts, batch);
    }
  }
  return batch;
}
