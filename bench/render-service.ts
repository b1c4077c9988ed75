// Folio as a user's integration sees it (issue 21), against bare Puppeteer loops on the same browser, one
// sitting. Every Folio measurement starts its own `folio serve` process (SQLite + files, a fresh data dir,
// FOLIO_RENDER_CONCURRENCY = the client concurrency) with one deploy, so its memory is that variant's
// alone; the client (this process) renders as an integration does: create the job → long-poll it → ask
// for the output-download link → GET the PDF. Every bare measurement launches its own Chromium.
//
// The 1-page invoice (test/fixtures/render/invoice/index.html), at each concurrency:
//   bare reuse     = one page per worker reused: setContent(invoice) + pdf() with Folio's PDF options (= 1.00)
//   bare new page  = a new page per render: newPage + setContent + pdf + close
//   bare goto      = one page per worker reused, navigating (page.goto) to the invoice on a plain local HTTP
//                    server: a fresh document per job and nothing else -- the bound for any service that
//                    gives every job a fresh document
//   bare goto, raw CDP = the same fresh document per job without Puppeteer: Folio's Chromium launch (flags,
//                    sandbox), raw CDP, the document served by Fetch interception as Folio serves bundles,
//                    navigate → load → printToPDF (Folio's parameters) → IO.read; no service, no reset
//   Folio ordinary = the invoice deployed as is (a navigation per job, to an origin of its own)
//   Folio warm     = the invoice as a warm template (folio.onJob; bench/lib/baselines.ts warmVariant)
//   Folio warm, POST /v1/render = the same, one request per document (the PDF in the answer) instead of
//                    the four calls
// The multi-file bundle examples/invoice (CSS, JS, an SVG logo, system fonts; payload and env fetched):
//   bare goto cached = one page per worker reused, page.goto to the same files on a plain local HTTP server,
//                      browser cache on (Cache-Control: max-age), /__payload and /__env from that server,
//                      window.folio defined by evaluateOnNewDocument, print at folio.ready() (= 1.00)
//   Folio ordinary   = examples/invoice with its folio.onJob registration removed (loaded per job)
//   Folio warm       = examples/invoice as shipped (it registers folio.onJob)
// The 50-page report (bench/lib/report.ts), concurrency 1: bare reuse against Folio ordinary.
// Memory growth (GROWTH=N, default 1000): Folio ordinary invoice, concurrency 1, N renders after
// GROWTH_WARMUP (default 200).
//
// Per cell: PASSES interleaved passes (the order flips every pass); the pass with the best r/s is shown with
// its own p50; peak PSS is the highest peak over the passes. PSS: /proc/<pid>/smaps_rollup summed over the
// whole process tree, sampled every 250 ms during the measured renders (not the warm-up): Folio = its Node
// process + its Chromium; bare = the bench's Chromium tree (the bench's own Node process is not counted).
//
// CPU per render: user + system time of the same tree over the measured renders (/proc/<pid>/stat).
//
// Run: flock /tmp/chromium.lock node --import tsx bench/render-service.ts
//      ROUNDS=N renders per measurement (default 60), PASSES=N (default 2), CONCURRENCY=1,2,4,
//      BUNDLE=0 skips the bundle, REPORT=0 the report, GROWTH=N renders for the growth check (0 = skip)
import type { Browser, Page } from 'puppeteer-core';
import { readFileSync } from 'node:fs';
import { browserName, executablePath, launchBare, measure, PDF_OPTIONS, warmVariant } from './lib/baselines.js';
import { mb, samplePss, treeCpuMs, treePss, type TreePss } from './lib/pss.js';
import { report } from './lib/report.js';
import { deployBundle, loadAverage, render, renderSync, startServe } from './lib/serve-variants.js';
import { navigateAndPrint, openRawPage } from './lib/raw-cdp.js';
import { startStaticServer } from './lib/static-server.js';
import { file, type BundleFile } from '../test/helpers/bundle.js';
import { execSync } from 'node:child_process';
import { launchChromium } from '../src/render/chromium-process.js';
import { printParams } from '../src/render/pdf-options.js';
import { CURRENT_PRINT_DEFAULTS } from '../src/domain/jobs/print-defaults.js';

