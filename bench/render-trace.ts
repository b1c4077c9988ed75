// Where an ordinary job's time goes (issue 21 "measure first"): N ordinary jobs of the 1-page invoice through
// Folio's own Renderer (src/render/renderer.ts, as bench/render.ts builds it), one at a time, with a
// Chromium trace recorded on Folio's own browser (CDP Tracing domain on the renderer's browser connection).
// The same is done for the bare loops (setContent + pdf on a reused page, and goto to a local HTTP server),
// traced over Puppeteer's browser session.
//
// Per job the bench takes wall-clock windows from the CDP traffic itself (Folio's connection is wrapped in
// the bench: every command sent and message received is counted and timed; src/ is not edited):
//   navigate   = Page.navigate sent → answered (request → commit)
//   load       = commit → Page.loadEventFired
//   ready      = load → Page.printToPDF sent (ready protocol: fonts, network idle, the page's own wait)
//   print      = Page.printToPDF sent → answered
//   stream     = → the last IO.read answered (the PDF read back, page count, hash)
//   reset      = the after-job reset (about:blank navigation + storage and cookie clearing, page-session.ts
//                reset()); jobs are spaced GAP_MS apart so it does not overlap the next job
//   idle       = the rest of the gap: work Chromium defers past the job (the old document's teardown, GC);
//                its wall time is the gap, not a cost; the busy columns are
// and inside each window the self time of the renderer main thread's trace events, by kind: parse
// (ParseHTML, stylesheet parsing), script (EvaluateScript, FunctionCall, compile, microtasks, GC), style
// (recalcStyle, layout tree rebuild), layout (performLayout, text shaping), paint (PrePaint, Paint,
// compositing inputs, commit), document (a new document and realm: commit, window and V8 context creation,
// the previous document's teardown), other (the rest of the main thread's busy time: mojo message handling
// -- the print itself runs inside one, with no finer events -- task overhead, accessibility for the tagged
// PDF); and the browser main thread's busy time (all top-level tasks).
//
// Run: flock /tmp/chromium.lock node --import tsx bench/render-trace.ts   (JOBS=N, default 30; GAP_MS, default 150)
import type { CDPSession } from 'puppeteer-core';
import { readFileSync } from 'node:fs';
import { browserName, executablePath, launchBare, PDF_OPTIONS } from './lib/baselines.js';
import { htmlRenderRequest } from './lib/render-request.js';
import { loadAverage } from './lib/serve-variants.js';
import { startStaticServer } from './lib/static-server.js';
import type { CdpConnection } from '../src/render/cdp-connection.js';
import { Renderer } from '../src/render/renderer.js';

const JOBS = Number(process.env.JOBS ?? 30);
const GAP_MS = Number(process.env.GAP_MS ?? 150);
const invoice = readFileSync(new URL('../test/fixtures/render/invoice/index.html', import.meta.url), 'utf8');

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'loading',
  '__metadata',
].join(',');

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

const KINDS = ['document', 'parse', 'script', 'style', 'layout', 'paint'] as const;
type Kind = (typeof KINDS)[number];
// Names as Chromium 14x's renderer main thread reports them (TRACE_NAMES=1 lists the heaviest).
function kindOf(name: string): Kind | null {
  // A new document and its JavaScript realm: commit, window and context creation, the old one's teardown.
  if (
    /^(DocumentLoader::|LocalWindowProxy::|V8\.DeserializeContext|InstallConditionalFeatures|ContextCreatedNotification|Frame::Detach|Document::shutdown|Document::open|CommitLoad|FrameLoader::)/.test(
      name,
    )
  )
    return 'document';
  if (/^(ParseHTML|ParseAuthorStyleSheet|HTMLDocumentParser|CSSParserImpl|Document::FinishedParsing)/.test(name)) return 'parse';
  if (
    /^(EvaluateScript|FunctionCall|v8\.|V8\.|RunMicrotasks|TimerFire|EventDispatch|MajorGC|MinorGC|BlinkGC|CppGC|ScavengerTask)/.test(name)
  )
    return 'script';
  if (
    /^(UpdateLayoutTree|RecalculateStyles|Document::recalcStyle|Document::rebuildLayoutTree|Document::updateStyle|StyleEngine::)/.test(name)
  )
    return 'style';
  if (/^(Layout$|LocalFrameView::performLayout|InlineNode::|Blink\.Layout|UpdateLayerTree)/.test(name)) return 'layout';
  if (
    /^(PrePaint|Paint$|Layerize|CompositeLayers|Commit$|PaintImage|Blink\.(PrePaint|Paint|CompositingInputs)|PaintArtifactCompositor)/.test(
      name,
    )
  )
    return 'paint';
  return null;
}

