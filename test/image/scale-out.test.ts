// The image scaled out: a `folio migrate` container, then an `api` and a `worker` container of the same
// image on this machine's PostgreSQL (a fresh database) and an S3-compatible server (s3rver) started here.
// They share the machine's network (--network host), as they would share a cluster's; the worker runs as
// compose.yaml and the Kubernetes manifests run it (seccomp=unconfined). 50 jobs created through the api
// container each succeed exactly once, rendered by the worker with Chromium sandboxed.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { tempDir } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { createPgDatabase, startS3 } from '../helpers/engine.js';
import { deployOverHttp } from '../helpers/http-deploy.js';
import { client, type Client } from '../helpers/http-client.js';
import { waitUntil } from '../helpers/wait.js';
import { chromiumSetting, UNCONFINED, type ChromiumSetting } from './chromium-settings.js';
import { assertSandboxed, freePort, IMAGE, NO_SANDBOX, podman, processes, useContainers, waitReady } from './podman.js';

const KEY = 'folio_sk_image000000000000000000000000000000000001';
const JOBS = 50;
const page = file(
  'index.html',
  '<!doctype html><body><h1 id="t">?</h1><script>window.folio.waitForReady=true;fetch(window.folio.payloadUrl).then(r=>r.json()).then(p=>{document.getElementById("t").textContent="Job "+p.n;window.folio.ready();});</script></body>',
);

describe('scale-out: api and worker containers on PostgreSQL + S3', () => {
  const c = useContainers();
  const dir = tempDir('folio-image-');
  let db: Awaited<ReturnType<typeof createPgDatabase>>;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let sql: pg.Client;
  let setting: ChromiumSetting;
  let api: Client;
  let apiUrl: string;
  let workerUrl: string;
  let apiName: string;
  let worker: string;

  before(async () => {
    setting = await chromiumSetting([UNCONFINED]);
    db = await createPgDatabase();
    s3 = await startS3(path.join(dir, 's3'));
    const env: Record<string, string> = {
      ...s3.env,
      FOLIO_DATABASE_URL: db.url,
      FOLIO_SIGNING_KEY: 'image-test-signing-key-0123456789abcdef0123',
      FOLIO_SECRETS_KEY: 'image-test-secrets-key-0123456789abcdef0123',
      FOLIO_BOOTSTRAP_API_KEY: KEY,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      FOLIO_RENDER_CONCURRENCY: '2',
      // 50 jobs are created as fast as the api answers; the shared limit has tests of its own.
      FOLIO_RATE_LIMIT_PER_SECOND: '100000',
      FOLIO_RATE_LIMIT_BURST: '100000',
    };
    const [apiPort, workerPort] = [await freePort(), await freePort()];
    apiUrl = `http://127.0.0.1:${apiPort}`;
    workerUrl = `http://127.0.0.1:${workerPort}`;
    // One settings file for every container, as docs/operations.md ("Run the image") has it.
    const envFile = path.join(dir, 'folio.env');
    fs.writeFileSync(
      envFile,
      Object.entries({ ...env, FOLIO_PUBLIC_URL: apiUrl })
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
    // The migration, once, before any api or worker starts (as the compose file and the Job do).
    await podman(['run', '--rm', '--network', 'host', '--env-file', envFile, IMAGE, 'bin/folio', 'migrate']);
    // On the host's network each process listens on loopback, on a port of its own (instead of -p).
    const common = (port: number) => ['--network', 'host', '--env-file', envFile, '-e', 'HOST=127.0.0.1', '-e', `PORT=${port}`];
    apiName = await c.run('api', common(apiPort), ['bin/folio', 'api']);
    worker = await c.run('worker', [...common(workerPort), ...setting.args], ['bin/folio', 'worker']);
    api = client(apiUrl, KEY);
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
  });

  after(async () => {
    await sql?.end();
    await s3?.close();
    await db?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('both are ready: the api on PostgreSQL and S3, the worker with Chromium too', async () => {
    const [a, w] = await Promise.all([waitReady(apiName, apiUrl), waitReady(worker, workerUrl)]);
    assert.equal(a.status, 200, JSON.stringify(a.body));
    assert.deepEqual(a.body.checks, { database: 'ok', storage: 'ok' }, 'an api process has no Chromium check');
    assert.equal(w.status, 200, JSON.stringify(w.body));
    assert.deepEqual(w.body.checks, { database: 'ok', storage: 'ok', chromium: 'ok' });
    assert.equal(w.body.details.chromiumSandbox, setting.sandbox ? 'on' : 'off (FOLIO_CHROMIUM_NO_SANDBOX=true)');
  });

  test(`${JOBS} jobs through the api container: the worker renders each exactly once`, { timeout: 240_000 }, async () => {
    const { deployId } = await deployOverHttp(api, 'image', [page]);
    const ids: string[] = [];
    for (let i = 0; i < JOBS; i += 10) {
      const chunk = await Promise.all(
        Array.from({ length: Math.min(10, JOBS - i) }, (_, k) =>
          api.request('POST', '/v1/render-jobs', { json: { deployId, deployVersionId: 'latest', payload: { n: i + k } } }),
        ),
      );
      for (const r of chunk) {
        assert.equal(r.status, 202, JSON.stringify(r.body));
        ids.push(r.body.job.id);
      }
    }
    let terminal = 0;
    await waitUntil(
      () => `all ${JOBS} jobs terminal (${terminal} were)`,
      async () => {
        const r = await sql.query(
          `select count(*)::int as n from render_jobs where id = any($1) and status in ('succeeded','failed','canceled')`,
          [ids],
        );
        return (terminal = r.rows[0].n) === ids.length;
      },
      { timeoutMs: 180_000, intervalMs: 500 },
    );
    const statuses = await sql.query(`select status, count(*)::int as n from render_jobs where id = any($1) group by status`, [ids]);
    assert.deepEqual(statuses.rows, [{ status: 'succeeded', n: JOBS }]);
    const outputs = await sql.query(
      `select count(*)::int as n, count(distinct job_id)::int as d from render_outputs where job_id = any($1)`,
      [ids],
    );
    assert.deepEqual(outputs.rows[0], { n: JOBS, d: JOBS }, 'one output per job');
    // The last job's PDF, through the api container, from S3.
    const link = await api.request('POST', `/v1/render-jobs/${ids[ids.length - 1]}/output-download`);
    assert.equal(link.status, 200, JSON.stringify(link.body));
    const pdf = Buffer.from(await (await fetch(link.body.access.url)).arrayBuffer());
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  });

  test("the worker's Chromium keeps its sandbox", async (t) => {
    const procs = await processes(worker);
    if (!setting.sandbox) {
      // Said in the output, never silent: the documented fallback must be the one running.
      assert.ok(
        procs.some((p) => p.type === 'browser' && NO_SANDBOX.test(p.cmdline)),
        'FOLIO_CHROMIUM_NO_SANDBOX=true runs --no-sandbox',
      );
      t.diagnostic(`SANDBOX UNAVAILABLE: this engine refuses what Chromium's sandbox needs; ran ${setting.name}`);
      console.log(`SANDBOX UNAVAILABLE: the documented fallback (${setting.name}) was exercised instead`);
      return;
    }
    const { renderers } = assertSandboxed(procs);
    t.diagnostic(`${renderers} renderer(s) sandboxed with ${setting.name}`);
  });
});