const ROUNDS = Number(process.env.ROUNDS ?? 60);
const PASSES = Number(process.env.PASSES ?? 2);
const CONCURRENCIES = (process.env.CONCURRENCY ?? '1,2,4').split(',').map(Number);
const BUNDLE = process.env.BUNDLE !== '0';
const REPORT = process.env.REPORT !== '0';
const GROWTH = Number(process.env.GROWTH ?? 1000);
const REPORT_ROUNDS = Math.max(5, Math.round(ROUNDS / 6));

const invoice = readFileSync(new URL('../test/fixtures/render/invoice/index.html', import.meta.url), 'utf8');
const exampleDir = new URL('../examples/invoice/', import.meta.url);
const exampleFiles = ['index.html', 'invoice.css', 'invoice.js', 'logo.svg'];
const example = Object.fromEntries(exampleFiles.map((f) => [f, readFileSync(new URL(f, exampleDir))]));
const samplePayload = JSON.parse(readFileSync(new URL('sample-payload.json', exampleDir), 'utf8'));
const ONJOB = 'folio.onJob(renderJob);';
if (!example['invoice.js'].toString().includes(ONJOB)) throw new Error(`examples/invoice/invoice.js no longer contains ${ONJOB}`);
/** The example as an ordinary template: the same files without its folio.onJob registration. */
const exampleOrdinary = exampleFiles.map((f) =>
  file(f, f === 'invoice.js' ? example[f].toString().replace(ONJOB, '/* folio.onJob off: ordinary template */') : example[f]),
);
const exampleWarm = exampleFiles.map((f) => file(f, example[f]));

interface Result {
  rps: number;
  p50: number;
  pss: TreePss;
  /** CPU per measured render of the tree (ms): Chromium, and the rest (Folio's Node process). */
  cpu: TreePss;
}

/** Warm-up, then `total` measured renders with the tree's PSS sampled. */
async function run(c: number, total: number, pid: number, op: (w: number) => Promise<void>): Promise<Result> {
  await measure(c, c * 3, op);
  const sampler = samplePss(pid);
  const cpu0 = treeCpuMs(pid);
  const r = await measure(c, total, op);
  const cpu1 = treeCpuMs(pid);
  const cpu = { total: (cpu1.total - cpu0.total) / total, chromium: (cpu1.chromium - cpu0.chromium) / total };
  return { ...r, pss: sampler.stop(), cpu };
}

async function bare(c: number, total: number, setup: (browser: Browser) => Promise<(w: number) => Promise<void>>): Promise<Result> {
  const browser = await launchBare();
  try {
    return await run(c, total, browser.process()!.pid!, await setup(browser));
  } finally {
    await browser.close();
  }
}

const pagesFor = (browser: Browser, c: number) => Promise.all(Array.from({ length: c }, () => browser.newPage()));

const bareReuse = (html: string) => (c: number, total: number) =>
  bare(c, total, async (browser) => {
    const pages = await pagesFor(browser, c);
    return async (w) => {
      await pages[w].setContent(html);
      await pages[w].pdf(PDF_OPTIONS);
    };
  });

const bareNewPage = (c: number, total: number) =>
  bare(c, total, async (browser) => async () => {
    const page = await browser.newPage();
    await page.setContent(invoice);
    await page.pdf(PDF_OPTIONS);
    await page.close();
  });

let seq = 0;
/** A fresh URL per job (?job=N): a normal navigation, never a reload of the same entry. */
const jobUrl = (base: string) => `${base}/index.html?job=${++seq}`;

const bareGoto = async (c: number, total: number) => {
  const http = await startStaticServer({ '/index.html': invoice });
  try {
    return await bare(c, total, async (browser) => {
      const pages = await pagesFor(browser, c);
      return async (w) => {
        await pages[w].goto(jobUrl(http.url), { waitUntil: 'load' });
        await pages[w].pdf(PDF_OPTIONS);
      };
    });
  } finally {
    await http.close();
  }
};

