// window.folio and the ready protocol (decisions.md "The rendering page").
import { ENV_URL, PAYLOAD_URL } from './virtual-origins.js';

const READY_PROMISE = "Symbol.for('folio.ready')";
const RUN_JOB = "Symbol.for('folio.runJob')";
const HAS_JOB_HANDLER = "Symbol.for('folio.hasJobHandler')";
const SCRIPT_REQUESTS = "Symbol.for('folio.scriptRequests')";
const FAILURE = "Symbol.for('folio.failure')";

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
  job: { jobId: string; deployId: string; versionNo: number },
  urls: { payloadUrl: string; envUrl: string } = { payloadUrl: PAYLOAD_URL, envUrl: ENV_URL },
): string {
  const data = JSON.stringify({
    payloadUrl: urls.payloadUrl,
    envUrl: urls.envUrl,
    jobId: job.jobId,
    deployId: job.deployId,
    versionNo: job.versionNo,
  });
  return `(() => {
  let resolveReady;
  const readyPromise = new Promise((resolve) => { resolveReady = resolve; });
  let jobHandler = null;
  let failure = null;
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
  });
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
  Object.defineProperty(window, ${FAILURE}, { value: () => failure });
  Object.defineProperty(window, ${READY_PROMISE}, { value: readyPromise });
  Object.defineProperty(window, ${HAS_JOB_HANDLER}, { value: () => jobHandler !== null });
  Object.defineProperty(window, ${RUN_JOB}, {
    value: async (job) => {
      if (jobHandler === null) return 'no-handler';
      Object.assign(folio, job);
      failure = null;
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
  return { mode: 'loaded', scriptRequests: counted() };
})()`;

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
