// The SDK's render-batch methods against a real server listening on a port. The worker is not started, so
// items stay queued: cancel is what completes a batch here (rendering is covered by the e2e CLI test).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createClient, FolioApiError, FolioTimeoutError, type FolioClient, type RenderBatchCounts } from '../../src/sdk/index.js';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';

describe('SDK render batches', () => {
  let app: TestApp;
  let client: FolioClient;
  let deployId: string;
  const work = tempDir('folio-sdk-batches-');

  before(async () => {
    app = await createTestApp();
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
    client = createClient({ baseUrl, apiKey: app.key });
    fs.writeFileSync(path.join(work, 'index.html'), '<!doctype html><h1>Batch</h1>');
    deployId = (await client.deployDirectory(work, { slug: 'batch-page', alias: 'production' })).deployId;
  });
  after(async () => {
    await app.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const body = (n: number) => ({
    deployId,
    deployVersionId: 'production',
    businessKey: 'run-1',
    items: Array.from({ length: n }, (_, i) => ({ businessKey: `INV-${i}`, payload: { customer: `Customer ${i}` } })),
  });

  test('create with an idempotency key replays the same batch; get, items with paging and status, cancel, iterate', async () => {
    const { batch } = await client.renderBatches.create(body(3), { idempotencyKey: 'sdk-batch-1' });
    assert.match(batch.id, /^bat_/);
    assert.equal(batch.itemCount, 3);
    assert.equal(batch.counts.queued, 3);
    assert.equal(batch.status, 'running');
    const again = await client.renderBatches.create(body(3), { idempotencyKey: 'sdk-batch-1' });
    assert.equal(again.batch.id, batch.id, 'the same key attaches to the same batch');

    assert.equal((await client.renderBatches.get(batch.id)).batch.id, batch.id);
    const items = [];
    for await (const item of client.renderBatches.iterateItems(batch.id, { limit: 2 })) items.push(item);
    assert.deepEqual(
      items.map((i) => [i.index, i.job.businessKey, i.job.status]),
      [
        [0, 'INV-0', 'queued'],
        [1, 'INV-1', 'queued'],
        [2, 'INV-2', 'queued'],
      ],
      'three items over two pages, in request order',
    );

    const canceled = await client.renderBatches.cancel(batch.id);
    assert.equal(canceled.batch.status, 'completed');
    assert.equal(canceled.batch.counts.canceled, 3);
    const byStatus = [];
    for await (const item of client.renderBatches.iterateItems(batch.id, { status: 'canceled' })) byStatus.push(item.index);
    assert.deepEqual(byStatus, [0, 1, 2]);
    const none = [];
    for await (const item of client.renderBatches.iterateItems(batch.id, { status: 'queued' })) none.push(item);
    assert.equal(none.length, 0);

    const ids = [];
    for await (const b of client.renderBatches.iterate()) ids.push(b.id);
    assert.ok(ids.includes(batch.id));

    await assert.rejects(client.renderBatches.get('bat_doesnotexist'), (err: unknown) => {
      assert.ok(err instanceof FolioApiError);
      assert.equal(err.code, 'render_batch_not_found');
      return true;
    });
  });

  test('renderBatch reports counts as they change and resolves with the completed batch; a timeout names the batch', async () => {
    const progress: RenderBatchCounts[] = [];
    let batchId = '';
    const final = await client.renderBatch(body(4), {
      idempotencyKey: 'sdk-batch-2',
      pollMs: 50,
      onProgress: (counts, batch) => {
        progress.push(counts);
        batchId = batch.id;
        // The worker is not running: cancelling is what finishes this batch.
        if (progress.length === 1) setTimeout(() => void client.renderBatches.cancel(batch.id), 200);
      },
    });
    assert.equal(final.id, batchId);
    assert.equal(final.status, 'completed');
    assert.equal(final.counts.canceled, 4);
    assert.equal(progress.length, 2, 'once at creation, once when the counts changed');
    assert.equal(progress[0]!.queued, 4);
    assert.equal(progress[1]!.canceled, 4);

    // Nothing runs the batch: only the 300 ms given can end the wait, and the error names them.
    await assert.rejects(client.renderBatch(body(2), { pollMs: 50, timeoutMs: 300 }), (err: unknown) => {
      assert.ok(err instanceof FolioTimeoutError);
      assert.match(err.jobId, /^bat_/);
      assert.match(err.message, /render batch bat_\w+ was still running after 300 ms/);
      return true;
    });
  });
});
