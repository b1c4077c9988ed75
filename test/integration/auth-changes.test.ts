// A revocation, a scope change or a plan change takes effect in every process within 1 s, on both engines:
// two app instances on one database stand for two api processes (on SQLite they share no message channel
// at all: only the auth_changes counter, read when the commit marker moved), and `folio keys …` runs as
// its own short-lived process, as an operator would run it. Before these changes were shared through the
// database, the other instance kept a revoked or re-scoped key for FOLIO_AUTH_CACHE_TTL_MS (30 s) and an
// old plan for 5 s.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { createPgDatabase, engine } from '../helpers/engine.js';
import { FOLIO_BIN } from '../helpers/server-process.js';
import { waitUntil } from '../helpers/wait.js';

const run = promisify(execFile);

describe(`auth changes reach every process within 1 s (${engine})`, () => {
  let pgDb: { url: string; drop(): Promise<void> } | null = null;
  let cliEnv: Record<string, string>;
  let a: TestApp;
  let b: TestApp;

  before(async () => {
    const dataDir = tempDir();
    pgDb = engine === 'postgres' ? await createPgDatabase() : null;
    const shared: Record<string, string> = pgDb
      ? {
          FOLIO_DATABASE_URL: pgDb.url,
          FOLIO_STORAGE_URL: `file:${path.join(dataDir, 'blobs')}`,
          FOLIO_SIGNING_KEY: 'test-signing-key-0123456789abcdef0123456789',
          FOLIO_SECRETS_KEY: 'test-secrets-key-0123456789abcdef0123456789',
        }
      : {};
    // Accounts default to `pro`: the server-wide rate limit (set high by the test app) applies.
    const env = { ...shared, FOLIO_DEFAULT_PLAN: 'pro' };
    a = await createTestApp({ env, dataDir, keepDataDir: true });
    b = await createTestApp({ env, dataDir, keepDataDir: true });
    // The default caches: without the change signal B would keep a revoked key for 30 s.
    assert.ok(b.config.authCacheTtlMs >= 30_000);
    cliEnv = { ...process.env, ...env, FOLIO_DATA_DIR: dataDir, FOLIO_LOG_LEVEL: 'silent' } as Record<string, string>;
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await pgDb?.drop();
  });

  const statusOn = async (app: TestApp, key: string, url = '/v1/deploys') =>
    (await app.api('GET', url, undefined, { authorization: `Bearer ${key}` })).status;

  /** Milliseconds until `app` answers `want` (polling every 20 ms), or the last status after `ms`. */
  async function msUntil(app: TestApp, key: string, want: number, ms: number, url?: string): Promise<number> {
    const start = Date.now();
    let status = 0;
    await waitUntil(
      () => `status ${want} (still ${status})`,
      async () => (status = await statusOn(app, key, url)) === want,
      { timeoutMs: ms },
    );
    return Date.now() - start;
  }

  async function keyCachedByB(name: string, scopes?: string[]): Promise<{ id: string; key: string }> {
    const created = await a.api('POST', '/v1/api-keys', { name, ...(scopes ? { scopes } : {}) });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(await statusOn(b, created.body.key), 200);
    return { id: created.body.apiKey.id, key: created.body.key };
  }

  test('folio keys revoke (its own process): both running instances refuse the key within 1 s', async () => {
    const k = await keyCachedByB('revoked via the CLI');
    const r = await run(FOLIO_BIN, ['keys', 'revoke', k.id], { env: cliEnv });
    assert.match(r.stdout, new RegExp(`revoked ${k.id}`));
    const tb = await msUntil(b, k.key, 401, 1_000);
    const ta = await msUntil(a, k.key, 401, 1_000);
    assert.ok(tb <= 1_000 && ta <= 1_000, `B after ${tb} ms, A after ${ta} ms`);
    assert.equal(await statusOn(b, a.key), 200, 'other keys are unaffected');
  });

  test('folio keys scopes: a narrowed key loses the scope in every instance within 1 s', async () => {
    const k = await keyCachedByB('narrowed via the CLI');
    const r = await run(FOLIO_BIN, ['keys', 'scopes', k.id, '--scopes', 'render:read'], { env: cliEnv });
    assert.match(r.stdout, /scopes\s+render:read/);
    await msUntil(b, k.key, 403, 1_000);
    await msUntil(a, k.key, 403, 1_000);
    const listed = (await a.api('GET', '/v1/api-keys')).body.items.find((x: { id: string }) => x.id === k.id);
    assert.deepEqual(listed.scopes, ['render:read']);
  });

  test('a key revoked through instance A is refused by instance B within 1 s', async () => {
    const k = await keyCachedByB('revoked via A');
    assert.equal((await a.api('DELETE', `/v1/api-keys/${k.id}`)).status, 204);
    assert.equal(await statusOn(a, k.key), 401, 'the revoking instance refuses at once');
    await msUntil(b, k.key, 401, 1_000);
  });

  test("a plan change made by instance A reaches B's rate limiter within 1 s", async () => {
    const acct = await a.services.accounts.create({ name: 'plan change', plan: 'pro' });
    const burst = async () => {
      const statuses = await Promise.all(Array.from({ length: 30 }, () => statusOn(b, acct.apiKey)));
      return statuses.filter((s) => s === 429).length;
    };
    assert.equal(await burst(), 0, 'pro: the (high) server-wide limit, plan now cached by B');
    await a.services.accounts.setPlan(acct.accountId, 'free'); // free: 10 req/s, burst 20
    const start = Date.now();
    await waitUntil(
      () => `B to apply the free plan (a burst of 30 meeting a 429): still the old plan ${Date.now() - start} ms after the change`,
      async () => (await burst()) > 0,
      { timeoutMs: 1_000, intervalMs: 50 },
    );
  });
});
