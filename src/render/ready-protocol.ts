// window.folio and the ready protocol (decisions.md "The rendering page").
import { DOCUMENT_SIGNALS_SCRIPT, DOCUMENT_SIGNALS_STATE, type DocumentSignals } from './document-signals.js';
import { PAGE_REFS, SET_PAGE_NUMBERS } from './page-references.js';
import { ENV_URL, PAYLOAD_URL } from './virtual-origins.js';

const READY_PROMISE = "Symbol.for('folio.ready')";
const RUN_JOB = "Symbol.for('folio.runJob')";
const HAS_JOB_HANDLER = "Symbol.for('folio.hasJobHandler')";
const SCRIPT_REQUESTS = "Symbol.for('folio.scriptRequests')";
const FAILURE = "Symbol.for('folio.failure')";
const QUIET = "Symbol.for('folio.quiet')";
const BIND_JOB = "Symbol.for('folio.bindJob')";
/** A timer due within this many ms is work the page still has to do before it is printed. */
export const TIMER_HORIZON_MS = 1000;
/** The DOM must have been still for this long (default protocol, pages whose script did something). */
export const DOM_QUIET_MS = 100;

/** What a warm page's `folio.onJob` handler receives, and what `window.folio` is updated to. */
export interface WarmJobFields {
  jobId: string;
  deployId: string;
  versionNo: number;
}

/**
 * Installed before any script of every document of the job (Page.addScriptToEvaluateOnNewDocument).
 * `urls` default to the virtual payload origin; `folio dev` passes its local one.
 */
