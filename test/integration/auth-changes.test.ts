// A revocation, a scope change or a plan change takes effect in every process through the change signal,
// on both engines: two app instances on one database stand for two api processes (on SQLite they share no
// message channel at all: only the auth_changes counter, read when the commit marker moved), and
// `folio keys …` runs as its own short-lived process, as an operator would run it. Without the signal the
// other instance would keep a revoked or re-scoped key until FOLIO_AUTH_CACHE_TTL_MS (set to an hour here)
// and an old plan until its cache expires on the app's clock (which the test never moves): seeing the new
// answer at all is the proof, whatever the machine's load.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { createPgDatabase, engine } from '../helpers/engine.js';
import { FOLIO_BIN } from '../helpers/server-process.js';
import { waitUntil } from '../helpers/wait.js';

/** Longer than any wait here: a cached key is dropped by the change signal or not at all. */
const AUTH_CACHE_TTL_MS = 3_600_000;

const run = promisify(execFile);

describe(`auth changes reach every process (${engine})`, () => {
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
    const env = { ...shared, FOLIO_DEFAULT_PLAN: 'pro', FOLIO_AUTH_CACHE_TTL_MS: String(AUTH_CACHE_TTL_MS) };
    a = await createTestApp({ env, dataDir, keepDataDir: true });
    b = await createTestApp({ env, dataDir, keepDataDir: true });
    assert.equal(b.config.authCacheTtlMs, AUTH_CACHE_TTL_MS);
    cliEnv = { ...process.env, ...env, FOLIO_DATA_DIR: dataDir, FOLIO_LOG_LEVEL: 'silent' } as Record<string, string>;
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await pgDb?.drop();
  });

  const statusOn = async (app: TestApp, key: string, url = '/v1/deploys') =>
    (await app.api('GET', url, undefined, { authorization: `Bearer ${key}` })).status;

  /** Waits until `app` answers `want` (asking every 20 ms). */
  async function answers(app: TestApp, key: string, want: number, url?: string): Promise<void> {
    let status = 0;
    await waitUntil(
      () => `status ${want} (still ${status})`,
      async () => (status = await statusOn(app, key, url)) === want,
    );
  }

  async function keyCachedByB(name: string, scopes?: string[]): Promise<{ id: string; key: string }> {
    const created = await a.api('POST', '/v1/api-keys', { name, ...(scopes ? { scopes } : {}) });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(await statusOn(b, created.body.key), 200);
    return { id: created.body.apiKey.id, key: created.body.key };
  }

  test('folio keys revoke (its own process): both running instances refuse the key', async () => {
    const k = await keyCachedByB('revoked via the CLI');
    const r = await run(FOLIO_BIN, ['keys', 'revoke', k.id], { env: cliEnv });
    assert.match(r.stdout, new RegExp(`revoked ${k.id}`));
    await answers(b, k.key, 401);
    await answers(a, k.key, 401);
    assert.equal(await statusOn(b, a.key), 200, 'other keys are unaffected');
  });

  test('folio keys scopes: a narrowed key loses the scope in every instance', async () => {
    const k = await keyCachedByB('narrowed via the CLI');
    const r = await run(FOLIO_BIN, ['keys', 'scopes', k.id, '--scopes', 'render:read'], { env: cliEnv });
    assert.match(r.stdout, /scopes\s+render:read/);
    await answers(b, k.key, 403);
    await answers(a, k.key, 403);
    const listed = (await a.api('GET', '/v1/api-keys')).body.items.find((x: { id: string }) => x.id === k.id);
    assert.deepEqual(listed.scopes, ['render:read']);
  });

  test('a key revoked through instance A is refused by instance B', async () => {
    const k = await keyCachedByB('revoked via A');
    assert.equal((await a.api('DELETE', `/v1/api-keys/${k.id}`)).status, 204);
    assert.equal(await statusOn(a, k.key), 401, 'the revoking instance refuses at once');
    await answers(b, k.key, 401);
  });

  test("a plan change made by instance A reaches B's rate limiter", async () => {
    const acct = await a.services.accounts.create({ name: 'plan change', plan: 'pro' });
    const burst = async () => {
      const statuses = await Promise.all(Array.from({ length: 30 }, () => statusOn(b, acct.apiKey)));
      return statuses.filter((s) => s === 429).length;
    };
    assert.equal(await burst(), 0, 'pro: the (high) server-wide limit, plan now cached by B');
    await a.services.accounts.setPlan(acct.accountId, 'free'); // free: 10 req/s, burst 20
    await waitUntil('B to apply the free plan (a burst of 30 meeting a 429)', async () => (await burst()) > 0, { intervalMs: 50 });
  });
});
