// The read cache behind GET /v1/deploys/{id} (src/db/read-cache.ts) must never answer with data older than
// a write that has returned, wherever the write came from. On SQLite it is valid while `PRAGMA data_version`
// on the marker's own connection is unchanged (src/db/database.ts); these tests hold that against commits
// made by another process, by another app sharing the database (as a second server would), and by the app
// itself. On PostgreSQL nothing is cached, and the same end-to-end test shows it.
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { openDatabase, type OpenDatabase } from '../../src/db/database.js';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { engine } from '../helpers/engine.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/**
 * Another process with its own connection to the database file. Each line on stdin is one operation; it
 * answers `ok` once the operation's commit has returned.
 */
function startWriter(dbFile: string) {
  const script = `
    const Database = require('libsql');
    const db = new Database(process.argv[1]);
    db.exec('PRAGMA busy_timeout = 10000');
    const insert = db.prepare('insert into t (n) values (?)');
    let n = 0;
    require('readline').createInterface({ input: process.stdin }).on('line', (op) => {
      if (op === 'restart') db.exec('PRAGMA wal_checkpoint(RESTART)');
      if (op === 'transaction') db.transaction(() => { insert.run(++n); insert.run(++n); })();
      else insert.run(++n);
      process.stdout.write('ok\\n');
    });
  `;
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['-e', script, dbFile], { cwd: root });
  const replies = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return {
    async run(op: 'insert' | 'transaction' | 'restart') {
      child.stdin.write(`${op}\n`);
      const reply = await replies.next();
      assert.equal(reply.value, 'ok', `writer process: ${stderr}`);
    },
    stop: () => new Promise((resolve) => child.once('exit', resolve).stdin.end()),
  };
}

describe('dataVersion: the commit marker of a SQLite file', () => {
  let dir: string;
  let database: OpenDatabase;
  before(async () => {
    dir = tempDir();
    database = openDatabase(`sqlite:${path.join(dir, 'watched.db')}`);
    await sql`create table t (n integer)`.execute(database.db);
  });
  after(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('every commit another process has made is seen, and an idle database reads the same', async () => {
    const writer = startWriter(path.join(dir, 'watched.db'));
    try {
      const version = database.dataVersion!;
      // Plain inserts, two-statement transactions, and WAL restarts (a checkpoint, then a commit that starts
      // the log over with new salts, so the frame count can fall back to a value seen before).
      const ops = ['insert', 'transaction', 'restart'] as const;
      for (let i = 0; i < 150; i++) {
        const before = version();
        assert.notEqual(before, null, 'the marker of a live WAL database is readable');
        assert.equal(version(), before, 'nothing committed: the same reading');
        const op = ops[i % ops.length];
        await writer.run(op);
        assert.notEqual(version(), before, `commit ${i} (${op}) by the other process was not seen`);
      }
    } finally {
      await writer.stop();
    }
  });

  test('commits of this connection change the reading too', async () => {
    const version = database.dataVersion!;
    const before = version();
    await database.db
      .insertInto('t' as never)
      .values({ n: -1 } as never)
      .execute();
    assert.notEqual(version(), before);
  });
});

describe('GET /v1/deploys/{id} through the read cache', () => {
  let a: TestApp;
  let b: TestApp;
  before(async () => {
    a = await createTestApp();
    // A second app on the same database, as a second server process would be. (SQLite: the same data dir;
    // PostgreSQL: the same database. Its blob store is its own: it only writes metadata here.)
    b =
      engine === 'postgres'
        ? await createTestApp({ env: { FOLIO_DATABASE_URL: a.services.ctx.config.resolved.databaseUrl } })
        : await createTestApp({ dataDir: a.dataDir, keepDataDir: true });
  });
  after(async () => {
    await b.close();
    await a.close();
  });

  test('writes made through another app, or this one, are in the very next read', async () => {
    const v1 = await deployFiles(a, { createDeploy: { slug: 'cached', name: 'Cached' } }, [file('index.html', '<h1>one</h1>')]);
    assert.equal(v1.status, 201, JSON.stringify(v1.body));
    const url = `/v1/deploys/${v1.deployId}`;
    const first = await a.api('GET', url);
    assert.equal(first.status, 200);
    assert.deepEqual(await a.api('GET', url).then((r) => r.body), first.body);

    for (let i = 0; i < 20; i++) {
      assert.equal((await b.api('PATCH', url, { name: `Renamed ${i}` })).status, 200);
      assert.equal((await a.api('GET', url)).body.deploy.name, `Renamed ${i}`, `rename ${i} through the other app`);
    }
    assert.equal((await b.api('PUT', `${url}/aliases/production`, { deployVersionId: 'latest' })).status, 200);
    assert.deepEqual(
      (await a.api('GET', url)).body.aliases.map((x: { alias: string }) => x.alias),
      ['production'],
    );

    const v2 = await deployFiles(a, { deployId: v1.deployId }, [file('index.html', '<h1>two</h1>')]);
    assert.equal(v2.status, 201);
    assert.equal((await a.api('GET', url)).body.latestVersion.versionNo, 2, 'own commit');
    assert.equal((await b.api('GET', url)).body.latestVersion.versionNo, 2, 'the other app, which had not cached it');
    assert.equal((await a.api('PATCH', url, { slug: 'cached-2' })).status, 200);
    assert.equal((await b.api('GET', url)).body.deploy.slug, 'cached-2');
    assert.equal((await a.api('DELETE', url)).status, 204);
    assert.equal((await b.api('GET', url)).status, 404);
    assert.equal((await a.api('GET', url)).status, 404);
  });

  test('GET /v1/account shows a plan change made through another app at once', async () => {
    const before = await a.api('GET', '/v1/account');
    assert.equal(before.status, 200);
    const other = before.body.account.plan === 'pro' ? 'free' : 'pro';
    await b.services.accounts.setPlan(a.accountId, other);
    assert.equal((await a.api('GET', '/v1/account')).body.account.plan, other);
    await a.services.accounts.setPlan(a.accountId, before.body.account.plan);
    assert.deepEqual((await a.api('GET', '/v1/account')).body, before.body);
  });

  test('another account gets 404 for a deploy that is cached', async () => {
    const v = await deployFiles(a, { createDeploy: { slug: 'mine', name: 'Mine' } }, [file('index.html', '<p>x</p>')]);
    const url = `/v1/deploys/${v.deployId}`;
    assert.equal((await a.api('GET', url)).status, 200);
    const other = await a.services.accounts.create({ name: 'Other' });
    const res = await a.api('GET', url, undefined, { authorization: `Bearer ${other.apiKey}` });
    assert.equal(res.status, 404);
    assert.equal(res.body.error, 'deploy_not_found');
  });

  test('SQLite shares one frozen answer while nothing is written; PostgreSQL reads every time', async () => {
    const v = await deployFiles(a, { createDeploy: { slug: 'shared', name: 'Shared' } }, [file('index.html', '<p>y</p>')]);
    const first = await a.services.deploys.get(a.accountId, v.deployId);
    const second = await a.services.deploys.get(a.accountId, v.deployId);
    if (engine === 'postgres') {
      assert.notEqual(first, second);
    } else {
      assert.equal(first, second);
      assert.ok(Object.isFrozen(first) && Object.isFrozen(first.deploy) && Object.isFrozen(first.aliases));
      await b.api('PATCH', `/v1/deploys/${v.deployId}`, { name: 'Changed' });
      const third = await a.services.deploys.get(a.accountId, v.deployId);
      assert.notEqual(third, second);
      assert.equal(third.deploy.name, 'Changed');
    }
  });
});
