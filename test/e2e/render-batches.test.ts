// A render batch end to end: real Chromium, the worker claims the items like any jobs;
// a batch of 20 items ends completed with 20 succeeded, each with an output carrying its own payload.
// Runs on SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deployFiles } from '../helpers/deploy.js';
import { payloadPage } from '../helpers/pages.js';
import { pdfText } from '../helpers/pdf.js';
import { waitFor } from '../helpers/wait.js';

const page = payloadPage();

describe('render batches end to end', () => {
  let app: TestApp;
  let deployId: string;

  before(async () => {
    app = await createTestApp();
    app.startBackground();
    const v = await deployFiles(app, { createDeploy: { slug: 'batch', name: 'Batch' } }, [page]);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
  });
  after(() => app.close());

  test('20 items: every one succeeds, the batch reads completed with 20 succeeded', async () => {
    const items = Array.from({ length: 20 }, (_, i) => ({ businessKey: `INV-${i}`, payload: { n: i } }));
    const t0 = Date.now();
    const created = await app.api('POST', '/v1/render-batches', { deployId, deployVersionId: 'latest', items });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.batch.id;
    const done = await waitFor(
      'the batch to complete',
      async () => {
        const r = await app.api('GET', `/v1/render-batches/${id}`);
        return r.body.batch.status === 'completed' ? r.body.batch : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 250 },
    );
    console.log(`# 20 batch items rendered in ${Date.now() - t0} ms`);
    assert.deepEqual(done.counts, { queued: 0, rendering: 0, retry_scheduled: 0, succeeded: 20, failed: 0, canceled: 0 });
    assert.equal(typeof done.finishedAt, 'number');
    const list = await app.api('GET', `/v1/render-batches/${id}/items?limit=100`);
    assert.equal(list.body.items.length, 20);
    // Spot checks: the first and the last item each printed their own payload.
    for (const it of [list.body.items[0], list.body.items[19]]) {
      assert.equal(it.job.status, 'succeeded');
      const link = await app.api('POST', `/v1/render-jobs/${it.job.id}/output-download`, {});
      assert.equal(link.status, 200, JSON.stringify(link.body));
      const u = new URL(link.body.access.url);
      const pdf = await app.server.inject({ method: 'GET', url: u.pathname + u.search });
      assert.equal(pdf.statusCode, 200);
      assert.match(pdfText(pdf.rawPayload), new RegExp(`Invoice ${it.index}\\b`));
    }
  });
});
