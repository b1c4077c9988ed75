// Scale-out throughput: one api process and 1 or 2 worker processes on PostgreSQL + S3 (s3rver), fresh
// for each measurement. Two pages: a wait-bound one (calls ready() 500 ms after load: the render is idle
// time, so workers should add up) and the 1-page invoice (CPU-bound: two cores are shared by everyone).
// Run: node --import tsx bench/scale.ts   (JOBS=N per measurement, default 40; FOLIO_RENDER_CONCURRENCY per worker, default 2)
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { tempDir } from '../test/helpers/app.js';
import { descriptors, entries, file, sha256 } from '../test/helpers/bundle.js';
import { createPgDatabase, startS3 } from '../test/helpers/engine.js';
import { client } from '../test/helpers/http-client.js';
import { FOLIO_BIN, startServerProcess } from '../test/helpers/server-process.js';

const JOBS = Number(process.env.JOBS ?? 40);
const KEY = 'folio_sk_bench0000000000000000000000000000000scale';
const waitPage = file(
  'index.html',
  '<!doctype html><h1>wait</h1><script>window.folio.waitForReady=true;setTimeout(()=>window.folio.ready(),500);</script>',
);
const invoicePage = file('index.html', readFileSync(new URL('../test/fixtures/render/invoice/index.html', import.meta.url)));

async function measure(workers: number, page: ReturnType<typeof file>): Promise<number> {
  const dir = tempDir('folio-bench-scale-');
  const db = await createPgDatabase();
  const s3 = await startS3(path.join(dir, 's3'));
  const env = (name: string) => ({
    ...s3.env,
    FOLIO_DATABASE_URL: db.url,
    FOLIO_DATA_DIR: path.join(dir, name),
    FOLIO_SIGNING_KEY: 'bench-scale-signing-key-0123456789abcdef012',
    FOLIO_SECRETS_KEY: 'bench-scale-secrets-key-0123456789abcdef012',
    FOLIO_BOOTSTRAP_API_KEY: KEY,
    FOLIO_RENDER_CONCURRENCY: process.env.FOLIO_RENDER_CONCURRENCY ?? '2',
    FOLIO_LOG_LEVEL: 'error',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  });
  await promisify(execFile)(FOLIO_BIN, ['migrate'], { env: { ...process.env, ...env('migrate') } });
  const procs = await Promise.all([
    startServerProcess(env('api'), 'api'),
    ...Array.from({ length: workers }, (_, i) => startServerProcess(env(`w${i}`), 'worker')),
  ]);
  const api = client(procs[0].url, KEY);
  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  try {
    const s = await api.request('POST', '/v1/upload-sessions', {
      json: { createDeploy: { slug: 'b', name: 'B' }, files: descriptors([page]) },
    });
    await api.request('PUT', `/v1/upload-sessions/${s.body.uploadSession.id}/blobs/${sha256(page.content)}`, {
      body: page.content,
      headers: { 'x-upload-token': s.body.uploadToken },
    });
    const c = await api.request('POST', `/v1/upload-sessions/${s.body.uploadSession.id}/commit`, {
      json: { entries: entries([page]), render: { route: '/', title: 'B' } },
      headers: { 'x-upload-token': s.body.uploadToken },
    });
    const deployId = c.body.deployVersion.deployId;
    const run = async (n: number) => {
      const started = performance.now();
      const ids = [];
      for (let i = 0; i < n; i++)
        ids.push((await api.request('POST', '/v1/render-jobs', { json: { deployId, deployVersionId: 'latest' } })).body.job.id);
      for (;;) {
        const r = await sql.query(`select count(*)::int as n from render_jobs where id = any($1) and status = 'succeeded'`, [ids]);
        if (r.rows[0].n === n) break;
        await new Promise((res) => setTimeout(res, 20));
      }
      return (n * 1000) / (performance.now() - started);
    };
    await run(Math.max(4, workers * 4)); // warm-up: browsers launched, packs cached
    return await run(JOBS);
  } finally {
    await sql.end();
    await Promise.all(procs.map((p) => p.stop()));
    await s3.close();
    await db.drop();
  }
}

const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(
  `# bench/scale — ${JOBS} jobs per measurement, render concurrency ${process.env.FOLIO_RENDER_CONCURRENCY ?? 2} per worker, load average ${load}\n`,
);
console.log('| page | 1 worker jobs/s | 2 workers jobs/s | ratio |');
console.log('|---|---|---|---|');
for (const [name, page] of [
  ['wait-bound (ready after 500 ms)', waitPage],
  ['1-page invoice', invoicePage],
] as const) {
  const one = await measure(1, page);
  const two = await measure(2, page);
  console.log(`| ${name} | ${one.toFixed(2)} | ${two.toFixed(2)} | ${(two / one).toFixed(2)} |`);
}
