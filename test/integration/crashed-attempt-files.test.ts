// A worker that dies after storing a job's files and before recording them leaves files no row names. Each
// attempt stores under a folder of its own (blobs/keys.ts), so the janitor's lease recovery removes them
// when it records the crash; another job's files, and the retry's, are left alone. A job canceled while
// its worker was dying is swept the same way once its lease has run out. Without a browser: the
// dead worker's files are written here as a worker writes them. SQLite + files and (FOLIO_TEST_ENGINE=
// postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { attemptPrefixes, jobImageKey, jobPdfKey, outputKey, type JobAttempt } from '../../src/blobs/keys.js';
import { newId } from '../../src/domain/ids.js';
import { engine } from '../helpers/engine.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

const LEASE_MS = 60_000;

describe('files of a crashed attempt', () => {
  let app: TestApp;
  let deployId: string;

  before(async () => {
    app = await createTestApp();
    const v = await deployFiles(app, { createDeploy: { slug: 'inv', name: 'Invoices' } }, [file('index.html', '<p>x</p>')]);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
  });
  after(() => app.close());

  /** A queued job put into `rendering` under `owner`, as a claim does, with the lease ending in `leaseMs`. */
  async function renderingJob(owner: string, leaseMs: number): Promise<JobAttempt> {
    const r = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', payload: { n: 1 } });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    const now = app.clock.now();
    await app.services.ctx.db
      .updateTable('render_jobs')
      .set({ status: 'rendering', lease_owner: owner, lease_expires_at: now + leaseMs, started_at: now, updated_at: now })
      .where('id', '=', r.body.job.id)
      .execute();
    return { jobId: r.body.job.id, attempt: r.body.job.attempt };
  }

  /** What a worker stores before its success transaction: the PDF (transient or managed) and page images. */
  async function storeAttemptFiles(a: JobAttempt): Promise<string[]> {
    const now = app.clock.now();
    const keys = [outputKey(a, newId('out', now)), jobPdfKey(a, newId('pdf', now)), jobImageKey(a, newId('img', now), 'png')];
    for (const key of keys) await app.services.ctx.blobs.put(key, Buffer.from(`bytes of ${key}`));
    return keys;
  }

  async function attemptFiles(a: JobAttempt): Promise<string[]> {
    const keys: string[] = [];
    for (const prefix of attemptPrefixes(a)) for await (const o of app.services.ctx.blobs.list(prefix)) keys.push(o.key);
    return keys.sort();
  }

  test('lease recovery removes the dead attempt’s files and nothing else; the retry stores afresh', async () => {
    const dead = await renderingJob('dead-worker', LEASE_MS);
    const alive = await renderingJob('live-worker', 10 * LEASE_MS);
    const deadKeys = await storeAttemptFiles(dead);
    const aliveKeys = await storeAttemptFiles(alive);
    assert.deepEqual(await attemptFiles(dead), [...deadKeys].sort());

    app.clock.advance(LEASE_MS + 1);
    assert.equal(await app.services.jobOutcomes.recoverExpiredLeases(), 1, 'only the dead worker’s job was stale');

    assert.deepEqual(await attemptFiles(dead), [], 'the dead attempt left nothing behind');
    assert.deepEqual(await attemptFiles(alive), [...aliveKeys].sort(), 'a live job’s files are untouched');
    const job = (await app.api('GET', `/v1/render-jobs/${dead.jobId}`)).body.job;
    assert.equal(job.status, 'retry_scheduled');
    assert.equal(job.attempt, dead.attempt + 1);
    if (engine === 'sqlite') {
      // The filesystem store removed the folders it emptied: nothing piles up per crashed job.
      for (const kind of ['outputs', 'pdfs', 'images'])
        assert.equal(fs.existsSync(path.join(app.dataDir, 'blobs', kind, dead.jobId)), false, `${kind}/${dead.jobId}/`);
    }

    // The retry writes under its own folder, which the sweep of the dead attempt never touches.
    const retry = { jobId: dead.jobId, attempt: job.attempt as number };
    const retryKeys = await storeAttemptFiles(retry);
    assert.ok(retryKeys.every((k) => k.includes(`/${dead.jobId}/${retry.attempt}/`)));
    assert.deepEqual(await attemptFiles(retry), [...retryKeys].sort());
  });

  test('a job canceled while its worker was dying: its files go once the lease has run out, not before', async () => {
    const dying = await renderingJob('dying-worker', LEASE_MS);
    const other = await renderingJob('live-worker', 10 * LEASE_MS);
    const dyingKeys = await storeAttemptFiles(dying);
    const otherKeys = await storeAttemptFiles(other);
    const canceled = await app.api('POST', `/v1/render-jobs/${dying.jobId}/cancel`, {});
    assert.equal(canceled.status, 200, JSON.stringify(canceled.body));
    assert.equal(canceled.body.job.status, 'canceled');

    // Within the lease a worker may still be writing (a live one deletes its own files): nothing is swept.
    assert.equal(await app.services.jobOutcomes.sweepCanceledAttempts(), 0);
    assert.deepEqual(await attemptFiles(dying), [...dyingKeys].sort());

    app.clock.advance(LEASE_MS + 1);
    const report = await app.janitor!.runOnce();
    assert.equal(report.sweptCanceledAttempts, 1);
    assert.equal(report.recoveredLeases, 0, 'a canceled job is not a crashed one: it stays canceled');
    assert.deepEqual(await attemptFiles(dying), [], 'the canceled attempt left nothing behind');
    assert.deepEqual(await attemptFiles(other), [...otherKeys].sort(), 'a live job’s files are untouched');
    assert.equal((await app.api('GET', `/v1/render-jobs/${dying.jobId}`)).body.job.status, 'canceled');
    // Swept once: the job no longer carries a lease's end, so the next runs skip it.
    assert.equal((await app.janitor!.runOnce()).sweptCanceledAttempts, 0);
  });

  test('a batch canceled while an item rendered: that item’s files are swept too; queued items had none', async () => {
    const created = await app.api('POST', '/v1/render-batches', {
      deployId,
      deployVersionId: 'latest',
      items: [{ payload: { n: 1 } }, { payload: { n: 2 } }],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const batchId = created.body.batch.id;
    const [first] = await app.services.ctx.db
      .selectFrom('render_jobs')
      .select(['id', 'attempt'])
      .where('batch_id', '=', batchId)
      .orderBy('batch_index')
      .execute();
    const now = app.clock.now();
    await app.services.ctx.db
      .updateTable('render_jobs')
      .set({ status: 'rendering', lease_owner: 'dying-worker', lease_expires_at: now + LEASE_MS, started_at: now, updated_at: now })
      .where('id', '=', first!.id)
      .execute();
    const item = { jobId: first!.id, attempt: first!.attempt };
    const keys = await storeAttemptFiles(item);
    assert.equal((await app.api('DELETE', `/v1/render-batches/${batchId}`)).status, 200);
    assert.deepEqual(await attemptFiles(item), [...keys].sort());
    app.clock.advance(LEASE_MS + 1);
    assert.equal(await app.services.jobOutcomes.sweepCanceledAttempts(), 1, 'only the item that was rendering');
    assert.deepEqual(await attemptFiles(item), []);
  });

  test('a job whose success was recorded keeps its files even when its lease had run out', async () => {
    const slow = await renderingJob('slow-worker', LEASE_MS);
    const now = app.clock.now();
    const outputId = newId('out', now);
    const storageKey = outputKey(slow, outputId);
    const pdf = Buffer.from('%PDF-1.7 stand-in');
    await app.services.ctx.blobs.put(storageKey, pdf);
    app.clock.advance(LEASE_MS + 1);
    const job = await app.services.ctx.db.selectFrom('render_jobs').selectAll().where('id', '=', slow.jobId).executeTakeFirstOrThrow();
    // The slow worker records before the janitor runs: its lease ran out, but the job is still its own.
    const outcome = await app.services.jobOutcomes.succeed(
      job,
      'slow-worker',
      { outputId, pdfId: null, storageKey, fileName: 'x.pdf', storageLimitBytes: null },
      { bytes: pdf.length, sha256: 'stand-in', pageCount: 1, renderTimeMs: 5 },
    );
    assert.equal(outcome, 'succeeded');
    assert.equal(await app.services.jobOutcomes.recoverExpiredLeases(), 0);
    assert.deepEqual(await attemptFiles(slow), [storageKey]);
  });
});
