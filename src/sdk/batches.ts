// Render batches (`/v1/render-batches`): the resource methods, renderBatch(), which creates a batch and
// polls it until it is completed (every item terminal and its merged PDF or zip built), reporting the
// counts and the status as they change, and the download of that product.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Operations } from './api-types.js';
import { sleep } from './concurrency.js';
import { FolioApiError, FolioBatchProductError, FolioTimeoutError } from './errors.js';
import type { CallOptions, HttpCore } from './http.js';
import { readAll, verifiedStream } from './streams.js';

export type CreateRenderBatchBody = Operations['POST /v1/render-batches']['body'];
export type RenderBatch = Operations['GET /v1/render-batches/{batchId}']['response']['batch'];
export type RenderBatchCounts = RenderBatch['counts'];
export type RenderBatchItem = Operations['GET /v1/render-batches/{batchId}/items']['response']['items'][number];
type ItemStatus = NonNullable<Operations['GET /v1/render-batches/{batchId}/items']['query']>['status'];
export type RenderBatchProduct = NonNullable<RenderBatch['product']>;

/** A batch's merged PDF or zip as a Node Readable (see `renderBatches.streamProduct`). */
export interface RenderBatchProductStream {
  /** The bytes; errors with FolioApiError `integrity_error` when they do not match `sha256` and `bytes`. */
  stream: Readable;
  kind: 'merge' | 'zip';
  /** The server's file name: the managed PDF's for a merge, `bat_….zip` for a zip. */
  fileName: string;
  bytes: number;
  sha256: string;
  /** The batch as read for the download (its product is `ready`). */
  batch: RenderBatch;
}

export interface ProductOptions {
  signal?: AbortSignal;
}

export interface RenderBatchOptions {
  /** Called after creation and every time the counts or the status (`running` → `combining` → `completed`) change. */
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
    /**
     * The merged PDF or zip of a completed batch (`combine: "merge" | "zip"`) as a Node Readable, with its
     * kind, file name, size and sha256. `batch` is a batch as read (its signed link is used while it has
     * more than 30 s to live, else the batch is read again) or a batch id. Throws FolioBatchProductError
     * when there is nothing to download: `code` is the product's error code when it failed
     * (`batch_nothing_to_combine`, …), `batch_product_deleted`, `batch_product_pending` (not completed
     * yet), `batch_has_no_product` (`combine: "none"`) or `batch_product_no_link` (a server without a
     * signing key).
     */
    streamProduct: (batch: RenderBatch | string, o: ProductOptions = {}) => streamProduct(http, batch, o),
    /** streamProduct() read into a Buffer (checked against its sha256): fine for a PDF, think twice for a 2 GiB zip. */
    downloadProduct: async (batch: RenderBatch | string, o: ProductOptions = {}): Promise<Buffer> =>
      readAll((await streamProduct(http, batch, o)).stream),
  };
}

/** The product's signed link, or the reason there is none (FolioBatchProductError). */
function productOf(batch: RenderBatch): {
  product: RenderBatchProduct;
  file: { fileName: string; bytes: number; sha256: string; access: { url: string; expiresAt: number } };
} {
  const product = batch.product;
  const refuse = (code: string, message: string) => {
    throw new FolioBatchProductError({ batchId: batch.id, state: product?.state ?? null, code, message });
  };
  if (batch.combine === 'none')
    return refuse('batch_has_no_product', `render batch ${batch.id} was created with combine "none": it has no merged PDF or zip`);
  if (batch.status !== 'completed' || !product || product.state === 'pending')
    return refuse(
      'batch_product_pending',
      `render batch ${batch.id} is ${batch.status}: its ${batch.combine === 'merge' ? 'merged PDF' : 'zip'} is not built yet (wait with renderBatch, or read it again)`,
    );
  if (product.state === 'failed')
    return refuse(
      product.error?.code ?? 'batch_combine_failed',
      product.error?.message || `the ${product.kind} of render batch ${batch.id} failed`,
    );
  const file = product.kind === 'merge' ? product.pdf : product.zip;
  if (product.state === 'deleted' || !file)
    return refuse(
      'batch_product_deleted',
      product.kind === 'merge'
        ? `the merged PDF of render batch ${batch.id} was deleted`
        : `the zip of render batch ${batch.id} expired and was deleted`,
    );
  // A server without a signing key (FOLIO_SIGNING_KEY) cannot hand out download links.
  if (!file.access)
    return refuse('batch_product_no_link', `the server gave no download link for render batch ${batch.id} (it has no signing key)`);
  return { product, file: { ...file, access: file.access } };
}