/**
 * The same fresh document per job without Puppeteer: Chromium launched as Folio launches it (its flags,
 * its sandbox and its dead proxy, src/render/chromium-process.ts), one context + page per worker over raw
 * CDP, the document served from memory by request interception (Fetch.fulfillRequest, as Folio serves a
 * bundle), Page.navigate → Page.loadEventFired → Page.printToPDF with Folio's print parameters, streamed
 * back with IO.read. No service, no ready protocol, no reset: the floor under Folio's navigation per job.
 */
const rawGoto = async (c: number, total: number) => {
  const chromium = await launchChromium({ executablePath: executablePath! });
  try {
    const conn = chromium.connection;
    const sessions = await Promise.all(
      Array.from({ length: c }, () => openRawPage(conn, invoice, (url) => url.startsWith('https://doc.test/'))),
    );
    const params = printParams({}, CURRENT_PRINT_DEFAULTS);
    return await run(c, total, chromium.pid, async (w) => {
      await navigateAndPrint(sessions[w], `https://doc.test/index.html?job=${++seq}`, params);
    });
  } finally {
    await chromium.close();
  }
};

// What Folio's ready protocol gives the page, reduced to what examples/invoice uses.
const FOLIO_SHIM = `(() => {
  let ready;
  window.__folioReady = new Promise((r) => (ready = r));
  window.folio = { payloadUrl: '/__payload', envUrl: '/__env', waitForReady: false, ready: () => ready(), onJob() {} };
})();`;

const bareBundle = async (c: number, total: number) => {
  const http = await startStaticServer(Object.fromEntries(exampleFiles.map((f) => [`/${f}`, example[f]])), {
    '/__payload': JSON.stringify(samplePayload),
    '/__env': JSON.stringify({ variables: {}, secrets: {} }),
  });
  try {
    return await bare(c, total, async (browser) => {
      const pages: Page[] = await pagesFor(browser, c);
      for (const p of pages) {
        await p.setCacheEnabled(true);
        await p.evaluateOnNewDocument(FOLIO_SHIM);
      }
      return async (w) => {
        await pages[w].goto(jobUrl(http.url), { waitUntil: 'load' });
        await pages[w].evaluate('window.__folioReady');
        await pages[w].pdf(PDF_OPTIONS);
      };
    });
  } finally {
    await http.close();
  }
};

const folio =
  (files: BundleFile[], body: Record<string, unknown> = {}, flow: 'four calls' | 'one request' = 'four calls') =>
  async (c: number, total: number): Promise<Result> => {
    const server = await startServe({ renderConcurrency: c, env: { FOLIO_LOG_LEVEL: 'warn' } });
    noteBuild(server.child.pid!);
    try {
      const deployId = await deployBundle(server.url, 'bench', files);
      const one = flow === 'one request' ? renderSync : render;
      return await run(c, total, server.child.pid!, () => one({ server }, deployId, body));
    } finally {
      await server.stop();
    }
  };

/** What each `folio serve` ran: bin/folio runs dist/ when it is newer than every file in src/, else the sources through tsx. */
const builds = new Map<string, number>();
function noteBuild(pid: number) {
  const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  const what = cmd.includes('dist/main/cli.js') ? 'dist/' : cmd.includes('tsx') ? 'the sources through tsx' : 'unknown';
  builds.set(what, (builds.get(what) ?? 0) + 1);
}

type Step = { name: string; fn: (c: number, total: number) => Promise<Result> };
const invoiceSteps: Step[] = [
  { name: 'bare reuse (setContent + pdf)', fn: bareReuse(invoice) },
  { name: 'bare new page per render', fn: bareNewPage },
  { name: 'bare goto (fresh document, local HTTP)', fn: bareGoto },
  { name: 'bare goto, raw CDP (Folio launch, interception)', fn: rawGoto },
  { name: 'Folio ordinary', fn: folio([file('index.html', invoice)]) },
  { name: 'Folio warm (folio.onJob)', fn: folio([file('index.html', warmVariant(invoice))]) },
  { name: 'Folio warm, POST /v1/render', fn: folio([file('index.html', warmVariant(invoice))], {}, 'one request') },
];
const bundleSteps: Step[] = [
  { name: 'bundle: bare goto, browser cache on', fn: bareBundle },
  { name: 'bundle: Folio ordinary', fn: folio(exampleOrdinary, { payload: samplePayload }) },
  { name: 'bundle: Folio warm (as shipped)', fn: folio(exampleWarm, { payload: samplePayload }) },
];
const reportSteps: Step[] = [
  { name: 'report: bare reuse (setContent + pdf)', fn: bareReuse(report) },
  { name: 'report: Folio ordinary', fn: folio([file('index.html', report)]) },
];

