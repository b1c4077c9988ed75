// The Gotenberg route against POST /v1/render on the same render, at concurrency 1, one sitting, one
// separate `folio serve` process:
//   gotenberg = POST /forms/chromium/convert/html: index.html + style.css as `files` parts, Basic auth
//   render    = POST /v1/render: the same files as `files` parts, and the same print options in the job part
// Both are the same inline-source job underneath (the same version, bound by content), so the difference is
// the adapter: reading the form, mapping the fields, answering. Timed from the request to the last byte of
// the PDF; CPU per render is the user + system time of the server process and its Chromium (/proc/<pid>/stat of
// the process tree) over a measurement,
// divided by its renders. Interleaved passes, the order flipping every pass; each row is the best p50.
// Target: p50 of gotenberg ≤ 1.1 × p50 of render.
// Run: npm run build && node --import tsx bench/gotenberg.ts   (ROUNDS=N per measurement, default 40; PASSES=N, default 3)
import { measure } from './lib/baselines.js';
import { cpuMs } from './lib/process-cpu.js';
import { KEY, loadAverage, startServe } from './lib/serve-variants.js';

const ROUNDS = Number(process.env.ROUNDS ?? 40);
const PASSES = Number(process.env.PASSES ?? 3);
const HTML =
  '<!doctype html><html><head><link rel="stylesheet" href="style.css"></head><body><h1>Invoice 42</h1><table>' +
  Array.from({ length: 30 }, (_, i) => `<tr><td>Item ${i + 1}</td><td>${(i * 7.5).toFixed(2)}</td></tr>`).join('') +
  '</table></body></html>';
const CSS = 'body { font-family: sans-serif } h1 { color: #c0392b } td { padding: 2px 8px; border-bottom: 1px solid #ddd }';

function files(form: FormData) {
  form.append('files', new Blob([HTML], { type: 'text/html' }), 'index.html');
  form.append('files', new Blob([CSS], { type: 'text/css' }), 'style.css');
  return form;
}

async function post(url: string, body: FormData, authorization: string) {
  const res = await fetch(url, { method: 'POST', headers: { authorization }, body });
  const pdf = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${Buffer.from(pdf).toString('utf8').slice(0, 300)}`);
  if (pdf.byteLength < 1000) throw new Error('PDF too small');
}

async function main() {
  const server = await startServe({ renderConcurrency: 1 });
  const pid = server.child.pid!;
  const ops = {
    gotenberg: () =>
      post(
        `${server.url}/forms/chromium/convert/html`,
        (() => {
          const f = files(new FormData());
          f.append('marginTop', '0.5');
          f.append('landscape', 'false');
          return f;
        })(),
        `Basic ${Buffer.from(`folio:${KEY}`).toString('base64')}`,
      ),
    render: () =>
      post(
        `${server.url}/v1/render`,
        (() => {
          const f = files(new FormData());
          f.append(
            'job',
            JSON.stringify({ print: { printBackground: false, width: '8.5in', margin: { top: '0.5in' }, landscape: false } }),
          );
          return f;
        })(),
        `Bearer ${KEY}`,
      ),
  };
  const best = new Map<string, { p50: number; cpu: number }>();
  try {
    for (const op of Object.values(ops)) await measure(1, 3, op); // warm-up
    for (let pass = 0; pass < PASSES; pass++) {
      const names = Object.keys(ops) as (keyof typeof ops)[];
      for (const name of pass % 2 === 0 ? names : names.reverse()) {
        const before = cpuMs(pid);
        const { p50 } = await measure(1, ROUNDS, ops[name]);
        const cpu = (cpuMs(pid) - before) / ROUNDS;
        const was = best.get(name);
        best.set(name, { p50: Math.min(was?.p50 ?? Infinity, p50), cpu: Math.min(was?.cpu ?? Infinity, cpu) });
      }
    }
  } finally {
    await server.stop();
  }
  const r = best.get('render')!;
  const g = best.get('gotenberg')!;
  console.log(
    `# bench/gotenberg — concurrency 1, ${ROUNDS} renders per measurement, best of ${PASSES} interleaved passes, load average ${loadAverage()}\n`,
  );
  console.log('| path | p50 ms | server CPU ms per render | ratio (p50) | target |');
  console.log('|---|---|---|---|---|');
  console.log(`| POST /v1/render, files parts | ${r.p50.toFixed(1)} | ${r.cpu.toFixed(1)} | 1.00 | |`);
  console.log(
    `| POST /forms/chromium/convert/html | ${g.p50.toFixed(1)} | ${g.cpu.toFixed(1)} | ${(g.p50 / r.p50).toFixed(2)} | ≤ 1.1 ${g.p50 <= 1.1 * r.p50 ? 'PASS' : 'FAIL'} |`,
  );
}

await main();
