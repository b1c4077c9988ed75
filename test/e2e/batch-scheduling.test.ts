// Scheduling around a big batch: while account A's batch keeps every render slot busy, account B's single
// jobs and A's own sync renders do not queue behind it: each starts at the next free slot, so at most one
// round of the render slots' batch items starts between the job's request and its start, while the batch
// still has items waiting. Judged by order (the jobs' and items' startedAt), not by time, so a loaded
// machine makes it slower, never wrong. The app runs on the wall clock here (not a manual one), so
// requestedAt and startedAt of jobs and items compare. 60 items per commit, 500 in `npm run test:load`.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/domain/clock.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deployFiles } from '../helpers/deploy.js';
import { payloadPage } from '../helpers/pages.js';
import { loadSize } from '../helpers/load.js';
import { waitFor } from '../helpers/wait.js';

/** The wall clock behind the ManualClock interface the test app expects. */
class WallClock extends ManualClock {
  override now(): number {
    return Date.now();
  }
}

const page = payloadPage();

const ITEMS = loadSize(60, 500);
const SLOTS = 2;

describe(`scheduling while a ${ITEMS}-item batch fills the queue`, () => {
  let app: TestApp;
  let keyB: string;
  let deployA: string;
  let deployB: string;
  const asB = (method: string, url: string, body?: unknown) => app.api(method, url, body, { authorization: `Bearer ${keyB}` });

  before(async () => {
    // Two render slots; both accounts on a plan that lets one account take every slot.
    app = await createTestApp({ clock: new WallClock(), env: { FOLIO_RENDER_CONCURRENCY: String(SLOTS), FOLIO_DEFAULT_PLAN: 'pro' } });
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

  test("B's single jobs and A's sync renders start at the next free slot, not behind the batch", async () => {
    const items = Array.from({ length: ITEMS }, (_, i) => ({ payload: { n: i } }));
    const created = await app.api('POST', '/v1/render-batches', { deployId: deployA, deployVersionId: 'latest', items });
    assert.equal(created.status, 201, JSON.stringify(created.body).slice(0, 300));
    const batchId = created.body.batch.id;
    await waitFor(
      'the batch to be under way',
      async () => ((await app.api('GET', `/v1/render-batches/${batchId}`)).body.batch.counts.succeeded >= SLOTS * 2 ? true : undefined),
      { timeoutMs: 60_000, intervalMs: 50 },
    );

    const jobs: Array<{ who: string; requestedAt: number; startedAt: number }> = [];
    for (let i = 0; i < 4; i++) {
      // B: an ordinary job, long-polled to its end.
      const j = await asB('POST', '/v1/render-jobs', { deployId: deployB, deployVersionId: 'latest', payload: { n: 1000 + i } });
      assert.equal(j.status, 202, JSON.stringify(j.body));
      const done = await asB('GET', `/v1/render-jobs/${j.body.job.id}?waitSeconds=30`);
      assert.equal(done.body.job.status, 'succeeded', JSON.stringify(done.body));
      jobs.push({ who: 'B single', requestedAt: done.body.job.requestedAt, startedAt: done.body.job.startedAt });
      // A: a sync render of the same deploy its batch renders.
      const s = await app.api('POST', '/v1/render', {
        deployId: deployA,
        deployVersionId: 'latest',
        payload: { n: 2000 + i },
        waitSeconds: 30,
      });
      assert.equal(s.status, 200, String(s.body).slice(0, 300));
      const job = (await app.api('GET', `/v1/render-jobs/${s.headers['folio-job-id']}`)).body.job;
      jobs.push({ who: 'A sync', requestedAt: job.requestedAt, startedAt: job.startedAt });
    }

    const b = (await app.api('GET', `/v1/render-batches/${batchId}`)).body.batch;
    assert.ok(b.counts.queued >= ITEMS / 5, `the queue stayed full while measuring (${b.counts.queued} items queued)`);
    // When each batch item started (those not yet started have no startedAt).
    const starts: number[] = [];
    for (let cursor: string | null = null; ;) {
      const page = await app.api('GET', `/v1/render-batches/${batchId}/items?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      for (const it of page.body.items) if (it.job?.startedAt) starts.push(it.job.startedAt);
      cursor = page.body.nextCursor ?? null;
      if (!cursor) break;
    }
    for (const j of jobs) {
      // Batch items that took a slot while the job waited: a job queued behind the batch would see every
      // item queued before it start first; one scheduled fairly sees at most the round already claimed.
      const overtaken = starts.filter((t) => t > j.requestedAt && t < j.startedAt).length;
      console.log(`# ${j.who}: waited ${j.startedAt - j.requestedAt} ms; ${overtaken} batch items started meanwhile`);
      assert.ok(overtaken <= SLOTS, `${j.who} waited while ${overtaken} batch items took a slot`);
    }

    const del = await app.api('DELETE', `/v1/render-batches/${batchId}`);
    assert.equal(del.status, 200);
  });
});
