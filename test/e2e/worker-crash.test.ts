// kill -9 of the whole service mid-render: after a restart the job completes exactly once, one output;
// mid-batch: every item ends exactly once, none lost, none rendered into a second output, and the batch's
// zip holds each item once.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { execFileSync } from 'node:child_process';
import { tempDir } from '../helpers/app.js';
import { deployOverHttp } from '../helpers/http-deploy.js';
import { payloadPage } from '../helpers/pages.js';
import { client } from '../helpers/http-client.js';
import { startServerProcess } from '../helpers/server-process.js';
import { waitFor } from '../helpers/wait.js';

const KEY = 'folio_sk_crash00000000000000000000000000000000001';
const slowPage = payloadPage({ text: 'Done', readyAfterMs: 2500 });

/** A service that notices a dead worker within seconds: short lease, frequent janitor and polls. */
const crashEnv = (dataDir: string) => ({
  FOLIO_DATA_DIR: dataDir,
  FOLIO_BOOTSTRAP_API_KEY: KEY,
  FOLIO_WORKER_LEASE_MS: '2000',
  FOLIO_JANITOR_INTERVAL_MS: '300',
  FOLIO_WORKER_POLL_MS: '200',
});

/** The files under one top-level folder of the filesystem blob store, as paths relative to it. */
const storedFiles = (dataDir: string, kind: string): string[] => {
  const dir = path.join(dataDir, 'blobs', kind);
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
};

// A render and a restarted process take seconds; ask every 100 ms for up to a minute.
const JOB_WAIT = { timeoutMs: 60_000, intervalMs: 100 };

describe('worker crash', () => {
  test('kill -9 mid-render → after restart the job succeeds exactly once with one output', async () => {
    const dataDir = tempDir();
    const env = crashEnv(dataDir);
    const first = await startServerProcess(env);
    const api = client(first.url, KEY);
    const { deployId } = await deployOverHttp(api, 'slow', [slowPage]);
    const job = await api.request('POST', '/v1/render-jobs', {
      json: { deployId, deployVersionId: 'latest', payload: { n: 42 } },
    });
    const jobId = job.body.job.id;
    await waitFor(
      'rendering',
      async () => ((await api.request('GET', `/v1/render-jobs/${jobId}`)).body.job.status === 'rendering' ? true : undefined),
      JOB_WAIT,
    );
    await first.stop('SIGKILL');

    const second = await startServerProcess(env);
    try {
      const api2 = client(second.url, KEY);
      const done = await waitFor(
        'terminal',
        async () => {
          const r = await api2.request('GET', `/v1/render-jobs/${jobId}?waitSeconds=5`);
          return ['succeeded', 'failed'].includes(r.body.job.status) ? r.body : undefined;
        },
        JOB_WAIT,
      );
      assert.equal(done.job.status, 'succeeded', JSON.stringify(done));
      assert.equal(done.job.attempt, 1, 'the crashed attempt counted; the retry succeeded');
      // One file, stored by the retry (attempt 1) in its own folder.
      const outputs = storedFiles(dataDir, 'outputs');
      assert.equal(outputs.length, 1, `exactly one stored output: ${outputs.join(', ')}`);
      assert.match(outputs[0]!, new RegExp(`^${jobId}/1/out_\\w+\\.pdf$`));
      const list = await api2.request('GET', '/v1/render-jobs');
      assert.equal(list.body.items.filter((j: { id: string }) => j.id === jobId).length, 1);
    } finally {
      await second.stop();
    }
  });

  test('kill -9 mid-batch → after restart every item ends once: nothing lost, nothing doubled', async () => {
    const dataDir = tempDir();
    const env = crashEnv(dataDir);
    const page = payloadPage({ text: 'Item', readyAfterMs: 200 });
    const first = await startServerProcess(env);
    const api = client(first.url, KEY);
    const { deployId } = await deployOverHttp(api, 'items', [page]);
    const items = Array.from({ length: 30 }, (_, i) => ({ businessKey: `item-${i}`, payload: { n: i } }));
    const created = await api.request('POST', '/v1/render-batches', {
      json: { deployId, deployVersionId: 'latest', combine: 'zip', items },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const batchId = created.body.batch.id;
    await waitFor(
      'some items done and some rendering',
      async () => {
        const c = (await api.request('GET', `/v1/render-batches/${batchId}`)).body.batch.counts;
        return c.succeeded >= 4 && c.rendering > 0 ? true : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 20 },
    );
    await first.stop('SIGKILL');

    const second = await startServerProcess(env);
    try {
      const api2 = client(second.url, KEY);
      const batch = await waitFor(
        'the batch to complete',
        async () => {
          const b = (await api2.request('GET', `/v1/render-batches/${batchId}`)).body.batch;
          return b.status === 'completed' ? b : undefined;
        },
        { timeoutMs: 120_000, intervalMs: 200 },
      );
      assert.deepEqual(batch.counts, { queued: 0, rendering: 0, retry_scheduled: 0, succeeded: 30, failed: 0, canceled: 0 });
      const list = (await api2.request('GET', `/v1/render-batches/${batchId}/items?limit=100`)).body.items;
      assert.deepEqual(
        list.map((it: { index: number }) => it.index),
        items.map((_, i) => i),
      );
      const crashed = list.filter((it: { job: { attempt: number } }) => it.job.attempt > 0).length;
      assert.ok(crashed >= 1, 'the items rendering at the kill were retried');
      // Each item has its one output; the usage meter counted the batch once.
      for (const it of list) {
        const link = await api2.request('POST', `/v1/render-jobs/${it.job.id}/output-download`, { json: {} });
        assert.equal(link.status, 200, `item ${it.index}: ${JSON.stringify(link.body)}`);
      }
      const usage = (await api2.request('GET', '/v1/usage')).body;
      const renderJobs = usage.usageMeters.find((m: { code: string }) => m.code === 'render_jobs');
      assert.equal(renderJobs.totalQuantity, 30, 'the retried items were not counted again');
      // The zip holds every item exactly once, built after the restart.
      assert.equal(batch.product.state, 'ready', JSON.stringify(batch.product));
      const zip = Buffer.from(await (await fetch(batch.product.zip.access.url)).arrayBuffer());
      const zipFile = path.join(dataDir, 'batch.zip');
      fs.writeFileSync(zipFile, zip);
      const names = execFileSync('unzip', ['-Z1', zipFile], { encoding: 'utf8' }).trim().split('\n');
      assert.deepEqual(
        names,
        items.map((it) => `items-${it.businessKey}.pdf`),
      );
      // Stored item PDFs: exactly one per item. Whatever a killed render had written before its result was
      // recorded went when the restarted service recorded the crash.
      const stored = storedFiles(dataDir, 'outputs').filter((f) => f.endsWith('.pdf'));
      console.log(`# ${crashed} items retried after the kill; ${stored.length} item PDFs stored for 30 items`);
      assert.equal(stored.length, 30, stored.join(', '));
    } finally {
      await second.stop();
    }
  });
});
