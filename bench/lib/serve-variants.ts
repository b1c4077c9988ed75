// Two or more separate `folio serve` processes (SQLite + files) measured as a user's integration sees
// them: per render the client creates the job, long-polls it, asks for an output-download link and GETs
// the PDF. Variants are measured in interleaved passes in one sitting (the order flips every pass), on
// the 1-page invoice (ordinary template) and its warm variant (folio.onJob). Used by bench/sandbox.ts and
// bench/before-after.ts.
import { readFileSync } from 'node:fs';
import { measure, warmVariant } from './baselines.js';
import { treeCpuMs } from './pss.js';
import { tempDir } from '../../test/helpers/app.js';
import { file, type BundleFile } from '../../test/helpers/bundle.js';
import { client } from '../../test/helpers/http-client.js';
import { deployOverHttp } from '../../test/helpers/http-deploy.js';
import { startServerProcess, ROOT, type ServerProcess } from '../../test/helpers/server-process.js';

export const KEY = 'folio_sk_bench000000000000000000000000000variant';
const invoice = readFileSync(new URL('../../test/fixtures/render/invoice/index.html', import.meta.url), 'utf8');

export type TemplateKind = 'ordinary' | 'warm';

export interface Variant {
  name: string;
  server: ServerProcess;
  deploys: Record<TemplateKind, string>;
}

export async function deploy(url: string, slug: string, html: string): Promise<string> {
  return deployBundle(url, slug, [file('index.html', html)]);
}

/** Deploys a multi-file bundle (entry index.html) over HTTP; returns its deploy id. */
export async function deployBundle(url: string, slug: string, files: BundleFile[]): Promise<string> {
  return (await deployOverHttp(client(url, KEY), slug, files)).deployId;
}

/** Starts `<root>/bin/folio serve` on a fresh data dir (SQLite + files), with the bench's API key and no rate limit. */
export function startServe(opts: {
  env?: Record<string, string>;
  root?: string;
  renderConcurrency: number;
  /** Another command than `<root>/bin/folio serve` (e.g. node with profiling flags). */
  command?: string[];
}): Promise<ServerProcess> {
  return startServerProcess(
    {
      FOLIO_DATA_DIR: tempDir('folio-bench-variant-'),
      FOLIO_BOOTSTRAP_API_KEY: KEY,
      FOLIO_RATE_LIMIT_PER_SECOND: '100000',
      FOLIO_RATE_LIMIT_BURST: '100000',
      FOLIO_RENDER_CONCURRENCY: String(opts.renderConcurrency),
      ...opts.env,
    },
    'serve',
    60_000,
    opts.root ?? ROOT,
    opts.command,
  );
}

/** Starts `<root>/bin/folio serve` on a fresh data dir and deploys both templates to it. */
export async function startVariant(
  name: string,
  opts: { env?: Record<string, string>; root?: string; renderConcurrency: number },
): Promise<Variant> {
  const server = await startServe(opts);
  return {
    name,
    server,
    deploys: {
      ordinary: await deploy(server.url, 'invoice', invoice),
      warm: await deploy(server.url, 'invoice-warm', warmVariant(invoice)),
    },
  };
}

/** One render as a client does it: create → long-poll → signed link → download the PDF. `body` adds job fields. */
export async function render(v: Pick<Variant, 'server'>, deployId: string, body: Record<string, unknown> = {}): Promise<void> {
  const { pdf } = await renderJob(v.server, { deployId, deployVersionId: 'latest', payload: { n: 1 }, ...body });
  if (pdf.byteLength < 1000) throw new Error('PDF too small');
}

/**
 * Any render job as a client runs it (a deploy's, or inline sources such as an Office file): POST
 * /v1/render-jobs with `body`, long-poll until it ends, ask for the output's signed link, GET the PDF.
 */