/** cell key → best-r/s run, with the highest PSS peak over the passes. */
const cells = new Map<string, Result>();
function keep(name: string, c: number, r: Result) {
  const key = `${name}@${c}`;
  const prev = cells.get(key);
  const best = !prev || r.rps > prev.rps ? { ...r } : { ...prev };
  if (prev && prev.pss.total > best.pss.total) best.pss = prev.pss;
  if (r.pss.total > best.pss.total) best.pss = r.pss;
  cells.set(key, best);
}

async function passes(steps: Step[], c: number, total: number) {
  for (let pass = 0; pass < PASSES; pass++) {
    for (const s of pass % 2 === 0 ? steps : [...steps].reverse()) {
      const r = await s.fn(c, total);
      keep(s.name, c, r);
      console.error(
        `  c=${c} pass ${pass + 1} ${s.name}: ${r.rps.toFixed(1)} r/s, p50 ${r.p50.toFixed(1)} ms, peak PSS ${mb(r.pss.total).toFixed(0)} MB, CPU/render ${r.cpu.chromium.toFixed(1)} + ${(r.cpu.total - r.cpu.chromium).toFixed(1)} ms (load ${loadAverage()})`,
      );
    }
  }
}

const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);

function table(steps: Step[], cs: number[]) {
  const base = steps[0].name;
  console.log(
    `| variant | ${cs.map((c) => `c=${c} r/s (ratio)`).join(' | ')} | ${cs.map((c) => `p50 c=${c} ms`).join(' | ')} | p50 overhead c=${cs[0]} ms |`,
  );
  console.log(`|---|${cs.map(() => '---').join('|')}|${cs.map(() => '---').join('|')}|---|`);
  for (const s of steps) {
    const row = [s.name];
    for (const c of cs) {
      const r = cells.get(`${s.name}@${c}`)!;
      const b = cells.get(`${base}@${c}`)!;
      row.push(`${f1(r.rps)} (${f2(r.rps / b.rps)})`);
    }
    for (const c of cs) row.push(f1(cells.get(`${s.name}@${c}`)!.p50));
    const c0 = cs[0];
    row.push(f1(cells.get(`${s.name}@${c0}`)!.p50 - cells.get(`${base}@${c0}`)!.p50));
    console.log(`| ${row.join(' | ')} |`);
  }
  console.log(
    `\n| variant (peak PSS of the process tree, MB) | ${cs.map((c) => `c=${c} MB (ratio)`).join(' | ')} | ${cs.map((c) => `c=${c} of which Chromium MB`).join(' | ')} |`,
  );
  console.log(`|---|${cs.map(() => '---').join('|')}|${cs.map(() => '---').join('|')}|`);
  for (const s of steps) {
    const row = [s.name];
    for (const c of cs) {
      const r = cells.get(`${s.name}@${c}`)!;
      const b = cells.get(`${base}@${c}`)!;
      row.push(`${mb(r.pss.total).toFixed(0)} (${f2(r.pss.total / b.pss.total)})`);
    }
    for (const c of cs) row.push(mb(cells.get(`${s.name}@${c}`)!.pss.chromium).toFixed(0));
    console.log(`| ${row.join(' | ')} |`);
  }
  // CPU per render of the best pass: the server side only (the bench's client and Puppeteer are not counted).
  console.log(`\n| variant (CPU per render, ms: Chromium tree + Folio's Node) | ${cs.map((c) => `c=${c}`).join(' | ')} |`);
  console.log(`|---|${cs.map(() => '---').join('|')}|`);
  for (const s of steps) {
    const row = [s.name];
    for (const c of cs) {
      const { cpu } = cells.get(`${s.name}@${c}`)!;
      const node = cpu.total - cpu.chromium;
      row.push(node > 0.05 ? `${f1(cpu.chromium)} + ${f1(node)} = ${f1(cpu.total)}` : f1(cpu.chromium));
    }
    console.log(`| ${row.join(' | ')} |`);
  }
}

