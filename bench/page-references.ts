// Page references (issue 20 point 4) against the same template printed once, one sitting:
//   once  = the version without render.metadata.pdf.pageReferences (its placeholders stay as written)
//   pages = the same files with pageReferences: printed, numbered from the PDF's destinations, printed again
// Both through POST /v1/render to a separate `folio serve` process, timed to the last byte of the PDF, at
// concurrency 1, on examples/report (7 pages, 5 references) and a 50-chapter report with a 50-entry
// contents list. Interleaved passes, the order flipping every pass; each row is the best p50 over the passes.
// Target (issue 20): pages ≤ 2.1 × once.
// Run: node --import tsx bench/page-references.ts   (ROUNDS=N renders per measurement, default 20; PASSES=N, default 3)
import fs from 'node:fs';
import path from 'node:path';
import { browserName, executablePath, measure } from './lib/baselines.js';
import { loadAverage, startVariant } from './lib/serve-variants.js';
import { file, type BundleFile } from '../test/helpers/bundle.js';
import { client } from '../test/helpers/http-client.js';
import { deployOverHttp } from '../test/helpers/http-deploy.js';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const PASSES = Number(process.env.PASSES ?? 3);
const KEY = 'folio_sk_bench000000000000000000000000000variant';
const exampleDir = new URL('../examples/report/', import.meta.url).pathname;
const example: BundleFile[] = ['index.html', 'report.css', 'report.js', 'charts.js'].map((f) =>
  file(f, fs.readFileSync(path.join(exampleDir, f))),
);
const examplePayload = JSON.parse(fs.readFileSync(path.join(exampleDir, 'sample-payload.json'), 'utf8'));
/** 50 chapters of 1–3 pages, a contents list with a page reference per chapter. */
const longReport = `<!doctype html><html><head><style>
  @page { size: A4; margin: 18mm; @bottom-center { content: counter(page); } }
  body { font: 10pt/1.4 sans-serif; } h2 { break-before: page; } .toc li { display: flex; } .toc span { margin-left: auto; }
</style></head><body><h1>Annual report</h1><ol class="toc">${Array.from(
  { length: 50 },
  (_, s) => `<li><a href="#s${s}">Section ${s + 1}</a><span data-folio-page-of="s${s}">00</span></li>`,
).join('')}</ol>${Array.from(
  { length: 50 },
  (_, s) =>
    `<h2 id="s${s}">Section ${s + 1}</h2>${`<p>${'Revenue grew steadily across all regions while costs stayed flat. '.repeat(30)}</p>`.repeat(3 + (s % 3) * 6)}`,
).join('')}</body></html>`;

async function main() {
  const v = await startVariant('page-references', { renderConcurrency: 1 });
  const api = client(v.server.url, KEY);
  const pageReferences = { pdf: { pageReferences: true } };
  const deploys = {
    'report once': (await deployOverHttp(api, 'report-once', example)).deployId,
    'report pages': (await deployOverHttp(api, 'report-pages', example, { metadata: pageReferences })).deployId,
    'long once': (await deployOverHttp(api, 'long-once', [file('index.html', longReport)])).deployId,
    'long pages': (await deployOverHttp(api, 'long-pages', [file('index.html', longReport)], { metadata: pageReferences })).deployId,
  };
  const pageCounts = new Map<string, string>();
  const sync = async (deployId: string) => {
    const res = await fetch(`${v.server.url}/v1/render`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ deployId, deployVersionId: 'latest', payload: examplePayload }),
    });
    const pdf = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`POST /v1/render: ${res.status} ${Buffer.from(pdf).toString('utf8').slice(0, 300)}`);
    pageCounts.set(deployId, res.headers.get('folio-page-count') ?? '?');
  };
  const best = new Map<string, number>();
  const steps = Object.entries(deploys).map(([name, id]) => async () => {
    await measure(1, 2, () => sync(id)); // warm-up
    const p50 = (await measure(1, name.startsWith('long') ? Math.max(5, ROUNDS / 4) : ROUNDS, () => sync(id))).p50;
    best.set(name, Math.min(best.get(name) ?? Infinity, p50));
  });
  try {
    for (let pass = 0; pass < PASSES; pass++) for (const step of pass % 2 === 0 ? steps : [...steps].reverse()) await step();
  } finally {
    await v.server.stop();
  }
  console.log(
    `# bench/page-references — concurrency 1, best p50 of ${PASSES} interleaved passes, ${browserName(executablePath!)}, load average ${loadAverage()}\n`,
  );
  console.log('| template | printed once, p50 ms | with page references, p50 ms | ratio | target |');
  console.log('|---|---|---|---|---|');
  for (const [key, label] of [
    ['report', 'examples/report, 5 references'],
    ['long', '50-chapter report, 50 references'],
  ] as const) {
    const once = best.get(`${key} once`)!;
    const pages = best.get(`${key} pages`)!;
    const count = pageCounts.get(deploys[`${key} pages`]);
    console.log(`| ${label} (${count} pages) | ${once.toFixed(1)} | ${pages.toFixed(1)} | ${(pages / once).toFixed(2)} | ≤ 2.1 |`);
  }
}

await main();
