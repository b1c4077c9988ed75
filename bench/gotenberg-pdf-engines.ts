// Gotenberg's PDF engine routes against the same work through POST /v1/pdf-jobs, as a user's integration
// sees Folio: one separate `folio serve` process (SQLite + files), the client sending the file and reading
// the answer to its last byte. Server CPU per operation is the user + system time of the server's process
// tree (bench/lib/process-cpu.ts) over a measurement, divided by its operations.
//   (a) a text stamp on a 10-page PDF, concurrency 1: `/forms/pdfengines/stamp` (one request) against
//       `POST /v1/pdf-jobs` with `Accept: application/pdf` (one request, a multipart upload, nothing kept)
//       and against the three requests a kept job needs (upload, job, download). Interleaved passes, the
//       order flipping every pass; each row is the pass with the best p50. Target: the route's throughput
//       ≥ 0.95× the one-request PDF job's (p50 against p50).
//   (b) `/forms/pdfengines/split` of a 300-page PDF into single pages, answered as a zip of 300 PDFs.
//       Target: ≤ 2 s (median).
// Run: npm run build && node --import tsx bench/gotenberg-pdf-engines.ts
//      (ROUNDS=N operations per measurement, default 40; PASSES=N, default 3; SPLIT_ROUNDS=N, default 5)
import { cpuMs } from './lib/process-cpu.js';
import { measure } from './lib/measure-ops.js';
import { call, downloadPdf as download } from './lib/pdf-job-client.js';
import { KEY, loadAverage, startServe } from './lib/serve-variants.js';
import { median } from './lib/stats.js';
import { pagesPdf } from '../test/helpers/outside-pdfs.js';

const ROUNDS = Number(process.env.ROUNDS ?? 40);
const PASSES = Number(process.env.PASSES ?? 3);
const SPLIT_ROUNDS = Number(process.env.SPLIT_ROUNDS ?? 5);
const auth = { authorization: `Bearer ${KEY}` };

async function post(url: string, form: FormData, headers: Record<string, string> = {}): Promise<Buffer> {
  const res = await fetch(url, { method: 'POST', headers: { ...auth, ...headers }, body: form });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.toString().slice(0, 300)}`);
  return body;
}

async function run(base: string, pid: number, loadBefore: string) {
  const ten = await pagesPdf(10);
  const big = await pagesPdf(300);
  const file = (name: string, bytes: Buffer, form = new FormData()) => {
    form.append(name, new Blob([new Uint8Array(bytes)]), 'statement.pdf');
    return form;
  };
  const STAMP = { type: 'stamp', text: 'PAID', rotation: 45, opacity: 0.3, fontSize: 96 };
  const ops: Record<string, () => Promise<unknown>> = {
    '/forms/pdfengines/stamp': () => {
      const f = file('files', ten);
      f.append('stampSource', 'text');
      f.append('stampExpression', 'PAID');
      f.append('stampOptions', JSON.stringify({ rotation: '45', opacity: '0.3', points: '96' }));
      return post(`${base}/forms/pdfengines/stamp`, f);
    },
    'POST /v1/pdf-jobs, Accept: application/pdf (one request)': () => {
      const f = file('doc', ten);
      f.append('job', JSON.stringify({ sources: [{ upload: 'doc' }], steps: [STAMP] }));
      return post(`${base}/v1/pdf-jobs`, f, { accept: 'application/pdf' });
    },
    'POST /v1/pdfs + /v1/pdf-jobs + download (kept)': async () => {
      const up = (await (await fetch(`${base}/v1/pdfs`, { method: 'POST', headers: auth, body: file('file', ten) })).json()) as {
        pdf: { id: string };
      };
      const r = (await call('POST', `${base}/v1/pdf-jobs`, { sources: [{ pdfId: up.pdf.id }], steps: [STAMP] })) as {
        pdfs: { id: string }[];
      };
      return download(base, r.pdfs[0].id);
    },
  };
  const names = Object.keys(ops);
  for (const op of Object.values(ops)) for (let i = 0; i < 3; i++) await op(); // warm-up
  const best = new Map<string, { p50: number; p95: number; cpu: number }>();
  for (let pass = 0; pass < PASSES; pass++)
    for (const name of pass % 2 === 0 ? names : [...names].reverse()) {
      const r = await measure(pid, ROUNDS, ops[name]);
      if (!best.has(name) || r.p50 < best.get(name)!.p50) best.set(name, r);
    }

  const split = () => {
    const f = file('files', big);
    f.append('splitMode', 'intervals');
    f.append('splitSpan', '1');
    return post(`${base}/forms/pdfengines/split`, f);
  };
  const zip = await split(); // warm-up, and the answer checked: a zip of 300 entries
  const entries = zip.toString('latin1').split('PK\u0001\u0002').length - 1;
  if (entries !== 300) throw new Error(`the split answered ${entries} zip entries, not 300`);
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < SPLIT_ROUNDS; i++) {
    const c0 = cpuMs(pid);
    const t = performance.now();
    await split();
    times.push(performance.now() - t);
    cpu.push(cpuMs(pid) - c0);
  }

  console.log(
    `# bench/gotenberg-pdf-engines — concurrency 1, ${ROUNDS} operations per measurement, best p50 of ${PASSES} interleaved passes; load average ${loadBefore} at start, ${loadAverage()} at end\n`,
  );
  console.log('| text stamp on a 10-page PDF | p50 ms | p95 ms | server CPU ms / op |');
  console.log('|---|---|---|---|');
  for (const name of names) {
    const r = best.get(name)!;
    console.log(`| ${name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.cpu.toFixed(1)} |`);
  }
  const ratio = best.get(names[1])!.p50 / best.get(names[0])!.p50;
  console.log(
    `\nthroughput of the route / the one-request PDF job: ${ratio.toFixed(2)}× (target ≥ 0.95×: ${ratio >= 0.95 ? 'PASS' : 'FAIL'})`,
  );
  const m = median(times);
  console.log(`\n| /forms/pdfengines/split, 300 pages → 300 PDFs in a zip, ${SPLIT_ROUNDS} runs | median ms | max ms | target |`);
  console.log('|---|---|---|---|');
  console.log(
    `| request to the zip's last byte | ${m.toFixed(0)} | ${Math.max(...times).toFixed(0)} | ≤ 2000 ms ${m <= 2000 ? 'PASS' : 'FAIL'} |`,
  );
  console.log(`| server CPU per split | ${median(cpu).toFixed(0)} | ${Math.max(...cpu).toFixed(0)} | |`);
}

const loadBefore = loadAverage();
const server = await startServe({ renderConcurrency: 1 });
try {
  await run(server.url, server.child.pid!, loadBefore);
} finally {
  await server.stop();
}
