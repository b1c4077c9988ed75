// Long documents (docs/long-documents.md) as a user's integration sees them, in one sitting:
//   bare     = `chromium-headless-shell --print-to-pdf` of the report as static HTML (the same table, 29 rows
//              to an A4 page, a repeated header, "Page N of M"), at 4,000 rows (138 pages): the pages per
//              second a long document must keep at any length;
//   folio    = one `folio serve` (SQLite + files, FOLIO_RENDER_CONCURRENCY=2): the report as a Handlebars
//              version with pdf.parts, the rows in the payload; POST /v1/render-jobs, the long poll,
//              output-download and the PDF's last byte. At PAGES (default 1000,10000) pages;
//   scale    = the same job on PostgreSQL + S3 (s3rver) with an api process and one, then two, worker
//              processes, when SCALE=1 and PostgreSQL answers. Each worker has one render slot
//              (FOLIO_RENDER_CONCURRENCY=1): on this 2-core machine a second worker can only add the core
//              the first one leaves idle, as a second machine adds its own.
// Per run: wall time, pages per second, CPU of the server's process tree per page, and the peak RSS of the
// largest single Chromium process (sampled every 200 ms). Every PDF is checked: its page count, and
// "Page N of M" on its first, middle and last page (pdftotext).
//   book     = a book of BOOK chapters (default 200, ~2,000 pages) of ~10 pages with a contents list whose numbers
//              Folio fills (data-folio-page-of), ten chapters a part: its contents checked against its outline.
// Run: npm run build && node --import tsx bench/long-documents.ts   (PAGES=1000,10000; PART=rows per part, default 1000;
//      BOOK=200, 0 skips; SCALE=1)
import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { file } from '../test/helpers/bundle.js';
import { createPgDatabase, startS3 } from '../test/helpers/engine.js';
import { FOLIO_BIN, startServerProcess, type ServerProcess } from '../test/helpers/server-process.js';
import { executablePath } from './lib/baselines.js';
import { cpuMs } from './lib/process-cpu.js';
import { KEY, loadAverage, startServe } from './lib/serve-variants.js';
import { client } from '../test/helpers/http-client.js';
import { deployOverHttp } from '../test/helpers/http-deploy.js';

const PAGES = (process.env.PAGES ?? '1000,10000').split(',').map(Number);
const PART = Number(process.env.PART ?? 1000);
const BOOK = Number(process.env.BOOK ?? 200);
const ROWS_PER_PAGE = 29;

const STYLE = `@page { size: A4; margin: 2cm; @bottom-center { content: "Page " counter(page) " of " counter(pages); font: 9pt sans-serif; } }
body { font: 10pt sans-serif; } table { border-collapse: collapse; width: 100%; } thead { display: table-header-group; }
tr { break-inside: avoid; } td, th { border-bottom: 1px solid #ccc; padding: 8px 6px; text-align: left; }`;
const HEAD = '<thead><tr><th>#</th><th>Account</th><th>Reference</th><th>Date</th><th>Debit</th><th>Credit</th></tr></thead>';
const row = (n: number) =>
  `<tr><td>${n}</td><td>ACC-${(n * 7919) % 100000}</td><td>REF ${n.toString(36).toUpperCase()}</td><td>2026-11-${String((n % 28) + 1).padStart(2, '0')}</td><td>${(n % 997) * 3}.50</td><td>${(n % 389) * 2}.25</td></tr>`;

const template = file(
  'index.hbs',
  `<!doctype html><html><head><style>${STYLE}</style></head><body>{{#unless _part.index}}<h1>Ledger</h1>{{/unless}}<table>${HEAD}<tbody>` +
    '{{#each rows}}<tr><td>{{this}}</td><td>ACC-{{this}}</td><td>REF {{this}}</td><td>2026-11-01</td><td>{{formatNumber this 2}}</td><td>0.25</td></tr>{{/each}}' +
    '</tbody></table></body></html>',
);

/** Peak RSS (MB) of the largest single process named chromium* under `root`, sampled until stop(). */
function sampleChromium(root: number): { stop(): number } {
  let peak = 0;
  const tree = (pid: number): number[] => {
    try {
      const kids = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      return [pid, ...kids.flatMap(tree)];
    } catch {
      return [pid];
    }
  };
  const timer = setInterval(() => {
    for (const pid of tree(root)) {
      try {
        if (!/chrom/.test(fs.readFileSync(`/proc/${pid}/comm`, 'utf8'))) continue;
        const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
        peak = Math.max(peak, kb / 1024);
      } catch {
        /* gone */
      }
    }
  }, 200);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

function check(pdf: Buffer, expectPages: number | null): number {
  const f = path.join(os.tmpdir(), `folio-bench-long-${process.pid}.pdf`);
  fs.writeFileSync(f, pdf);
  try {
    const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [f], { encoding: 'utf8' }))![1]);
    if (expectPages !== null && Math.abs(pages - expectPages) > expectPages * 0.1)
      throw new Error(`expected about ${expectPages} pages, got ${pages}`);
    for (const p of [1, Math.ceil(pages / 2), pages]) {
      const text = execFileSync('pdftotext', ['-f', String(p), '-l', String(p), '-layout', f, '-'], { encoding: 'utf8' });
      if (!new RegExp(`Page ${p} of ${pages}\\b`).test(text)) throw new Error(`page ${p} is not numbered "Page ${p} of ${pages}"`);
    }
    return pages;
  } finally {
    fs.rmSync(f, { force: true });
  }
}

