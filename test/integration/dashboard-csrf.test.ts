// The dashboard's CSRF token is stored only as its SHA-256 (like API keys and the session cookie): a
// database dump gives neither the cookie nor the token. The token the client got still works, on every
// write, after a reload of the session; a wrong one is refused. Sessions stored before the hashing are
// signed out by the migration. Runs on SQLite and, with FOLIO_TEST_ENGINE=postgres, on PostgreSQL.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Migrator, type Migration } from 'kysely';
import { migrateToLatest, openDatabase } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrations/index.js';
import { sha256Hex } from '../../src/domain/accounts/tokens.js';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { createPgDatabase, engine } from '../helpers/engine.js';

const EMAIL = 'owner@example.com';
const PASSWORD = 'owner-password-123';

describe('dashboard CSRF token at rest', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp({ env: { FOLIO_BOOTSTRAP_EMAIL: EMAIL, FOLIO_BOOTSTRAP_PASSWORD: PASSWORD } });
  });
  after(async () => {
    await app?.close();
  });

  async function signIn() {
    const r = await app.server.inject({
      method: 'POST',
      url: '/dashboard/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: EMAIL, password: PASSWORD }),
      remoteAddress: '10.1.2.3',
    });
    assert.equal(r.statusCode, 200, r.body);
    const setCookies = ([] as string[]).concat((r.headers['set-cookie'] as string | string[] | undefined) ?? []);
    const cookie = setCookies.find((c) => /^(__Host-)?folio_session=/.test(c))!.split(';')[0]!;
    return { cookie, csrf: JSON.parse(r.body).csrfToken as string, sessionToken: cookie.slice(cookie.indexOf('=') + 1) };
  }

  const write = (cookie: string, csrf: string | undefined, slug: string) =>
    app.server.inject({
      method: 'POST',
      url: '/v1/deploys',
      headers: { cookie, 'content-type': 'application/json', ...(csrf !== undefined ? { 'x-csrf-token': csrf } : {}) },
      payload: JSON.stringify({ slug, name: slug }),
    });

  test('the row holds only a hash of the token; the token works, a wrong one is refused', async () => {
    const s = await signIn();
    assert.match(s.csrf, /^[A-Za-z0-9_-]{32,}$/);
    const rows = await app.services.ctx.db.selectFrom('dashboard_sessions').selectAll().execute();
    assert.equal(rows.length, 1);
    const stored = JSON.stringify(rows);
    assert.ok(!stored.includes(s.csrf), `the row does not contain the CSRF token: ${stored}`);
    assert.ok(!stored.includes(s.sessionToken), 'nor the cookie token');
    assert.ok(stored.includes(sha256Hex(s.csrf)), 'it holds the SHA-256 of the CSRF token');

    // A reload of the dashboard asks the session again: same token, still usable.
    const again = await app.server.inject({ method: 'GET', url: '/dashboard/api/session', headers: { cookie: s.cookie } });
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(JSON.parse(again.body).csrfToken, s.csrf);

    const ok = await write(s.cookie, s.csrf, 'csrf-ok');
    assert.equal(ok.statusCode, 201, ok.body);
    const wrongTokens = [
      undefined,
      '',
      s.csrf.slice(0, -1) + (s.csrf.endsWith('A') ? 'B' : 'A'),
      sha256Hex(s.csrf), // what the database holds is not a token
      'x'.repeat(500),
    ];
    for (const [i, csrf] of wrongTokens.entries()) {
      const r = await write(s.cookie, csrf, `csrf-bad-${i}`);
      assert.equal(r.statusCode, 403, `${JSON.stringify(csrf)}: ${r.body}`);
      assert.equal(JSON.parse(r.body).error, 'csrf_token_invalid');
    }

    // Another session's token does not fit this session.
    const other = await signIn();
    assert.notEqual(other.csrf, s.csrf);
    assert.equal((await write(s.cookie, other.csrf, 'csrf-crossed')).statusCode, 403);
    assert.equal((await write(other.cookie, other.csrf, 'csrf-other')).statusCode, 201);
  });
});

test('sessions stored with a clear CSRF token are signed out by the migration', async () => {
  const pg = engine === 'postgres' ? await createPgDatabase() : null;
  const database = openDatabase(pg ? pg.url : `sqlite:${path.join(tempDir(), 'folio.db')}`);
  try {
    const names = Object.keys(migrations);
    const before = names.indexOf('015-hashed-csrf-tokens');
    assert.ok(before > 0, 'the migration exists');
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async (): Promise<Record<string, Migration>> => migrations },
      migrationTableName: 'folio_migrations',
      migrationLockTableName: 'folio_migrations_lock',
    });
    const { error } = await migrator.migrateTo(names[before - 1]!);
    assert.equal(error, undefined);
    const db = database.db as never as import('kysely').Kysely<any>;
    await db.insertInto('accounts').values({ id: 'acct_1', name: 'A', plan_key: 'free', webhook_secret: 'x', created_at: 1 }).execute();
    await db
      .insertInto('users')
      .values({ id: 'user_1', account_id: 'acct_1', email: 'a@example.com', password_hash: 'x', role: 'owner', created_at: 1 })
      .execute();
    const clear = 'ClearCsrfToken0123456789abcdefgh';
    await db
      .insertInto('dashboard_sessions')
      .values({
        id: 'sess_1',
        token_hash: sha256Hex('cookie'),
        user_id: 'user_1',
        account_id: 'acct_1',
        csrf_token: clear,
        ip: '10.0.0.1',
        user_agent: null,
        created_at: 1,
        last_seen_at: 1,
        expires_at: Date.now() + 3600_000,
      })
      .execute();
    await migrateToLatest(database.db);
    const rows = await db.selectFrom('dashboard_sessions').selectAll().execute();
    assert.deepEqual(rows, [], 'the old session is gone');
    const columns = (await db.introspection.getTables()).find((t) => t.name === 'dashboard_sessions')!.columns.map((c) => c.name);
    assert.ok(columns.includes('csrf_token_hash'), columns.join());
    assert.ok(!columns.includes('csrf_token'), columns.join());
  } finally {
    await database.close();
    await pg?.drop();
  }
});
