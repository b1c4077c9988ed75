// kill -9 of the whole service mid-render: after a restart the job completes exactly once, one output.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { tempDir } from '../helpers/app.js';
import { descriptors, entries, file, sha256 } from '../helpers/bundle.js';
import { client } from '../helpers/http-client.js';
import { startServerProcess } from '../helpers/server-process.js';
import { waitFor } from '../helpers/wait.js';

const KEY = 'folio_sk_crash00000000000000000000000000000000001';
const slowPage = file(
  'index.html',
  `<!doctype html><body><h1 id="t">slow</h1><script>
    window.folio.waitForReady = true;
    fetch(window.folio.payloadUrl).then(r => r.json()).then(p => {
      document.getElementById('t').textContent = 'Done ' + p.n;
      setTimeout(() => window.folio.ready(), 2500);
    });
  </script></body>`,
);

// A render and a restarted process take seconds; ask every 100 ms for up to a minute.
const JOB_WAIT = { timeoutMs: 60_000, intervalMs: 100 };

describe('worker crash', () => {
  test('kill -9 mid-render → after restart the job succeeds exactly once with one output', async () => {
    const dataDir = tempDir();
    const env = {
      FOLIO_DATA_DIR: dataDir,
      FOLIO_BOOTSTRAP_API_KEY: KEY,
      FOLIO_WORKER_LEASE_MS: '2000',
      FOLIO_JANITOR_INTERVAL_MS: '300',
      FOLIO_WORKER_POLL_MS: '200',
    };
    const first = await startServerProcess(env);
    const api = client(first.url, KEY);
    const s = await api.request('POST', '/v1/upload-sessions', {
      json: { createDeploy: { slug: 'slow', name: 'Slow' }, files: descriptors([slowPage]) },
    });
    const tok = { 'x-upload-token': s.body.uploadToken };
    await api.request('PUT', `/v1/upload-sessions/${s.body.uploadSession.id}/blobs/${sha256(slowPage.content)}`, {
      body: slowPage.content,
      headers: tok,
    });
    const c = await api.request('POST', `/v1/upload-sessions/${s.body.uploadSession.id}/commit`, {
      json: { entries: entries([slowPage]), render: { route: '/', title: 'Slow' } },
      headers: tok,
    });
    assert.equal(c.status, 201);
    const job = await api.request('POST', '/v1/render-jobs', {
      json: { deployId: c.body.deployVersion.deployId, deployVersionId: 'latest', payload: { n: 42 } },
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
      const outputs = fs.readdirSync(path.join(dataDir, 'blobs', 'outputs'));
      assert.equal(outputs.length, 1, `exactly one stored output: ${outputs.join(', ')}`);
      const list = await api2.request('GET', '/v1/render-jobs');
      assert.equal(list.body.items.filter((j: { id: string }) => j.id === jobId).length, 1);
    } finally {
      await second.stop();
    }
  });
});