export function folioScript(
  job: { jobId: string | null; deployId: string; versionNo: number },
  urls: { payloadUrl: string; envUrl: string } = { payloadUrl: PAYLOAD_URL, envUrl: ENV_URL },
): string {
  // jobId null: a page loaded ahead of its job (renderer.ts, preloading). folio.jobId is then given by
  // BIND_JOB_EXPRESSION when the job is claimed; a script that read it before that read null, and the
  // bind says so (the job then loads the page again rather than print what that script did with null).
  const unbound =
    job.jobId === null
      ? `
  let boundJobId = null;
  let readUnbound = false;
  Object.defineProperty(folio, 'jobId', {
    get() { if (boundJobId === null) readUnbound = true; return boundJobId; },
    set(v) { boundJobId = v; },
    enumerable: true,
  });
  Object.defineProperty(window, ${BIND_JOB}, { value: (id) => { boundJobId = id; return readUnbound; } });`
      : '';
  const data = JSON.stringify({
    payloadUrl: urls.payloadUrl,
    envUrl: urls.envUrl,
    jobId: job.jobId,
    deployId: job.deployId,
    versionNo: job.versionNo,
  });
  return `(() => {
  // Cookies are off in Folio's own documents (page-session.ts: a cookie naming a parent domain would reach
  // a later job's document); the Cookie Store API goes with document.cookie. A URL source's page keeps both.
  if (typeof self === 'object' && (!/^https?:/.test(self.origin) || /\\.folio\\.internal$/.test(self.origin))) {
    try { delete self.cookieStore; delete Window.prototype.cookieStore; } catch {}
  }
  let resolveReady;
  const readyPromise = new Promise((resolve) => { resolveReady = resolve; });
  let jobHandler = null;
  let failure = null;
  // Page references (render/page-references.ts): the numbers of the last print, the ids asked for, and
  // the handlers that redraw what depends on them.
  let pageNumbers = new Map();
  const pageRefs = new Set();
  const pageHandlers = [];
  const folio = Object.assign(${data}, {
    waitForReady: false,
    ready() { resolveReady(true); },
    // Ends the job at once as failed (render_failed, with this message) instead of printing.
    fail(message) {
      if (failure === null) failure = String(message === undefined ? 'no reason given' : message).slice(0, 500);
      resolveReady(true);
    },
    // Warm templates (docs/templates.md): the handler renders the next job of the same version in this
    // same document instead of Folio loading the page again.
    onJob(handler) {
      if (typeof handler !== 'function') throw new TypeError('folio.onJob expects a function');
      jobHandler = handler;
    },
    // The page on which the element with this id starts, from the previous print of a version with
    // render.metadata.pdf.pageReferences; null before that (the first print) or for an unknown id.
    pageOf(id) {
      const key = String(id);
      pageRefs.add(key);
      return pageNumbers.has(key) ? pageNumbers.get(key) : null;
    },
    // Called (and awaited) after each print that gave the page new numbers, before the next print.
    onPageNumbers(handler) {
      if (typeof handler !== 'function') throw new TypeError('folio.onPageNumbers expects a function');
      pageHandlers.push(handler);
    },
  });
${unbound}
  Object.defineProperty(window, 'folio', { value: folio, writable: false, enumerable: true, configurable: false });
  // Requests the page's script starts with fetch() or XMLHttpRequest, counted synchronously at the call.
  // Folio sees each request a moment later, over another channel; comparing the two counts tells it whether
  // a request is still on its way when it decides that the network is idle (the default ready protocol).
  let scriptRequests = 0;
  const pageFetch = window.fetch;
  if (typeof pageFetch === 'function') window.fetch = function fetch(...args) { scriptRequests++; return pageFetch.apply(this, args); };
  const xhrSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function send(...args) { scriptRequests++; return xhrSend.apply(this, args); };
  Object.defineProperty(window, ${SCRIPT_REQUESTS}, { value: () => scriptRequests });
  // What the default ready protocol waits for beyond the network, so that a page cannot print too early:
  // timers due soon, a DOM still changing, images not decoded, fonts loading. Timers are tracked at the
  // call (their due time), the DOM by a MutationObserver. An interval that fires within the horizon counts
  // as pending work too: it may run forever, which is why the wait is bounded (SETTLE_LIMIT_MS in
  // ready-wait.ts).
  const timeouts = new Map();
  const intervals = new Map();
  const pageSetTimeout = window.setTimeout, pageClearTimeout = window.clearTimeout;
  const pageSetInterval = window.setInterval, pageClearInterval = window.clearInterval;
  window.setTimeout = function setTimeout(fn, ms, ...rest) {
    if (typeof fn !== 'function') return pageSetTimeout.call(window, fn, ms, ...rest);
    const delay = Math.max(0, Number(ms) || 0);
    let id;
    id = pageSetTimeout.call(window, function () { timeouts.delete(id); return fn.apply(this, arguments); }, delay, ...rest);
    timeouts.set(id, performance.now() + delay);
    return id;
  };
  window.clearTimeout = function clearTimeout(id) { timeouts.delete(id); return pageClearTimeout.call(window, id); };
  window.setInterval = function setInterval(...args) {
    const id = pageSetInterval.apply(window, args);
    intervals.set(id, Math.max(0, Number(args[1]) || 0));
    return id;
  };
  window.clearInterval = function clearInterval(id) { intervals.delete(id); return pageClearInterval.call(window, id); };
${DOCUMENT_SIGNALS_SCRIPT}
  let lastMutation = 0;
  const observe = () => {
    // A page that calls folio.ready() itself says when it is done: its DOM is not watched (records for
    // every change of a script-built page cost time).
    if (folio.waitForReady === true) return;
    try {
      new MutationObserver(() => { lastMutation = performance.now(); })
        .observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    } catch {}
  };
  // From DOMContentLoaded on: the parser's own insertions are not the page still working.
  if (document.readyState !== 'loading') observe(); else document.addEventListener('DOMContentLoaded', observe, { once: true });
  Object.defineProperty(window, ${QUIET}, {
    value: () => {
      const now = performance.now();
      let dueSoon = 0, nextDue = Infinity;
      for (const due of timeouts.values()) if (due - now <= ${TIMER_HORIZON_MS}) { dueSoon++; nextDue = Math.min(nextDue, Math.max(0, due - now)); }
      let images = 0;
      for (const img of document.images) if (!img.complete) images++;
      return {
        timersDueSoon: dueSoon,
        nextTimerMs: Number.isFinite(nextDue) ? Math.ceil(nextDue) : null,
        intervals: [...intervals.values()].filter((period) => period <= ${TIMER_HORIZON_MS}).length,
        msSinceMutation: lastMutation === 0 ? null : Math.floor(now - lastMutation),
        imagesPending: images,
        fontsLoading: document.fonts.status === 'loading',
        ${DOCUMENT_SIGNALS_STATE},
      };
    },
  });
  Object.defineProperty(window, ${PAGE_REFS}, { value: () => [...pageRefs] });
  Object.defineProperty(window, ${SET_PAGE_NUMBERS}, {
    value: async (numbers) => {
      pageNumbers = new Map(Object.entries(numbers));
      for (const el of document.querySelectorAll('[data-folio-page-of]')) {
        const page = pageNumbers.get(el.getAttribute('data-folio-page-of'));
        if (page !== undefined) el.textContent = String(page);
      }
      for (const handler of pageHandlers) await handler(Object.fromEntries(pageNumbers));
      if (failure !== null) return { failed: failure };
      await document.fonts.ready;
      return 'applied';
    },
  });
  Object.defineProperty(window, ${FAILURE}, { value: () => failure });
  Object.defineProperty(window, ${READY_PROMISE}, { value: readyPromise });
  Object.defineProperty(window, ${HAS_JOB_HANDLER}, { value: () => jobHandler !== null });
  Object.defineProperty(window, ${RUN_JOB}, {
    value: async (job) => {
      if (jobHandler === null) return 'no-handler';
      Object.assign(folio, job);
      failure = null;
      pageNumbers = new Map();
      pageRefs.clear();
      await jobHandler(Object.assign({}, job, { payloadUrl: folio.payloadUrl, envUrl: folio.envUrl }));
      if (failure !== null) return { failed: failure };
      await document.fonts.ready;
      return 'rendered';
    },
  });
  // A page reused for the next job of the same account must not inherit the previous job's window.name.
  if (window === window.top) { try { window.name = ''; } catch {} }
})();`;
}

