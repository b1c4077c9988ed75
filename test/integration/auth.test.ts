import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('authentication, scopes and rate limits', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  const get = (url: string, authorization?: string) =>
    app.server
      .inject({ method: 'GET', url, headers: authorization === undefined ? {} : { authorization } })
      .then((r) => ({ status: r.statusCode, body: r.json(), headers: r.headers }));

  test('missing, malformed, unknown and revoked keys → 401 unauthorized', async () => {
    for (const auth of [
      undefined,
      'Basic abc',
      'Bearer',
      'Bearer folio_sk_short',
      `Bearer folio_sk_${'x'.repeat(40)}`,
      `Bearer ${app.key}x`,
    ]) {
      const r = await get('/v1/deploys', auth);
      assert.equal(r.status, 401, String(auth));
      assert.equal(r.body.error, 'unauthorized');
    }
    const k = await app.services.apiKeys.create({ accountId: app.accountId });
    assert.equal((await get('/v1/deploys', `Bearer ${k.key}`)).status, 200);
    await app.services.apiKeys.revoke(k.id);
    assert.equal((await get('/v1/deploys', `Bearer ${k.key}`)).status, 401, 'revocation is immediate despite the key cache');
  });

  test('bootstrap is created once; the configured key works', async () => {
    const again = await app.services.accounts.ensureBootstrap();
    assert.equal(again.created, false);
    assert.equal(again.accountId, app.accountId);
    const keys = await app.services.apiKeys.list(app.accountId);
    assert.equal(keys.filter((k) => k.name === 'bootstrap').length, 1);
    assert.equal(keys.find((k) => k.name === 'bootstrap')!.last4, app.key.slice(-4));
    const stored = await app.services.ctx.db.selectFrom('api_keys').select('key_hash').execute();
    assert.ok(
      stored.every((r) => /^[0-9a-f]{64}$/.test(r.key_hash)),
      'only SHA-256 digests at rest',
    );
  });

  test('a key without the scope → 403 forbidden; with it → allowed', async () => {
    const readOnly = await app.services.apiKeys.create({ accountId: app.accountId, scopes: ['deploys:read'] });
    const auth = { authorization: `Bearer ${readOnly.key}` };
    assert.equal((await get('/v1/deploys', auth.authorization)).status, 200);
    const write = await app.api('POST', '/v1/deploys', { slug: 'nope', name: 'Nope' }, auth);
    assert.equal(write.status, 403);
    assert.equal(write.body.error, 'forbidden');
    assert.equal((await get('/v1/usage', auth.authorization)).status, 403);
  });

  test('rate limit per key: 429 rate_limited with Retry-After and RateLimit headers', async () => {
    const limited = await createTestApp({ env: { FOLIO_RATE_LIMIT_PER_SECOND: '5', FOLIO_RATE_LIMIT_BURST: '10' } });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 15; i++) {
        last = await limited.server.inject({ method: 'GET', url: '/v1/deploys', headers: { authorization: `Bearer ${limited.key}` } });
        statuses.push(last.statusCode);
      }
      assert.equal(statuses.filter((s) => s === 200).length >= 10, true);
      assert.ok(statuses.includes(429));
      const blocked = await limited.server.inject({
        method: 'GET',
        url: '/v1/deploys',
        headers: { authorization: `Bearer ${limited.key}` },
      });
      assert.equal(blocked.statusCode, 429);
      assert.equal(blocked.json().error, 'rate_limited');
      assert.ok(Number(blocked.headers['retry-after']) >= 1);
      assert.equal(blocked.headers['ratelimit-limit'], '10');
      assert.equal(blocked.headers['ratelimit-remaining'], '0');
      // Another key of the same account has its own bucket.
      const k2 = await limited.services.apiKeys.create({ accountId: limited.accountId });
      const other = await limited.server.inject({ method: 'GET', url: '/v1/deploys', headers: { authorization: `Bearer ${k2.key}` } });
      assert.equal(other.statusCode, 200);
    } finally {
      await limited.close();
    }
  });

  test('health, readiness and the OpenAPI document need no key', async () => {
    assert.equal((await get('/healthz')).status, 200);
    const ready = await get('/readyz');
    assert.equal(ready.status, 200);
    assert.deepEqual(ready.body.checks, { database: 'ok', storage: 'ok', chromium: 'ok' });
    assert.match(ready.body.details.chromiumSandbox, /^on\b/, 'readiness reports that Chromium keeps its sandbox');
    const doc = await get('/v1/openapi.json');
    assert.equal(doc.status, 200);
    assert.equal(doc.body.openapi, '3.1.0');
    assert.ok(doc.body.paths['/v1/upload-sessions/{uploadSessionId}/commit']);
    const docs = await app.server.inject({ method: 'GET', url: '/docs/' });
    assert.equal(docs.statusCode, 200);
    assert.match(docs.headers['content-type'] as string, /text\/html/);
  });
});
