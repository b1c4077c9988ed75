// Memory of an idle `folio serve` as the kernel accounts it (PSS from /proc/<pid>/smaps_rollup): the Node
// process alone and the whole tree with its Chromium, measured twice per checkout: freshly started (after
// SETTLE_MS), and idle again after RENDERS ordinary and RENDERS warm invoices (after the pages are parked and
// SETTLE_MS has passed; V8 gives back its start-up garbage about 40 s after the last allocation burst, so
// the default is 90 s, past the 60 s after which idle pages are closed). Each figure is the median of one sample a second over the last 5 s.
// `CHECKOUT=<worktree>` adds another build (e.g. the commit before a change) measured in the same sitting.
//   npm run build && node --import tsx bench/idle-memory.ts
import { setTimeout as sleep } from 'node:timers/promises';
import { deploy, KEY, loadAverage, render, startServe } from './lib/serve-variants.js';
import { mb, treePss } from './lib/pss.js';
import { warmVariant } from './lib/baselines.js';
import { readFileSync } from 'node:fs';
import { ROOT } from '../test/helpers/server-process.js';

const SETTLE_MS = Number(process.env.SETTLE_MS ?? 90_000);
const RENDERS = Number(process.env.RENDERS ?? 50);
const invoice = readFileSync(new URL('../test/fixtures/render/invoice/index.html', import.meta.url), 'utf8');

function nodePss(pid: number): number {
  const m = /^Pss:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

async function settled(pid: number): Promise<{ node: number; tree: number }> {
  await sleep(Math.max(0, SETTLE_MS - 5_000));
  const nodes: number[] = [];
  const trees: number[] = [];
  for (let i = 0; i < 5; i++) {
    nodes.push(nodePss(pid));
    trees.push(treePss(pid).total);
    await sleep(1_000);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { node: median(nodes), tree: median(trees) };
}

async function measureCheckout(name: string, root: string): Promise<void> {
  const server = await startServe({ root, renderConcurrency: 2 });
  try {
    const pid = server.child.pid!;
    const fresh = await settled(pid);
    const ordinary = await deploy(server.url, 'invoice', invoice);
    const warm = await deploy(server.url, 'invoice-warm', warmVariant(invoice));
    for (let i = 0; i < RENDERS; i++) await render({ server }, ordinary);
    for (let i = 0; i < RENDERS; i++) await render({ server }, warm);
    const after = await settled(pid);
    console.log(
      `| ${name} | ${mb(fresh.node).toFixed(1)} | ${mb(fresh.tree).toFixed(1)} | ${mb(after.node).toFixed(1)} | ${mb(after.tree).toFixed(1)} |`,
    );
  } finally {
    await server.stop();
  }
}

console.log(`load average at start: ${loadAverage()}; settle ${SETTLE_MS} ms; ${RENDERS} ordinary + ${RENDERS} warm renders`);
console.log(`(bench key ${KEY.slice(0, 12)}…; every server on its checkout's dist/)`);
console.log('| checkout | fresh: Node MB | fresh: tree MB | after renders: Node MB | after renders: tree MB |');
console.log('|---|---|---|---|---|');
if (process.env.CHECKOUT) await measureCheckout(`before (${process.env.CHECKOUT})`, process.env.CHECKOUT);
await measureCheckout('this checkout', ROOT);
if (process.env.CHECKOUT) await measureCheckout(`before (${process.env.CHECKOUT}), again`, process.env.CHECKOUT);
