// Races decided by the database: concurrent requests over real HTTP connections to a listening server.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { descriptors, sampleBundle } from '../helpers/bundle.js';
import { client, type Client } from '../helpers/http-client.js';

describe('concurrency', () => {
  let app: TestApp;
  let api: Client;

  before(async () => {
    app = await createTestApp();
    const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
    api = client(address, app.key);
  });
  after(() => app.close());

  test('50 concurrent upload-session creations with one Idempotency-Key create exactly one session', async () => {
    const body = { createDeploy: { slug: 'idem', name: 'Idem' }, files: descriptors(sampleBundle()) };
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.request('POST', '/v1/upload-sessions', { json: body, headers: { 'idempotency-key': 'same-key-1' } }),
      ),
    );
    const ok = results.filter((r) => r.status === 201);
    assert.ok(ok.length >= 1);
    for (const r of results)
      assert.ok(
        r.status === 201 || (r.status === 409 && r.body.error === 'idempotency_key_in_use'),
        `${r.status} ${JSON.stringify(r.body)}`,
      );
    assert.equal(new Set(ok.map((r) => r.body.uploadSession.id)).size, 1, 'every success names the same session');
    const sessions = await app.services.ctx.db.selectFrom('upload_sessions').select('id').execute();
    assert.equal(sessions.length, 1);
    const deploys = await app.services.ctx.db.selectFrom('deploys').select('id').where('slug', '=', 'idem').execute();
    assert.equal(deploys.length, 1);
    assert.equal(ok.filter((r) => r.headers.get('idempotent-replayed') === 'true').length, ok.length - 1);

    // Same key, different body → conflict; the original is still replayed for the original body.
    const conflict = await api.request('POST', '/v1/upload-sessions', {
      json: { ...body, files: [] },
      headers: { 'idempotency-key': 'same-key-1' },
    });
    assert.equal(conflict.status, 409);
    assert.equal(conflict.body.error, 'idempotency_key_conflict');
    const replay = await api.request('POST', '/v1/upload-sessions', { json: body, headers: { 'idempotency-key': 'same-key-1' } });
    assert.equal(replay.status, 201);
    assert.equal(replay.body.uploadSession.id, ok[0].body.uploadSession.id);

    // Every answer carries the same working token, yet the token is not stored with the saved response.
    assert.equal(new Set([...ok, replay].map((r) => r.body.uploadToken)).size, 1);
    const token = replay.body.uploadToken as string;
    assert.match(token, /^folio_ut_/);
    const missing = await api.request('POST', `/v1/upload-sessions/${replay.body.uploadSession.id}/missing-blobs`, {
      json: { files: descriptors(sampleBundle()) },
      headers: { 'x-upload-token': token },
    });
    assert.equal(missing.status, 200, JSON.stringify(missing.body));
    const stored = await app.services.ctx.db.selectFrom('idempotency_keys').selectAll().execute();
    assert.ok(stored.length >= 1);
    for (const row of stored) assert.ok(!JSON.stringify(row).includes(token), 'the upload token rests in the idempotency store');
  });

  test('an Idempotency-Key is forgotten after 24 h', async () => {
    const body = { createDeploy: { slug: 'idem-ttl', name: 'TTL' }, files: [] };
    const first = await api.request('POST', '/v1/upload-sessions', { json: body, headers: { 'idempotency-key': 'ttl-key' } });
    assert.equal(first.status, 201);
    app.clock.advance(24 * 3600_000 + 1);
    const later = await api.request('POST', '/v1/upload-sessions', { json: body, headers: { 'idempotency-key': 'ttl-key' } });
    assert.equal(later.status, 409, 'runs again: the inline deploy slug now exists');
    assert.equal(later.body.error, 'deploy_slug_conflict');
  });

  test('a failed request stores nothing: the same key can be retried', async () => {
    const bad = { deployId: 'dep_doesnotexist', files: [] };
    const r1 = await api.request('POST', '/v1/upload-sessions', { json: bad, headers: { 'idempotency-key': 'retry-me' } });
    assert.equal(r1.status, 404);
    const r2 = await api.request('POST', '/v1/upload-sessions', { json: bad, headers: { 'idempotency-key': 'retry-me' } });
    assert.equal(r2.status, 404);
    assert.equal(r2.headers.get('idempotent-replayed'), null);
  });

  test('20 concurrent deploy creations with one slug → exactly one 201, the rest 409 deploy_slug_conflict', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.request('POST', '/v1/deploys', { json: { slug: 'race', name: `Race ${i}` } })),
    );
    assert.equal(results.filter((r) => r.status === 201).length, 1);
    const conflicts = results.filter((r) => r.status === 409);
    assert.equal(conflicts.length, 19);
    for (const c of conflicts) assert.equal(c.body.error, 'deploy_slug_conflict');
  });
});
