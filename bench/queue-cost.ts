// What one render job costs PostgreSQL, from its creation to its webhook delivered, and how far the queue
// carries a fleet of workers. For each worker count (WORKERS, default 1,2,4): a fresh database, an s3rver
// store, one `folio api` process and N `folio worker` processes; the 1-page invoice deployed with a webhook
// to a local receiver; JOBS jobs created through the api (as fast as it answers) and counted done when
// their webhook has arrived. Measured over those jobs, per job: SQL statements and rows (pg_stat_statements
// when the server loads it, else pg_stat_database's transactions and tuples), WAL bytes, and the CPU of
// PostgreSQL's processes (its backends for this database plus its background writers), next to Folio's
// own processes (api + workers, Node and Chromium). The heaviest statements are listed.
//
// Run: node --import tsx bench/queue-cost.ts   (JOBS=N per measurement, default 120; WORKERS=1,2,4;
//      FOLIO_RENDER_CONCURRENCY per worker, default 2). For the statement list, load pg_stat_statements:
//      ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'; then restart PostgreSQL.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { treeCpuMs } from './lib/pss.js';
import { tempDir } from '../test/helpers/app.js';
import { descriptors, entries, file, sha256 } from '../test/helpers/bundle.js';
import { createPgDatabase, startS3 } from '../test/helpers/engine.js';
import { client } from '../test/helpers/http-client.js';
import { FOLIO_BIN, startServerProcess } from '../test/helpers/server-process.js';
import { startReceiver } from '../test/helpers/webhook-receiver.js';

const JOBS = Number(process.env.JOBS ?? 120);
const WORKERS = (process.env.WORKERS ?? '1,2,4').split(',').map(Number);
const KEY = 'folio_sk_bench0000000000000000000000000000000queue';
const page = file('index.html', readFileSync(new URL('../test/fixtures/render/invoice/index.html', import.meta.url)));
const TICK_MS = 10; // /proc CPU times are in ticks of 10 ms

/** CPU (ms) of PostgreSQL's processes serving `db`: its client backends and the shared background ones. */
async function pgCpuMs(sql: pg.Client, db: string): Promise<number> {
  const r = await sql.query(
    `select pid from pg_stat_activity where datname = $1 or backend_type in ('background writer', 'checkpointer', 'walwriter', 'autovacuum launcher')`,
    [db],
  );
  let ms = 0;
  for (const { pid } of r.rows as { pid: number }[]) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms += (Number(f[11]) + Number(f[12])) * TICK_MS;
    } catch {
      // the process ended
    }
  }
  return ms;
}

interface Counters {
  xacts: number;
  rowsWritten: number;
  walLsn: string;
  pgCpu: number;
  folio: { total: number; chromium: number };
}

async function counters(sql: pg.Client, db: string, pids: number[]): Promise<Counters> {
  const d = await sql.query(
    `select xact_commit + xact_rollback as xacts, tup_inserted + tup_updated + tup_deleted as rows from pg_stat_database where datname = $1`,
    [db],
  );
  const wal = await sql.query(`select pg_current_wal_lsn()::text as lsn`);
  const folio = pids
    .map(treeCpuMs)
    .reduce((a, b) => ({ total: a.total + b.total, chromium: a.chromium + b.chromium }), { total: 0, chromium: 0 });
  return {
    xacts: Number(d.rows[0].xacts),
    rowsWritten: Number(d.rows[0].rows),
    walLsn: wal.rows[0].lsn,
    pgCpu: await pgCpuMs(sql, db),
    folio,
  };
}

async function statements(
  sql: pg.Client,
): Promise<{ available: boolean; rows: { query: string; calls: number; rows: number; ms: number; wal: number }[] }> {
  try {
    const r = await sql.query(
      `select query, calls::int, rows::bigint, total_exec_time as ms, wal_bytes::bigint as wal from pg_stat_statements
       where dbid = (select oid from pg_database where datname = current_database()) order by calls desc`,
    );
    return { available: true, rows: r.rows.map((x) => ({ ...x, rows: Number(x.rows), wal: Number(x.wal) })) };
  } catch {
    return { available: false, rows: [] };
  }
}

