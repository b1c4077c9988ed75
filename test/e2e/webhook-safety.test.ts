// Webhook URL policy outside insecure mode at send time (DNS rebinding after the save), and the outbox
// surviving a stop between a job's terminal state and the first attempt. The policy at save time is in
// test/integration/deploys.test.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LookupAll } from '../../src/net/resolve-host.js';
import path from 'node:path';
import { createTestApp, tempDir } from '../helpers/app.js';
import { createPgDatabase, engine } from '../helpers/engine.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

const page = file('index.html', '<!doctype html><h1>hook</h1>');

describe('webhook safety', () => {
  test('send time: a name that rebinds to 127.0.0.1 after saving is refused and nothing connects', async () => {
    const receiver = await startReceiver();
    let answer = '93.184.216.34';
    const lookup: LookupAll = async () => [{ address: answer, family: 4 }];
    const app = await createTestApp({ lookup });
    try {
      app.worker!.start();
      const v = await deployFiles(app, { createDeploy: { slug: 'rebind', name: 'Rebind' } }, [page]);
      const port = new URL(receiver.url).port;
      const saved = await app.api('PATCH', `/v1/deploys/${v.deployId}/settings`, {
        webhook: { enabled: true, url: `https://rebind.example:${port}/hook` },
      });
      assert.equal(saved.status, 200, 'public at save time');
      answer = '127.0.0.1'; // the DNS answer changes after the check
      const job = await app.api('POST', '/v1/render-jobs', { deployId: v.deployId, deployVersionId: 'latest' });
      assert.equal((await app.api('GET', `/v1/render-jobs/${job.body.job.id}?waitSeconds=30`)).body.job.status, 'succeeded');
      await app.dispatcher!.runOnce();
      const log = (await app.api('GET', `/v1/render-jobs/${job.body.job.id}/webhook-deliveries`)).body;
      assert.equal(log.event.status, 'failed');
      assert.match(log.items[0].error, /^blocked: refused/);
      assert.equal(receiver.received.length, 0, 'the receiver on 127.0.0.1 was never reached');
    } finally {
      await app.close();
      await receiver.close();
    }
  });

  test('a stop between the terminal state and the first attempt loses nothing: the restarted service delivers', async () => {
    const receiver = await startReceiver();
    const dataDir = tempDir();
    // A restart of the same service: on PostgreSQL the same database and blob store for both starts (the
    // helper would give each app a database of its own, dropped at close).
    const pgDb = engine === 'postgres' ? await createPgDatabase() : null;
    const env: Record<string, string> = {
      FOLIO_ALLOW_INSECURE_WEBHOOKS: '1',
      ...(pgDb ? { FOLIO_DATABASE_URL: pgDb.url, FOLIO_STORAGE_URL: `file:${path.join(dataDir, 'blobs')}` } : {}),
    };
    const first = await createTestApp({ env, dataDir, keepDataDir: true });
    let jobId: string;
    try {
      first.worker!.start(); // renders, but no dispatcher runs in this "process"
      const v = await deployFiles(first, { createDeploy: { slug: 'outbox', name: 'Outbox' } }, [page]);
      await first.api('PATCH', `/v1/deploys/${v.deployId}/settings`, { webhook: { enabled: true, url: receiver.url } });
      const job = await first.api('POST', '/v1/render-jobs', { deployId: v.deployId, deployVersionId: 'latest' });
      jobId = job.body.job.id;
      assert.equal((await first.api('GET', `/v1/render-jobs/${jobId}?waitSeconds=30`)).body.job.status, 'succeeded');
    } finally {
      await first.close();
    }
    assert.equal(receiver.received.length, 0);
    const second = await createTestApp({ env, dataDir });
    try {
      assert.equal(await second.dispatcher!.runOnce(), 1);
      assert.equal(receiver.received.length, 1);
      assert.equal(receiver.received[0].body.id, `evt_render_job_terminated_${jobId}`);
    } finally {
      await second.close();
      await receiver.close();
      await pgDb?.drop();
    }
  });
});
