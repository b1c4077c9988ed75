// Office conversion (docs/office.md) measured as a user's integration sees it: a separate `folio serve`
// process (SQLite + files), one POST /v1/render per conversion of a 2-page DOCX (inline `entry` + `files`;
// the same bytes each time, so the inline version is reused), timed from the request to the last byte of the
// PDF. Two servers in the same sitting:
//   pool 2 = the default warm pool (FOLIO_OFFICE_POOL_SIZE=2)
//   pool 1 = one LibreOffice conversion at a time, Gotenberg's behaviour per container
// For each: p50/p95 latency at concurrency 1, throughput at concurrency 1 and 2, server CPU per conversion
// (user + system of the server's process tree, LibreOffice included), and the tree's resident memory
// before and after MEMORY_ROUNDS conversions.
// Targets (docs/office.md): p50 ≤ 1.0 s warm; throughput at c=2 ≥ 1.6 × c=1; memory bounded.
// Run: npm run build && flock /tmp/folio-office.lock node --import tsx bench/office.ts
//      (ROUNDS=N conversions per measurement, default 60; MEMORY_ROUNDS=N, default 200)
import { cpuMs } from './lib/process-cpu.js';
import { KEY, loadAverage, startServe } from './lib/serve-variants.js';
import { machineLine, mapLimit, table } from './lib/stats.js';
import { processTreeRssBytes } from '../src/render/process-memory.js';
import { letterDocx } from '../test/helpers/office-documents.js';
import type { ServerProcess } from '../test/helpers/server-process.js';
import { OfficePool } from '../src/office/office-pool.js';

const ROUNDS = Number(process.env.ROUNDS ?? 60);
const MEMORY_ROUNDS = Number(process.env.MEMORY_ROUNDS ?? 200);

async function convert(server: ServerProcess, body: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${server.url}/v1/render`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body,
  });
  const pdf = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`POST /v1/render: ${res.status} ${pdf.toString('utf8').slice(0, 300)}`);
  if (res.headers.get('folio-page-count') !== '2') throw new Error(`expected 2 pages, got ${res.headers.get('folio-page-count')}`);
  return performance.now() - t0;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function measure(server: ServerProcess, body: string, concurrency: number, rounds: number) {
  const cpu0 = cpuMs(server.child.pid!);
  const t0 = performance.now();
  const lat = await mapLimit(
    Array.from({ length: rounds }, (_, i) => i),
    concurrency,
    () => convert(server, body),
  );
  const wall = performance.now() - t0;
  return { p50: pct(lat, 50), p95: pct(lat, 95), perSecond: (rounds * 1000) / wall, cpuPer: (cpuMs(server.child.pid!) - cpu0) / rounds };
}

async function run(name: string, poolSize: number, body: string) {
  const server = await startServe({ renderConcurrency: 2, env: { FOLIO_OFFICE_POOL_SIZE: String(poolSize) } });
  try {
    // The first conversion starts the pool; the next ones let both processes warm up.
    for (let i = 0; i < 10; i++) await convert(server, body);
    await new Promise((r) => setTimeout(r, 2000));
    await mapLimit([1, 2, 3, 4, 5, 6], 2, () => convert(server, body));
    const c1 = await measure(server, body, 1, ROUNDS);
    const c2 = await measure(server, body, 2, ROUNDS);
    const rss0 = processTreeRssBytes(server.child.pid!) ?? 0;
    await mapLimit(
      Array.from({ length: MEMORY_ROUNDS }, (_, i) => i),
      2,
      () => convert(server, body),
    );
    const rss1 = processTreeRssBytes(server.child.pid!) ?? 0;
    return { name, c1, c2, rss0, rss1 };
  } finally {
    await server.stop();
  }
}

async function main() {
  const docx = await letterDocx();
  const body = JSON.stringify({ entry: 'letter.docx', files: { 'letter.docx': docx.toString('base64') } });
  console.log(machineLine());
  console.log(`load average before: ${loadAverage()}`);
  const rows = [];
  for (const [name, size] of [
    ['pool 2 (default)', 2],
    ['pool 1 (one at a time, Gotenberg-like)', 1],
  ] as const) {
    const r = await run(name, size, body);
    rows.push([
      r.name,
      `${r.c1.p50.toFixed(0)} / ${r.c1.p95.toFixed(0)} ms`,
      r.c1.perSecond.toFixed(2),
      r.c2.perSecond.toFixed(2),
      `${(r.c2.perSecond / r.c1.perSecond).toFixed(2)}×`,
      `${r.c1.cpuPer.toFixed(0)} ms`,
      `${(r.rss0 / 1e6).toFixed(0)} → ${(r.rss1 / 1e6).toFixed(0)} MB`,
    ]);
  }
  console.log(
    table(
      ['server', 'p50 / p95 (c=1)', 'conv/s c=1', 'conv/s c=2', 'c2/c1', 'CPU per conversion', `tree RSS before → after ${MEMORY_ROUNDS}`],
      rows,
    ),
  );
  // The engine alone (the pool in this process, no HTTP, no job): what LibreOffice itself allows.
  const engineRows = [];
  for (const size of [2, 1]) {
    const pool = new OfficePool({ size, maxConversionsPerProcess: 10_000, memoryMb: 3072, user: 'folio-office', sofficePath: null });
    try {
      await pool.warm();
      const once = async () => {
        const t = performance.now();
        await pool.convert({
          accountId: 'bench',
          fileName: 'letter.docx',
          bytes: docx,
          options: {},
          timeoutMs: 30_000,
          maxOutputBytes: null,
        });
        return performance.now() - t;
      };
      for (let i = 0; i < 10; i++) await once();
      const rate = async (c: number) => {
        const t0 = performance.now();
        const lat = await mapLimit(
          Array.from({ length: ROUNDS }, (_, i) => i),
          c,
          once,
        );
        return { p50: pct(lat, 50), perSecond: (ROUNDS * 1000) / (performance.now() - t0) };
      };
      const e1 = await rate(1);
      const e2 = await rate(2);
      engineRows.push([
        `pool ${size}`,
        `${e1.p50.toFixed(0)} ms`,
        e1.perSecond.toFixed(2),
        e2.perSecond.toFixed(2),
        `${(e2.perSecond / e1.perSecond).toFixed(2)}×`,
      ]);
    } finally {
      await pool.close();
    }
  }
  console.log('\nthe engine alone (OfficePool in-process, no HTTP):');
  console.log(table(['pool', 'p50 (c=1)', 'conv/s c=1', 'conv/s c=2', 'c2/c1'], engineRows));
  console.log(`load average after: ${loadAverage()}`);
}

await main();
