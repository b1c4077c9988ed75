// PDF post-processing (src/pdf/post-process.ts) against the plain render, one process, one sitting:
//   invoice  = the 1-page invoice printed by the Renderer, then made a PDF/A-3b Factur-X e-invoice with a
//              ~20 kB CrossIndustryInvoice XML
//   report   = the 50-page report (test/fixtures/pdf/documents.ts) printed, then made PDF/A-2b
// For each: median render time, median post-processing time, their ratio ((render + post) / render), and
// the peak RSS growth of one post-processing next to the PDF's size, measured in a fresh Node process
// (process.resourceUsage().maxRSS after the call against the RSS before it, after a warm-up on a 1-page PDF
// and a GC), since a high-water mark in this process would mostly show the renders. Chromium's memory is
// not counted: post-processing runs in the worker's Node process.
// Run: node --expose-gc --import tsx bench/pdf-postprocess.ts   (ROUNDS=N, default 20; report rounds N/4)
import { htmlRenderRequest } from './lib/render-request.js';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { executablePath } from './lib/baselines.js';
import { postProcessPdf, type PostProcessRequest } from '../src/pdf/post-process.js';
import { Renderer } from '../src/render/renderer.js';
import { largeInvoiceXml, reportHtml } from '../test/fixtures/pdf/documents.js';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const invoice = readFileSync(new URL('../test/fixtures/render/invoice/index.html', import.meta.url), 'utf8');
const sampleXml = readFileSync(new URL('../test/fixtures/pdf/factur-x-en16931.xml', import.meta.url));
const xml = largeInvoiceXml(sampleXml, 20_000);
const report = reportHtml(50);

async function render(renderer: Renderer, html: string): Promise<{ pdf: Buffer; ms: number }> {
  const chunks: Buffer[] = [];
  const t = performance.now();
  await renderer.render(htmlRenderRequest(html), async (s: Readable) => {
    for await (const c of s) chunks.push(c as Buffer);
  });
  return { pdf: Buffer.concat(chunks), ms: performance.now() - t };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n: number, d = 0) => n.toFixed(d);
const gc = (globalThis as { gc?: () => void }).gc;

async function measure(name: string, renderer: Renderer, html: string, rounds: number, req: PostProcessRequest) {
  await render(renderer, html); // warm-up
  const renders: number[] = [];
  let pdf: Buffer = Buffer.alloc(0);
  for (let i = 0; i < rounds; i++) {
    const r = await render(renderer, html);
    renders.push(r.ms);
    pdf = r.pdf;
  }
  await postProcessPdf(pdf, req); // warm-up (module and ICC profile loads, JIT)
  const posts: number[] = [];
  let out = 0;
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    out = (await postProcessPdf(pdf, req)).length;
    posts.push(performance.now() - t);
  }
  const peakGrowth = peakGrowthInChild(pdf, req);
  const [r, p] = [median(renders), median(posts)];
  console.log(
    `${name}: PDF ${fmt(pdf.length / 1024)} kB → ${fmt(out / 1024)} kB; render p50 ${fmt(r)} ms, post-processing p50 ${fmt(p)} ms ` +
      `(min ${fmt(Math.min(...posts))}, max ${fmt(Math.max(...posts))}); render + post = ${fmt((r + p) / r, 2)}× render; ` +
      `peak RSS growth ${fmt(Math.max(0, peakGrowth) / 1024 / 1024, 1)} MB = ${fmt(Math.max(0, peakGrowth) / pdf.length, 2)}× the PDF`,
  );
}

/** Peak RSS growth of one postProcessPdf on `pdf` in a fresh process (this file with --child). */
function peakGrowthInChild(pdf: Buffer, req: PostProcessRequest): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'folio-bench-pdf-'));
  try {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    writeFileSync(path.join(dir, 'xml'), req.eInvoice?.xml ?? '');
    writeFileSync(
      path.join(dir, 'req.json'),
      JSON.stringify({ ...req, eInvoice: req.eInvoice ? { ...req.eInvoice, xml: undefined } : undefined }),
    );
    const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', new URL(import.meta.url).pathname, '--child', dir], {
      encoding: 'utf8',
    });
    const m = /peak-growth (\d+)/.exec(r.stdout);
    if (!m) throw new Error(`child failed: ${r.stderr}`);
    return Number(m[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function child(dir: string) {
  const pdf = readFileSync(path.join(dir, 'in.pdf'));
  const parsed = JSON.parse(readFileSync(path.join(dir, 'req.json'), 'utf8'));
  const req: PostProcessRequest = { ...parsed, date: new Date(parsed.date) };
  if (parsed.eInvoice) req.eInvoice = { ...parsed.eInvoice, xml: readFileSync(path.join(dir, 'xml')) };
  // Warm-up on a 1-page PDF: modules, the ICC profile and JIT, not the measured document.
  const { PDFDocument } = await import('@cantoo/pdf-lib');
  const small = await PDFDocument.create();
  small.addPage();
  await postProcessPdf(Buffer.from(await small.save({ useObjectStreams: false })), { ...req, eInvoice: undefined, standard: 'pdf/a-2b' });
  gc?.();
  const before = process.memoryUsage().rss;
  const out = await postProcessPdf(pdf, req);
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(`peak-growth ${Math.max(0, peak - before)} out ${out.length}`);
}

async function main() {
  console.log(
    `Chromium ${executablePath}, ${ROUNDS} rounds (report ${Math.max(3, ROUNDS / 4)}), e-invoice XML ${xml.length} bytes, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}${gc ? '' : ' (run with --expose-gc for a cleaner memory baseline)'}`,
  );
  const renderer = new Renderer({ concurrency: 1, executablePath: executablePath! });
  await renderer.start();
  const base = { metadata: {}, attachments: [], producer: 'Folio 0.1.0', date: new Date('2026-03-14T09:30:15Z') };
  try {
    await measure('invoice → PDF/A-3b Factur-X', renderer, invoice, ROUNDS, {
      ...base,
      standard: 'pdf/a-3b',
      eInvoice: { standard: 'factur-x', profile: 'EN 16931', xml },
    });
    // Peak RSS is a high-water mark: the report runs after the invoice, so its growth is its own.
    await measure('50-page report → PDF/A-2b', renderer, report, Math.max(3, Math.round(ROUNDS / 4)), { ...base, standard: 'pdf/a-2b' });
  } finally {
    await renderer.close();
  }
}

if (process.argv[2] === '--child') await child(process.argv[3]);
else await main();