async function streamProduct(http: HttpCore, ref: RenderBatch | string, o: ProductOptions): Promise<RenderBatchProductStream> {
  const id = typeof ref === 'string' ? ref : ref.id;
  const read = async () => (await http.call('GET /v1/render-batches/{batchId}', { path: { batchId: id }, signal: o.signal })).batch;
  // A link about to expire (or a batch not yet completed when it was read) is worth one more read.
  const stale = (b: RenderBatch) => {
    const p = b.product;
    const access = p?.pdf?.access ?? p?.zip?.access;
    return b.status !== 'completed' || (p?.state === 'ready' && (!access || access.expiresAt - Date.now() < 30_000));
  };
  let fresh = typeof ref === 'string' || stale(ref);
  let batch = fresh ? await read() : (ref as RenderBatch);
  for (;;) {
    const { product, file } = productOf(batch);
    const what = `the ${product.kind === 'merge' ? 'merged PDF' : 'zip'} of render batch ${batch.id}`;
    let res: Response;
    try {
      res = await http.send({
        method: 'GET',
        url: file.access.url,
        headers: { accept: product.kind === 'merge' ? 'application/pdf' : 'application/zip' },
        signal: o.signal,
        retrySafe: true,
        // The per-attempt timeout covers reading the body too: allow for a large zip at 1 MiB/s.
        extraTimeoutMs: Math.ceil(file.bytes / (1024 * 1024)) * 1000,
        what: `GET ${what}`,
      });
    } catch (err) {
      // The batch given was read before its product was deleted (or its link expired): read it again, so
      // a deleted product is refused as such and a live one is fetched with a new link.
      if (!fresh && err instanceof FolioApiError && [403, 404, 410].includes(err.status)) {
        fresh = true;
        batch = await read();
        continue;
      }
      throw err;
    }
    return {
      stream: verifiedStream(res, { sha256: file.sha256, bytes: file.bytes, what }),
      kind: product.kind,
      fileName: file.fileName,
      bytes: file.bytes,
      sha256: file.sha256,
      batch,
    };
  }
}

/**
 * Creates the batch (always with an Idempotency-Key) and reads it every `pollMs` until it is `completed`
 * (for `combine: "merge" | "zip"` that includes `combining`, until the product is ready or failed);
 * resolves with the final batch (look at `counts.failed` and `product.state`: neither failed items nor a
 * failed product throw).
 */
export async function renderBatch(http: HttpCore, body: CreateRenderBatchBody, o: RenderBatchOptions = {}): Promise<RenderBatch> {
  const timeoutMs = o.timeoutMs ?? 600_000;
  const pollMs = o.pollMs ?? 1000;
  const deadline = Date.now() + timeoutMs;
  let { batch } = await http.call('POST /v1/render-batches', { body, idempotencyKey: o.idempotencyKey ?? randomUUID(), signal: o.signal });
  // A repeated key answers the batch as it was created (every item queued): read it as it is now before
  // the first progress, so a re-run of a finished batch does not report "0 of N" first.
  if (o.idempotencyKey !== undefined)
    ({ batch } = await http.call('GET /v1/render-batches/{batchId}', { path: { batchId: batch.id }, signal: o.signal }));
  const seen = (b: RenderBatch) => JSON.stringify([b.status, b.counts]);
  let last = seen(batch);
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
    const now = seen(batch);
    if (now !== last) {
      last = now;
      o.onProgress?.(batch.counts, batch);
    }
  }
  return batch;
}
