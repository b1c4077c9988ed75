// Preloading on against off (FOLIO_RENDER_PRELOAD_MS=0), as a user's integration sees Folio: two separate
// `folio serve` processes of this checkout, the client going create → long-poll → link → download, in
// interleaved passes (the order flipping every pass), one sitting. Ordinary templates only (warm ones are
// never preloaded): the 1-page invoice (static HTML) and examples/invoice without its folio.onJob
// registration (CSS, JS, an SVG logo; payload and env fetched by the page, which is what preloading holds).
// Run: flock /tmp/chromium.lock node --import tsx bench/preload.ts
//      (ROUNDS=N renders per measurement, default 60; PASSES, default 3; CONCURRENCY, default 1,2,4)
import { readFileSync } from 'node:fs';
import { measure } from './lib/baselines.js';
import { deployBundle, loadAverage, render, startVariant, type Variant } from './lib/serve-variants.js';
import { file } from '../test/helpers/bundle.js';

const ROUNDS = Number(process.env.ROUNDS ?? 60);
const PASSES = Number(process.env.PASSES ?? 3);
const CONCURRENCIES = (process.env.CONCURRENCY ?? '1,2,4').split(',').map(Number);

const exampleDir = new URL('../examples/invoice/', import.meta.url);
const ONJOB = 'folio.onJob(renderJob);';
const exampleOrdinary = ['index.html', 'invoice.css', 'invoice.js', 'logo.svg'].map((f) => {
  const text = readFileSync(new URL(f, exampleDir));
  if (f !== 'invoice.js') return file(f, text);
  if (!text.toString().includes(ONJOB)) throw new Error(`examples/invoice/invoice.js no longer contains ${ONJOB}`);
  return file(f, text.toString().replace(ONJOB, '/* folio.onJob off: ordinary template */'));
});
const samplePayload = JSON.parse(readFileSync(new URL('sample-payload.json', exampleDir), 'utf8'));

const renderConcurrency = Math.max(...CONCURRENCIES);
const variants: Array<Variant & { example: string }> = [];
for (const [name, env] of [
  ['preload on', {}],
  ['preload off', { FOLIO_RENDER_PRELOAD_MS: '0' }],
] as const) {
  const v = await startVariant(name, { renderConcurrency, env });
  variants.push({ ...v, example: await deployBundle(v.server.url, 'example', exampleOrdinary) });
}
console.log(`# bench/preload — ${ROUNDS} renders per measurement, best of ${PASSES} interleaved passes, load average ${loadAverage()}\n`);
console.log('| template | concurrency | on r/s | off r/s | ratio on / off | p50 on ms | p50 off ms |');
console.log('|---|---|---|---|---|---|---|');
try {
  const templates = [
    ['1-page invoice (static)', (v: (typeof variants)[number]) => () => render(v, v.deploys.ordinary)],
    ['examples/invoice, ordinary', (v: (typeof variants)[number]) => () => render(v, v.example, { payload: samplePayload })],
  ] as const;
  for (const [label, op] of templates) {
    for (const c of CONCURRENCIES) {
      const best = new Map<string, { rps: number; p50: number }>();
      for (let pass = 0; pass < PASSES; pass++) {
        for (const v of pass % 2 === 0 ? variants : [...variants].reverse()) {
          await measure(c, c * 3, op(v)); // warm-up (the first job of a template is never preloaded)
          const r = await measure(c, ROUNDS, op(v));
          if (r.rps > (best.get(v.name)?.rps ?? 0)) best.set(v.name, r);
        }
      }
      const [on, off] = variants.map((v) => best.get(v.name)!);
      console.log(
        `| ${label} | ${c} | ${on.rps.toFixed(1)} | ${off.rps.toFixed(1)} | ${(on.rps / off.rps).toFixed(3)} | ${on.p50.toFixed(1)} | ${off.p50.toFixed(1)} |`,
      );
    }
  }
} finally {
  for (const v of variants) await v.server.stop();
}
