// window.folio and the ready protocol (decisions.md "The rendering page").
import { ENV_URL, PAYLOAD_URL } from './virtual-origins.js';

const READY_PROMISE = "Symbol.for('folio.ready')";

/**
 * Installed before any script of every document of the job (Page.addScriptToEvaluateOnNewDocument).
 * `urls` default to the virtual payload origin; `folio dev` passes its local one.
 */
export function folioScript(job: { jobId: string; deployId: string; versionNo: number }, urls: { payloadUrl: string; envUrl: string } = { payloadUrl: PAYLOAD_URL, envUrl: ENV_URL }): string {
  const data = JSON.stringify({ payloadUrl: urls.payloadUrl, envUrl: urls.envUrl, jobId: job.jobId, deployId: job.deployId, versionNo: job.versionNo });
  return `(() => {
  let resolveReady;
  const readyPromise = new Promise((resolve) => { resolveReady = resolve; });
  const folio = Object.assign(${data}, { waitForReady: false, ready() { resolveReady(true); } });
  Object.defineProperty(window, 'folio', { value: folio, writable: false, enumerable: true, configurable: false });
  Object.defineProperty(window, ${READY_PROMISE}, { value: readyPromise });
  // A page reused for the next job of the same account must not inherit the previous job's window.name.
  if (window === window.top) { try { window.name = ''; } catch {} }
})();`;
}

/**
 * Evaluated after the load event. Resolves "ready-called" once a page that opted in with
 * folio.waitForReady = true has called folio.ready(), else "loaded"; both after document.fonts.ready.
 */
export const READY_EXPRESSION = `(async () => {
  await document.fonts.ready;
  const f = window.folio;
  if (f && f.waitForReady === true) {
    await window[${READY_PROMISE}];
    await document.fonts.ready;
    return 'ready-called';
  }
  return 'loaded';
})()`;
