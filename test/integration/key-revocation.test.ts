// API key revocation across processes: on PostgreSQL every process caches verified keys for
// FOLIO_AUTH_CACHE_TTL_MS, and a revocation must still take effect everywhere at once (NOTIFY). Here the TTL
// is an hour and the auth-change counter poll is stopped: a refusal can only come from the broadcast.
// Two app instances on one database stand for two `folio api` processes. The in-process path (revoke,
// same instance refuses at once) is covered by auth.test.ts on both engines.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { createPgDatabase, engine } from '../helpers/engine.js';
import { FOLIO_BIN } from '../helpers/server-process.js';
import { waitFor } from '../helpers/wait.js';

const run = promisify(execFile);
const skip = engine !== 'postgres' && 'PostgreSQL only (FOLIO_TEST_ENGINE=postgres): one SQLite process has no peers to tell';

describe('API key revocation reaches every process', { skip }, () => {
  let db: { url: string; drop(): Promise<void> };
  let env: Record<string, string>;
  let a: TestApp;
  let b: TestApp;

  before(async () => {
    db = await createPgDatabase();
    const dir = tempDir();
    // What must be identical across scale-out processes (docs/operations.md); file blobs are enough here.
    env = {
      FOLIO_DATABASE_URL: db.url,
      FOLIO_STORAGE_URL: `file:${path.join(dir, 'blobs')}`,
      FOLIO_SIGNING_KEY: 'test-signing-key-0123456789abcdef0123456789',
      FOLIO_SECRETS_KEY: 'test-secrets-key-0123456789abcdef0123456789',
      // Without the broadcast, B keeps accepting a revoked key for the whole TTL: longer than any wait here.
      FOLIO_AUTH_CACHE_TTL_MS: '3600000',
    };
    a = await createTestApp({ env });
    b = await createTestApp({ env });
    // This file is about the NOTIFY path and its repair after a reconnect. The auth-change counter poll
    // (auth-changes.test.ts) would also drop B's cache, at a moment of its own: a poll that noticed the
    // previous test's revocation could empty the cache the reconnect test has just filled. Stopped here
    // (after the start that readiness gives it) so that what is seen is the broadcast alone.
    for (const app of [a, b]) {
      await app.server.ready();
      await app.services.authChanges.stop();
    }
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  const statusOn = async (app: TestApp, key: string) =>
    (await app.api('GET', '/v1/deploys', undefined, { authorization: `Bearer ${key}` })).status;

  /** Asks until the answer is `want` (then returns it); fails naming the last answer otherwise. */
  async function statusComes(app: TestApp, key: string, want: number): Promise<number> {
    let status = 0;
    return waitFor(
      () => `status ${want} (still ${status})`,
      async () => ((status = await statusOn(app, key)) === want ? status : undefined),
    );
  }

  /** A new key, verified once by B so that B has it cached. */
  async function keyCachedByB(name: string): Promise<{ id: string; key: string }> {
    const created = await a.api('POST', '/v1/api-keys', { name });
    assert.equal(created.status, 201);
    assert.equal(await statusOn(b, created.body.key), 200);
    return { id: created.body.apiKey.id, key: created.body.key };
  }

  test('a key revoked through instance A is refused by instance B at once', async () => {
    const k = await keyCachedByB('revoked via A');
    assert.equal((await a.api('DELETE', `/v1/api-keys/${k.id}`)).status, 204);
    assert.equal(await statusOn(a, k.key), 401, 'the revoking instance refuses at once');
    assert.equal(await statusComes(b, k.key, 401), 401, 'the other instance refuses, not after its cache expires');
    assert.equal(await statusOn(b, a.key), 200, 'other keys are unaffected');
  });

  test('folio keys revoke (its own short-lived process) reaches the running instances', async () => {
    const k = await keyCachedByB('revoked via the CLI');
    const r = await run(FOLIO_BIN, ['keys', 'revoke', k.id], {
      env: { ...process.env, ...env, FOLIO_DATA_DIR: tempDir(), FOLIO_LOG_LEVEL: 'silent' },
    });
    assert.match(r.stdout, new RegExp(`revoked ${k.id}`));
    assert.equal(await statusComes(b, k.key, 401), 401);
    assert.equal(await statusComes(a, k.key, 401), 401);
  });

  test('when the LISTEN connection comes back, cached keys are dropped (a NOTIFY may have been missed)', async () => {
    const k = await keyCachedByB('revoked while not listening');
    // A revocation whose NOTIFY never arrived: written to the database without a broadcast.
    await a.services.ctx.db.updateTable('api_keys').set({ revoked_at: Date.now() }).where('id', '=', k.id).execute();
    assert.equal(await statusOn(b, k.key), 200, 'B still trusts its cache (the situation the reconnect must repair)');
    // Cut the instances' LISTEN connections; each reconnects after its 500 ms backoff.
    const cut = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN %' and pid <> pg_backend_pid()`.execute(a.services.ctx.db);
    assert.ok(cut.rows[0]!.n >= 2, `terminated ${cut.rows[0]!.n} LISTEN connections`);
    assert.equal(await statusComes(b, k.key, 401), 401, 'B re-reads the key after reconnecting');
    // And the broadcast works again over the new connection.
    const k2 = await keyCachedByB('revoked after the reconnect');
    assert.equal((await a.api('DELETE', `/v1/api-keys/${k2.id}`)).status, 204);
    assert.equal(await statusComes(b, k2.key, 401), 401);
  });
});
