// GET /metrics: Prometheus text from a real app that renders in real Chromium and delivers a webhook to a
// real receiver. The endpoint itself (a failing gauge read, 405, the token, the off switch) is
// test/integration/metrics-endpoint.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the exposition format's sample lines (enough for prom-client's output: no escaped quotes here). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)) labels[k] = v;
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

/** Sum of the samples called `name` whose labels include `labels`. */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((a, s) => a + s.value, 0);
}

describe('GET /metrics', () => {
  let app: TestApp;
  let receiver: Receiver;
  let deployId: string;
  let okVersionId: string;
  let failVersionId: string;

  before(async () => {
    app = await createTestApp({ env: { FOLIO_ALLOW_INSECURE_WEBHOOKS: '1' } });
    receiver = await startReceiver();
    const ok = await deployFiles(app, { createDeploy: { slug: 'metrics', name: 'Metrics' } }, [
      file('index.html', '<!doctype html><h1>metrics</h1>'),
    ]);
    deployId = ok.deployId;
    okVersionId = ok.version.id;
    const bad = await deployFiles(app, { deployId }, [
      file('index.html', '<!doctype html><script>window.folio.waitForReady = true; window.folio.fail("no customer in payload");</script>'),
    ]);
    failVersionId = bad.version.id;
    const s = await app.api('PATCH', `/v1/deploys/${deployId}/settings`, { webhook: { enabled: true, url: receiver.url } });
    assert.equal(s.status, 200, JSON.stringify(s.body));
  });
  after(async () => {
    await receiver.close();
    await app.close();
  });

  const scrape = async (headers: Record<string, string> = {}) => {
    const r = await app.server.inject({ method: 'GET', url: '/metrics', headers });
    assert.equal(r.statusCode, 200, r.body);
    assert.match(String(r.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    assert.equal(r.headers['cache-control'], 'no-store');
    return { text: r.body, samples: parse(r.body) };
  };

  test('queue gauge, render outcomes and durations, webhook attempts, HTTP by route pattern; no tenant ids', async () => {
    // The worker is not running yet: the job waits in the queue, and the gauge (read at scrape) shows it.
    const queued = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: okVersionId, payload: { n: 1 } });
    assert.equal(queued.status, 202, JSON.stringify(queued.body));
    let m = await scrape();
    assert.equal(value(m.samples, 'folio_render_jobs', { status: 'queued' }), 1);
    assert.equal(value(m.samples, 'folio_render_jobs', { status: 'rendering' }), 0);

    app.worker!.start();
    const done = await app.api('GET', `/v1/render-jobs/${queued.body.job.id}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'succeeded', JSON.stringify(done.body));
    const failed = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: failVersionId, payload: { n: 2 } });
    const failedDone = await app.api('GET', `/v1/render-jobs/${failed.body.job.id}?waitSeconds=30`);
    assert.equal(failedDone.body.job.status, 'failed', JSON.stringify(failedDone.body));
    assert.equal(failedDone.body.job.errorCode, 'render_failed');
    assert.equal(await app.dispatcher!.runOnce(), 2, 'one webhook event per terminal job');

    m = await scrape();
    const s = m.samples;
    assert.equal(value(s, 'folio_render_jobs', { status: 'queued' }), 0);
    assert.equal(value(s, 'folio_render_attempts_total', { outcome: 'succeeded' }), 1);
    assert.equal(value(s, 'folio_render_attempts_total', { outcome: 'failed', error_code: 'render_failed' }), 1);
    assert.equal(value(s, 'folio_render_duration_seconds_count'), 1, 'successful renders only');
    assert.ok(value(s, 'folio_render_duration_seconds_sum') > 0);
    assert.equal(value(s, 'folio_render_queue_wait_seconds_count'), 2);
    assert.equal(value(s, 'folio_renders_in_progress'), 0);
    assert.equal(value(s, 'folio_browser_launches_total'), 1);
    assert.equal(value(s, 'folio_webhook_attempts_total', { outcome: 'delivered' }), 2);
    assert.equal(value(s, 'folio_webhook_attempt_duration_seconds_count'), 2);

    // HTTP: labelled by route pattern, so every job's URL lands on one series.
    const longPolls = value(s, 'folio_http_request_duration_seconds_count', {
      method: 'GET',
      route: '/v1/render-jobs/:jobId',
      status_code: '200',
    });
    assert.equal(longPolls, 2);
    assert.equal(
      value(s, 'folio_http_request_duration_seconds_count', { method: 'POST', route: '/v1/render-jobs', status_code: '202' }),
      2,
    );
    await app.server.inject({ method: 'GET', url: '/no/such/path/123' });
    m = await scrape();
    assert.equal(value(m.samples, 'folio_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' }), 1);
    // Process metrics come with the scrape.
    assert.ok(value(m.samples, 'folio_process_resident_memory_bytes') > 0);

    for (const id of [app.accountId, deployId, okVersionId, queued.body.job.id, app.key])
      assert.ok(!m.text.includes(id), `${id} must not appear in /metrics`);
  });
});
