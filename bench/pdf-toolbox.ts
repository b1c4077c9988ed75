// The PDF toolbox (POST /v1/pdf-jobs) measured as a user's integration sees Folio: one separate `folio serve`
// process (SQLite + files), the PDFs uploaded with POST /v1/pdfs first, then per operation the client
// runs the job, asks for a download link of the result (POST /v1/pdfs/{id}/download) and GETs the PDF to its
// last byte. Server CPU per operation is the user + system time of the server's process tree
// (/proc/<pid>/stat, bench/lib/process-cpu.ts) over a measurement, divided by its operations.
//   (a) stamp + flatten on a 10-page PDF with a form (20 filled text fields), concurrency 1, against two
//       baselines in the same sitting: the same job with `steps: []`, and a plain download of the source.
//       Interleaved passes, the order flipping every pass; each row is the pass with the best p50.
//       Target: stamp + flatten p50 ≤ 150 ms.
//   (b) split of a 300-page PDF into 30 parts (`split {every: 10}`): the job's answer, and the job plus
//       downloading all 30 parts (4 at a time). Target: job + downloads ≤ 2 s (median).
// Run: npm run build && node --import tsx bench/pdf-toolbox.ts
//      (ROUNDS=N operations per measurement, default 60; PASSES=N, default 3; SPLIT_ROUNDS=N, default 5)
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { cpuMs } from './lib/process-cpu.js';
import { measure } from './lib/measure-ops.js';
import { call, downloadPdf as download, uploadPdf as upload } from './lib/pdf-job-client.js';
import { loadAverage, startServe } from './lib/serve-variants.js';
import { mapLimit, median } from './lib/stats.js';
import { pagesPdf, tool } from '../test/helpers/outside-pdfs.js';

const ROUNDS = Number(process.env.ROUNDS ?? 60);
const PASSES = Number(process.env.PASSES ?? 3);
const SPLIT_ROUNDS = Number(process.env.SPLIT_ROUNDS ?? 5);

