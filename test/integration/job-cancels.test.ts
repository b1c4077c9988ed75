// The three ways a job is canceled (the job itself, its batch, its deploy deleted) follow one rule, at the
// service level (no HTTP, no Chromium; jobs stay queued since nothing claims them): the jobs end canceled
// with their payloads deleted, every canceled job is announced to this process (long polls, the worker that
// may hold it), and a batch whose last unfinished item is canceled ends and is announced once.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BatchEnded } from '../../src/services/batches/batch-progress.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

describe('cancels by job, by batch and by deploy', () => {
  let app: TestApp;
  const changed: string[] = [];
  const ended: BatchEnded[] = [];
  // On PostgreSQL a change reaches this process twice (locally, then through LISTEN/NOTIFY): ids, once each.
  const announced = () => [...new Set(changed)].sort();

  before(async () => {
    app = await createTestApp();
    app.services.notifier.onJobChanged((id) => changed.push(id));
    app.services.events.on('batchEnded', (e) => ended.push(e));
  });
  after(() => app.close());

  /** A deploy with a batch of `items` queued items and one queued single job. */
  async function queued(slug: string, items: number) {
    const d = await deployFiles(app, { createDeploy: { slug, name: slug } }, [file('/index.html', '<p>x</p>')]);
    const s = app.services;
    const batch = await s.renderBatches.create(app.accountId, {
      deployId: d.deployId,
      deployVersionId: 'latest',
      items: Array.from({ length: items }, (_, i) => ({ payload: { i } })),
    } as never);
    const single = await s.renderJobs.create(app.accountId, {
      deployId: d.deployId,
      deployVersionId: 'latest',
      payload: { one: 1 },
    } as never);
    const itemIds = (
      await s.ctx.db.selectFrom('render_jobs').select('id').where('batch_id', '=', batch.batch.id).orderBy('batch_index').execute()
    ).map((r) => r.id);
    return { deployId: d.deployId, batchId: batch.batch.id as string, itemIds, singleId: single.job.id as string };
  }

  async function state(ids: string[]) {
    const db = app.services.ctx.db;
    const jobs = await db.selectFrom('render_jobs').select(['id', 'status', 'finished_at']).where('id', 'in', ids).execute();
    const payloads = await db.selectFrom('render_payloads').select('job_id').where('job_id', 'in', ids).execute();
    return { statuses: new Set(jobs.map((j) => j.status)), finished: jobs.every((j) => j.finished_at !== null), payloads: payloads.length };
  }
  const batchFinished = async (batchId: string) =>
    (await app.services.ctx.db.selectFrom('render_batches').select('finished_at').where('id', '=', batchId).executeTakeFirstOrThrow())
      .finished_at !== null;

  test('by job: each item canceled alone; the last one ends its batch, announced once', async () => {
    const q = await queued('by-job', 2);
    changed.length = 0;
    ended.length = 0;
    await app.services.renderJobs.cancel(app.accountId, q.itemIds[0]);
    assert.equal(await batchFinished(q.batchId), false);
    assert.equal(ended.length, 0);
    await app.services.renderJobs.cancel(app.accountId, q.itemIds[1]);
    assert.deepEqual(await state(q.itemIds), { statuses: new Set(['canceled']), finished: true, payloads: 0 });
    assert.deepEqual(announced(), [...q.itemIds].sort());
    assert.deepEqual(
      ended.map((e) => e.batchId),
      [q.batchId],
    );
    assert.equal(await batchFinished(q.batchId), true);
    await assert.rejects(app.services.renderJobs.cancel(app.accountId, q.itemIds[0]), /already canceled/);
  });

  test('by batch: every unfinished item at once; the batch ends, announced once; other jobs untouched', async () => {
    const q = await queued('by-batch', 3);
    changed.length = 0;
    ended.length = 0;
    assert.equal(await app.services.renderJobs.cancelBatchItems(app.accountId, q.batchId), 3);
    assert.deepEqual(await state(q.itemIds), { statuses: new Set(['canceled']), finished: true, payloads: 0 });
    assert.deepEqual(announced(), [...q.itemIds].sort());
    assert.deepEqual(
      ended.map((e) => e.batchId),
      [q.batchId],
    );
    assert.deepEqual((await state([q.singleId])).statuses, new Set(['queued']));
    assert.equal(await app.services.renderJobs.cancelBatchItems(app.accountId, q.batchId), 0);
  });

  test('by deploy: deleting it cancels its queued jobs and batch items alike, announced after the commit', async () => {
    const q = await queued('by-deploy', 2);
    changed.length = 0;
    ended.length = 0;
    await app.services.deploys.delete(app.accountId, q.deployId);
    const all = [...q.itemIds, q.singleId];
    assert.deepEqual(await state(all), { statuses: new Set(['canceled']), finished: true, payloads: 0 });
    assert.deepEqual(announced(), [...all].sort());
    assert.deepEqual(
      ended.map((e) => e.batchId),
      [q.batchId],
    );
    assert.equal(await batchFinished(q.batchId), true);
  });

  test("another account's job, batch or deploy is not found, and nothing changes", async () => {
    const q = await queued('foreign', 1);
    const other = await app.services.accounts.create({ name: 'Other' });
    await assert.rejects(app.services.renderJobs.cancel(other.accountId, q.singleId), /not found/);
    assert.equal(await app.services.renderJobs.cancelBatchItems(other.accountId, q.batchId), 0);
    await assert.rejects(app.services.deploys.delete(other.accountId, q.deployId), /not found/);
    assert.deepEqual((await state([...q.itemIds, q.singleId])).statuses, new Set(['queued']));
  });
});
