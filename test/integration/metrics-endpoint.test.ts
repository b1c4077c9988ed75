// GET /metrics as an endpoint, without rendering: a failing read of the queue or the webhook outbox leaves
// those gauges out of the scrape (counted in folio_render_jobs_read_errors_total or
// folio_webhook_events_read_errors_total) instead of failing it, other methods are 405, FOLIO_METRICS_TOKEN
// guards it with 401 in the uniform error body, and FOLIO_METRICS_ENABLED=false makes it an unknown path.
// The gauges read at scrape time follow the database and the app's clock: the oldest claimable job's age,
// the accounts waiting over 60 s (by whether they have a render running), the webhook events pending (due or
// waiting) and their oldest ages. The values of render, webhook and HTTP metrics are
// test/e2e/metrics.test.ts. SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { LookupAll } from '../../src/net/resolve-host.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

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

/** The value of the one sample `name` whose labels include `labels`. */
function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const found: number[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const has = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, v]));
    if (Object.entries(labels).every(([k, v]) => has[k] === v)) found.push(Number(m[3]));
  }
  assert.equal(found.length, 1, `one sample ${name} ${JSON.stringify(labels)}`);
  return found[0];
}

/** DNS for the webhook URL check at save time: every name is public. */
const publicLookup: LookupAll = async () => [{ address: '93.184.216.34', family: 4 }];

