// The per-key token bucket (src/http/plugins/rate-limit.ts) through a real app: a key starts with `burst`
// tokens, each request takes one, tokens come back at `perSecond`, and the RateLimit headers report the
// bucket. The limiter reads the injected clock (the test app's ManualClock), so time moves only when a
// test advances it and every number is exact.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyReply } from 'fastify';
import { RateLimiter, type AccountPlans } from '../../src/http/plugins/rate-limit.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

const RATE = 1;
const BURST = 5;

describe('per-key rate limit: token bucket arithmetic', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp({ env: { FOLIO_RATE_LIMIT_PER_SECOND: String(RATE), FOLIO_RATE_LIMIT_BURST: String(BURST) } });
  });
  after(() => app.close());

  const get = (key: string) => app.server.inject({ method: 'GET', url: '/v1/deploys', headers: { authorization: `Bearer ${key}` } });

  test('a full bucket admits `burst` requests, counting down; the next is refused for ceil((1 - tokens) / rate) s', async () => {
    const { key } = await app.services.apiKeys.create({ accountId: app.accountId });
    for (let k = 1; k <= BURST; k++) {
      const r = await get(key);
      assert.equal(r.statusCode, 200, `request ${k} of the burst`);
      assert.equal(r.headers['ratelimit-limit'], String(BURST));
      assert.equal(r.headers['ratelimit-remaining'], String(BURST - k), `request ${k}`);
      // Seconds until the bucket is full again: the k tokens taken, at 1 token/s.
      assert.equal(r.headers['ratelimit-reset'], String(k), `request ${k}`);
    }
    const refused = await get(key);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().error, 'rate_limited');
    assert.equal(refused.headers['ratelimit-remaining'], '0');
    assert.equal(
      refused.headers['retry-after'],
      String(Math.ceil(1 / RATE)),
      'at 1 request/s, an empty bucket has its next token 1 s away',
    );
    assert.equal(refused.headers['ratelimit-reset'], refused.headers['retry-after']);
  });

  test('refused requests take nothing; tokens come back at the configured rate, up to the burst', async () => {
    const { key } = await app.services.apiKeys.create({ accountId: app.accountId });
    for (let k = 0; k < BURST; k++) assert.equal((await get(key)).statusCode, 200);
    // Refusals while empty do not push the refill back.
    for (let k = 0; k < 3; k++) assert.equal((await get(key)).statusCode, 429);
    // 2.5 s at 1 token/s is 2 whole tokens (and half of the next).
    app.clock.advance(2_500);
    const statuses: number[] = [];
    for (let k = 0; k < 5; k++) statuses.push((await get(key)).statusCode);
    assert.deepEqual(statuses, [200, 200, 429, 429, 429], 'two admitted, then refused');
    // The half token left over counts: another 0.5 s makes it whole.
    app.clock.advance(500);
    assert.equal((await get(key)).statusCode, 200);
    assert.equal((await get(key)).statusCode, 429);
    // A long pause fills the bucket to the burst, not beyond.
    app.clock.advance(60_000);
    const full = await get(key);
    assert.equal(full.headers['ratelimit-remaining'], String(BURST - 1));
  });

  test('a clock set back refills nothing and takes nothing', async () => {
    const { key } = await app.services.apiKeys.create({ accountId: app.accountId });
    assert.equal((await get(key)).headers['ratelimit-remaining'], String(BURST - 1));
    const now = app.clock.now();
    app.clock.set(now - 3_600_000);
    assert.equal((await get(key)).headers['ratelimit-remaining'], String(BURST - 2), 'one token taken, none lost to the hour back');
    app.clock.set(now);
    // Back to the present: an hour "passed" since the last request, so the bucket is full again.
    assert.equal((await get(key)).headers['ratelimit-remaining'], String(BURST - 1));
  });

  test('each key has its own bucket; a plan with its own rateLimit sets burst and rate', async () => {
    const emptied = await app.services.apiKeys.create({ accountId: app.accountId });
    for (let k = 0; k < BURST; k++) await get(emptied.key);
    assert.equal((await get(emptied.key)).statusCode, 429);
    const other = await app.services.apiKeys.create({ accountId: app.accountId });
    const r = await get(other.key);
    assert.equal(r.statusCode, 200, 'another key of the same account is untouched');
    assert.equal(r.headers['ratelimit-remaining'], String(BURST - 1));
    // The free plan carries its own limit (10/s, burst 20), which wins over the server-wide setting.
    const free = await app.services.accounts.create({ name: 'free plan', plan: 'free' });
    const first = await get(free.apiKey);
    assert.equal(first.headers['ratelimit-limit'], '20');
    assert.equal(first.headers['ratelimit-remaining'], '19');
    assert.equal(first.headers['ratelimit-reset'], '1', 'one token at 10/s is 0.1 s away, rounded up');
  });

  test('the plan comes from the Accounts service, cached until a plan change drops it', async () => {
    const asked: string[] = [];
    let gate: Promise<void> | null = null;
    const accounts: AccountPlans = {
      planKeyOf: async (accountId) => {
        asked.push(accountId);
        await gate;
        return app.services.accounts.planKeyOf(accountId);
      },
    };
    const limiter = new RateLimiter(app.services.ctx, accounts);
    const headers = new Map<string, string>();
    const reply = { header: (k: string, v: string) => headers.set(k, v) } as unknown as FastifyReply;
    const free = await app.services.accounts.create({ name: 'plan source', plan: 'free' });
    // A key of its own per request: this test is about the plan, not about emptying a bucket.
    let n = 0;
    const check = () => limiter.check({ accountId: free.accountId, keyId: `key_plan_source_${n++}`, scopes: ['all'] }, reply);

    await check();
    assert.deepEqual(asked, [free.accountId], 'a miss asks the service');
    assert.equal(headers.get('ratelimit-limit'), '20', "the free plan's own limit");
    assert.equal(check(), undefined, 'a cached plan answers synchronously');
    assert.equal(asked.length, 1);

    await app.services.accounts.setPlan(free.accountId, 'unlimited');
    limiter.forgetPlan(free.accountId);
    await check();
    assert.equal(asked.length, 2, 'a plan change drops the cached plan');
    assert.equal(headers.get('ratelimit-limit'), String(BURST), 'unlimited has no rateLimit of its own: the server-wide one');

    // A plan change heard while a load is running: that load's answer is used once but not cached.
    limiter.forgetPlan(free.accountId);
    let open!: () => void;
    gate = new Promise((r) => (open = r));
    const racing = check();
    limiter.forgetPlan(free.accountId);
    open();
    await racing;
    gate = null;
    await check();
    assert.equal(asked.length, 4, 'the raced load was not cached');
    assert.equal(check(), undefined, 'the next load is');

    assert.equal(await app.services.accounts.planKeyOf('acct_missing'), undefined, 'no account, no plan');
  });
});