async function measure(workers: number) {
  const dir = tempDir('folio-bench-queue-');
  const db = await createPgDatabase();
  const dbName = new URL(db.url).pathname.slice(1);
  const s3 = await startS3(path.join(dir, 's3'));
  const receiver = await startReceiver();
  const env = (name: string) => ({
    ...s3.env,
    FOLIO_DATABASE_URL: db.url,
    FOLIO_DATA_DIR: path.join(dir, name),
    FOLIO_SIGNING_KEY: 'bench-queue-signing-key-0123456789abcdef0123',
    FOLIO_SECRETS_KEY: 'bench-queue-secrets-key-0123456789abcdef0123',
    FOLIO_BOOTSTRAP_API_KEY: KEY,
    FOLIO_ALLOW_INSECURE_WEBHOOKS: '1',
    FOLIO_RENDER_CONCURRENCY: process.env.FOLIO_RENDER_CONCURRENCY ?? '2',
    FOLIO_RATE_LIMIT_PER_SECOND: '100000',
    FOLIO_RATE_LIMIT_BURST: '100000',
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
      json: { createDeploy: { slug: 'q', name: 'Q' }, files: descriptors([page]) },
    });
    await api.request('PUT', `/v1/upload-sessions/${s.body.uploadSession.id}/blobs/${sha256(page.content)}`, {
      body: page.content,
      headers: { 'x-upload-token': s.body.uploadToken },
    });
    const c = await api.request('POST', `/v1/upload-sessions/${s.body.uploadSession.id}/commit`, {
      json: { entries: entries([page]), render: { route: '/', title: 'Q' } },
      headers: { 'x-upload-token': s.body.uploadToken },
    });
    const deployId = c.body.deployVersion.deployId;
    await api.request('PATCH', `/v1/deploys/${deployId}/settings`, { json: { webhook: { enabled: true, url: receiver.url } } });
    const run = async (n: number) => {
      const before = receiver.received.length;
      const started = performance.now();
      // Created from a few client loops at once, as an integration's request handlers would.
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next++ < n)
            await api.request('POST', '/v1/render-jobs', { json: { deployId, deployVersionId: 'latest', payload: { n } } });
        }),
      );
      while (receiver.received.length < before + n) await new Promise((r) => setTimeout(r, 10));
      return (n * 1000) / (performance.now() - started);
    };
    await run(Math.max(8, workers * 4)); // warm-up: browsers launched, packs cached, statements prepared
    await sql.query('create extension if not exists pg_stat_statements').catch(() => {});
    await sql.query('select pg_stat_statements_reset()').catch(() => {});
    await new Promise((r) => setTimeout(r, 600)); // pg_stat_database is updated by backends at most every 500 ms
    const pids = procs.map((p) => p.child.pid!);
    const c0 = await counters(sql, dbName, pids);
    const jobsPerSecond = await run(JOBS);
    await new Promise((r) => setTimeout(r, 600));
    const c1 = await counters(sql, dbName, pids);
    const st = await statements(sql);
    const wal = await sql.query(`select pg_wal_lsn_diff($1, $2)::bigint as bytes`, [c1.walLsn, c0.walLsn]);
    const per = (x: number) => x / JOBS;
    return {
      workers,
      jobsPerSecond,
      xacts: per(c1.xacts - c0.xacts),
      rowsWritten: per(c1.rowsWritten - c0.rowsWritten),
      walBytes: per(Number(wal.rows[0].bytes)),
      pgCpuMs: per(c1.pgCpu - c0.pgCpu),
      folioNodeMs: per(c1.folio.total - c1.folio.chromium - (c0.folio.total - c0.folio.chromium)),
      chromiumMs: per(c1.folio.chromium - c0.folio.chromium),
      statements: st.available ? st.rows.filter((r) => !/pg_stat_statements/.test(r.query)) : null,
    };
  } finally {
    await sql.end();
    await Promise.all(procs.map((p) => p.stop()));
    await receiver.close();
    await s3.close();
    await db.drop();
  }
}

const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(
  `# bench/queue-cost — ${JOBS} invoice jobs per measurement, create → webhook delivered, render concurrency ${process.env.FOLIO_RENDER_CONCURRENCY ?? 2} per worker, load average ${load}\n`,
);
const results = [];
for (const w of WORKERS) results.push(await measure(w));
console.log(
  '| worker processes | jobs/s | transactions per job | rows written per job | WAL bytes per job | PostgreSQL CPU ms per job | Folio Node CPU ms per job | Chromium CPU ms per job |',
);
console.log('|---|---|---|---|---|---|---|---|');
const f = (n: number, d = 1) => n.toFixed(d);
for (const r of results)
  console.log(
    `| ${r.workers} | ${f(r.jobsPerSecond)} | ${f(r.xacts)} | ${f(r.rowsWritten)} | ${f(r.walBytes, 0)} | ${f(r.pgCpuMs, 2)} | ${f(r.folioNodeMs)} | ${f(r.chromiumMs)} |`,
  );
const last = results.at(-1)!;
if (last.statements) {
  const calls = last.statements.reduce((a, s) => a + s.calls, 0);
  console.log(`\nStatements per job (pg_stat_statements, ${last.workers} workers): ${f(calls / JOBS)} in all; the heaviest by calls:\n`);
  console.log('| statement | calls per job | rows per job | exec ms per job | WAL bytes per job |');
  console.log('|---|---|---|---|---|');
  for (const s of last.statements.slice(0, Number(process.env.TOP ?? 15))) {
    const q = s.query.replace(/\s+/g, ' ').replace(/\|/g, '\\|').slice(0, 110);
    console.log(`| \`${q}\` | ${f(s.calls / JOBS, 2)} | ${f(s.rows / JOBS, 2)} | ${f(s.ms / JOBS, 3)} | ${f(s.wal / JOBS, 0)} |`);
  }
} else {
  console.log('\n(pg_stat_statements is not loaded: no statement list; see the header of this file)');
}
const best = results.reduce((a, b) => (b.pgCpuMs < a.pgCpuMs ? b : a));
const perCore = 1000 / best.pgCpuMs;
const perWorker = results.find((r) => r.workers === 1)!.jobsPerSecond;
console.log(
  `\nProjection: one PostgreSQL core carries ~${f(perCore, 0)} jobs/s at ${f(best.pgCpuMs, 2)} ms of its CPU per job. ` +
    `One worker process on this 2-core machine does ${f(perWorker)} jobs/s of this invoice, so 50 such workers (each on its own 2 cores) ` +
    `ask ~${f(50 * perWorker, 0)} jobs/s: ~${f((50 * perWorker) / perCore, 1)} PostgreSQL cores.`,
);