/**
 * Evaluated after the load event. Resolves `{mode, scriptRequests}`: mode "ready-called" once a page that
 * opted in with folio.waitForReady = true has called folio.ready(), else "loaded"; both after
 * document.fonts.ready. scriptRequests: fetch/XHR calls the page's script made so far (see folioScript).
 */
export const READY_EXPRESSION = `(async () => {
  await document.fonts.ready;
  const f = window.folio;
  const counted = () => { const c = window[${SCRIPT_REQUESTS}]; return typeof c === 'function' ? c() : 0; };
  const failed = () => { const g = window[${FAILURE}]; return typeof g === 'function' ? g() : null; };
  if (f && f.waitForReady === true) {
    await window[${READY_PROMISE}];
    if (failed() !== null) return { mode: 'failed', message: failed() };
    await document.fonts.ready;
    return { mode: 'ready-called', scriptRequests: counted() };
  }
  if (failed() !== null) return { mode: 'failed', message: failed() };
  const q = window[${QUIET}];
  return { mode: 'loaded', scriptRequests: counted(), quiet: typeof q === 'function' ? q() : null };
})()`;

/** The page's pending work as the default ready protocol sees it (see folioScript), or null. */
export const QUIET_EXPRESSION = `(() => { const q = window[${QUIET}]; return typeof q === 'function' ? q() : null; })()`;

export interface PageQuiet extends Partial<DocumentSignals> {
  timersDueSoon: number;
  nextTimerMs: number | null;
  /** Intervals that fire at least once within the horizon. */
  intervals: number;
  msSinceMutation: number | null;
  imagesPending: number;
  fontsLoading: boolean;
}

/** What still keeps a page from being printed in the default protocol, in words; empty when it is quiet. */
export function pendingWork(q: PageQuiet | null): string[] {
  if (!q) return [];
  const out: string[] = [];
  if (q.timersDueSoon > 0) out.push(`${q.timersDueSoon} timer(s) due within ${TIMER_HORIZON_MS} ms`);
  if (q.intervals > 0) out.push(`${q.intervals} interval timer(s) running`);
  if (q.msSinceMutation !== null && q.msSinceMutation < DOM_QUIET_MS) out.push(`the DOM changed ${q.msSinceMutation} ms ago`);
  if (q.imagesPending > 0) out.push(`${q.imagesPending} image(s) not loaded`);
  if (q.fontsLoading) out.push('fonts loading');
  if (q.framesPending) out.push('animation frames requested');
  if (q.animations) out.push(`${q.animations} animation(s) running`);
  for (const name of q.libraries ?? []) out.push(`${name} still working`);
  return out;
}

/** The message a page passed to folio.fail(), or null (checked again before printing in default mode). */
export const FAILURE_EXPRESSION = `(() => { const g = window[${FAILURE}]; return typeof g === 'function' ? g() : null; })()`;

/** Evaluated after a successful print: true when the page registered a `folio.onJob` handler. */
export const HAS_JOB_HANDLER_EXPRESSION = `(() => { const f = window[${HAS_JOB_HANDLER}]; return typeof f === 'function' && f() === true; })()`;

/**
 * Runs the next job in a warm page: updates window.folio and awaits the page's handler, then fonts.
 * Resolves 'rendered', or 'no-handler' when the document no longer has one (e.g. it navigated itself).
 */
export function runJobExpression(job: WarmJobFields): string {
  const data = JSON.stringify({ jobId: job.jobId, deployId: job.deployId, versionNo: job.versionNo });
  return `(() => { const run = window[${RUN_JOB}]; return typeof run === 'function' ? run(${data}) : 'no-handler'; })()`;
}

/**
 * Gives a preloaded page (folioScript with jobId null) its job's id. Resolves true when the page read
 * folio.jobId before, false when it did not, and null when this document has no unbound folio (it is
 * not the preloaded document: the page navigated itself).
 */
export function bindJobExpression(jobId: string): string {
  return `(() => { const bind = window[${BIND_JOB}]; return typeof bind === 'function' ? bind(${JSON.stringify(jobId)}) : null; })()`;
}
