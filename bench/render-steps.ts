// "Render, then stamp" in one job (the render job's `steps`, docs/api.md) measured as a user's integration sees
// Folio: one separate `folio serve` process, per render the client creates the job, long-polls it, asks for a
// download link and GETs the PDF (bench/lib/serve-variants.ts). Plain jobs against the same jobs with steps, in
// interleaved passes (the order flips every pass), best run of each by throughput; beside it the server's CPU
// per render: user + system time of the server's process tree (the server, its sandbox threads and Chromium;
// /proc/<pid>/stat, bench/lib/process-cpu.ts) over a measurement, divided by its renders, the lowest of the passes.
//   invoice: the 1-page invoice, plain vs `[stamp "PAID" top-right, 28 pt]` (target: throughput ≥ 0.85× plain)
//   report:  the 50-page report, plain vs `[watermark "DRAFT"]` on every page (no target; how steps scale with pages)
// Before timing, one PDF of each case with steps is checked: pdftotext finds the stamp's text.
// Run: npm run build && node --import tsx bench/render-steps.ts   (ROUNDS=N invoice renders per measurement,
//      default 40, the report gets N/8; PASSES, default 3; CONCURRENCY=1,2)
import { measure } from './lib/baselines.js';
import { cpuMs } from './lib/process-cpu.js';
import { KEY, deploy, loadAverage, render, startVariant, type Variant } from './lib/serve-variants.js';
import { reportHtml } from '../test/fixtures/pdf/documents.js';
import { tool } from '../test/helpers/outside-pdfs.js';

const ROUNDS = Number(process.env.ROUNDS ?? 40);
const PASSES = Number(process.env.PASSES ?? 3);
const CONCURRENCIES = (process.env.CONCURRENCY ?? '1,2').split(',').map(Number);
const TARGET = 0.85;

/** One render with `body`'s fields, the PDF downloaded and returned (for the check before timing). */
async function renderPdf(v: Variant, deployId: string, body: Record<string, unknown>): Promise<Buffer> {
  const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
  const base = v.server.url;
  const res = await fetch(`${base}/v1/render-jobs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ deployId, deployVersionId: 'latest', payload: { n: 1 }, ...body }),
  });
  const created = await res.json();
  if (res.status !== 202) throw new Error(`create: ${res.status} ${JSON.stringify(created)}`);
  const done = await fetch(`${base}/v1/render-jobs/${created.job.id}?waitSeconds=30`, { headers }).then((r) => r.json());
  if (done.job?.status !== 'succeeded') throw new Error(`job ${done.job.status}: ${done.job.errorCode} ${done.job.errorMessage}`);
  const link = await fetch(`${base}/v1/render-jobs/${created.job.id}/output-download`, { method: 'POST', headers, body: '{}' }).then((r) =>
    r.json(),
  );
  const pdf = await fetch(String(link.access.url));
  return Buffer.from(await pdf.arrayBuffer());
}

/**
 * The job with steps does what it says. A stamp: page 1's text (pdftotext) holds it. A watermark on every page:
 * its text is drawn in every page's content (qpdf --qdf); pdftotext 22.12 drops the default 45° text, so it
 * cannot see it.
 */
async function verify(v: Variant, deployId: string, body: Record<string, unknown>, text: string, everyPage: boolean) {
  const pdf = await renderPdf(v, deployId, body);
  const pages = Number(/Pages:\s+(\d+)/.exec(tool('pdfinfo', (f) => [f], pdf).text)?.[1]);
  if (!(pages >= 1)) throw new Error('pdfinfo found no page count in the PDF with steps');
  if (!everyPage) {
    const got = tool('pdftotext', (f) => ['-f', '1', '-l', '1', f, '-'], pdf).text;
    if (!got.includes(text)) throw new Error(`page 1 of the PDF with steps has no "${text}" (pdftotext): ${got.slice(0, 300)}`);
    return;
  }
  const qdf = tool('qpdf', (f, out) => ['--qdf', '--object-streams=disable', f, out], pdf).output;
  const drawn = qdf?.toString('latin1').split(`(${text}) Tj`).length ?? 1;
  if (drawn - 1 < pages) throw new Error(`"${text}" is drawn ${drawn - 1} times in a PDF of ${pages} pages (qpdf --qdf)`);
}

const loadBefore = loadAverage();
const v = await startVariant('folio', { renderConcurrency: Math.max(...CONCURRENCIES) });
const pid = v.server.child.pid!;
try {
  const reportDeploy = await deploy(v.server.url, 'report', reportHtml(50));
  const cases = [
    {
      doc: 'invoice, 1 page, [stamp "PAID" top-right]',
      deployId: v.deploys.ordinary,
      rounds: ROUNDS,
      body: { steps: [{ type: 'stamp', text: 'PAID', position: 'top-right', fontSize: 28 }] },
      text: 'PAID',
      everyPage: false,
      target: true,
    },
    {
      doc: 'report, 50 pages, [watermark "DRAFT" every page]',
      deployId: reportDeploy,
      rounds: Math.max(3, Math.round(ROUNDS / 8)),
      body: { steps: [{ type: 'watermark', text: 'DRAFT' }] },
      text: 'DRAFT',
      everyPage: true,
      target: false,
    },
  ];
  for (const c of cases) await verify(v, c.deployId, c.body, c.text, c.everyPage);

  const rows: string[] = [];
  for (const c of cases) {
    for (const n of CONCURRENCIES) {
      const best: Record<'plain' | 'steps', { rps: number; p50: number } | undefined> = { plain: undefined, steps: undefined };
      const cpu: Record<'plain' | 'steps', number> = { plain: Infinity, steps: Infinity };
      for (let pass = 0; pass < PASSES; pass++) {
        const order = pass % 2 === 0 ? (['plain', 'steps'] as const) : (['steps', 'plain'] as const);
        for (const kind of order) {
          const op = () => render(v, c.deployId, kind === 'plain' ? {} : c.body);
          await measure(n, n * 2, op); // warm-up
          const cpu0 = cpuMs(pid);
          const r = await measure(n, c.rounds, op);
          cpu[kind] = Math.min(cpu[kind], (cpuMs(pid) - cpu0) / c.rounds);
          if (!best[kind] || r.rps > best[kind]!.rps) best[kind] = r;
        }
      }
      const a = best.plain!;
      const b = best.steps!;
      const ratio = b.rps / a.rps;
      const verdict = c.target ? `≥ ${TARGET}× ${ratio >= TARGET ? 'PASS' : 'FAIL'}` : '';
      rows.push(
        `| ${c.doc} | ${n} | ${a.rps.toFixed(1)} | ${b.rps.toFixed(1)} | ${ratio.toFixed(3)} | ${a.p50.toFixed(0)} | ${b.p50.toFixed(0)} | ${cpu.plain.toFixed(0)} | ${cpu.steps.toFixed(0)} | ${(cpu.steps / cpu.plain).toFixed(2)} | ${verdict} |`,
      );
    }
  }
  console.log(
    `# bench/render-steps — ${ROUNDS} invoice renders per measurement, best of ${PASSES} interleaved passes; load average ${loadBefore} at start, ${loadAverage()} at end\n`,
  );
  console.log(
    '| document | concurrency | plain r/s | with steps r/s | throughput ratio | p50 plain ms | p50 with steps ms | server CPU ms / render plain | with steps | CPU ratio | target |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
} finally {
  await v.server.stop();
}