/** Events of one thread as intervals, with self time per event (duration minus its direct children's). */
interface Interval {
  name: string;
  start: number;
  end: number;
  self: number;
  kind: Kind | null;
  depth: number;
}

function threadIntervals(events: TraceEvent[]): Interval[] {
  const xs: Array<{ name: string; start: number; end: number }> = [];
  const open: TraceEvent[] = [];
  for (const e of events) {
    if (e.ph === 'X' && e.dur !== undefined) xs.push({ name: e.name, start: e.ts, end: e.ts + e.dur });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const b = open.pop();
      if (b) xs.push({ name: b.name, start: b.ts, end: e.ts });
    }
  }
  xs.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Interval[] = [];
  const stack: Interval[] = [];
  for (const x of xs) {
    while (stack.length && stack.at(-1)!.end <= x.start) stack.pop();
    const parent = stack.at(-1);
    const iv: Interval = { name: x.name, start: x.start, end: x.end, self: x.end - x.start, kind: kindOf(x.name), depth: stack.length };
    if (parent) parent.self -= Math.min(x.end, parent.end) - x.start;
    // A child inherits no kind: self times are attributed to the innermost classified event, else to "other".
    out.push(iv);
    stack.push(iv);
  }
  return out;
}

interface ThreadSet {
  renderer: Interval[];
  browser: Interval[];
}

function splitThreads(events: TraceEvent[]): ThreadSet {
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' && e.ph !== 'B' && e.ph !== 'E') continue;
    const k = `${e.pid}:${e.tid}`;
    const n = names.get(k);
    if (n !== 'CrRendererMain' && n !== 'CrBrowserMain') continue;
    let list = byThread.get(k);
    if (!list) byThread.set(k, (list = []));
    list.push(e);
  }
  const set: ThreadSet = { renderer: [], browser: [] };
  for (const [k, list] of byThread) {
    const ivs = threadIntervals(list);
    if (names.get(k) === 'CrRendererMain') set.renderer.push(...ivs);
    else set.browser.push(...ivs);
  }
  return set;
}

/** Self time by kind, and busy time (top-level events), of intervals clipped to [from, to) (µs). */
function within(ivs: Interval[], from: number, to: number) {
  const r: Record<Kind | 'busy' | 'other', number> = { document: 0, parse: 0, script: 0, style: 0, layout: 0, paint: 0, busy: 0, other: 0 };
  for (const iv of ivs) {
    const overlap = Math.min(iv.end, to) - Math.max(iv.start, from);
    if (overlap <= 0) continue;
    const share = overlap / Math.max(1, iv.end - iv.start);
    if (iv.depth === 0) r.busy += overlap;
    r[iv.kind ?? 'other'] += iv.self * share;
  }
  return r;
}

/** Monotonic clock in µs: Chromium's trace timestamps and libuv's hrtime both read CLOCK_MONOTONIC on Linux. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function collectTrace(
  start: (cats: string) => Promise<void>,
  end: () => Promise<void>,
  onData: (fn: (e: { value: TraceEvent[] }) => void) => void,
  onComplete: (fn: () => void) => void,
  work: () => Promise<void>,
): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  onData((e) => events.push(...e.value));
  const complete = new Promise<void>((resolve) => onComplete(resolve));
  await start(CATEGORIES);
  await work();
  await end();
  await complete;
  return events;
}

interface Window {
  name: string;
  from: number;
  to: number;
}
interface JobWindows {
  windows: Window[];
  cdp?: { sent: number; sentBytes: number; received: number; receivedBytes: number; byMethod: Map<string, number> };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
};
const ms = (us: number) => (us / 1000).toFixed(1);

/** TRACE_NAMES=1: the renderer main thread's event names with the most self time (to check the kinds). */
function topNames(threads: ThreadSet, jobs: number) {
  const by = new Map<string, number>();
  for (const iv of threads.renderer) by.set(iv.name, (by.get(iv.name) ?? 0) + iv.self);
  console.log(
    [...by]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 30)
      .map(([n, us]) => `${n} ${ms(us / jobs)}`)
      .join('; '),
  );
}