describe('GET /metrics', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp({ lookup: publicLookup });
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
    assert.equal(samples(m, 'folio_render_queue_oldest_age_seconds').length, 0);
    assert.equal(samples(m, 'folio_render_queue_accounts_waiting').length, 0);
    assert.equal(sum(samples(m, 'folio_render_jobs_read_errors_total')), 1, 'one failed read per scrape');
    assert.equal(samples(m, 'folio_webhook_events_pending').length, 2, 'the outbox was read');
    assert.ok(sum(samples(m, 'folio_process_resident_memory_bytes')) > 0, 'the rest of the scrape is there');
    m = await scrape();
    assert.equal(samples(m, 'folio_render_jobs').length, 3, 'back once the read works');
    assert.equal(samples(m, 'folio_render_queue_oldest_age_seconds').length, 1);
    assert.equal(samples(m, 'folio_render_queue_accounts_waiting').length, 2);

    await sql`alter table webhook_events rename to webhook_events_away`.execute(app.services.ctx.db);
    try {
      m = await scrape();
    } finally {
      await sql`alter table webhook_events_away rename to webhook_events`.execute(app.services.ctx.db);
    }
    for (const name of ['folio_webhook_events_pending', 'folio_webhook_oldest_pending_age_seconds', 'folio_webhook_oldest_due_age_seconds'])
      assert.equal(samples(m, name).length, 0, name);
    assert.equal(sum(samples(m, 'folio_webhook_events_read_errors_total')), 1);
    assert.equal(samples(m, 'folio_render_jobs').length, 3, 'the queue was read');

    const post = await app.server.inject({ method: 'POST', url: '/metrics' });
    assert.equal(post.statusCode, 405);
    assert.equal(post.json().error, 'method_not_allowed');
  });

  test('the queue waits and the webhook backlog follow the database and the clock', async () => {
    const ctx = app.services.ctx;
    const deploy = await deployFiles(app, { createDeploy: { slug: 'waits', name: 'Waits' } }, [file('index.html', '<p>x</p>')]);
    assert.equal(deploy.status, 201, JSON.stringify(deploy.body));
    const create = async () => {
      const r = await app.api('POST', '/v1/render-jobs', { deployId: deploy.deployId, deployVersionId: 'latest' });
      assert.equal(r.status, 202, JSON.stringify(r.body));
      return r.body.job.id as string;
    };
    const waits = async () => {
      const m = await scrape();
      return {
        oldest: sampleOf(m, 'folio_render_queue_oldest_age_seconds'),
        none: sampleOf(m, 'folio_render_queue_accounts_waiting', { running: 'none' }),
        some: sampleOf(m, 'folio_render_queue_accounts_waiting', { running: 'some' }),
      };
    };
    assert.deepEqual(await waits(), { oldest: 0, none: 0, some: 0 }, 'nothing waits');
    const first = await create();
    app.clock.advance(61_000);
    assert.deepEqual(await waits(), { oldest: 61, none: 1, some: 0 }, 'its account waits with nothing of it running');
    // A second job of the account, leased as a worker leases it: the account now waits behind its own render.
    const second = await create();
    const now = app.clock.now();
    await ctx.db
      .updateTable('render_jobs')
      .set({ status: 'rendering', lease_owner: 'wrk_test', lease_expires_at: now + 60_000, started_at: now, updated_at: now })
      .where('id', '=', second)
      .execute();
    assert.deepEqual(await waits(), { oldest: 61, none: 0, some: 1 });
    // A retry not yet due is not claimable: it neither ages the queue nor makes its account wait.
    await ctx.db
      .updateTable('render_jobs')
      .set({ status: 'retry_scheduled', available_at: now + 30_000, updated_at: now })
      .where('id', '=', first)
      .execute();
    assert.deepEqual(await waits(), { oldest: 0, none: 0, some: 0 });
    app.clock.advance(40_000);
    assert.deepEqual(await waits(), { oldest: 10, none: 0, some: 0 }, 'due for 10 s: claimable, not yet 60 s');

    // The webhook outbox: the second job ends failed with its deploy's webhook on, as the job outcome writes it.
    const settings = await app.api('PATCH', `/v1/deploys/${deploy.deployId}/settings`, {
      webhook: { enabled: true, url: 'https://hooks.example.com/folio' },
    });
    assert.equal(settings.status, 200, JSON.stringify(settings.body));
    const backlog = async () => {
      const m = await scrape();
      return {
        due: sampleOf(m, 'folio_webhook_events_pending', { state: 'due' }),
        waiting: sampleOf(m, 'folio_webhook_events_pending', { state: 'waiting' }),
        oldest: sampleOf(m, 'folio_webhook_oldest_pending_age_seconds'),
        oldestDue: sampleOf(m, 'folio_webhook_oldest_due_age_seconds'),
      };
    };
    assert.deepEqual(await backlog(), { due: 0, waiting: 0, oldest: 0, oldestDue: 0 });
    const ended = app.clock.now();
    await ctx.db.transaction().execute(async (trx) => {
      const job = await trx
        .updateTable('render_jobs')
        .set({ status: 'failed', finished_at: ended, updated_at: ended, lease_owner: null, lease_expires_at: null })
        .where('id', '=', second)
        .returningAll()
        .executeTakeFirstOrThrow();
      assert.equal(await app.services.webhooks.recordTerminal(trx, job), true);
    });
    app.clock.advance(20_000);
    assert.deepEqual(await backlog(), { due: 1, waiting: 0, oldest: 20, oldestDue: 20 }, 'due for 20 s');
    // Its first attempt failed and the next is scheduled in 15 s: waiting, no longer due.
    await ctx.db
      .updateTable('webhook_events')
      .set({ attempts: 1, next_attempt_at: app.clock.now() + 15_000, updated_at: app.clock.now() })
      .where('job_id', '=', second)
      .execute();
    assert.deepEqual(await backlog(), { due: 0, waiting: 1, oldest: 20, oldestDue: 0 });
    app.clock.advance(25_000);
    assert.deepEqual(await backlog(), { due: 1, waiting: 0, oldest: 45, oldestDue: 10 });
    await ctx.db.updateTable('webhook_events').set({ status: 'delivered' }).where('job_id', '=', second).execute();
    assert.deepEqual(await backlog(), { due: 0, waiting: 0, oldest: 0, oldestDue: 0 }, 'delivered: no longer pending');
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