async function bare(rows: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-bare-'));
  const html = path.join(dir, 'report.html');
  fs.writeFileSync(
    html,
    `<!doctype html><html><head><style>${STYLE}</style></head><body><h1>Ledger</h1><table>${HEAD}<tbody>${Array.from({ length: rows }, (_, i) => row(i + 1)).join('')}</tbody></table></body></html>`,
  );
  const out = path.join(dir, 'report.pdf');
  const started = performance.now();
  const child = spawn(
    executablePath!,
    ['--headless', '--no-sandbox', '--no-pdf-header-footer', `--print-to-pdf=${out}`, `file://${html}`],
    { stdio: 'ignore' },
  );
  const mem = sampleChromium(child.pid!);
  await new Promise((r) => child.on('exit', r));
  const ms = performance.now() - started;
  const peak = mem.stop();
  const pages = check(fs.readFileSync(out), null);
  fs.rmSync(dir, { recursive: true, force: true });
  return { pages, ms, peak, cpu: null as number | null, pdf: Buffer.alloc(0) };
}

const ledger = (rows: number) => ({ rows: Array.from({ length: rows }, (_, i) => i + 1) });

async function job(url: string, deployId: string, payload: object, pid: number, chromiumRoots: number[], expectPages: number | null) {
  const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
  const roots = [...new Set([pid, ...chromiumRoots])];
  const cpu0 = roots.reduce((a, p) => a + cpuMs(p), 0);
  const mems = chromiumRoots.map(sampleChromium);
  const started = performance.now();
  const created = await (
    await fetch(`${url}/v1/render-jobs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ deployId, deployVersionId: 'latest', payload }),
    })
  ).json();
  let j = created.job;
  while (j.status === 'queued' || j.status === 'rendering')
    j = (await (await fetch(`${url}/v1/render-jobs/${j.id}?waitSeconds=30`, { headers })).json()).job;
  if (j.status !== 'succeeded') throw new Error(`job ${j.id} ${j.status}: ${j.errorMessage}`);
  const link = await (await fetch(`${url}/v1/render-jobs/${j.id}/output-download`, { method: 'POST', headers, body: '{}' })).json();
  const pdf = Buffer.from(await (await fetch(link.access.url)).arrayBuffer());
  const ms = performance.now() - started;
  const peak = Math.max(...mems.map((m) => m.stop()));
  const cpu = roots.reduce((a, p) => a + cpuMs(p), 0) - cpu0;
  return { pages: check(pdf, expectPages), ms, peak, cpu, pdf };
}

const line = (name: string, r: { pages: number; ms: number; peak: number; cpu: number | null }) =>
  `| ${name} | ${r.pages} | ${(r.ms / 1000).toFixed(1)} | ${((r.pages * 1000) / r.ms).toFixed(1)} | ${r.cpu === null ? '—' : (r.cpu / r.pages).toFixed(1)} | ${Math.round(r.peak)} |`;

const LOREM =
  'Folio prints long documents in parts and joins them, so that every page carries the number it has in the whole book, and the contents list the pages on which the chapters begin. ';
const bookTemplate = file(
  'index.hbs',
  `<!doctype html><html lang="en"><head><title>Book</title><style>
@page { size: A4; margin: 2cm; @top-center { content: "The long book"; font: 9pt serif; } @bottom-center { content: "Page " counter(page) " of " counter(pages); font: 9pt serif; } }
@page :first { @top-center { content: none; } }
body { font: 11pt/1.5 serif; } h1 { break-before: page; } p { margin: 0 0 0.6em; }
</style></head><body>{{#unless _part.index}}<h2>Contents</h2><ol>{{#each toc}}<li>{{title}} .... <span data-folio-page-of="ch-{{id}}">0000</span></li>{{/each}}</ol>{{/unless}}` +
    `{{#each chapters}}<h1 id="ch-{{id}}">{{title}}</h1>{{#each paras}}<p>${LOREM.repeat(4)}</p>{{/each}}{{/each}}</body></html>`,
);

/** A book of `chapters` chapters of ~10 pages, with contents: its pages, checked contents and outline. */
// (54 paragraphs of 4 sentences make a chapter of ~10 A4 pages.)
async function book(url: string, pid: number, chapters: number) {
  const deployId = (
    await deployOverHttp(client(url, KEY), `book-${Date.now()}`, [bookTemplate], {
      metadata: { pdf: { parts: { items: 'chapters', size: 10 } } },
    })
  ).deployId;
  const list = Array.from({ length: chapters }, (_, i) => ({
    id: i + 1,
    title: `Chapter ${i + 1}`,
    paras: Array.from({ length: 54 }, (_, k) => k),
  }));
  const payload = { toc: list.map(({ id, title }) => ({ id, title })), chapters: list };
  const r = await job(url, deployId, payload, pid, [pid], null);
  // The contents: every chapter's number is the page its outline entry points at.
  const f = path.join(os.tmpdir(), `folio-bench-book-${process.pid}.pdf`);
  fs.writeFileSync(f, r.pdf);
  try {
    const outline = JSON.parse(
      execFileSync('qpdf', ['--json=2', '--json-key=outlines', f], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }),
    ) as {
      outlines: Array<{ title: string; destpageposfrom1: number }>;
    };
    const entries = outline.outlines.filter((o) => /^Chapter \d+$/.test(o.title));
    if (entries.length !== chapters) throw new Error(`${entries.length} chapter entries in the outline, ${chapters} chapters`);
    const contents = execFileSync('pdftotext', ['-f', '1', '-l', '12', '-layout', f, '-'], { encoding: 'utf8' });
    for (const e of entries) {
      const listed = Number(new RegExp(`${e.title} \\.+ (\\d+)`).exec(contents)?.[1]);
      if (listed !== e.destpageposfrom1) throw new Error(`${e.title}: the contents say page ${listed}, the outline ${e.destpageposfrom1}`);
    }
  } finally {
    fs.rmSync(f, { force: true });
  }
  return r;
}

async function main() {
  console.log(`# bench/long-documents — parts of ${PART} rows, load average ${loadAverage()}\n`);
  console.log('| run | pages | wall s | pages/s | CPU ms per page | peak RSS of one Chromium process MB |');
  console.log('|---|---|---|---|---|---|');
  console.log(line('bare chromium-headless-shell --print-to-pdf, 4,000 rows', await bare(4000)));
  const server = await startServe({ renderConcurrency: 2, env: { FOLIO_MAX_PAYLOAD_BYTES: String(16 * 1024 * 1024) } });
  try {
    const deployId = await deployLong(server.url);
    const pid = server.child.pid!;
    for (const pages of PAGES)
      console.log(
        line(
          `folio serve, ${pages * ROWS_PER_PAGE} rows`,
          await job(server.url, deployId, ledger(pages * ROWS_PER_PAGE), pid, [pid], pages),
        ),
      );
    if (BOOK > 0) console.log(line(`folio serve, a book of ${BOOK} chapters with contents`, await book(server.url, pid, BOOK)));
  } finally {
    await server.stop();
  }
  if (process.env.SCALE === '1') await scale();
  console.log(`\nload average at the end ${loadAverage()}`);
}

async function deployLong(url: string): Promise<string> {
  return (
    await deployOverHttp(client(url, KEY), `ledger-${Date.now()}`, [template], {
      metadata: { pdf: { parts: { items: 'rows', size: PART } } },
    })
  ).deployId;
}

/** One api and one, then two, worker processes on PostgreSQL + S3: the same job's wall time. */
async function scale() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-scale-'));
  const db = await createPgDatabase();
  const s3 = await startS3(path.join(dir, 's3'));
  const env = (name: string) => ({
    ...s3.env,
    FOLIO_DATABASE_URL: db.url,
    FOLIO_DATA_DIR: path.join(dir, name),
    FOLIO_SIGNING_KEY: 'bench-long-signing-key-0123456789abcdef0123',
    FOLIO_SECRETS_KEY: 'bench-long-secrets-key-0123456789abcdef0123',
    FOLIO_BOOTSTRAP_API_KEY: KEY,
    FOLIO_RENDER_CONCURRENCY: '1',
    FOLIO_MAX_PAYLOAD_BYTES: String(16 * 1024 * 1024),
    FOLIO_RATE_LIMIT_PER_SECOND: '100000',
    FOLIO_RATE_LIMIT_BURST: '100000',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  });
  const procs: ServerProcess[] = [];
  try {
    await promisify(execFile)(FOLIO_BIN, ['migrate'], { env: { ...process.env, ...env('migrate') } });
    const api = await startServerProcess(env('api'), 'api');
    procs.push(api);
    const deployId = await deployLong(api.url);
    const pages = PAGES[0]!;
    const w1 = await startServerProcess(env('w1'), 'worker');
    procs.push(w1);
    const one = await job(api.url, deployId, ledger(pages * ROWS_PER_PAGE), api.child.pid!, [w1.child.pid!], pages);
    console.log(line(`PostgreSQL + S3, 1 worker process, ${pages * ROWS_PER_PAGE} rows`, one));
    const w2 = await startServerProcess(env('w2'), 'worker');
    procs.push(w2);
    const two = await job(api.url, deployId, ledger(pages * ROWS_PER_PAGE), api.child.pid!, [w1.child.pid!, w2.child.pid!], pages);
    console.log(line(`PostgreSQL + S3, 2 worker processes, ${pages * ROWS_PER_PAGE} rows`, two));
    console.log(`\ntwo workers / one worker, wall time: ${(two.ms / one.ms).toFixed(2)} (speed-up ${(one.ms / two.ms).toFixed(2)}×)`);
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
    await s3.close();
    await db.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
