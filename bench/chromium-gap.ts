// Where Folio's render path spends CPU beyond the raw fresh-document floor, piece by piece, in one process
// and one sitting. Every variant launches Chromium as Folio does (src/render/chromium-process.ts) and prints
// the 1-page invoice fixture, c pages at once; the raw variants add Folio's pieces to the floor one at a time
// (each includes the ones above it), the last is Folio's own Renderer (no server, database or HTTP):
//   floor           = bench/render-service.ts "bare goto, raw CDP": a context + page per worker, the
//                     document served by Fetch interception, navigate → load → printToPDF → IO.read
//   + domains       = the session's set-up as page-session.ts sends it: Runtime, Log and Inspector enabled,
//                     document cookies off, auto-attach to workers (paused, then run)
//   + job script    = each job swaps the previous job's document script for its own: the real
//                     folioScript() (ready-protocol.ts), ~11 KB, with the job's id in it
//   + origin per document = each document on a host of its own under bundle.folio.internal
//                     (document-origins.ts), the replaced origins' storage cleared in batches of 8
//   + ready check   = after load, one Runtime.evaluate of a small expression that reads the page's state
//                     (as the ready wait's first look does for a static page), then the print
//   (DOMAINS=1: the floor, then the floor with each of the set-up's commands alone, and the Renderer;
//   ONLY=0,3 keeps those raw variants, by their place in the list, and the Renderer)
//   Folio Renderer  = src/render/renderer.ts with everything: ready protocol, print checks, the next page
//                     preloaded while this one prints, the page count and hash as the PDF streams; and
//                     the same with preloading off (FOLIO_RENDER_PRELOAD_MS=0)
// CPU per render: Chromium's tree (/proc, user + system) and this process's own (process.cpuUsage: the CDP
// client, and for the Renderer its whole Node side). PSS of Chromium's processes after the measured renders
// (read once: sampling during them costs CPU; the highest of the passes): with ROUNDS in the hundreds it
// shows what a document origin per job leaves behind in the browser.
//
// Run: node --import tsx bench/chromium-gap.ts   (ROUNDS=N per cell, default 80; PASSES=N, default 2;
//      CONCURRENCY=1,2)
import { readFileSync } from 'node:fs';
import { executablePath, measure } from './lib/baselines.js';
import { htmlRenderRequest } from './lib/render-request.js';
import { mb, treeCpuMs, treePss } from './lib/pss.js';
import { navigateAndPrint, openRawPage } from './lib/raw-cdp.js';
import { launchChromium } from '../src/render/chromium-process.js';
import type { CdpSession } from '../src/render/cdp-connection.js';
import { newDocumentOrigin } from '../src/render/document-origins.js';
import { printParams } from '../src/render/pdf-options.js';
import { folioScript } from '../src/render/ready-protocol.js';
import { Renderer } from '../src/render/renderer.js';
import { CURRENT_PRINT_DEFAULTS } from '../src/domain/jobs/print-defaults.js';

const ROUNDS = Number(process.env.ROUNDS ?? 80);
const PASSES = Number(process.env.PASSES ?? 2);
const CONCURRENCIES = (process.env.CONCURRENCY ?? '1,2').split(',').map(Number);
const invoice = readFileSync(new URL('../test/fixtures/render/invoice/index.html', import.meta.url), 'utf8');
const params = printParams({}, CURRENT_PRINT_DEFAULTS);

interface Level {
  /** The session set-up commands sent (all of DOMAIN_COMMANDS when true). */
  domains: boolean | string[];
  script: boolean;
  origins: boolean;
  ready: boolean;
}
/** What page-session.ts enables on every page, by name (DOMAINS=1 measures each alone on top of the floor). */
const DOMAIN_COMMANDS: Record<string, (s: CdpSession) => Promise<unknown>> = {
  Inspector: (s) => s.send('Inspector.enable'),
  Log: (s) => s.send('Log.enable'),
  Runtime: (s) => s.send('Runtime.enable'),
  'cookies off': (s) => s.send('Emulation.setDocumentCookieDisabled', { disabled: true }),
  'auto-attach': (s) => s.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }),
};
const CUMULATIVE: [string, Level][] = [
  ['floor (raw CDP, fresh document)', { domains: false, script: false, origins: false, ready: false }],
  ['+ domains (Runtime, Log, Inspector, cookies off, auto-attach)', { domains: true, script: false, origins: false, ready: false }],
  ['+ job script swapped per job', { domains: true, script: true, origins: false, ready: false }],
  ['+ origin per document, cleared in 8s', { domains: true, script: true, origins: true, ready: false }],
  ['+ one ready evaluation after load', { domains: true, script: true, origins: true, ready: true }],
];
const EACH_DOMAIN: [string, Level][] = [
  CUMULATIVE[0]!,
  ...Object.keys(DOMAIN_COMMANDS).map((name): [string, Level] => [
    `floor + ${name} only`,
    { domains: [name], script: false, origins: false, ready: false },
  ]),
];
const ONLY = process.env.ONLY?.split(',').map(Number);
const LEVELS = (process.env.DOMAINS === '1' ? EACH_DOMAIN : CUMULATIVE).filter((_, i) => !ONLY || ONLY.includes(i));

interface Cell {
  rps: number;
  chromium: number;
  node: number;
  /** PSS of Chromium's processes after the measured renders, bytes. */
  pss: number;
}