export async function renderJob(
  server: Pick<ServerProcess, 'url'>,
  body: Record<string, unknown>,
): Promise<{ jobId: string; output?: { pageCount: number; browserVersion?: string }; pdf: ArrayBuffer }> {
  const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
  const base = server.url;
  const res = await fetch(`${base}/v1/render-jobs`, { method: 'POST', headers, body: JSON.stringify(body) });
  const created = await res.json();
  if (!res.ok) throw new Error(`POST /v1/render-jobs: ${res.status} ${JSON.stringify(created).slice(0, 300)}`);
  const done = await fetch(`${base}/v1/render-jobs/${created.job.id}?waitSeconds=30`, { headers }).then((r) => r.json());
  if (done.job.status !== 'succeeded') throw new Error(`job ${done.job.status}: ${done.job.errorCode} ${done.job.errorMessage}`);
  const link = await fetch(`${base}/v1/render-jobs/${created.job.id}/output-download`, { method: 'POST', headers, body: '{}' }).then((r) =>
    r.json(),
  );
  const pdf = await fetch(link.access.url).then((r) => r.arrayBuffer());
  return { jobId: created.job.id, output: done.output, pdf };
}

/** One render in one request (`POST /v1/render`, the PDF in the answer). `body` adds job fields. */
export async function renderSync(v: Pick<Variant, 'server'>, deployId: string, body: Record<string, unknown> = {}): Promise<void> {
  const r = await fetch(`${v.server.url}/v1/render`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ deployId, deployVersionId: 'latest', payload: { n: 1 }, ...body }),
  });
  const pdf = await r.arrayBuffer();
  if (r.status !== 200) throw new Error(`POST /v1/render: ${r.status} ${Buffer.from(pdf).toString('utf8').slice(0, 300)}`);
  if (pdf.byteLength < 1000) throw new Error('PDF too small');
}

/**
 * Prints one table row per template and concurrency: each variant's best r/s over `passes` interleaved
 * passes of `rounds` renders (after a warm-up), the ratio of the first variant to the second, and p50s.
 */
export async function compareVariants(
  variants: [Variant, Variant],
  opts: { rounds: number; passes: number; concurrencies: number[]; kinds?: TemplateKind[] },
): Promise<void> {
  const [a, b] = variants;
  console.log(
    `| template | concurrency | ${a.name} r/s | ${b.name} r/s | ratio ${a.name} / ${b.name} | p50 ${a.name} ms | p50 ${b.name} ms | ` +
      `CPU per render ${a.name}, Chromium + Node ms | ${b.name} |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  const cpu = (r: { chromium: number; total: number }) => `${r.chromium.toFixed(1)} + ${(r.total - r.chromium).toFixed(1)}`;
  for (const kind of opts.kinds ?? (['ordinary', 'warm'] as const)) {
    for (const c of opts.concurrencies) {
      const best = new Map<string, { rps: number; p50: number; cpu: { chromium: number; total: number } }>();
      for (let pass = 0; pass < opts.passes; pass++) {
        for (const v of pass % 2 === 0 ? variants : [b, a]) {
          await measure(c, c * 3, () => render(v, v.deploys[kind])); // warm-up
          // CPU per render of the server's whole tree (its Node process and its Chromium), /proc user + system.
          const cpu0 = treeCpuMs(v.server.child.pid!);
          const r = await measure(c, opts.rounds, () => render(v, v.deploys[kind]));
          const cpu1 = treeCpuMs(v.server.child.pid!);
          const used = { chromium: (cpu1.chromium - cpu0.chromium) / opts.rounds, total: (cpu1.total - cpu0.total) / opts.rounds };
          const prev = best.get(v.name);
          if (!prev || r.rps > prev.rps) best.set(v.name, { ...r, cpu: used });
        }
      }
      const x = best.get(a.name)!;
      const y = best.get(b.name)!;
      console.log(
        `| ${kind} | ${c} | ${x.rps.toFixed(1)} | ${y.rps.toFixed(1)} | ${(x.rps / y.rps).toFixed(3)} | ${x.p50.toFixed(1)} | ${y.p50.toFixed(1)} | ` +
          `${cpu(x.cpu)} | ${cpu(y.cpu)} |`,
      );
    }
  }
}

export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
