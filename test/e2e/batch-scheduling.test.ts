// Scheduling around a big batch: while account A's 500-item batch keeps
// every render slot busy, account B's single jobs and A's own sync renders each start within one render's
// time. The app runs on the wall clock here (not a manual one), so a job's startedAt - requestedAt is its
// real wait in the queue; one render's time is measured on the batch's own items under the same load.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/domain/clock.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deployFiles } from '../helpers/deploy.js';
import { payloadPage } from '../helpers/pages.js';
import { waitFor } from '../helpers/wait.js';

/** The wall clock behind the ManualClock interface the test app expects. */
class WallClock extends ManualClock {
  override now(): number {
    return Date.now();
  }
}

const page = payloadPage();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe('scheduling while a 500-item batch fills the queue', () => {
  let app: TestApp;
  let keyB: string;
  let deployA: string;
  let deployB: string;
  const asB = (method: string, url: string, body?: unknown) => app.api(method, url, body, { authorization: `Bearer ${keyB}` });

  before(async () => {
    // Two render slots; both accounts on a plan that lets one account take every slot.
    app = await createTestApp({ clock: new WallClock(), env: { FOLIO_RENDER_CONCURRENCY: '2', FOLIO_DEFAULT_PLAN: 'pro' } });
    await app.services.ctx.db.updateTable('accounts').set({ plan_key: 'pro' }).where('id', '=', app.accountId).execute();
    app.startBackground();
    const b = await app.services.accounts.create({ name: 'Bravo', plan: 'pro' });
    keyB = b.apiKey;
    const a = await deployFiles(app, { createDeploy: { slug: 'alpha', name: 'Alpha' } }, [page]);
    assert.equal(a.status, 201, JSON.stringify(a.body));
    deployA = a.deployId;
    const bd = await deployFiles(
      app,
      { createDeploy: { slug: 'bravo', name: 'Bravo' } },
      [page],
      { route: '/', title: 'B' },
      {
        authorization: `Bearer ${keyB}`,
      },
    );
    assert.equal(bd.status, 201, JSON.stringify(bd.body));
    deployB = bd.deployId;
  });
  after(() => app.close());

  test("B's single jobs and A's sync renders start within one render's time", async () => {
    const items = Array.from({ length: 500 }, (_, i) => ({ payload: { n: i } }));
    const created = await app.api('POST', '/v1/render-batches', { deployId: deployA, deployVersionId: 'latest', items });
    assert.equal(created.status, 201, JSON.stringify(created.body).slice(0, 300));
    const batchId = created.body.batch.id;
    await waitFor(
      'the batch to be under way',
      async () => ((await app.api('GET', `/v1/render-batches/${batchId}`)).body.batch.counts.succeeded >= 20 ? true : undefined),
      { timeoutMs: 60_000, intervalMs: 50 },
    );

    const waits: Array<{ who: string; waitMs: number }> = [];
    for (let i = 0; i < 4; i++) {
      // B: an ordinary job, long-polled to its end.
      const j = await asB('POST', '/v1/render-jobs', { deployId: deployB, deployVersionId: 'latest', payload: { n: 1000 + i } });
      assert.equal(j.status, 202, JSON.stringify(j.body));
      const done = await asB('GET', `/v1/render-jobs/${j.body.job.id}?waitSeconds=30`);
      assert.equal(done.body.job.status, 'succeeded', JSON.stringify(done.body));
      waits.push({ who: 'B single', waitMs: done.body.job.startedAt - done.body.job.requestedAt });
      // A: a sync render of the same deploy its batch renders.
      const s = await app.api('POST', '/v1/render', {
        deployId: deployA,
        deployVersionId: 'latest',
        payload: { n: 2000 + i },
        waitSeconds: 30,
      });
      assert.equal(s.status, 200, String(s.body).slice(0, 300));
      const job = (await app.api('GET', `/v1/render-jobs/${s.headers['folio-job-id']}`)).body.job;
      waits.push({ who: 'A sync', waitMs: job.startedAt - job.requestedAt });
    }

    const b = (await app.api('GET', `/v1/render-batches/${batchId}`)).body.batch;
    assert.ok(b.counts.queued > 100, `the queue stayed full while measuring (${b.counts.queued} items queued)`);
    // One render's time under this load: the batch's own items, start to finish.
    const done = await app.api('GET', `/v1/render-batches/${batchId}/items?status=succeeded&limit=100`);
    const renderMs = median(done.body.items.map((it: any) => it.job.finishedAt - it.job.startedAt));
    console.log(`# one batch item renders in ${renderMs} ms (median); waits: ${waits.map((w) => `${w.who} ${w.waitMs}`).join(', ')} ms`);
    for (const w of waits)
      assert.ok(w.waitMs <= renderMs * 1.5 + 50, `${w.who} waited ${w.waitMs} ms in the queue; one render takes ${renderMs} ms`);

    const del = await app.api('DELETE', `/v1/render-batches/${batchId}`);
    assert.equal(del.status, 200);
  });
});
