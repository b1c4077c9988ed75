// What Chromium's sandbox costs, as a user's integration sees it: two separate `folio serve` processes
// (SQLite + files), one with the sandbox (the default; Chromium as folio-chromium when run as root), one
// with FOLIO_CHROMIUM_NO_SANDBOX=true. Per render the client creates the job, long-polls it, asks for an
// output-download link and GETs the PDF. The two variants are measured in interleaved passes in one
// sitting, on the 1-page invoice (ordinary template) and its warm variant (folio.onJob).
// Run: node --import tsx bench/sandbox.ts   (ROUNDS=N renders per measurement, default 40; PASSES, default 3;
//      CONCURRENCY=1,2 the concurrencies)
import { readFileSync } from 'node:fs';
import { measure, warmVariant } from './lib/baselines.js';
import { tempDir } from '../test/helpers/app.js';
import { descriptors, entries, file, sha256 } from '../test/helpers/bundle.js';
import { client } from '../test/helpers/http-client.js';
import { startServerProcess, type ServerProcess } from '../test/helpers/server-process.js';

const ROUNDS = Number(process.env.ROUNDS ?? 40);
const PASSES = Number(process.env.PASSES ?? 3);
const CONCURRENCIES = (process.env.CONCURRENCY ?? '1,2').split(',').map(Number);
const KEY = 'folio_sk_bench000000000000000000000000000sandbox';
const invoice = readFileSync(new URL('../test/fixtures/render/invoice/index.html', import.meta.url), 'utf8');

interface Variant {
  name: string;
  server: ServerProcess;
  deploys: Record<'ordinary' | 'warm', string>;
}

async function deploy(url: string, slug: string, html: string): Promise<string> {
  const api = client(url, KEY);
  const page = file('index.html', html);
  const s = await api.request('POST', '/v1/upload-sessions', { json: { createDeploy: { slug, name: slug }, files: descriptors([page]) } });
  const tok = { 'x-upload-token': s.body.uploadToken };
  await api.request('PUT', `/v1/upload-sessions/${s.body.uploadSession.id}/blobs/${sha256(page.content)}`, {
    body: page.content,
    headers: tok,
  });
  const c = await api.request('POST', `/v1/upload-sessions/${s.body.uploadSession.id}/commit`, {
    json: { entries: entries([page]), render: { route: '/', title: slug } },
    headers: tok,
  });
  if (c.status !== 201) throw new Error(`commit: ${c.status} ${JSON.stringify(c.body)}`);
  return c.body.deployVersion.deployId;
}

async function start(name: string, env: Record<string, string>): Promise<Variant> {
  const server = await startServerProcess({
    FOLIO_DATA_DIR: tempDir('folio-bench-sandbox-'),
    FOLIO_BOOTSTRAP_API_KEY: KEY,
    FOLIO_RATE_LIMIT_PER_SECOND: '100000',
    FOLIO_RATE_LIMIT_BURST: '100000',
    FOLIO_RENDER_CONCURRENCY: String(Math.max(...CONCURRENCIES)),
    ...env,
  });
  return {
    name,
    server,
    deploys: {
      ordinary: await deploy(server.url, 'invoice', invoice),
      warm: await deploy(server.url, 'invoice-warm', warmVariant(invoice)),
    },
  };
}

/** One render as a client does it: create → long-poll → signed link → download the PDF. */
async function render(v: Variant, deployId: string): Promise<void> {
  const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
  const base = v.server.url;
  const created = await fetch(`${base}/v1/render-jobs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ deployId, deployVersionId: 'latest', payload: { n: 1 } }),
  }).then((r) => r.json());
  const done = await fetch(`${base}/v1/render-jobs/${created.job.id}?waitSeconds=30`, { headers }).then((r) => r.json());
  if (done.job.status !== 'succeeded') throw new Error(`job ${done.job.status}: ${done.job.errorCode} ${done.job.errorMessage}`);
  const link = await fetch(`${base}/v1/render-jobs/${created.job.id}/output-download`, { method: 'POST', headers, body: '{}' }).then((r) =>
    r.json(),
  );
  const pdf = await fetch(link.access.url).then((r) => r.arrayBuffer());
  if (pdf.byteLength < 1000) throw new Error('PDF too small');
}

async function main() {
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`# bench/sandbox — ${ROUNDS} renders per measurement, best of ${PASSES} interleaved passes, load average ${load}\n`);
  const variants = [await start('sandbox', {}), await start('no sandbox', { FOLIO_CHROMIUM_NO_SANDBOX: 'true' })];
  try {
    console.log(
      '| template | concurrency | sandbox r/s | no sandbox r/s | ratio sandbox / no sandbox | p50 sandbox ms | p50 no sandbox ms |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const kind of ['ordinary', 'warm'] as const) {
      for (const c of CONCURRENCIES) {
        const best = new Map<string, { rps: number; p50: number }>();
        for (let pass = 0; pass < PASSES; pass++) {
          for (const v of pass % 2 === 0 ? variants : [...variants].reverse()) {
            await measure(c, c * 3, () => render(v, v.deploys[kind])); // warm-up
            const r = await measure(c, ROUNDS, () => render(v, v.deploys[kind]));
            const prev = best.get(v.name);
            if (!prev || r.rps > prev.rps) best.set(v.name, r);
          }
        }
        const s = best.get('sandbox')!;
        const n = best.get('no sandbox')!;
        console.log(
          `| ${kind} | ${c} | ${s.rps.toFixed(1)} | ${n.rps.toFixed(1)} | ${(s.rps / n.rps).toFixed(3)} | ${s.p50.toFixed(1)} | ${n.p50.toFixed(1)} |`,
        );
      }
    }
  } finally {
    for (const v of variants) await v.server.stop();
  }
}

await main();