/** 10 A4 pages of text, each with two filled text fields: the form flatten turns into page content. */
async function formPdf10(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const form = doc.getForm();
  for (let i = 1; i <= 10; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Statement page ${i}`, { x: 72, y: 780, size: 20, font });
    for (let l = 0; l < 30; l++)
      page.drawText(`Line ${l + 1}: ${'amount due and terms '.repeat(3)}`, { x: 72, y: 740 - l * 18, size: 10, font });
    for (const [k, name] of ['name', 'amount'].entries()) {
      const f = form.createTextField(`p${i}.${name}`);
      f.setText(name === 'name' ? `Customer ${i}` : `${(i * 123.45).toFixed(2)}`);
      f.addToPage(page, { x: 72 + k * 220, y: 150, width: 200, height: 24, font });
    }
  }
  return Buffer.from(await doc.save());
}

/** The measured job does what it says: the stamp and the field values are page text, no form is left. */
function verifyStampFlatten(pdf: Buffer) {
  const text = tool('pdftotext', (f) => ['-raw', f, '-'], pdf).text.replace(/\s/g, '');
  const fields = tool('qpdf', (f) => ['--json', '--json-key=acroform', f], pdf).text;
  if (!text.includes('PAID') || !text.includes('Customer10')) throw new Error('the stamp or a flattened value is missing (pdftotext -raw)');
  if (!/"fields":\s*\[\]/.test(fields)) throw new Error(`form fields left after flatten: ${fields.slice(0, 200)}`);
}

const job = (base: string, pdfId: string, steps: unknown[]) =>
  call('POST', `${base}/v1/pdf-jobs`, { sources: [{ pdfId }], steps }) as Promise<{ pdfs: { id: string; pageCount: number }[] }>;

async function main() {
  const loadBefore = loadAverage();
  const server = await startServe({ renderConcurrency: 1 });
  const base = server.url;
  const pid = server.child.pid!;
  try {
    const formId = await upload(base, await formPdf10());
    const bigId = await upload(base, await pagesPdf(300));
    const STAMP = [{ type: 'stamp', text: 'PAID', pages: '1', rotation: 45, opacity: 0.3, fontSize: 96 }, { type: 'flatten' }];
    const ops: Record<string, () => Promise<unknown>> = {
      'POST /v1/pdf-jobs [stamp, flatten] + download': async () => {
        const r = await job(base, formId, STAMP);
        if (r.pdfs[0].pageCount !== 10) throw new Error(`stamp + flatten made ${r.pdfs[0].pageCount} pages`);
        return download(base, r.pdfs[0].id);
      },
      'baseline: POST /v1/pdf-jobs [] + download': async () => download(base, (await job(base, formId, [])).pdfs[0].id),
      'baseline: download of the source': () => download(base, formId),
    };
    verifyStampFlatten(await download(base, (await job(base, formId, STAMP)).pdfs[0].id));
    const names = Object.keys(ops);
    for (const op of Object.values(ops)) for (let i = 0; i < 3; i++) await op(); // warm-up
    const best = new Map<string, { p50: number; p95: number; cpu: number }>();
    for (let pass = 0; pass < PASSES; pass++) {
      for (const name of pass % 2 === 0 ? names : [...names].reverse()) {
        const r = await measure(pid, ROUNDS, ops[name]);
        if (!best.has(name) || r.p50 < best.get(name)!.p50) best.set(name, r);
      }
    }

    // (b) split: the job's answer, and the job with every part downloaded.
    await job(base, bigId, [{ type: 'split', every: 10 }]); // warm-up
    const answer: number[] = [];
    const total: number[] = [];
    const splitCpu: number[] = [];
    for (let i = 0; i < SPLIT_ROUNDS; i++) {
      const cpu0 = cpuMs(pid);
      const t = performance.now();
      const r = await job(base, bigId, [{ type: 'split', every: 10 }]);
      answer.push(performance.now() - t);
      if (r.pdfs.length !== 30 || r.pdfs.some((p) => p.pageCount !== 10)) throw new Error(`split made ${r.pdfs.length} parts`);
      await mapLimit(r.pdfs, 4, (p) => download(base, p.id));
      total.push(performance.now() - t);
      splitCpu.push(cpuMs(pid) - cpu0);
    }

    console.log(
      `# bench/pdf-toolbox — concurrency 1, ${ROUNDS} operations per measurement, best p50 of ${PASSES} interleaved passes; load average ${loadBefore} at start, ${loadAverage()} at end\n`,
    );
    console.log('| operation (10-page PDF with a form, 20 fields) | p50 ms | p95 ms | server CPU ms / op | target |');
    console.log('|---|---|---|---|---|');
    for (const name of names) {
      const r = best.get(name)!;
      const target = name.startsWith('POST') ? `p50 ≤ 150 ms ${r.p50 <= 150 ? 'PASS' : 'FAIL'}` : '';
      console.log(`| ${name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.cpu.toFixed(1)} | ${target} |`);
    }
    const m = median(total);
    console.log(`\n| split 300 pages → 30 parts (\`every: 10\`), ${SPLIT_ROUNDS} runs | median ms | max ms | target |`);
    console.log('|---|---|---|---|');
    console.log(`| job answered (201 with 30 PDFs) | ${median(answer).toFixed(0)} | ${Math.max(...answer).toFixed(0)} | |`);
    console.log(
      `| job + all 30 parts downloaded (4 at a time) | ${m.toFixed(0)} | ${Math.max(...total).toFixed(0)} | ≤ 2000 ms ${m <= 2000 ? 'PASS' : 'FAIL'} |`,
    );
    console.log(`| server CPU per split, downloads included | ${median(splitCpu).toFixed(0)} | ${Math.max(...splitCpu).toFixed(0)} | |`);
  } finally {
    await server.stop();
  }
}

await main();
