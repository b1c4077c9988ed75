// A page with one lazy image far down (test/helpers/real-documents.ts lazyImagePage): bare Chromium
// (Puppeteer, page.goto + page.pdf, the image served by interception) against Folio's Renderer on the same
// page as a bundle, one sitting, interleaved. Bare Chromium never loads the lazy image before printing (its
// PDF lacks it); Folio loads it as an eager one and must not wait for a cap to do so.
// Run: node --import tsx bench/lazy-image.ts   (ROUNDS=N renders per measurement, default 30; PASSES, default 3)
import { readFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { executablePath, launchBare, measure, PDF_OPTIONS } from './lib/baselines.js';
import { CURRENT_PRINT_DEFAULTS } from '../src/domain/jobs/print-defaults.js';
import { Renderer } from '../src/render/renderer.js';
import { lazyImagePage } from '../test/helpers/real-documents.js';
import { htmlRenderRequest } from './lib/render-request.js';

const ROUNDS = Number(process.env.ROUNDS ?? 30);
const PASSES = Number(process.env.PASSES ?? 3);

const doc = lazyImagePage();
const html = String(doc.files['/index.html']);
const image = doc.files['/product.png'] as Buffer;
const discard = async (s: import('node:stream').Readable) => {
  for await (const _ of s) void _;
};

async function bare(total: number) {
  const browser = await launchBare();
  const page: Page = await browser.newPage();
  await page.setRequestInterception(true);
  page.on('request', (r) => {
    const url = r.url();
    if (url === 'https://doc.test/index.html') void r.respond({ status: 200, contentType: 'text/html', body: html });
    else if (url === 'https://doc.test/product.png') void r.respond({ status: 200, contentType: 'image/png', body: image });
    else void r.abort();
  });
  const op = async () => {
    await page.goto('https://doc.test/index.html', { waitUntil: 'load' });
    await page.pdf(PDF_OPTIONS);
  };
  await measure(1, 3, op);
  const r = await measure(1, total, op);
  await browser.close();
  return r;
}

async function folio(total: number) {
  const renderer = new Renderer({ concurrency: 1, executablePath: executablePath! });
  await renderer.start();
  const req = () => {
    const r = htmlRenderRequest(html, 'acct_lazy');
    r.printDefaults = CURRENT_PRINT_DEFAULTS;
    r.bundle = { key: 'lazy-image', files: new Map([...r.bundle.files, ['/product.png', { body: image, mime: 'image/png' }]]) };
    return r;
  };
  const op = async () => {
    await renderer.render(req(), discard);
  };
  await measure(1, 3, op);
  const r = await measure(1, total, op);
  await renderer.close();
  return r;
}

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`# bench/lazy-image — ${ROUNDS} renders per measurement, best of ${PASSES} interleaved passes, load average ${load()}`);
const runs = { bare: [] as Array<{ rps: number; p50: number }>, folio: [] as Array<{ rps: number; p50: number }> };
for (let i = 0; i < PASSES; i++) {
  runs.bare.push(await bare(ROUNDS));
  runs.folio.push(await folio(ROUNDS));
}
const best = (xs: Array<{ rps: number; p50: number }>) => xs.reduce((a, b) => (b.p50 < a.p50 ? b : a));
const b = best(runs.bare);
const f = best(runs.folio);
console.log('| | p50 ms | r/s |\n|---|---|---|');
console.log(`| bare Chromium (goto + pdf; prints without the image) | ${b.p50.toFixed(1)} | ${b.rps.toFixed(1)} |`);
console.log(`| Folio Renderer (the image loaded and printed) | ${f.p50.toFixed(1)} | ${f.rps.toFixed(1)} |`);
console.log(`\nFolio / bare p50: ${(f.p50 / b.p50).toFixed(2)} (load average at the end ${load()})`);
