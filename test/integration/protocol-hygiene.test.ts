// Protocol and hygiene rules that need no Chromium: a client that aborts a blob upload is a client event
// (info, with the session id), not a server fault; an Idempotency-Key replay of session creation answers
// the same working upload token without the token resting in the idempotency store; on PostgreSQL the
// secrets key is required and plaintext secrets of an older deployment are encrypted at start.
// Runs on SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL.
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { createApp } from '../../src/app.js';
import { ConfigError, loadConfig } from '../../src/config/load.js';
import { createLogger } from '../../src/observability/logger.js';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { descriptors, file, sha256 } from '../helpers/bundle.js';
import { createPgDatabase, engine } from '../helpers/engine.js';
import { waitFor, waitUntil } from '../helpers/wait.js';

type LogLine = Record<string, unknown> & { level: number; msg: string };

function collectingSink() {
  let out = '';
  const sink = new Writable({ write: (c, _e, cb) => ((out += c), cb()) });
  const lines = (): LogLine[] =>
    out
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LogLine);
  return { sink, lines };
}

describe('a blob upload the client aborts mid-body', () => {
  let app: TestApp;
  let url: URL;
  const logs = collectingSink();

  before(async () => {
    app = await createTestApp({ env: { FOLIO_LOG_LEVEL: 'info' }, logDestination: logs.sink });
    url = new URL(await app.server.listen({ port: 0, host: '127.0.0.1' }));
  });
  after(() => app.close());

  test('is logged at info with the upload session id, not as an unhandled error', async (t) => {
    const big = file('big.bin', Buffer.alloc(256 * 1024, 7));
    const s = await app.api('POST', '/v1/upload-sessions', {
      createDeploy: { slug: 'aborted', name: 'Aborted' },
      files: descriptors([big]),
    });
    assert.equal(s.status, 201, JSON.stringify(s.body));
    const sessionId = s.body.uploadSession.id as string;

    // The handler streams the body into the blob store; the server's response object says when the
    // request is over (its reply was sent, to nobody).
    const blobs = app.services.ctx.blobs;
    const stage = blobs.stage.bind(blobs);
    let staging = false;
    blobs.stage = (...args) => ((staging = true), stage(...args));
    let res: ServerResponse | undefined;
    const onRequest = (req: IncomingMessage, r: ServerResponse) => {
      if (req.url?.includes(sessionId)) res = r;
    };
    app.server.server.on('request', onRequest);
    t.after(() => {
      blobs.stage = stage;
      app.server.server.off('request', onRequest);
    });

    // Real TCP: the headers promise 256 KiB, 16 KiB arrive, then the client goes away.
    const sock = net.connect(Number(url.port), url.hostname);
    await new Promise<void>((r) => sock.once('connect', () => r()));
    sock.write(
      `PUT /v1/upload-sessions/${sessionId}/blobs/${sha256(big.content)} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${app.key}\r\n` +
        `X-Upload-Token: ${s.body.uploadToken}\r\nContent-Type: application/octet-stream\r\nContent-Length: ${big.content.length}\r\n\r\n`,
    );
    sock.write(big.content.subarray(0, 16 * 1024));
    // The connection drops once the handler streams the body.
    await waitUntil('the handler to start streaming the body into the blob store', () => staging);
    sock.destroy();

    const line = await waitFor('the abort to be logged', () => logs.lines().find((l) => l.uploadSessionId === sessionId)).catch((err) =>
      assert.fail(`${err.message}; logged: ${JSON.stringify(logs.lines().filter((l) => l.level >= 40))}`),
    );
    assert.equal(line.level, 30, JSON.stringify(line));
    assert.match(line.msg, /aborted/);
    // Once the reply has gone out (the request's last step), nothing was logged as a server fault.
    await waitUntil('the reply to the aborted request', () => res?.writableEnded === true);
    assert.equal(res!.statusCode, 400);
    const faults = logs.lines().filter((l) => l.level >= 50);
    assert.deepEqual(faults, [], 'no error-level line for a client that went away');

    // The session is still usable: the next attempt uploads the blob.
    const put = await app.server.inject({
      method: 'PUT',
      url: `/v1/upload-sessions/${sessionId}/blobs/${sha256(big.content)}`,
      headers: { authorization: `Bearer ${app.key}`, 'x-upload-token': s.body.uploadToken, 'content-type': 'application/octet-stream' },
      payload: big.content,
    });
    assert.equal(put.statusCode, 200, put.body);
  });
});

describe('Idempotency-Key replay of upload session creation', () => {
  let app: TestApp;

  // No FOLIO_SIGNING_KEY: on PostgreSQL that is a supported set-up (link creation answers 503 there).
  before(async () => (app = await createTestApp({ env: { FOLIO_SIGNING_KEY: '' } })));
  after(() => app.close());

  test('answers the same working token, and the token is never stored', async () => {
    const files = [file('index.html', '<h1>idempotent</h1>')];
    const body = { createDeploy: { slug: 'idem-token', name: 'Idem' }, files: descriptors(files) };
    const first = await app.api('POST', '/v1/upload-sessions', body, { 'idempotency-key': 'create-1' });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const token = first.body.uploadToken as string;
    assert.match(token, /^folio_ut_/);

    const rows = await app.services.ctx.db.selectFrom('idempotency_keys').select(['idem_key', 'response_body']).execute();
    assert.equal(rows.length, 1);
    assert.ok(rows[0].response_body, 'the response is stored for replays');
    assert.ok(!rows[0].response_body!.includes(token), 'the stored response does not contain the upload token');
    assert.ok(!rows[0].response_body!.includes('folio_ut_'), 'nor any upload token');

    const replay = await app.api('POST', '/v1/upload-sessions', body, { 'idempotency-key': 'create-1' });
    assert.equal(replay.status, 201);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(replay.body.uploadSession.id, first.body.uploadSession.id);
    assert.equal(replay.body.uploadToken, token, 'the original result, token included');
    const missing = await app.api(
      'POST',
      `/v1/upload-sessions/${first.body.uploadSession.id}/missing-blobs`,
      { files: descriptors(files) },
      { 'x-upload-token': replay.body.uploadToken },
    );
    assert.equal(missing.status, 200, JSON.stringify(missing.body));
  });
});