/**
 * Folio ordinary invoice at c = 1: PSS of the tree after GROWTH_WARMUP renders, then every 100 renders. The
 * supervisor retires its browser after 1,000 renders (maxRendersPerBrowser), so a run that crosses that point
 * shows the fresh browser at the end: the largest sample over the run is what the growth check uses.
 */
async function growth(n: number) {
  const warmup = Number(process.env.GROWTH_WARMUP ?? 200);
  const server = await startServe({ renderConcurrency: 1, env: { FOLIO_LOG_LEVEL: 'warn' } });
  noteBuild(server.child.pid!);
  try {
    const deployId = await deployBundle(server.url, 'bench', [file('index.html', invoice)]);
    const op = () => render({ server }, deployId);
    await measure(1, warmup, op);
    const pid = server.child.pid!;
    const start = treePss(pid);
    const samples = [start];
    for (let done = 0; done < n; done += 100) {
      await measure(1, Math.min(100, n - done), op);
      samples.push(treePss(pid));
    }
    const max = samples.reduce((a, b) => (b.total > a.total ? b : a));
    const end = samples.at(-1)!;
    console.log(
      `\nGrowth, Folio ordinary invoice, c = 1, ${n} renders after ${warmup} warm-up renders (browser retired at 1,000 renders since launch): ` +
        `tree PSS ${mb(start.total).toFixed(0)} MB after warm-up, largest sample ${mb(max.total).toFixed(0)} MB (+${mb(max.total - start.total).toFixed(0)}), ` +
        `end ${mb(end.total).toFixed(0)} MB (${mb(end.total - start.total) >= 0 ? '+' : ''}${mb(end.total - start.total).toFixed(0)}). ` +
        `folio serve ran ${readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8').includes('dist/main/cli.js') ? 'dist/' : 'the sources through tsx'}. ` +
        `Every 100 renders, total / Node / Chromium MB: ${samples.map((s) => `${mb(s.total).toFixed(0)}/${mb(s.total - s.chromium).toFixed(0)}/${mb(s.chromium).toFixed(0)}`).join(', ')}`,
    );
  } finally {
    await server.stop();
  }
}

async function main() {
  const head = execSync('git rev-parse --short HEAD', { cwd: new URL('..', import.meta.url) })
    .toString()
    .trim();
  const dirty =
    execSync('git status --porcelain -- src', { cwd: new URL('..', import.meta.url) })
      .toString()
      .trim() !== '';
  const loadStart = loadAverage();
  const started = Date.now();
  for (const c of CONCURRENCIES) await passes(BUNDLE ? [...invoiceSteps, ...bundleSteps] : invoiceSteps, c, ROUNDS);
  if (REPORT) await passes(reportSteps, 1, REPORT_ROUNDS);
  console.log(
    `# bench/render-service — tree ${head}${dirty ? ' (src/ has uncommitted changes)' : ''}, folio serve ran ${[...builds].map(([what, n]) => `${what} ×${n}`).join(', ')}, ${browserName(executablePath!)}, ` +
      `${ROUNDS} renders per measurement, ${PASSES} interleaved passes (best r/s per cell with its p50; PSS = highest peak), ` +
      `load average ${loadStart} at start, ${loadAverage()} at end, ${((Date.now() - started) / 60000).toFixed(1)} min\n`,
  );
  console.log('Invoice (1 page), ratios to bare reuse at the same concurrency:\n');
  table(invoiceSteps, CONCURRENCIES);
  if (BUNDLE) {
    console.log('\nexamples/invoice (multi-file bundle, payload + env), ratios to the bare cached goto loop:\n');
    table(bundleSteps, CONCURRENCIES);
  }
  if (REPORT) {
    console.log(`\n50-page report, c = 1, ${REPORT_ROUNDS} renders per measurement:\n`);
    table(reportSteps, [1]);
  }
  if (GROWTH > 0) await growth(GROWTH);
}

await main();
