// POST /v1/render (issue 19 point 1) against the bare print of the same page, at concurrency 1, one sitting:
//   bare      = a bare warm Puppeteer page reused: setContent(invoice) + pdf() with Folio's PDF options
//   sync      = one POST /v1/render to a separate `folio serve` process, timed from the request to the
//               last byte of the PDF (the ordinary template, and its warm variant: folio.onJob)
//   four-call = the same job as a client did it before: create, long-poll, signed link, download
// Interleaved passes, the order flipping every pass; each row is the best p50 over the passes.
// Target (issue 19): p50 of sync ≤ 1.05 × p50 of bare.
// Run: node --import tsx bench/render-sync.ts   (ROUNDS=N renders per measurement, default 40; PASSES=N, default 3)
import { readFileSync } from 'node:fs';
import { bareSetContent, browserName, executablePath, measure } from './lib/baselines.js';
import { report } from './lib/report.js';
import { deploy, loadAverage, render as fourCalls, startVariant, type TemplateKind, type Variant } from './lib/serve-variants.js';

const ROUNDS = Number(process.env.ROUNDS ?? 40);
const PASSES = Number(process.env.PASSES ?? 3);
const KEY = 'folio_sk_bench000000000000000000000000000variant';
const invoice = readFileSync(new URL('../test/fixtures/render/invoice/index.html', import.meta.url), 'utf8');
const REPORT_ROUNDS = Math.max(5, Math.round(ROUNDS / 4));

/** One synchronous render: POST /v1/render, the whole PDF read. */
async function sync(v: Pick<Variant, 'server'>, deployId: string): Promise<void> {
  const res = await fetch(`${v.server.url}/v1/render`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ deployId, deployVersionId: 'latest', payload: { n: 1 } }),
  });
  const pdf = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`POST /v1/render: ${res.status} ${Buffer.from(pdf).toString('utf8').slice(0, 300)}`);
  if (pdf.byteLength < 1000) throw new Error('PDF too small');
}

async function main() {
  const v = await startVariant('sync', { renderConcurrency: 1 });
  const reportDeploy = await deploy(v.server.url, 'report', report);
  const best = new Map<string, number>();
  const keep = (name: string, p50: number) => best.set(name, Math.min(best.get(name) ?? Infinity, p50));
  const folio = (kind: TemplateKind, how: 'sync' | 'four') => async () => {
    const op = () => (how === 'sync' ? sync(v, v.deploys[kind]) : fourCalls(v, v.deploys[kind]));
    await measure(1, 3, op); // warm-up
    keep(`${how} ${kind}`, (await measure(1, ROUNDS, op)).p50);
  };
  const bare = async () => keep('bare', (await bareSetContent(1, invoice, ROUNDS)).p50);
  const bareReport = async () => keep('bare report', (await bareSetContent(1, report, REPORT_ROUNDS)).p50);
  const syncReport = async () => {
    await sync(v, reportDeploy); // warm-up
    keep('sync report', (await measure(1, REPORT_ROUNDS, () => sync(v, reportDeploy))).p50);
  };
  try {
    const steps = [bare, folio('ordinary', 'sync'), folio('warm', 'sync'), folio('ordinary', 'four'), bareReport, syncReport];
    for (let pass = 0; pass < PASSES; pass++) for (const step of pass % 2 === 0 ? steps : [...steps].reverse()) await step();
  } finally {
    await v.server.stop();
  }
  const b = best.get('bare')!;
  console.log(
    `# bench/render-sync — concurrency 1, ${ROUNDS} renders per measurement, best p50 of ${PASSES} interleaved passes, ${browserName(executablePath!)}, load average ${loadAverage()}\n`,
  );
  console.log('| path | p50 ms | ratio to bare | target |');
  console.log('|---|---|---|---|');
  console.log(`| bare setContent + pdf() | ${b.toFixed(1)} | 1.00 | |`);
  for (const [name, label, target] of [
    ['sync ordinary', 'POST /v1/render, ordinary template', '≤ 1.05'],
    ['sync warm', 'POST /v1/render, warm template', '≤ 1.05'],
    ['four ordinary', 'create + long-poll + link + download, ordinary', ''],
  ] as const) {
    const p = best.get(name)!;
    console.log(`| ${label} | ${p.toFixed(1)} | ${(p / b).toFixed(2)} | ${target} |`);
  }
  const br = best.get('bare report')!;
  const sr = best.get('sync report')!;
  console.log(`| 50-page report: bare setContent + pdf() | ${br.toFixed(1)} | 1.00 | |`);
  console.log(`| 50-page report: POST /v1/render | ${sr.toFixed(1)} | ${(sr / br).toFixed(2)} | ≤ 1.05 |`);
}

await main();