const silent = createLogger('silent');
const pgOnly = engine !== 'postgres' && 'PostgreSQL only (FOLIO_TEST_ENGINE=postgres): embedded mode generates its secrets key';

describe('FOLIO_SECRETS_KEY on PostgreSQL', { skip: pgOnly }, () => {
  test('without it the app refuses to start, naming the variable, before touching the database', async () => {
    const db = await createPgDatabase();
    try {
      const config = loadConfig({
        FOLIO_DATABASE_URL: db.url,
        FOLIO_DATA_DIR: tempDir(),
        FOLIO_SIGNING_KEY: 'sign-0123456789abcdef0123456789abcdef',
      });
      const started = await createApp({ config, role: 'api', logger: silent }).then(
        (a) => a,
        (err: Error) => err,
      );
      if (!(started instanceof Error)) {
        await started.close();
        assert.fail('started on PostgreSQL without FOLIO_SECRETS_KEY (secrets would be stored in plain text)');
      }
      assert.ok(started instanceof ConfigError, String(started));
      assert.match(started.message, /FOLIO_SECRETS_KEY/);
      assert.match(started.message, /PostgreSQL/);
      const sql = new pg.Client({ connectionString: db.url });
      await sql.connect();
      const tables = await sql
        .query(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`)
        .finally(() => sql.end());
      assert.equal(tables.rows[0].n, 0, 'no migration ran');
    } finally {
      await db.drop();
    }
  });
});

describe('secrets an older release stored in plain text', () => {
  // PostgreSQL: the same database across both starts (the helper would drop its own at close).
  let db: Awaited<ReturnType<typeof createPgDatabase>> | null = null;
  before(async () => void (engine === 'postgres' && (db = await createPgDatabase())));
  after(async () => void (await db?.drop()));

  test('are encrypted at the next start with a key, and read the same', async () => {
    const dataDir = tempDir();
    const env: Record<string, string> = db ? { FOLIO_DATABASE_URL: db.url } : {};
    const first = await createTestApp({ dataDir, keepDataDir: true, env });
    const { deploy } = await first.services.deploys.create(first.accountId, 'up', 'Up');
    await first.services.settings.update(first.accountId, deploy.id, {
      webhook: { enabled: false, signingSecretAction: 'rotate' },
      secrets: { upsert: [{ name: 'API_TOKEN', value: 'sealed-at-first' }] },
    });
    // What an older release left: the same rows with their values in plain text.
    const plain = {
      account: 'whsec_plainAccountSecret0000000000000000000001',
      deploy: 'whsec_plainDeploySecret00000000000000000000001',
      previous: 'whsec_plainPreviousSecret000000000000000000001',
      env: 'plain-deploy-secret-value',
    };
    const db1 = first.services.ctx.db;
    await db1.updateTable('accounts').set({ webhook_secret: plain.account }).where('id', '=', first.accountId).execute();
    await db1
      .updateTable('deploy_settings')
      .set({ signing_secret: plain.deploy, previous_signing_secret: plain.previous })
      .where('deploy_id', '=', deploy.id)
      .execute();
    await db1.updateTable('deploy_secrets').set({ value: plain.env }).where('deploy_id', '=', deploy.id).execute();
    await first.close();

    const second = await createTestApp({ dataDir, env });
    try {
      const ctx = second.services.ctx;
      const account = await ctx.db
        .selectFrom('accounts')
        .select('webhook_secret')
        .where('id', '=', second.accountId)
        .executeTakeFirstOrThrow();
      const settings = await ctx.db
        .selectFrom('deploy_settings')
        .select(['signing_secret', 'previous_signing_secret'])
        .where('deploy_id', '=', deploy.id)
        .executeTakeFirstOrThrow();
      const secret = await ctx.db.selectFrom('deploy_secrets').select('value').where('deploy_id', '=', deploy.id).executeTakeFirstOrThrow();
      const stored = {
        account: account.webhook_secret,
        deploy: settings.signing_secret!,
        previous: settings.previous_signing_secret!,
        env: secret.value,
      };
      for (const [what, value] of Object.entries(stored)) {
        assert.match(value, /^enc:v1:/, `${what} is encrypted at rest`);
        assert.equal(ctx.secrets.open(value), plain[what as keyof typeof plain], `${what} opens to the old value`);
      }
      // The webhook signer sees the same secrets as before the upgrade.
      assert.deepEqual(await second.services.webhooks.secretsFor(second.accountId, deploy.id), [plain.deploy, plain.previous]);
    } finally {
      await second.close();
    }
  });
});
