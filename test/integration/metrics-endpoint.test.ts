// GET /metrics as an endpoint, without rendering: a failing read of the queue gauge leaves that gauge out of
// the scrape (counted in folio_render_jobs_read_errors_total) instead of failing it, other methods are 405,
// FOLIO_METRICS_TOKEN guards it with 401 in the uniform error body, and FOLIO_METRICS_ENABLED=false makes it
// an unknown path. The values of render, webhook and HTTP metrics are test/e2e/metrics.test.ts.
// SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** Sample lines of the exposition format called `name` (no labels parsed: counts and sums are enough here). */
function samples(text: string, name: string): number[] {
  const values: number[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{.*\})? (\S+)$/.exec(line);
    if (m && m[1] === name) values.push(Number(m[2]));
  }
  return values;
}
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('GET /metrics', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  const scrape = async () => {
    const r = await app.server.inject({ method: 'GET', url: '/metrics' });
    assert.equal(r.statusCode, 200, r.body);
    assert.match(String(r.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    assert.equal(r.headers['cache-control'], 'no-store');
    return r.body;
  };

  test('a failing queue read leaves that gauge out of the scrape instead of failing it; other methods get 405', async () => {
    // A real failure of the database read: the table is away for a moment.
    await sql`alter table render_jobs rename to render_jobs_away`.execute(app.services.ctx.db);
    let m;
    try {
      m = await scrape();
    } finally {
      await sql`alter table render_jobs_away rename to render_jobs`.execute(app.services.ctx.db);
    }
    assert.equal(samples(m, 'folio_render_jobs').length, 0);
    assert.equal(sum(samples(m, 'folio_render_jobs_read_errors_total')), 1);
    assert.ok(sum(samples(m, 'folio_process_resident_memory_bytes')) > 0, 'the rest of the scrape is there');
    m = await scrape();
    assert.equal(samples(m, 'folio_render_jobs').length, 3, 'back once the read works');

    const post = await app.server.inject({ method: 'POST', url: '/metrics' });
    assert.equal(post.statusCode, 405);
    assert.equal(post.json().error, 'method_not_allowed');
  });

  test('FOLIO_METRICS_TOKEN: 401 with the uniform error body unless the bearer token matches', async () => {
    const guarded = await createTestApp({ env: { FOLIO_METRICS_TOKEN: 'metrics-token-0123456789' } });
    try {
      for (const authorization of [undefined, 'Bearer wrong', `Bearer ${guarded.key}`, 'metrics-token-0123456789']) {
        const r = await guarded.server.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
        assert.equal(r.statusCode, 401, String(authorization));
        assert.equal(r.json().error, 'unauthorized');
        assert.ok(!r.body.includes('metrics-token-0123456789'));
      }
      const r = await guarded.server.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-0123456789' },
      });
      assert.equal(r.statusCode, 200);
      assert.match(r.body, /^# HELP folio_/m);
    } finally {
      await guarded.close();
    }
  });

  test('FOLIO_METRICS_ENABLED=false: /metrics is an unknown path', async () => {
    const off = await createTestApp({ env: { FOLIO_METRICS_ENABLED: 'false' } });
    try {
      const r = await off.server.inject({ method: 'GET', url: '/metrics' });
      assert.equal(r.statusCode, 404);
      assert.equal(r.json().error, 'route_not_found');
    } finally {
      await off.close();
    }
  });
});
