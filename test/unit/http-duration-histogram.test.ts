// The hand-rolled per-request histogram must expose exactly what prom-client's Histogram would, so that
// dashboards and alerts built on folio_http_request_duration_seconds cannot tell the difference.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Histogram, Registry } from 'prom-client';
import { HttpDurationHistogram } from '../../src/observability/http-duration-histogram.js';

test('same text exposition as prom-client for the same observations, bucket edges and overflow included', async () => {
  const bounds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
  const reference = new Registry();
  const ours = new Registry();
  const theirs = new Histogram({
    name: 'folio_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, with their duration (from request start to response sent).',
    labelNames: ['method', 'route', 'status_code'],
    buckets: bounds,
    registers: [reference],
  });
  const mine = new HttpDurationHistogram(bounds);
  ours.registerMetric(mine as never);
  // Values on the bucket edges (le is inclusive), between them, above the last bound and zero.
  const values = [0, 0.001, 0.0010001, 0.0025, 0.003, 0.7, 30, 30.5, 1e6, 0.0004];
  let n = 0;
  for (const method of ['GET', 'POST']) {
    for (const [route, status] of [['/v1/deploys/:deployId', 200], ['/v1/render-jobs', 202], ['unmatched', 404]] as const) {
      for (const v of values) {
        for (let k = 0; k <= n % 3; k++) {
          theirs.observe({ method, route, status_code: String(status) }, v);
          mine.observe(method, route, status, v);
        }
        n++;
      }
    }
  }
  assert.equal(await ours.metrics(), await reference.metrics());
  mine.reset();
  theirs.reset();
  assert.equal(await ours.metrics(), await reference.metrics());
});
