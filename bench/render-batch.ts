// A 1,000-item render batch against the same 1,000 renders as single jobs (issue 19, point 3's targets),
// measured as a client sees a separate `folio serve` process (SQLite + files, two render slots):
//   singles = 1,000 POST /v1/render-jobs (8 at a time), then each job long-polled to its end
//   batch   = one POST /v1/render-batches of 1,000 items, then GET /v1/render-batches/{id} until completed
//   merge   = the batch with combine "merge": until completed, the merged PDF built
// Each is timed from its first request to the last item done; throughput = items / wall time. The Folio
// process's resident memory (VmRSS of the Node process; Chromium is separate) is sampled every 100 ms from
// before the batch is created to its end. Interleaved passes (the order flips every pass); best of each.
// Targets (issue 19): creation ≤ 1 s; batch throughput ≥ 0.95 × singles; memory growth ≤ 100 MB.
// Run: node --import tsx bench/render-batch.ts   (ITEMS=N, default 1000; PASSES=N, default 2)
import { readFileSync } from 'node:fs';
import { loadAverage, startVariant, type Variant } from './lib/serve-variants.js';
import { machineLine, mapLimit } from './lib/stats.js';

const ITEMS = Number(process.env.ITEMS ?? 1000);
const PASSES = Number(process.env.PASSES ?? 2);
const KEY = 'folio_sk_bench000000000000000000000000000variant';
const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };

const rssBytes = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
};

async function api(v: Variant, method: string, path: string, body?: unknown) {
  const res = await fetch(`${v.server.url}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

const items = () => Array.from({ length: ITEMS }, (_, i) => ({ businessKey: `INV-${i}`, payload: { n: i } }));

async function singles(v: Variant): Promise<{ wallMs: number }> {
  const t0 = performance.now();
  const ids = await mapLimit(
    items(),
    8,
    async (it) =>
      (await api(v, 'POST', '/v1/render-jobs', { deployId: v.deploys.ordinary, deployVersionId: 'latest', ...it })).job.id as string,
  );
  for (const id of ids) {
    const { job } = await api(v, 'GET', `/v1/render-jobs/${id}?waitSeconds=30`);
    if (job.status !== 'succeeded') throw new Error(`job ${id} ${job.status}`);
  }
  return { wallMs: performance.now() - t0 };
}

async function batch(
  v: Variant,
  combine: 'none' | 'merge',
): Promise<{ wallMs: number; createMs: number; rssBefore: number; rssPeak: number; rssAfter: number; product?: unknown }> {
  const pid = v.server.child.pid!;
  const rssBefore = rssBytes(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssBytes(pid))), 100);
  try {
    const t0 = performance.now();
    const created = await api(v, 'POST', '/v1/render-batches', {
      deployId: v.deploys.ordinary,
      deployVersionId: 'latest',
      combine,
      items: items(),
    });
    const createMs = performance.now() - t0;
    for (;;) {
      const { batch: b } = await api(v, 'GET', `/v1/render-batches/${created.batch.id}`);
      if (b.status === 'completed') {
        if (b.counts.succeeded !== ITEMS) throw new Error(`batch: ${JSON.stringify(b.counts)}`);
        if (combine === 'merge' && b.product?.state !== 'ready') throw new Error(`merge: ${JSON.stringify(b.product)}`);
        return { wallMs: performance.now() - t0, createMs, rssBefore, rssPeak, rssAfter: rssBytes(pid), product: b.product };
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    clearInterval(sampler);
  }
}

async function main() {
  // The pro plan: up to 8 renders of one account at a time (the free plan allows 1) and 100 MiB per merge.
  const v = await startVariant('folio', { renderConcurrency: 2, env: { FOLIO_DEFAULT_PLAN: 'pro' } });
  const mib = (b: number) => `${(b / 1048576).toFixed(0)} MiB`;
  const best: Record<string, number> = {};
  const keep = (k: string, ms: number) => (best[k] = Math.min(best[k] ?? Infinity, ms));
  const rows: string[] = [];
  try {
    // Warm-up: Chromium started, the bundle cached, the JIT warm.
    await mapLimit(
      Array.from({ length: 20 }, (_, i) => i),
      4,
      (i) =>
        api(v, 'POST', '/v1/render', { deployId: v.deploys.ordinary, deployVersionId: 'latest', payload: { n: i } }).catch(() => undefined),
    );
    for (let pass = 0; pass < PASSES; pass++) {
      const steps = ['singles', 'batch', 'merge'];
      for (const step of pass % 2 === 0 ? steps : [...steps].reverse()) {
        if (step === 'singles') {
          const r = await singles(v);
          keep('singles', r.wallMs);
          rows.push(`| ${pass + 1} | singles | | ${(r.wallMs / 1000).toFixed(1)} | ${((ITEMS * 1000) / r.wallMs).toFixed(1)} | | | |`);
        } else {
          const r = await batch(v, step === 'merge' ? 'merge' : 'none');
          keep(step, r.wallMs);
          keep(`${step} create`, r.createMs);
          const pages =
            step === 'merge'
              ? ` (${(r.product as { pdf: { pageCount: number; bytes: number } }).pdf.pageCount} pages, ${mib((r.product as { pdf: { bytes: number } }).pdf.bytes)})`
              : '';
          rows.push(
            `| ${pass + 1} | ${step}${pages} | ${r.createMs.toFixed(0)} | ${(r.wallMs / 1000).toFixed(1)} | ${((ITEMS * 1000) / r.wallMs).toFixed(1)} | ${mib(r.rssBefore)} | ${mib(r.rssPeak)} (+${mib(r.rssPeak - r.rssBefore)}) | ${mib(r.rssAfter)} |`,
          );
        }
      }
    }
  } finally {
    await v.server.stop();
  }
  console.log(machineLine());
  console.log(`${ITEMS} items, 2 render slots, load average after: ${loadAverage()}\n`);
  console.log('| pass | run | create ms | wall s | items/s | Folio RSS before | peak | after |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  console.log(
    `\nbest: singles ${(best.singles / 1000).toFixed(1)} s, batch ${(best.batch / 1000).toFixed(1)} s, merge ${(best.merge / 1000).toFixed(1)} s`,
  );
  console.log(
    `batch throughput / singles = ${(best.singles / best.batch).toFixed(3)} (target ≥ 0.95); merge / singles = ${(best.singles / best.merge).toFixed(3)}`,
  );
  console.log(`creation: best ${best['batch create'].toFixed(0)} ms (target ≤ 1000)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
