// bench/api: autocannon against an authenticated read of the real Folio server (`GET /v1/deploys/{id}`)
// and against a bare Fastify hello-world route in the same process, with the same connections and
// duration. Reports req/s, p50/p99 latency and the ratio Folio/bare (target ≥ 0.5×).
//
//   node --import tsx bench/api.ts               (npm run bench:api)
//   BENCH_CONNECTIONS=10 BENCH_DURATION=5 BENCH_WARMUP=1 BENCH_ROUNDS=2 node --import tsx bench/api.ts
//   BENCH_BREAKDOWN=1 node --import tsx bench/api.ts   (adds /healthz and /v1/account rows; ~1.5 min)
//
// The load generator runs in a worker thread (autocannon `workers: 1`) so it does not share the event
// loop with the servers under test; both servers get the same treatment. This machine's throughput drifts
// between runs (shared vCPUs), so the targets alternate within each round and the table shows medians.
// Because a busy neighbour moves req/s a lot, each row also shows the CPU time the servers' thread (the
// main thread: both servers live there, the load generator does not) spent per request: that number does
// not depend on how much CPU the neighbour leaves us.
import fs from 'node:fs';
import autocannon from 'autocannon';
import path from 'node:path';
import Database from 'libsql';
import Fastify from 'fastify';
import { generateBundle } from './lib/bundle.js';
import { startFolio, type BenchServer } from './lib/server.js';
import { machineLine, median, table } from './lib/stats.js';
import { deployBundle } from './lib/upload-client.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** BENCH_BREAKDOWN=1 adds Folio's /healthz and /v1/account, to split framework cost from database cost. */
const BREAKDOWN = process.env.BENCH_BREAKDOWN === '1';

interface Measured {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Main-thread CPU µs per completed request, or NaN where /proc is not available. */
  cpuUs: number;
}

/** CPU time (ns) the main thread has run, from Linux's per-thread schedstat; NaN elsewhere. */
function mainThreadCpuNs(): number {
  try {
    return Number(fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return NaN;
  }
}

async function cannon(url: string, headers: Record<string, string>, duration: number): ReturnType<typeof autocannon> {
  return autocannon({ url, connections: CONNECTIONS, duration, headers, ...(WORKERS > 0 ? { workers: WORKERS } : {}) });
}

async function measure(label: string, url: string, headers: Record<string, string> = {}): Promise<Measured> {
  if (WARMUP > 0) await cannon(url, headers, WARMUP);
  const cpuBefore = mainThreadCpuNs();
  const r = await cannon(url, headers, DURATION);
  const cpuUs = (mainThreadCpuNs() - cpuBefore) / 1000 / Math.max(1, r.requests.total);
  return { label, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts, cpuUs };
}

/** A deploy with one committed version and an alias, so the read returns the full shape. */
async function seed(server: BenchServer): Promise<string> {
  const files = generateBundle({ count: 20, totalBytes: 200_000, seed: 7 });
  const d = await deployBundle({
    baseUrl: server.url,
    key: server.key,
    files,
    target: { createDeploy: { slug: 'api-bench', name: 'API bench' } },
  });
  const res = await fetch(`${server.url}/v1/deploys/${d.deployId}/aliases/production`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ deployVersionId: 'latest' }),
  });
  if (res.status !== 200) throw new Error(`alias: ${res.status} ${await res.text()}`);
  return d.deployId;
}

