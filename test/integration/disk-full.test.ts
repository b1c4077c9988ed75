// No 500 on a full disk. The data dir (SQLite database and filesystem blobs) is put on a small
// tmpfs, which is then filled. A blob upload used to answer 500 (ENOSPC), a job creation 500 ("cannot
// rollback - no transaction is active": SQLite had already rolled back on SQLITE_FULL and Kysely's ROLLBACK
// replaced the real error). Now: 507 insufficient_storage with Retry-After, one clear log line per refusal,
// nothing half-written in the database or the blob store, and everything works again once space returns.
//
// Needs root (mount -t tmpfs), as CI has. Without root it fails with a message saying so: a test that
// quietly passes would prove nothing. Always SQLite + filesystem: the point is the local disk.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { descriptors, entries, file, sampleBundle, sha256, type BundleFile } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

type LogLine = { level: number; msg: string; storageError?: string };

describe('disk full', () => {
  let mountDir = '';
  let mounted = false;
  let app: TestApp;
  let deployId: string;
  let logText = '';
  const sink = new Writable({ write: (c, _e, cb) => ((logText += c), cb()) });
  const logLines = (): LogLine[] =>
    logText
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LogLine);
  const filler = () => path.join(mountDir, 'filler');

  // A new blob to upload while full, and a second bundle uploaded before and committed while full.
  const bigBlob = file('big.bin', Buffer.alloc(200_000, 7));
  const bundleB: BundleFile[] = [file('index.html', '<!doctype html><p>b</p>'), file('b.css', 'p { color: red }'.repeat(2000))];
  let blobSession: { id: string; token: string };
  let commitSession: { id: string; token: string };

  before(async () => {
    if (process.getuid?.() !== 0) {
      throw new Error('test/integration/disk-full.test.ts must run as root: it mounts a 4 MiB tmpfs to fill (CI runs as root)');
    }
    mountDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-diskfull-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountDir]);
    mounted = true;
    app = await createTestApp({
      dataDir: mountDir,
      keepDataDir: true,
      logDestination: sink,
      env: {
        FOLIO_DATABASE_URL: `sqlite:${path.join(mountDir, 'folio.db')}`,
        FOLIO_STORAGE_URL: `file:${path.join(mountDir, 'blobs')}`,
        FOLIO_LOG_LEVEL: 'warn',
      },
    });
    const d = await deployFiles(app, { createDeploy: { slug: 'full', name: 'Full' } }, sampleBundle());
    assert.equal(d.status, 201, JSON.stringify(d.body));
    deployId = d.deployId;

    const s1 = await app.api('POST', '/v1/upload-sessions', { deployId, files: descriptors([bigBlob]) });
    assert.equal(s1.status, 201, JSON.stringify(s1.body));
    blobSession = { id: s1.body.uploadSession.id, token: s1.body.uploadToken };

    const s2 = await app.api('POST', '/v1/upload-sessions', { deployId, files: descriptors(bundleB) });
    assert.equal(s2.status, 201, JSON.stringify(s2.body));
    commitSession = { id: s2.body.uploadSession.id, token: s2.body.uploadToken };
    for (const f of bundleB) assert.equal((await putBlob(commitSession, f)).statusCode, 200);
  });

  after(async () => {
    await app?.close();
    if (mounted) {
      // Lazy: libsql keeps a closed database's files open until its statements are garbage-collected.
      execFileSync('umount', ['-l', mountDir]);
      fs.rmdirSync(mountDir);
    }
  });

  function putBlob(s: { id: string; token: string }, f: BundleFile) {
    return app.server.inject({
      method: 'PUT',
      url: `/v1/upload-sessions/${s.id}/blobs/${sha256(f.content)}`,
      headers: { authorization: `Bearer ${app.key}`, 'x-upload-token': s.token, 'content-type': 'application/octet-stream' },
      payload: f.content,
    });
  }

  const createJob = (headers: Record<string, string> = {}) =>
    app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', payload: { note: 'x'.repeat(20_000) } }, headers);
  const commitB = () =>
    app.api(
      'POST',
      `/v1/upload-sessions/${commitSession.id}/commit`,
      { entries: entries(bundleB), render: { route: '/', title: 'B' } },
      { 'x-upload-token': commitSession.token },
    );

  /** What a refused request must leave exactly as it was. */
  async function snapshot() {
    const db = app.services.ctx.db;
    const count = async (table: 'render_jobs' | 'render_payloads' | 'idempotency_keys' | 'blobs' | 'account_blobs' | 'deploy_versions') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const meters = await db.selectFrom('usage_counters').select(['meter', 'quantity']).orderBy('meter').execute();
    const session = await db.selectFrom('upload_sessions').select('status').where('id', '=', commitSession.id).executeTakeFirstOrThrow();
    const stagingLeft = fs.readdirSync(path.join(mountDir, 'blobs', '.tmp')).length;
    return {
      jobs: await count('render_jobs'),
      payloads: await count('render_payloads'),
      idempotencyKeys: await count('idempotency_keys'),
      blobs: await count('blobs'),
      accountBlobs: await count('account_blobs'),
      versions: await count('deploy_versions'),
      meters: meters.map((m) => `${m.meter}=${m.quantity}`).join(','),
      commitSession: session.status,
      stagingLeft,
      bigBlobStored: fs.existsSync(
        path.join(
          mountDir,
          'blobs',
          'blobs',
          sha256(bigBlob.content).slice(0, 2),
          sha256(bigBlob.content).slice(2, 4),
          sha256(bigBlob.content),
        ),
      ),
    };
  }

  function assertInsufficientStorage(status: number, headers: Record<string, unknown>, body: any) {
    assert.equal(status, 507, JSON.stringify(body));
    assert.equal(body.error, 'insufficient_storage');
    assert.equal(typeof body.message, 'string');
    assert.equal(headers['retry-after'], '60');
    assert.ok(headers['x-request-id']);
  }

  test('while the disk is full: 507 with Retry-After, the database and blob store unchanged, one log line each', async () => {
    const before = await snapshot();
    assert.equal(before.commitSession, 'open');
    assert.equal(before.bigBlobStored, false);

    // Fill the tmpfs to the last byte the filesystem gives.
    const fd = fs.openSync(filler(), 'w');
    for (const size of [256 * 1024, 4096, 512, 1]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (err) {
        assert.equal((err as NodeJS.ErrnoException).code, 'ENOSPC');
      }
    }
    fs.closeSync(fd);
    logText = '';

    const put = await putBlob(blobSession, bigBlob);
    assertInsufficientStorage(put.statusCode, put.headers, JSON.parse(put.body));

    const job = await createJob();
    assertInsufficientStorage(job.status, job.headers, job.body);

    const keyed = await createJob({ 'idempotency-key': 'full-1' });
    assertInsufficientStorage(keyed.status, keyed.headers, keyed.body);

    const commit = await commitB();
    assertInsufficientStorage(commit.status, commit.headers, commit.body);

    // Nothing half-written: no job, payload, meter increment, idempotency row, blob row, version; the
    // upload session is still open for a retry; no staging file left behind.
    assert.deepEqual(await snapshot(), before);

    // One clear line per refusal, naming the cause; no stack traces, no "unhandled error", no rollback noise.
    const lines = logLines();
    const refusals = lines.filter((l) => l.msg.startsWith('out of storage space'));
    assert.equal(refusals.length, 4, logText);
    assert.ok(
      refusals.every((l) => l.level === 50 && /ENOSPC|SQLITE_FULL/.test(l.storageError ?? '')),
      logText,
    );
    assert.equal(lines.length, refusals.length, `no other lines: ${logText}`);
    assert.doesNotMatch(logText, /cannot rollback|unhandled error/);
  });

  test('when space returns, the same requests succeed (the Idempotency-Key is free again)', async () => {
    const before = await snapshot();
    fs.rmSync(filler());

    const put = await putBlob(blobSession, bigBlob);
    assert.equal(put.statusCode, 200, put.body);
    const job = await createJob();
    assert.equal(job.status, 202, JSON.stringify(job.body));
    const keyed = await createJob({ 'idempotency-key': 'full-1' });
    assert.equal(keyed.status, 202, JSON.stringify(keyed.body));
    const commit = await commitB();
    assert.equal(commit.status, 201, JSON.stringify(commit.body));

    const now = await snapshot();
    assert.equal(now.jobs, before.jobs + 2);
    assert.equal(now.payloads, before.payloads + 2);
    assert.equal(now.idempotencyKeys, before.idempotencyKeys + 1);
    assert.equal(now.versions, before.versions + 1);
    assert.equal(now.commitSession, 'committed');
    assert.equal(now.bigBlobStored, true);
    assert.equal(now.stagingLeft, 0);
  });
});
