// Scale-out on real engines: 2 api + 2 worker processes on PostgreSQL + S3 (s3rver). Every job succeeds
// exactly once (one output, one terminal webhook event), also when a worker is killed with SIGKILL mid-batch;
// a long document's parts (docs/long-documents.md) print on both workers.
// 40 jobs (and 30 for the kill) per commit: several rounds of both workers' four slots, so claims race;
// 200 and 100 in `npm run test:load` (test/helpers/load.ts).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { tempDir } from '../helpers/app.js';
import { descriptors, entries, file, sha256 } from '../helpers/bundle.js';
import { createPgDatabase, startS3 } from '../helpers/engine.js';
import { client, type Client } from '../helpers/http-client.js';
import { FOLIO_BIN, startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { loadSize } from '../helpers/load.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { waitUntil } from '../helpers/wait.js';

const KEY = 'folio_sk_scale000000000000000000000000000000000001';
const JOBS = loadSize(40, 200);
const KILL_JOBS = loadSize(30, 100);
/** How long a batch may take to drain: two workers render JOBS jobs, two at a time each. */
const DRAIN = { timeoutMs: 180_000, intervalMs: 250 };
const page = file(
  'index.html',
  '<!doctype html><body><h1 id="t">?</h1><script>window.folio.waitForReady=true;fetch(window.folio.payloadUrl).then(r=>r.json()).then(p=>{document.getElementById("t").textContent="Job "+p.n;window.folio.ready();});</script></body>',
);

describe('scale-out: PostgreSQL + S3, 2 api and 2 worker processes', () => {
  let db: Awaited<ReturnType<typeof createPgDatabase>>;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let sql: pg.Client;
  let receiver: Receiver;
  const procs: ServerProcess[] = [];
  let apis: Client[];
  let workers: ServerProcess[];
  let deployId: string;

  before(async () => {
    const dir = tempDir();
    db = await createPgDatabase();
    s3 = await startS3(path.join(dir, 's3'));
    receiver = await startReceiver();
    const env = (name: string) => ({
      ...s3.env,
      FOLIO_DATABASE_URL: db.url,
      FOLIO_DATA_DIR: path.join(dir, name),
      FOLIO_SIGNING_KEY: 'scale-test-signing-key-0123456789abcdef0123',
      FOLIO_SECRETS_KEY: 'scale-test-secrets-key-0123456789abcdef0123',
      FOLIO_BOOTSTRAP_API_KEY: KEY,
      FOLIO_ALLOW_INSECURE_WEBHOOKS: '1',
      FOLIO_WORKER_LEASE_MS: '3000',
      FOLIO_JANITOR_INTERVAL_MS: '500',
      FOLIO_RENDER_CONCURRENCY: '2',
      // JOBS jobs are created as fast as two api processes answer; the shared limit has its own test
      // (multi-process-limits.test.ts).
      FOLIO_RATE_LIMIT_PER_SECOND: '100000',
      FOLIO_RATE_LIMIT_BURST: '100000',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    });
    await promisify(execFile)(FOLIO_BIN, ['migrate'], { env: { ...process.env, ...env('migrate') } });
    const [a1, a2, w1, w2] = await Promise.all([
      startServerProcess(env('api1'), 'api'),
      startServerProcess(env('api2'), 'api'),
      startServerProcess(env('w1'), 'worker'),
      startServerProcess(env('w2'), 'worker'),
    ]);
    procs.push(a1, a2, w1, w2);
    apis = [client(a1.url, KEY), client(a2.url, KEY)];
    workers = [w1, w2];
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();

    const s = await apis[0].request('POST', '/v1/upload-sessions', {
      json: { createDeploy: { slug: 'scale', name: 'Scale' }, files: descriptors([page]) },
    });
    assert.equal(s.status, 201, JSON.stringify(s.body));
    await apis[1].request('PUT', `/v1/upload-sessions/${s.body.uploadSession.id}/blobs/${sha256(page.content)}`, {
      body: page.content,
      headers: { 'x-upload-token': s.body.uploadToken },
    });
    const c = await apis[0].request('POST', `/v1/upload-sessions/${s.body.uploadSession.id}/commit`, {
      json: { entries: entries([page]), render: { route: '/', title: 'Scale' } },
      headers: { 'x-upload-token': s.body.uploadToken },
    });
    assert.equal(c.status, 201, JSON.stringify(c.body));
    deployId = c.body.deployVersion.deployId;
    const w = await apis[1].request('PATCH', `/v1/deploys/${deployId}/settings`, {
      json: { webhook: { enabled: true, url: receiver.url } },
    });
    assert.equal(w.status, 200, JSON.stringify(w.body));
  });

  after(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await sql?.end();
    await receiver?.close();
    await s3?.close();
    await db?.drop();
  });

  async function createJobs(batch: string, n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i += 20) {
      const chunk = await Promise.all(
        Array.from({ length: Math.min(20, n - i) }, (_, k) =>
          apis[(i + k) % 2].request('POST', '/v1/render-jobs', {
            json: { deployId, deployVersionId: 'latest', businessKey: `${batch}-${i + k}`, payload: { n: i + k } },
          }),
        ),
      );
      for (const r of chunk) {
        assert.equal(r.status, 202, JSON.stringify(r.body));
        ids.push(r.body.job.id);
      }
    }
    return ids;
  }

  async function checkExactlyOnce(ids: string[]) {
    let terminal = 0;
    await waitUntil(
      () => `all ${ids.length} jobs terminal (${terminal} were)`,
      async () => {
        const r = await sql.query(
          `select count(*)::int as n from render_jobs where id = any($1) and status in ('succeeded','failed','canceled')`,
          [ids],
        );
        return (terminal = r.rows[0].n) === ids.length;
      },
      DRAIN,
    );
    const statuses = await sql.query(`select status, count(*)::int as n from render_jobs where id = any($1) group by status`, [ids]);
    assert.deepEqual(statuses.rows, [{ status: 'succeeded', n: ids.length }]);
    const outputs = await sql.query(
      `select count(*)::int as n, count(distinct job_id)::int as d from render_outputs where job_id = any($1)`,
      [ids],
    );
    assert.deepEqual(outputs.rows[0], { n: ids.length, d: ids.length }, 'one output per job');
    const events = await sql.query(`select count(*)::int as n from webhook_events where job_id = any($1)`, [ids]);
    assert.equal(events.rows[0].n, ids.length, 'one terminal webhook event per job');
    let delivered = 0;
    await waitUntil(
      () => `all ${ids.length} events delivered (${delivered} were)`,
      async () => {
        const r = await sql.query(`select count(*)::int as n from webhook_events where job_id = any($1) and status = 'delivered'`, [ids]);
        return (delivered = r.rows[0].n) === ids.length;
      },
      DRAIN,
    );
    const received = new Set(receiver.received.map((r) => r.body?.data?.job?.id).filter((id) => ids.includes(id)));
    assert.equal(received.size, ids.length, 'the receiver saw every job');
  }

  test(`${JOBS} jobs through both apis: each succeeds exactly once`, { timeout: 240_000 }, async () => {
    const ids = await createJobs('a', JOBS);
    await checkExactlyOnce(ids);
    const byWorker = await sql.query(`select count(distinct lease_owner)::int as n from render_jobs`);
    void byWorker;
  });

  test("a long document's parts print on both workers and are joined into one numbered PDF", { timeout: 240_000 }, async () => {
    const template = file(
      'index.hbs',
      '<!doctype html><style>@page { size: A4; margin: 2cm; @bottom-center { content: "Page " counter(page) " of " counter(pages); } }</style>' +
        '<table>{{#each rows}}<tr><td>Row {{this}}</td></tr>{{/each}}</table>',
    );
    const s = await apis[0].request('POST', '/v1/upload-sessions', {
      json: { createDeploy: { slug: 'long', name: 'Long' }, files: descriptors([template]) },
    });
    assert.equal(s.status, 201, JSON.stringify(s.body));
    const token = { 'x-upload-token': s.body.uploadToken };
    await apis[0].request('PUT', `/v1/upload-sessions/${s.body.uploadSession.id}/blobs/${sha256(template.content)}`, {
      body: template.content,
      headers: token,
    });
    const c = await apis[1].request('POST', `/v1/upload-sessions/${s.body.uploadSession.id}/commit`, {
      json: {
        entries: entries([template]),
        render: { route: '/', title: 'Long', metadata: { pdf: { parts: { items: 'rows', size: 150 } } } },
      },
      headers: token,
    });
    assert.equal(c.status, 201, JSON.stringify(c.body));
    const rows = Array.from({ length: 3000 }, (_, i) => i + 1);
    const job = await apis[0].request('POST', '/v1/render-jobs', {
      json: { deployId: c.body.deployVersion.deployId, deployVersionId: 'latest', payload: { rows } },
    });
    assert.equal(job.status, 202, JSON.stringify(job.body));
    const id = job.body.job.id as string;
    await waitUntil(
      () => `the long document ${id} ended`,
      async () =>
        ['succeeded', 'failed', 'canceled'].includes(
          (await sql.query(`select status from render_jobs where id = $1`, [id])).rows[0].status,
        ),
      DRAIN,
    );
    const done = await apis[1].request('GET', `/v1/render-jobs/${id}`);
    assert.equal(done.body.job.status, 'succeeded', JSON.stringify(done.body.job));
    const d = await apis[0].request('GET', `/v1/render-jobs/${id}/diagnostics`);
    const parts = d.body.diagnostics.parts;
    assert.equal(parts.count, 20, '3,000 rows, 150 per part');
    assert.equal(parts.workers, 2, 'both workers printed parts of the one document');
    const pages = parts.pages.reduce((a: number, b: number) => a + b, 0);
    assert.equal(done.body.output.pageCount, pages);
    assert.equal(done.body.job.pagesDone, pages);
    assert.equal((await sql.query('select count(*)::int as n from render_job_parts')).rows[0].n, 0, 'no part print left');
  });

  test('SIGKILL one worker mid-batch: the other finishes everything, still exactly once', { timeout: 240_000 }, async () => {
    const ids = await createJobs('b', KILL_JOBS);
    let started = 0;
    await waitUntil(
      () => `10 jobs rendering or done before the kill (${started} were)`,
      async () => {
        const r = await sql.query(`select count(*)::int as n from render_jobs where id = any($1) and status in ('succeeded','rendering')`, [
          ids,
        ]);
        return (started = r.rows[0].n) >= 10;
      },
      DRAIN,
    );
    await workers[0].stop('SIGKILL');
    await checkExactlyOnce(ids);
    const retried = await sql.query(`select count(*)::int as n from render_jobs where id = any($1) and attempt > 0`, [ids]);
    console.log(`jobs retried after the kill: ${retried.rows[0].n}`);
  });
});