async function main() {
  const quiet = await startFolio({ logLevel: 'silent' });
  const logged = await startFolio({ logLevel: 'info' });
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ hello: 'world' }));
  // BENCH_BREAKDOWN's like-for-like floor: what the read needs at minimum -- one prepared point query on
  // Folio's own SQLite file through the same driver, serialized by Fastify. No auth, hooks or error handling.
  const db = new Database(path.join(quiet.dataDir, 'folio.db'), { readonly: true });
  const pointQuery = db.prepare('SELECT * FROM deploys WHERE id = ?');
  bare.get('/deploy/:id', async (req) => pointQuery.get((req.params as { id: string }).id));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  console.log(`# bench/api\n\n${machineLine()}`);
  console.log(
    `autocannon: ${CONNECTIONS} connections × ${DURATION} s after a ${WARMUP} s warm-up, ${ROUNDS} rounds (targets alternate within a round), load generator in ${WORKERS} worker thread(s)\n`,
  );
  const rounds: Measured[][] = [];
  try {
    const targets: { label: string; url: string; headers: Record<string, string> }[] = [
      { label: 'bare Fastify GET /hello', url: `${bareUrl}/hello`, headers: {} },
    ];
    for (const [server, what] of [
      [quiet, 'off (log level silent)'],
      [logged, 'on (level info → /dev/null)'],
    ] as const) {
      const deployId = await seed(server);
      const url = `${server.url}/v1/deploys/${deployId}`;
      const headers = { authorization: `Bearer ${server.key}` };
      const check = await fetch(url, { headers });
      const body = (await check.json()) as { latestVersion?: unknown; aliases?: unknown[] };
      if (check.status !== 200 || !body.latestVersion || body.aliases?.length !== 1)
        throw new Error(`unexpected GET deploy answer ${check.status}`);
      targets.push({ label: `Folio GET /v1/deploys/{id}, request logging ${what}`, url, headers });
    }
    if (BREAKDOWN) {
      const bareDbUrl = `${bareUrl}/deploy/${new URL(targets[1].url).pathname.split('/').pop()}`;
      const probe = await fetch(bareDbUrl);
      if (probe.status !== 200 || !((await probe.json()) as { id?: string }).id)
        throw new Error('bare point-query route did not find the deploy');
      targets.push({ label: 'bare Fastify GET /deploy/{id} (one prepared libsql point query, no auth)', url: bareDbUrl, headers: {} });
      // Where the time goes: the framework and hooks alone (no auth, no database), then auth plus one query.
      targets.push({ label: 'Folio GET /healthz (no auth, no database; logging off)', url: `${quiet.url}/healthz`, headers: {} });
      targets.push({
        label: 'Folio GET /v1/account (auth + one query; logging off)',
        url: `${quiet.url}/v1/account`,
        headers: { authorization: `Bearer ${quiet.key}` },
      });
    }
    for (let r = 0; r < ROUNDS; r++) {
      const round: Measured[] = [];
      for (const t of targets) round.push(await measure(t.label, t.url, t.headers));
      rounds.push(round);
    }
  } finally {
    await bare.close();
    db.close();
    await quiet.close();
    await logged.close();
  }

  const summary = rounds[0].map((first, i) => {
    const per = rounds.map((round) => round[i]);
    return {
      label: first.label,
      rpsRounds: per.map((m) => m.rps),
      rps: median(per.map((m) => m.rps)),
      p50: median(per.map((m) => m.p50)),
      p99: median(per.map((m) => m.p99)),
      non2xx: per.reduce((n, m) => n + m.non2xx, 0),
      errors: per.reduce((n, m) => n + m.errors, 0),
      cpuUs: median(per.map((m) => m.cpuUs)),
    };
  });
  const base = summary[0].rps;
  console.log(
    table(
      [
        'target',
        'req/s (median of rounds)',
        'req/s per round',
        'p50',
        'p99',
        'non-2xx',
        'errors',
        'ratio to bare',
        'server CPU per request',
        'CPU ratio (bare ÷ this)',
      ],
      summary.map((r) => [
        r.label,
        Math.round(r.rps),
        r.rpsRounds.map(Math.round).join(' / '),
        `${r.p50} ms`,
        `${r.p99} ms`,
        r.non2xx,
        r.errors,
        `${(r.rps / base).toFixed(2)}×`,
        `${r.cpuUs.toFixed(0)} µs`,
        `${(summary[0].cpuUs / r.cpuUs).toFixed(2)}×`,
      ]),
    ),
  );
  const perRound = rounds.map((round) => (round[1].rps / round[0].rps).toFixed(2)).join(', ');
  const ratio = summary[1].rps / base;
  console.log(`\nTarget Folio/bare ≥ 0.5× (logging off): ${ratio >= 0.5 ? 'PASS' : 'FAIL'} (${ratio.toFixed(2)}×; per round ${perRound})`);
  console.log(
    `Server CPU per request: bare ${summary[0].cpuUs.toFixed(0)} µs, Folio ${summary[1].cpuUs.toFixed(0)} µs (logging off): ${(summary[0].cpuUs / summary[1].cpuUs).toFixed(2)}× by CPU`,
  );
  if (summary.some((r) => r.non2xx > 0 || r.errors > 0)) {
    console.log('Some requests failed: the numbers are not comparable.');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