async function timed(c: number, op: (w: number) => Promise<void>): Promise<Cell> {
  await measure(c, c * 5, op);
  const cpu0 = treeCpuMs(process.pid);
  const own0 = process.cpuUsage();
  const r = await measure(c, ROUNDS, op);
  const cpu1 = treeCpuMs(process.pid);
  const own = process.cpuUsage(own0);
  const pss = treePss(process.pid).chromium;
  return { rps: r.rps, chromium: (cpu1.chromium - cpu0.chromium) / ROUNDS, node: (own.user + own.system) / 1000 / ROUNDS, pss };
}

let seq = 0;

async function raw(c: number, level: Level): Promise<Cell> {
  const chromium = await launchChromium({ executablePath: executablePath! });
  try {
    const conn = chromium.connection;
    const sessions = await Promise.all(
      Array.from({ length: c }, async () => {
        const s = await openRawPage(conn, invoice, (url) => new URL(url).pathname === '/index.html');
        const commands = level.domains === true ? Object.keys(DOMAIN_COMMANDS) : level.domains || [];
        if (commands.includes('auto-attach')) {
          s.on(
            'Target.attachedToTarget',
            (e: { sessionId: string }) =>
              void conn
                .session(e.sessionId)
                .send('Runtime.runIfWaitingForDebugger')
                .catch(() => {}),
          );
        }
        const setUp = commands.map((name) => DOMAIN_COMMANDS[name]!(s));
        await Promise.all(setUp);
        return { s, scriptId: null as string | null, replaced: [] as string[] };
      }),
    );
    return await timed(c, async (w) => {
      const page = sessions[w];
      const s: CdpSession = page.s;
      if (level.script) {
        if (page.scriptId) await s.send('Page.removeScriptToEvaluateOnNewDocument', { identifier: page.scriptId });
        const source = folioScript({ jobId: `job_${++seq}`, deployId: 'dep_bench', versionNo: 1 });
        page.scriptId = (await s.send('Page.addScriptToEvaluateOnNewDocument', { source })).identifier;
      }
      const origin = level.origins ? newDocumentOrigin() : 'https://doc.test';
      const ready = async () => {
        const r = await s.send('Runtime.evaluate', {
          expression: '({ ready: document.readyState, fonts: document.fonts.status, images: document.images.length })',
          returnByValue: true,
        });
        if (r.result?.value?.ready !== 'complete') throw new Error('not loaded');
      };
      await navigateAndPrint(s, `${origin}/index.html?job=${++seq}`, params, level.ready ? ready : undefined);
      if (level.origins) {
        page.replaced.push(origin);
        if (page.replaced.length >= 9) {
          const clear = page.replaced.splice(0, 8);
          await Promise.all(clear.map((o) => s.send('Storage.clearDataForOrigin', { origin: o, storageTypes: 'all' })));
        }
      }
    });
  } finally {
    await chromium.close();
  }
}

async function folio(c: number, preloadMs?: number): Promise<Cell> {
  const renderer = new Renderer({ concurrency: c, executablePath: executablePath!, preloadMs });
  await renderer.start();
  const discard = async (pdf: import('node:stream').Readable) => {
    for await (const _ of pdf) void _;
  };
  try {
    return await timed(c, async () => {
      await renderer.render({ ...htmlRenderRequest(invoice), printDefaults: CURRENT_PRINT_DEFAULTS }, discard);
    });
  } finally {
    await renderer.close();
  }
}

const variants: [string, (c: number) => Promise<Cell>][] = [
  ...LEVELS.map(([name, level]): [string, (c: number) => Promise<Cell>] => [name, (c) => raw(c, level)]),
  ['Folio Renderer (no server)', (c) => folio(c)],
  ['Folio Renderer, preloading off', (c) => folio(c, 0)],
];

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const started = performance.now();
console.log(`# bench/chromium-gap — ${ROUNDS} renders per cell, best of ${PASSES} passes, load average ${load()}`);
for (const c of CONCURRENCIES) {
  const best = new Map<string, Cell>();
  for (let pass = 0; pass < PASSES; pass++) {
    const order = pass % 2 === 0 ? variants : [...variants].reverse();
    for (const [name, fn] of order) {
      const cell = await fn(c);
      const prev = best.get(name);
      if (!prev || cell.rps > prev.rps) best.set(name, { ...cell, pss: Math.max(cell.pss, prev?.pss ?? 0) });
      else prev.pss = Math.max(prev.pss, cell.pss);
    }
  }
  const floor = best.get(variants[0][0])!;
  console.log(
    `\n## c = ${c}\n\n| variant | r/s | Chromium CPU ms per render | client (this process) CPU ms per render | Chromium CPU vs floor | Chromium PSS after, MB |`,
  );
  console.log('|---|---|---|---|---|---|');
  for (const [name] of variants) {
    const v = best.get(name)!;
    console.log(
      `| ${name} | ${v.rps.toFixed(1)} | ${v.chromium.toFixed(1)} | ${v.node.toFixed(1)} | ${(v.chromium / floor.chromium).toFixed(2)}× | ${mb(v.pss).toFixed(0)} |`,
    );
  }
}
console.log(`\n${((performance.now() - started) / 60000).toFixed(1)} min, load average ${load()}`);
