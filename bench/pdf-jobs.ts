// Issue 18's performance targets, measured as a user's integration sees Folio: one separate `folio serve`
// process, per render the client creates the job, long-polls it, asks for a download link and GETs the PDF
// (bench/lib/serve-variants.ts). Plain jobs against the same jobs with document options, in interleaved
// passes (the order flips every pass), best run of each:
//   invoice: the 1-page invoice, plain vs a PDF/A-3b Factur-X e-invoice with a ~20 kB XML (target ≥ 0.85×)
//   report:  the 50-page report, plain vs PDF/A-2b (target: time ≤ 1.3× the plain render)
// Run: node --import tsx bench/pdf-jobs.ts   (ROUNDS=N invoice renders per measurement, default 40, the
//      report gets N/8; PASSES, default 3; CONCURRENCY=1,2)
import { readFileSync } from 'node:fs';
import { measure } from './lib/baselines.js';
import { deploy, loadAverage, render, startVariant } from './lib/serve-variants.js';
import { largeInvoiceXml, reportHtml } from '../test/fixtures/pdf/documents.js';

const ROUNDS = Number(process.env.ROUNDS ?? 40);
const PASSES = Number(process.env.PASSES ?? 3);
const CONCURRENCIES = (process.env.CONCURRENCY ?? '1,2').split(',').map(Number);
const xml = largeInvoiceXml(readFileSync(new URL('../test/fixtures/pdf/factur-x-en16931.xml', import.meta.url)), 20_000);

console.log(`# bench/pdf-jobs — best of ${PASSES} interleaved passes, load average ${loadAverage()}\n`);
const v = await startVariant('folio', { renderConcurrency: Math.max(...CONCURRENCIES) });
try {
  const reportDeploy = await deploy(v.server.url, 'report', reportHtml(50));
  const cases = [
    {
      doc: 'invoice, PDF/A-3b Factur-X (20 kB XML)',
      deployId: v.deploys.ordinary,
      rounds: ROUNDS,
      body: { eInvoice: { standard: 'factur-x', profile: 'EN 16931', xml: xml.toString('utf8') } },
    },
    {
      doc: 'report, 50 pages, PDF/A-2b',
      deployId: reportDeploy,
      rounds: Math.max(3, Math.round(ROUNDS / 8)),
      body: { pdf: { standard: 'pdf/a-2b' } },
    },
  ];
  console.log(
    '| document | concurrency | plain r/s | with options r/s | throughput ratio | p50 plain ms | p50 with options ms | time ratio (p50) |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const c of cases) {
    for (const n of CONCURRENCIES) {
      const best: Record<'plain' | 'options', { rps: number; p50: number } | undefined> = { plain: undefined, options: undefined };
      for (let pass = 0; pass < PASSES; pass++) {
        const order = pass % 2 === 0 ? (['plain', 'options'] as const) : (['options', 'plain'] as const);
        for (const kind of order) {
          const op = () => render(v, c.deployId, kind === 'plain' ? {} : c.body);
          await measure(n, n * 2, op); // warm-up
          const r = await measure(n, c.rounds, op);
          if (!best[kind] || r.rps > best[kind]!.rps) best[kind] = r;
        }
      }
      const a = best.plain!;
      const b = best.options!;
      console.log(
        `| ${c.doc} | ${n} | ${a.rps.toFixed(1)} | ${b.rps.toFixed(1)} | ${(b.rps / a.rps).toFixed(3)} | ${a.p50.toFixed(1)} | ${b.p50.toFixed(1)} | ${(b.p50 / a.p50).toFixed(2)} |`,
      );
    }
  }
} finally {
  await v.server.stop();
}
