// Templates in a language, warm by default, against the bare reuse loop, in one sitting: the 200-line
// invoice of test/fixtures/template-invoices.ts as a Handlebars, Liquid and Nunjucks template, each
// `POST /v1/render` of its deploy on one separate `folio serve` (FOLIO_RENDER_CONCURRENCY = the client's
// concurrency), timed from the request to the last byte of the PDF, against
//   bare reuse = one Puppeteer page per worker, setContent(the template's output) + pdf(), on the same
//                Chromium binary: the invoice rendered once in Node by Handlebars with Folio's helpers, its
//                stylesheet inline.
// CPU per render: Folio = its server process and Chromium (user + system) over a measurement, bare = its
// Chromium's; both divided by the renders. Interleaved passes, the order flipping every pass; each cell is
// the pass with the best r/s. Targets: r/s ≥ 0.9× bare reuse, CPU per render ≤ 1.2× bare reuse's.
// Run: npm run build && node --import tsx bench/template-warm.ts   (ROUNDS=N per measurement, default 60;
// PASSES=N, default 2; CONCURRENCY=1,2,4)
import Handlebars from 'handlebars';
import type { Page } from 'puppeteer-core';
import { TEMPLATE_HELPERS_SOURCE } from '../src/domain/deploys/template-helpers.js';
import { invoice, templates } from '../test/fixtures/template-invoices.js';
import { launchBare, measure, PDF_OPTIONS } from './lib/baselines.js';
import { cpuMs } from './lib/process-cpu.js';
import { deployBundle, KEY, loadAverage, startServe } from './lib/serve-variants.js';

const ROUNDS = Number(process.env.ROUNDS ?? 60);
const PASSES = Number(process.env.PASSES ?? 2);
const LEVELS = (process.env.CONCURRENCY ?? '1,2,4').split(',').map(Number);
const ENGINES = ['handlebars', 'liquid', 'nunjucks'] as const;

const data = { ...invoice('de-DE'), lineCount: 200 };

/** The Handlebars template's output for the payload, as one self-contained page (for setContent). */
function renderedInvoice(): string {
  const files = templates.handlebars!;
  const text = (name: string) => files.find((f) => f.path === name)!.content.toString('utf8');
  const hb = Handlebars.create();
  const helpers = new Function(`return (${TEMPLATE_HELPERS_SOURCE})`)()(data.locale, 'UTC') as Record<string, (...a: unknown[]) => unknown>;
  for (const [name, fn] of Object.entries(helpers)) hb.registerHelper(name, (...args: unknown[]) => fn(...args.slice(0, -1)));
  hb.registerPartial('line', text('partials/line.hbs'));
  const html = hb.compile(text('index.hbs'))(data);
  return html.replace('<link rel="stylesheet" href="style.css">', `<style>${text('style.css')}</style>`);
}

interface Cell {
  rps: number;
  p50: number;
  cpu: number;
}
const keep = (cells: Map<string, Cell>, name: string, c: Cell) => {
  const was = cells.get(name);
  if (!was || c.rps > was.rps) cells.set(name, c);
};

async function bareReuse(concurrency: number, html: string): Promise<Cell> {
  const browser = await launchBare();
  try {
    const pages: Page[] = await Promise.all(Array.from({ length: concurrency }, () => browser.newPage()));
    const op = async (w: number) => {
      await pages[w]!.setContent(html);
      await pages[w]!.pdf(PDF_OPTIONS);
    };
    await measure(concurrency, concurrency * 3, op);
    const before = cpuMs(browser.process()!.pid!);
    const r = await measure(concurrency, ROUNDS, op);
    return { rps: r.rps, p50: r.p50, cpu: (cpuMs(browser.process()!.pid!) - before) / ROUNDS };
  } finally {
    await browser.close();
  }
}

async function folioLevel(concurrency: number, html: string, cells: Map<string, Cell>) {
  const server = await startServe({ renderConcurrency: concurrency });
  const pid = server.child.pid!;
  try {
    const ops: Record<string, () => Promise<void>> = {};
    for (const engine of ENGINES) {
      const deployId = await deployBundle(server.url, `bench-warm-${engine}`, templates[engine]!);
      const body = JSON.stringify({ deployId, deployVersionId: 'latest', payload: data });
      ops[engine] = async () => {
        const res = await fetch(`${server.url}/v1/render`, {
          method: 'POST',
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body,
        });
        const pdf = await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${engine}: ${res.status} ${Buffer.from(pdf).toString('utf8').slice(0, 300)}`);
      };
    }
    for (const op of Object.values(ops)) await measure(concurrency, concurrency * 4, op); // warm-up
    for (let pass = 0; pass < PASSES; pass++) {
      const names = ['bare', ...ENGINES];
      for (const name of pass % 2 === 0 ? names : names.reverse()) {
        if (name === 'bare') {
          keep(cells, `bare c=${concurrency}`, await bareReuse(concurrency, html));
          continue;
        }
        const before = cpuMs(pid);
        const r = await measure(concurrency, ROUNDS, ops[name]!);
        keep(cells, `${name} c=${concurrency}`, { rps: r.rps, p50: r.p50, cpu: (cpuMs(pid) - before) / ROUNDS });
      }
    }
  } finally {
    await server.stop();
  }
}

async function main() {
  const html = renderedInvoice();
  const cells = new Map<string, Cell>();
  const load = loadAverage();
  for (const c of LEVELS) await folioLevel(c, html, cells);
  console.log(
    `# bench/template-warm — 200-line invoice, ${ROUNDS} renders per measurement, best of ${PASSES} interleaved passes, load average ${load} → ${loadAverage()}\n`,
  );
  console.log('| variant | c | r/s (ratio to bare) | p50 ms | CPU ms per render (ratio to bare) |');
  console.log('|---|---|---|---|---|');
  for (const c of LEVELS) {
    const bare = cells.get(`bare c=${c}`)!;
    for (const name of ['bare', ...ENGINES]) {
      const r = cells.get(`${name} c=${c}`)!;
      const label = name === 'bare' ? 'bare reuse (setContent + pdf)' : `${name} (warm by default)`;
      console.log(
        `| ${label} | ${c} | ${r.rps.toFixed(1)} (${(r.rps / bare.rps).toFixed(2)}) | ${r.p50.toFixed(1)} | ${r.cpu.toFixed(1)} (${(r.cpu / bare.cpu).toFixed(2)}) |`,
      );
    }
  }
}

await main();
