// Where Folio's own Node process spends its CPU per render, as a user's integration drives it: a separate
// `folio serve` (SQLite + files, started with Node's --cpu-prof) renders the 1-page invoice ROUNDS times
// through the four-call flow (create → long-poll → download link → GET the PDF), or through one
// `POST /v1/render` per document with SYNC=1; then it stops and its CPU profile is summed by self time: per
// area of the code (Folio's layers, its libraries, Node's internals, garbage collection) and the heaviest
// functions. Chromium is not in the profile (its own CPU is bench/render-service.ts's column).
//
// Run: npm run build && node --import tsx bench/serve-profile.ts
//      ROUNDS=N renders (default 300, after 30 of warm-up), CONCURRENCY=N (default 1), TEMPLATE=ordinary|warm,
//      SYNC=1 for POST /v1/render, TOP=N functions listed (default 25), KEEP=1 keeps the .cpuprofile,
//      CHECKOUT=/path another checkout's dist/ (built there) to profile, e.g. the commit before a change.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { measure, warmVariant } from './lib/baselines.js';
import { deploy, KEY, loadAverage, render, startServe } from './lib/serve-variants.js';
import { ROOT } from '../test/helpers/server-process.js';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 1);
const TEMPLATE = process.env.TEMPLATE ?? 'ordinary';
const SYNC = process.env.SYNC === '1';
const TOP = Number(process.env.TOP ?? 25);
const CHECKOUT = process.env.CHECKOUT ?? ROOT;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The area of the code a frame belongs to. */
function area(url: string, fn: string): string {
  if (fn === '(garbage collector)') return 'garbage collection';
  if (fn === '(program)' || fn === '(idle)' || fn === '(root)') return fn;
  if (url === '') return 'native / V8 builtins';
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0]}`;
  const m = /\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return `npm: ${m[1]}`;
  const src = /\/(?:src|dist)\/([^/]+)\//.exec(url);
  if (src) return `folio: ${src[1]}`;
  return 'other';
}

function summarise(file: string, renders: number): string {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>(); // node id → µs
  for (let i = 0; i < p.samples.length; i++) self.set(p.samples[i]!, (self.get(p.samples[i]!) ?? 0) + (p.timeDeltas[i] ?? 0));
  const areas = new Map<string, number>();
  const fns = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const { functionName, url, lineNumber } = n.callFrame;
    const a = area(url, functionName);
    if (a === '(idle)' || a === '(root)') continue;
    busy += us;
    areas.set(a, (areas.get(a) ?? 0) + us);
    const where = url ? `${url.replace(/^file:\/\//, '').replace(CHECKOUT + '/', '')}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const perRender = (us: number) => (us / 1000 / renders).toFixed(2);
  const lines = [`busy (not idle) CPU in the profile: ${perRender(busy)} ms per render over ${renders} renders`, ''];
  lines.push('| area | ms per render | share |', '|---|---|---|');
  for (const [a, us] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, 20))
    lines.push(`| ${a} | ${perRender(us)} | ${((100 * us) / busy).toFixed(1)} % |`);
  lines.push('', `| heaviest functions (self time) | ms per render |`, '|---|---|');
  for (const [f, us] of [...fns].sort((x, y) => y[1] - x[1]).slice(0, TOP))
    lines.push(`| \`${f.replace(/\|/g, '\\|')}\` | ${perRender(us)} |`);
  return lines.join('\n');
}

const dir = mkdtempSync(path.join(tmpdir(), 'folio-cpu-prof-'));
// Node refuses --cpu-prof in NODE_OPTIONS: the built CLI is started with it directly (run `npm run build` first).
const server = await startServe({
  renderConcurrency: CONCURRENCY,
  root: CHECKOUT,
  command: ['node', '--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=200', path.join(CHECKOUT, 'dist/main/cli.js'), 'serve'],
});
try {
  const invoice = readFileSync(new URL('../test/fixtures/render/invoice/index.html', import.meta.url), 'utf8');
  const deployId = await deploy(server.url, 'invoice', TEMPLATE === 'warm' ? warmVariant(invoice) : invoice);
  const once = SYNC
    ? async () => {
        const r = await fetch(`${server.url}/v1/render`, {
          method: 'POST',
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ deployId, deployVersionId: 'latest', payload: { n: 1 } }),
        });
        if (r.status !== 200) throw new Error(`POST /v1/render: ${r.status} ${await r.text()}`);
        await r.arrayBuffer();
      }
    : () => render({ server }, deployId);
  await measure(CONCURRENCY, 30, once);
  const started = performance.now();
  const r = await measure(CONCURRENCY, ROUNDS, once);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `# bench/serve-profile — ${TEMPLATE} invoice, ${SYNC ? 'POST /v1/render' : 'four-call flow'}, c = ${CONCURRENCY}, ` +
      `${ROUNDS} renders in ${seconds.toFixed(1)} s (${r.rps.toFixed(1)} r/s, p50 ${r.p50.toFixed(1)} ms), load average ${loadAverage()}`,
  );
} finally {
  await server.stop('SIGTERM');
}
// The profile covers the server's whole life (start-up and the deploy too); those are a small, fixed part.
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no CPU profile was written to ${dir}`);
console.log(summarise(path.join(dir, file), ROUNDS + 30));
if (process.env.KEEP === '1') console.log(`profile kept: ${path.join(dir, file)}`);
else rmSync(dir, { recursive: true, force: true });
