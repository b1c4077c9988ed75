// What the default ready protocol asks of a document beyond its network, timers and DOM (ready-protocol.ts):
// animation frames still requested, finite CSS/Web animations still running, and the well-known paginators
// and renderers that finish asynchronously after load, each through its own documented completion signal:
//
// - Paged.js: a handler registered with `Paged.registerHandlers` whose `afterRendered` hook runs when the
//   last page is laid out (the polyfill starts on its own once the document is interactive).
// - MathJax 3: `MathJax.startup.promise`, which resolves when the typesetting it started has finished.
// - Mermaid: startOnLoad draws every `.mermaid` element and marks it `data-processed`.
//
// A library still working is waited for until the job's deadline (its work ends); generic work (frames,
// DOM changes) only up to the settle limit of ready-wait.ts, since an endless animation never ends.

/** Page-side code, inserted into folioScript before any script of the document runs. */
export const DOCUMENT_SIGNALS_SCRIPT = `
  // Animation frames: a requested frame that has not run yet is the page still drawing (Chart.js and most
  // JavaScript animations run on requestAnimationFrame until they end).
  const pageRequestFrame = window.requestAnimationFrame, pageCancelFrame = window.cancelAnimationFrame;
  const frames = new Set();
  window.requestAnimationFrame = function requestAnimationFrame(fn) {
    if (typeof fn !== 'function') return pageRequestFrame.call(window, fn);
    let id;
    id = pageRequestFrame.call(window, function () { frames.delete(id); return fn.apply(this, arguments); });
    frames.add(id);
    return id;
  };
  window.cancelAnimationFrame = function cancelAnimationFrame(id) { frames.delete(id); return pageCancelFrame.call(window, id); };
  // Paged.js: register the completion hook as the library defines window.Paged (before its polyfill starts).
  let paged = null;
  try {
    Object.defineProperty(window, 'Paged', {
      configurable: true,
      enumerable: true,
      get() { return undefined; },
      set(value) {
        Object.defineProperty(window, 'Paged', { value, writable: true, configurable: true, enumerable: true });
        try {
          if (value && typeof value.registerHandlers === 'function' && typeof value.Handler === 'function') {
            const state = { started: false, done: false };
            value.registerHandlers(class extends value.Handler {
              beforeParsed() { state.started = true; state.done = false; }
              afterRendered() { state.done = true; }
            });
            paged = state;
          }
        } catch {}
      },
    });
  } catch {}
  const settledPromises = new WeakMap();
  const promiseSettled = (p) => {
    if (!settledPromises.has(p)) {
      settledPromises.set(p, false);
      const done = () => settledPromises.set(p, true);
      p.then(done, done);
    }
    return settledPromises.get(p);
  };
  const librariesWorking = () => {
    const out = [];
    if (paged !== null && !paged.done) {
      const config = window.PagedConfig;
      const auto = 'PagedPolyfill' in window && !(config && config.auto === false);
      if (paged.started || auto) out.push('Paged.js');
    }
    const mj = window.MathJax;
    const typeset = mj && mj.startup && mj.startup.promise;
    if (typeset && typeof typeset.then === 'function' && !promiseSettled(typeset)) out.push('MathJax');
    const mm = window.mermaid;
    if (mm && typeof mm === 'object' && mm.startOnLoad !== false) {
      try { if (document.querySelector('.mermaid:not([data-processed])')) out.push('Mermaid'); } catch {}
    }
    return out;
  };
  const runningAnimations = () => {
    let n = 0;
    try {
      for (const a of document.getAnimations()) {
        if (a.playState !== 'running') continue;
        const t = a.effect && a.effect.getComputedTiming ? a.effect.getComputedTiming() : null;
        if (t && Number.isFinite(t.endTime)) n++;
      }
    } catch {}
    return n;
  };
`;

/** What DOCUMENT_SIGNALS_SCRIPT adds to the page's quiet state (an expression inside folioScript). */
export const DOCUMENT_SIGNALS_STATE = `framesPending: frames.size, animations: runningAnimations(), libraries: librariesWorking()`;

export interface DocumentSignals {
  /** requestAnimationFrame callbacks requested and not run yet. */
  framesPending: number;
  /** Finite CSS transitions/animations and Web Animations still running. */
  animations: number;
  /** Known libraries still working: "Paged.js", "MathJax", "Mermaid". */
  libraries: string[];
}
