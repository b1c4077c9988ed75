// The render path alone, this checkout against another, in one process: each tree's Renderer (its own
// Chromium) prints the 1-page invoice fixture in interleaved blocks of 20, c = 1, so the machine's other work
// falls on both alike. No server, database or client: what a change of the page run costs, and nothing else.
// Run: BEFORE=/tmp/folio-before node --import tsx bench/render-ab.ts   (BLOCKS=N, default 12)
// Prepare BEFORE as for bench/before-after.ts (a worktree with node_modules linked).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { executablePath } from './lib/baselines.js';
import { htmlRenderRequest } from './lib/render-request.js';
import { Renderer as After } from '../src/render/renderer.js';
import { CURRENT_PRINT_DEFAULTS } from '../src/domain/jobs/print-defaults.js';

const BEFORE = process.env.BEFORE;
if (!BEFORE) throw new Error('set BEFORE to the other checkout');
const BLOCKS = Number(process.env.BLOCKS ?? 12);
const { Renderer: Before } = (await import(pathToFileURL(path.join(BEFORE, 'src/render/renderer.ts')).href)) as { Renderer: typeof After };
const invoice = readFileSync(new URL('../test/fixtures/render/invoice/index.html', import.meta.url), 'utf8');
const discard = async (s: import('node:stream').Readable) => {
  for await (const _ of s) void _;
};
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const after = new After({ concurrency: 1, executablePath: executablePath! });
const before = new Before({ concurrency: 1, executablePath: executablePath! });
await Promise.all([after.start(), before.start()]);
const variants = [
  { name: 'after', renderer: after, req: () => ({ ...htmlRenderRequest(invoice, 'acct_after'), printDefaults: CURRENT_PRINT_DEFAULTS }) },
  { name: 'before', renderer: before, req: () => htmlRenderRequest(invoice, 'acct_before') },
];
const times: Record<string, number[]> = { after: [], before: [] };
for (const v of variants) for (let i = 0; i < 5; i++) await v.renderer.render(v.req(), discard);
console.log(`# bench/render-ab — ${BLOCKS} blocks of 20 renders each, interleaved, load average ${load()}`);
for (let b = 0; b < BLOCKS; b++)
  for (const v of variants)
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await v.renderer.render(v.req(), discard);
      times[v.name]!.push(performance.now() - t);
    }
await Promise.all([after.close(), before.close()]);
const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)]!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log('| tree | p50 ms | p90 ms | mean ms |\n|---|---|---|---|');
for (const v of variants) {
  const xs = times[v.name]!;
  console.log(`| ${v.name} | ${p(xs, 0.5).toFixed(1)} | ${p(xs, 0.9).toFixed(1)} | ${mean(xs).toFixed(1)} |`);
}
console.log(`load average at the end ${load()}`);
