// A template in a language against the same document written as HTML + JS, at concurrency 1, one sitting,
// one separate `folio serve` process: the 200-line invoice of test/fixtures/template-invoices.ts (a partial
// per line, number, currency, date, percent and plural helpers), as
//   html        = the hand-written page: fetches its payload, builds the same markup with the same Intl calls
//   handlebars  = index.hbs + partials/line.hbs, rendered in the page by Handlebars' browser build
//   liquid      = index.liquid + line.liquid, rendered in the page by LiquidJS
//   nunjucks    = index.njk + partials/line.njk
// Each is POST /v1/render of its deploy with the same payload, timed from the request to the last byte of
// the PDF; CPU per render is the user + system time of the server process and its Chromium over a
// measurement, divided by its renders. Interleaved passes, the order flipping every pass; each row is the
// best p50. Target: a template's p50 ≤ the HTML page's + 10 ms.
// Run: npm run build && node --import tsx bench/template-engines.ts   (ROUNDS=N per measurement, default 30; PASSES=N, default 3)
import { handWritten, invoice, templates } from '../test/fixtures/template-invoices.js';
import { measure } from './lib/baselines.js';
import { cpuMs } from './lib/process-cpu.js';
import { deployBundle, KEY, loadAverage, startServe } from './lib/serve-variants.js';

const ROUNDS = Number(process.env.ROUNDS ?? 30);
const PASSES = Number(process.env.PASSES ?? 3);

async function main() {
  const server = await startServe({ renderConcurrency: 1 });
  const pid = server.child.pid!;
  const payload = JSON.stringify({ payload: { ...invoice('de-DE'), lineCount: 200 } });
  const kinds = { html: handWritten, handlebars: templates.handlebars!, liquid: templates.liquid!, nunjucks: templates.nunjucks! };
  const ops: Record<string, () => Promise<void>> = {};
  for (const [name, files] of Object.entries(kinds)) {
    const deployId = await deployBundle(server.url, `bench-${name}`, files);
    ops[name] = async () => {
      const res = await fetch(`${server.url}/v1/render`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: payload.replace('{"payload"', `{"deployId":"${deployId}","deployVersionId":"latest","payload"`),
      });
      const pdf = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${Buffer.from(pdf).toString('utf8').slice(0, 300)}`);
    };
  }
  const best = new Map<string, { p50: number; cpu: number }>();
  try {
    for (const op of Object.values(ops)) await measure(1, 3, op); // warm-up
    for (let pass = 0; pass < PASSES; pass++) {
      const names = Object.keys(ops);
      for (const name of pass % 2 === 0 ? names : names.reverse()) {
        const before = cpuMs(pid);
        const { p50 } = await measure(1, ROUNDS, ops[name]!);
        const cpu = (cpuMs(pid) - before) / ROUNDS;
        const was = best.get(name);
        best.set(name, { p50: Math.min(was?.p50 ?? Infinity, p50), cpu: Math.min(was?.cpu ?? Infinity, cpu) });
      }
    }
  } finally {
    await server.stop();
  }
  const base = best.get('html')!;
  console.log(
    `# bench/template-engines — 200-line invoice, concurrency 1, ${ROUNDS} renders per measurement, best of ${PASSES} interleaved passes, load average ${loadAverage()}\n`,
  );
  console.log('| template | p50 ms | CPU ms per render (server + Chromium) | p50 − html | target |');
  console.log('|---|---|---|---|---|');
  for (const [name, r] of best) {
    const extra = r.p50 - base.p50;
    const verdict = name === 'html' ? '' : `≤ +10 ms ${extra <= 10 ? 'PASS' : 'FAIL'}`;
    console.log(
      `| ${name} | ${r.p50.toFixed(1)} | ${r.cpu.toFixed(1)} | ${name === 'html' ? '—' : `${extra >= 0 ? '+' : ''}${extra.toFixed(1)}`} | ${verdict} |`,
    );
  }
}

await main();