function printTable(title: string, jobs: JobWindows[], threads: ThreadSet) {
  if (process.env.TRACE_NAMES === '1') topNames(threads, jobs.length);
  const phases = [...new Set(jobs.flatMap((j) => j.windows.map((w) => w.name)))];
  console.log(`\n${title} — median per job over ${jobs.length} jobs (ms):\n`);
  console.log(`| phase | wall | renderer main busy | ${KINDS.join(' | ')} | other (incl. printing) | browser main busy |`);
  console.log(`|---|---|---|${KINDS.map(() => '---').join('|')}|---|---|`);
  for (const p of [...phases, 'total']) {
    const pick = (j: JobWindows) => (p === 'total' ? j.windows : j.windows.filter((w) => w.name === p));
    const per = (f: (w: Window) => number) => median(jobs.map((j) => pick(j).reduce((a, w) => a + f(w), 0)));
    const r = (k: Kind | 'busy' | 'other') => per((w) => within(threads.renderer, w.from, w.to)[k]);
    // The idle gap's wall time is the bench's spacing, not a cost: left out of the total's wall.
    const row = [
      p,
      p.startsWith('idle') ? '—' : ms(per((w) => (w.name.startsWith('idle') ? 0 : w.to - w.from))),
      ms(r('busy')),
      ...KINDS.map((k) => ms(r(k))),
      ms(r('other')),
      ms(per((w) => within(threads.browser, w.from, w.to).busy)),
    ];
    console.log(`| ${row.join(' | ')} |`);
  }
  const cdp = jobs.filter((j) => j.cdp).map((j) => j.cdp!);
  if (cdp.length) {
    const byMethod = new Map<string, number[]>();
    for (const c of cdp) for (const [m, n] of c.byMethod) byMethod.set(m, [...(byMethod.get(m) ?? []), n]);
    console.log(
      `\nCDP per job (median): ${median(cdp.map((c) => c.sent))} commands sent (${median(cdp.map((c) => c.sentBytes))} bytes), ` +
        `${median(cdp.map((c) => c.received))} messages received (answers + events, ${median(cdp.map((c) => c.receivedBytes))} bytes). Commands: ` +
        [...byMethod]
          .sort((a, b) => b[1].length - a[1].length)
          .map(([m, ns]) => `${m} ×${(ns.reduce((a, b) => a + b, 0) / cdp.length).toFixed(1)}`)
          .join(', '),
    );
  }
}

/** Folio's Renderer, its browser connection wrapped to count and time the CDP traffic. */
async function traceFolio() {
  const renderer = new Renderer({ concurrency: 1, executablePath: executablePath! });
  await renderer.start();
  const lease = await renderer.supervisor.acquire();
  const conn: CdpConnection = lease.browser.connection;
  // The connection's own members, replaced on this instance only (write is private to src/; not edited).
  const raw = conn as unknown as {
    write: (m: string) => void;
    send: (...a: unknown[]) => Promise<unknown>;
    handleMessage: (m: string) => void;
  };
  lease.release();

  // Counting and timing, by wrapping the connection's own write and message handler (instance properties).
  let cur: JobWindows['cdp'] | null = null;
  const marks: Array<{ t: number; what: string; url?: string }> = [];
  const write = raw.write.bind(conn);
  raw.write = (m: string) => {
    if (cur) {
      cur.sent++;
      cur.sentBytes += Buffer.byteLength(m);
      const { method } = JSON.parse(m) as { method: string };
      cur.byMethod.set(method, (cur.byMethod.get(method) ?? 0) + 1);
    }
    write(m);
  };
  const sendOrig = raw.send.bind(conn);
  raw.send = (method: unknown, params?: unknown, sessionId?: unknown, timeoutMs?: unknown) => {
    const t = nowUs();
    const p = sendOrig(method, params, sessionId, timeoutMs);
    const url = (params as { url?: string } | undefined)?.url;
    marks.push({ t, what: `>${String(method)}`, url });
    p.then(
      () => marks.push({ t: nowUs(), what: `<${String(method)}`, url }),
      () => {},
    );
    return p;
  };
  const handle = raw.handleMessage.bind(conn);
  raw.handleMessage = (raw: string) => {
    if (cur) {
      cur.received++;
      cur.receivedBytes += Buffer.byteLength(raw);
    }
    if (raw.includes('"Page.loadEventFired"')) marks.push({ t: nowUs(), what: 'load' });
    handle(raw);
  };

  const discard = async (s: import('node:stream').Readable) => {
    for await (const _ of s) void _;
  };
  const jobs: JobWindows[] = [];
  // Warm-up, untraced: the account's sessions, the bundle cache.
  for (let i = 0; i < 5; i++) {
    await renderer.render(htmlRenderRequest(invoice, 'acct_trace'), discard);
    await sleep(GAP_MS);
  }
  const events = await collectTrace(
    async (cats) =>
      void (await conn.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: cats.split(',') } })),
    async () => void (await conn.send('Tracing.end')),
    (fn) => conn.on('Tracing.dataCollected', fn),
    (fn) => conn.once('Tracing.tracingComplete', fn),
    async () => {
      for (let i = 0; i < JOBS; i++) {
        marks.length = 0;
        cur = { sent: 0, sentBytes: 0, received: 0, receivedBytes: 0, byMethod: new Map() };
        const t0 = nowUs();
        await renderer.render(htmlRenderRequest(invoice, 'acct_trace'), discard);
        const t1 = nowUs();
        await sleep(GAP_MS);
        const t2 = nowUs();
        const first = (what: string, pred: (m: (typeof marks)[number]) => boolean = () => true) =>
          marks.find((m) => m.what === what && pred(m))?.t;
        const last = (what: string, pred: (m: (typeof marks)[number]) => boolean = () => true) =>
          marks.findLast((m) => m.what === what && pred(m))?.t;
        const isJobNav = (m: { url?: string }) => !!m.url && m.url !== 'about:blank';
        const navSent = first('>Page.navigate', isJobNav)!;
        const navDone = first('<Page.navigate', isJobNav)!;
        const load = marks.find((m) => m.what === 'load' && m.t >= navDone)?.t ?? navDone;
        const printSent = first('>Page.printToPDF')!;
        const printDone = first('<Page.printToPDF')!;
        const after = (m: { t: number }) => m.t >= printDone;
        const resetFrom = first('>Target.getTargets', after) ?? first('>Page.navigate', (m) => after(m) && m.url === 'about:blank') ?? t1;
        const resetTo = Math.max(last('<Storage.clearDataForOrigin') ?? resetFrom, last('<Storage.clearCookies') ?? resetFrom);
        jobs.push({
          windows: [
            { name: 'before navigate (session, script, routing)', from: t0, to: navSent },
            { name: 'navigate (request → commit)', from: navSent, to: navDone },
            { name: 'commit → load', from: navDone, to: load },
            { name: 'load → print (ready checks)', from: load, to: printSent },
            { name: 'print (printToPDF)', from: printSent, to: printDone },
            { name: 'stream (IO.read, count, hash)', from: printDone, to: Math.min(t1, resetFrom) },
            { name: 'reset (about:blank + clearing)', from: resetFrom, to: resetTo },
            { name: 'idle until the next job (deferred work)', from: Math.max(resetTo, t1), to: t2 },
          ],
          cdp: cur,
        });
        cur = null;
      }
    },
  );
  await renderer.close();
  return { events, jobs };
}

