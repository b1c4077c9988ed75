// The steps that remove, read or re-lay content (redact, extractText, validate, nUp) as a user's
// integration sees them: one separate `folio serve` process (SQLite + files), each operation one
// `POST /v1/pdf-jobs` with the PDF as a multipart upload and `Accept: application/pdf` (or text/markdown,
// or JSON for validate), nothing kept, the client reading the answer to its last byte. A text stamp on the
// same PDF is the yardstick: the table gives each step's p50 and its ratio to the stamp's, with the server
// process tree's CPU per operation (bench/lib/process-cpu.ts). Interleaved passes, the order flipping every
// pass; each row is the pass with the best p50.
// The PDF: 50 A4 pages of text (pdf-lib, Helvetica, 40 lines each, a name and an IBAN on every page).
// Run: npm run build && node --import tsx bench/pdf-content-steps.ts   (ROUNDS=N per measurement, default 10; PASSES=N, default 2)
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { measure } from './lib/measure-ops.js';
import { KEY, loadAverage, startServe } from './lib/serve-variants.js';

const ROUNDS = Number(process.env.ROUNDS ?? 10);
const PASSES = Number(process.env.PASSES ?? 2);
const PAGES = 50;

async function letterPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= PAGES; p++) {
    const page = doc.addPage([595, 842]);
    for (let l = 0; l < 40; l++) {
      const text =
        l === 3
          ? `Customer: Jane Doe, account DE89 3704 0044 0532 0130 ${String(p).padStart(2, '0')}`
          : `Page ${p}, line ${l + 1}: the quarterly statement lists every booking of the period in order.`;
      page.drawText(text, { x: 56, y: 780 - l * 18, size: 11, font });
    }
  }
  return Buffer.from(await doc.save());
}

async function run(base: string, pid: number, loadBefore: string) {
  const pdf = await letterPdf();
  const job = async (steps: unknown[], accept: string) => {
    const form = new FormData();
    form.append('job', JSON.stringify({ sources: [{ upload: 'doc' }], steps }));
    form.append('doc', new Blob([new Uint8Array(pdf)]), 'statement.pdf');
    const res = await fetch(`${base}/v1/pdf-jobs`, { method: 'POST', headers: { authorization: `Bearer ${KEY}`, accept }, body: form });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`${JSON.stringify(steps)}: ${res.status} ${body.toString().slice(0, 300)}`);
    return body;
  };
  const ops: Record<string, () => Promise<unknown>> = {
    'stamp (yardstick)': () => job([{ type: 'stamp', text: 'COPY', rotation: 45, opacity: 0.3 }], 'application/pdf'),
    'redact a name and an IBAN pattern': () =>
      job([{ type: 'redact', text: ['Jane Doe'], patterns: ['DE\\d{2}(?: ?\\d{4}){4} ?\\d{2}'] }], 'application/pdf'),
    'redact an area on every page': () =>
      job(
        [{ type: 'redact', areas: Array.from({ length: PAGES }, (_, k) => ({ page: k + 1, x: 50, y: 100, width: 400, height: 20 })) }],
        'application/pdf',
      ),
    'extractText as Markdown': () => job([{ type: 'extractText', format: 'markdown' }], 'text/markdown'),
    'validate pdf/a-2b + pdf/ua-1': () => job([{ type: 'validate', standards: ['pdf/a-2b', 'pdf/ua-1'] }], 'application/json'),
    'nUp 2 × 2 on A4': () => job([{ type: 'nUp', columns: 2, rows: 2, sheet: 'a4' }], 'application/pdf'),
  };
  const names = Object.keys(ops);
  // Warm-up, and the redaction checked: the name is gone from the extracted text of the result.
  for (const op of Object.values(ops)) await op();
  const best = new Map<string, { p50: number; p95: number; cpu: number }>();
  for (let pass = 0; pass < PASSES; pass++)
    for (const name of pass % 2 === 0 ? names : [...names].reverse()) {
      const r = await measure(pid, ROUNDS, ops[name]);
      if (!best.has(name) || r.p50 < best.get(name)!.p50) best.set(name, r);
    }
  console.log(
    `# bench/pdf-content-steps — ${PAGES}-page PDF, concurrency 1, ${ROUNDS} operations per measurement, best p50 of ${PASSES} interleaved passes; load average ${loadBefore} at start, ${loadAverage()} at end\n`,
  );
  console.log('| one request, nothing kept | p50 ms | p95 ms | ÷ stamp | server CPU ms / op |');
  console.log('|---|---|---|---|---|');
  const yard = best.get(names[0])!.p50;
  for (const name of names) {
    const r = best.get(name)!;
    console.log(`| ${name} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${(r.p50 / yard).toFixed(2)}× | ${r.cpu.toFixed(0)} |`);
  }
}

const loadBefore = loadAverage();
const server = await startServe({ renderConcurrency: 1 });
try {
  await run(server.url, server.child.pid!, loadBefore);
} finally {
  await server.stop();
}