/** A bare Puppeteer loop, traced over the browser's own CDP session. */
async function traceBare(kind: 'setContent' | 'goto') {
  const http = await startStaticServer({ '/index.html': invoice });
  const browser = await launchBare();
  const page = await browser.newPage();
  let n = 0;
  const op = async () => {
    const t0 = nowUs();
    if (kind === 'setContent') await page.setContent(invoice);
    else await page.goto(`${http.url}/index.html?job=${++n}`, { waitUntil: 'load' });
    const t1 = nowUs();
    await page.pdf(PDF_OPTIONS);
    return { t0, t1, t2: nowUs() };
  };
  for (let i = 0; i < 5; i++) await op();
  const session: CDPSession = await browser.target().createCDPSession();
  const jobs: JobWindows[] = [];
  const events = await collectTrace(
    async (cats) =>
      void (await session.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: cats.split(',') } })),
    async () => void (await session.send('Tracing.end')),
    (fn) => session.on('Tracing.dataCollected', fn as never),
    (fn) => session.once('Tracing.tracingComplete', fn),
    async () => {
      for (let i = 0; i < JOBS; i++) {
        const { t0, t1, t2 } = await op();
        await sleep(GAP_MS);
        jobs.push({
          windows: [
            { name: kind === 'setContent' ? 'setContent' : 'goto (navigate → load)', from: t0, to: t1 },
            { name: 'print (page.pdf)', from: t1, to: t2 },
            { name: 'idle until the next job (deferred work)', from: t2, to: nowUs() },
          ],
        });
      }
    },
  );
  await browser.close();
  await http.close();
  return { events, jobs };
}

async function main() {
  console.log(
    `# bench/render-trace — ${browserName(executablePath!)}, invoice, ${JOBS} traced jobs per variant one at a time (${GAP_MS} ms apart), load average ${loadAverage()}`,
  );
  console.log('Times from the trace carry the tracing overhead itself; compare the rows with each other, not with the throughput benches.');
  for (const kind of ['setContent', 'goto'] as const) {
    const { events, jobs } = await traceBare(kind);
    printTable(`bare ${kind} + pdf`, jobs, splitThreads(events));
  }
  const { events, jobs } = await traceFolio();
  printTable('Folio ordinary job (Renderer.render)', jobs, splitThreads(events));
  console.log(`\nload average at end ${loadAverage()}`);
}

await main();
