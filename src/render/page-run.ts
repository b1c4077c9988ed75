// One render job on one page session, a "page run": serve the page's requests, bring the page to the job
// (the entry mode: cold, warm or preloaded), wait for ready, print, stream. Every wait is raced against
// the run's guard (run-guard.ts), which timeout, cancellation and crashes trip, so no await can outlive
// the job's deadline -- including a page whose main thread is stuck in an infinite loop.
import type { Protocol } from 'devtools-protocol';
import type { ExternalFetch } from './network-policy.js';
import { coldEntry, warmEntry, type EntryMode } from './page-entry.js';
import { preparePart } from './part-print.js';
import { isWarmTemplate } from './template-shell.js';
import { print, type PrintedPdf } from './page-print.js';
import type { PageSession } from './page-session.js';
import { PreloadedEntry } from './preloaded-entry.js';
import { checkBeforePrint } from './print-checks.js';
import { HAS_JOB_HANDLER_EXPRESSION } from './ready-protocol.js';
import { waitUntilReady } from './ready-wait.js';
import { waitForConditions } from './wait-conditions.js';
import { PageRequestRouter } from './request-routing.js';
import { RunContext } from './run-context.js';
import { RenderError, type PdfSink, type RenderRequest } from './types.js';
import type { BundleIndex } from './virtual-origins.js';
import { JobFetchBudget, type FetchLimits, type FetchPool } from '../net/fetch-budget.js';
import type { LookupAll } from '../net/resolve-host.js';

export interface PageRunOptions {
  /** Quiet period that ends the default ready wait when the page kept loading after `load`. */
  networkIdleMs: number;
  lookup?: LookupAll;
  externalFetch?: ExternalFetch;
  /** The bytes each internet fetch and the run's fetches together may take, and the process's pool they draw on. */
  fetchLimits: FetchLimits;
  fetchPool: FetchPool;
  /** The session holds this job's template warm: run the page's `folio.onJob` handler instead of loading it. */
  warm?: boolean;
  /** Called once the page is ready, as printing starts (renderer.ts preloads the account's next page then). */
  onPrint?: () => void;
}

export class PageRun {
  readonly #run: RunContext;
  readonly #requests: PageRequestRouter;
  #entry: EntryMode;
  /** Set by preload(): the entry of a page loaded ahead of its job. */
  #preloaded: PreloadedEntry | null = null;
  #onPrint: (() => void) | undefined;
  /** After a successful run: the page registered `folio.onJob`, so it may stay loaded for the next job. */
  warmCapable = false;

  constructor(
    session: PageSession,
    req: RenderRequest,
    index: BundleIndex,
    printParams: Protocol.Page.PrintToPDFRequest,
    opts: PageRunOptions,
  ) {
    this.#run = new RunContext(session, req, printParams, opts.networkIdleMs);
    const { traffic, diagnostics, guard } = this.#run;
    this.#requests = new PageRequestRouter(req, index, traffic, diagnostics, {
      lookup: opts.lookup,
      externalFetch: opts.externalFetch,
      signal: guard.signal,
      fetchBudget: new JobFetchBudget(opts.fetchLimits, opts.fetchPool),
      onDocumentFailed: (failure) => this.#run.onDocumentFailure?.(failure),
    });
    this.#entry = opts.warm ? warmEntry : coldEntry;
    this.#onPrint = opts.onPrint;
  }

  /**
   * Starts loading the page of `template`'s version before its next job exists (renderer.ts,
   * "preloading"; preloaded-entry.ts). Nothing of `template`'s own job is kept: its payload, env and ids
   * are dropped.
   */
  static preload(
    session: PageSession,
    template: RenderRequest,
    index: BundleIndex,
    printParams: Protocol.Page.PrintToPDFRequest,
    opts: PageRunOptions,
  ): PageRun {
    const pageRun = new PageRun(session, withoutJob(template), index, printParams, { ...opts, warm: false, onPrint: undefined });
    pageRun.#entry = pageRun.#preloaded = new PreloadedEntry(pageRun.#run, pageRun.#requests);
    return pageRun;
  }

  /** A preloaded page whose load event has fired (one that has not by its deadline is closed, not reset). */
  get preloadLoaded(): boolean {
    return this.#preloaded?.loaded ?? false;
  }

  /** Makes a preloaded page this job's: run() then binds it instead of loading the page. */
  bind(req: RenderRequest, printParams: Protocol.Page.PrintToPDFRequest, onPrint?: () => void): this {
    this.#run.req = req;
    this.#run.printParams = printParams;
    this.#onPrint = onPrint;
    this.#requests.bind(req);
    return this;
  }

  /** A preloaded page nobody took: its held requests are refused and its listeners removed. */
  discardPreload(): void {
    // Nothing will bind it: the internet fetches it started end now, and release their bytes.
    this.#run.guard.end();
    this.#preloaded?.discard();
    const { session } = this.#run;
    if (session.router === this.#requests) session.router = null;
  }

  /** The reason the job failed, if it did (timeout, cancel, crash). */
  get failure(): Error | null {
    return this.#run.guard.failure;
  }

  /** Console output, errors, failed requests, ready path and phase timings of this job. */
  get diagnostics() {
    return this.#run.diagnostics;
  }

  /** The first 20 blocked requests (URL: reason); blockedTotal counts them all. */
  get blocked(): readonly string[] {
    return this.#requests.blocked;
  }

  get blockedTotal(): number {
    return this.#requests.blockedTotal;
  }

  /** The warm page's handler threw; the job fell back to loading the page (the renderer stops keeping this template warm). */
  get warmHandlerFailed(): boolean {
    return this.#run.warmHandlerFailed;
  }

  /** The language the page declared (`<html lang>`) when it printed, null for none (print-checks.ts). */
  get pageLang(): string | null | undefined {
    return this.#run.pageLang;
  }

  /** The preloaded page's script read folio.jobId before the job was bound: the job loaded the page again. */
  get preloadRefused(): boolean {
    return this.#run.preloadRefused;
  }

  async run(sink: PdfSink, deadline: number): Promise<PrintedPdf> {
    const run = this.#run;
    const unwatch = this.#watch(deadline);
    try {
      run.session.router = this.#requests;
      const entered = await this.#entry.enter(run);
      await waitUntilReady(run, entered);
      await waitForConditions(run);
      await checkBeforePrint(run);
      await preparePart(run);
      run.endPhase('readyWait');
      run.phase = 'printing';
      this.#onPrint?.();
      let handlerCheck: Promise<unknown> | null = null;
      const result = await print(run, sink, () => (handlerCheck = this.#askForHandler()));
      run.phase = 'done';
      run.endPhase('print');
      // A part's numbering stays in the page's style sheets; only Folio's runtime of a template that is warm
      // by default replaces them (its next job writes a new document), so no other page stays warm after a part.
      const partLeftovers = run.req.part !== undefined && !(run.req.engine && isWarmTemplate({ ...run.req, engine: run.req.engine }));
      if (handlerCheck) this.warmCapable = (await this.#keepsHandler(handlerCheck)) && !partLeftovers;
      return run.partFacts ? { ...result, partFacts: run.partFacts } : result;
    } finally {
      unwatch();
      if (run.session.router === this.#requests) run.session.router = null;
      run.guard.end();
    }
  }

  /**
   * Whether the page may stay warm is asked once the print is taken, while the PDF streams (the answer
   * would otherwise cost a round trip after it). It must not fail the job: a page that does not answer
   * within a second is busy (a loop after ready()) and is closed, not reused.
   */
  #askForHandler(): Promise<unknown> | null {
    const { session, guard } = this.#run;
    if (session.taintedByExternalDocument) return null;
    const check = guard.race(session.cdp.send('Runtime.evaluate', { expression: HAS_JOB_HANDLER_EXPRESSION, returnByValue: true }, 1000));
    check.catch(() => {});
    return check;
  }

  async #keepsHandler(check: Promise<unknown>): Promise<boolean> {
    try {
      const r = (await check) as { result?: { value?: unknown } };
      return r.result?.value === true && this.#run.guard.failure === null;
    } catch {
      this.#run.session.unresponsive = true;
      return false;
    }
  }

  /** Fails the run at its deadline, when the job is canceled or when the page or the browser dies; returns the undo. */
  #watch(deadline: number): () => void {
    const { session, req, guard } = this.#run;
    const timer = setTimeout(() => this.#onTimeout(), Math.max(0, deadline - performance.now()));
    const onAbort = () => guard.fail(new RenderError('render_canceled', 'render canceled'));
    const onCrash = (why: string) => guard.fail(new RenderError('render_crashed', `browser crashed during render: ${why}`));
    const onGone = () => onCrash('browser process exited');
    const onNavigated = (e: { frame: { parentId?: string } }) => {
      if (!e.frame.parentId && this.#run.countsNavigations) this.#run.documents++;
    };
    req.signal?.addEventListener('abort', onAbort, { once: true });
    if (req.signal?.aborted) onAbort();
    session.on('crashed', onCrash);
    session.browser.once('gone', onGone);
    session.cdp.on('Page.frameNavigated', onNavigated);
    return () => {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
      session.off('crashed', onCrash);
      session.browser.off('gone', onGone);
      session.cdp.off('Page.frameNavigated', onNavigated);
    };
  }

  #onTimeout(): void {
    const { req, phase, documents, traffic, diagnostics, session, guard, unmetCondition } = this.#run;
    const ms = req.timeoutMs;
    // Navigation not finished while requests are still outstanding = the page is waiting on the network
    // (retryable). Not finished with nothing outstanding = its own script never let go (e.g. a loop).
    // A page that keeps replacing its own document never settles: say so rather than name a phase.
    const stuck =
      documents > 2
        ? `the page kept navigating to other documents (${documents} documents loaded)`
        : unmetCondition
          ? unmetCondition
          : phase !== 'waiting-ready'
            ? `stuck while ${phase}`
            : this.#run.pendingWork
              ? `stuck while waiting-ready: the page's own work did not end (${this.#run.pendingWork.join(', ')}); ` +
                'give the version a longer render.renderTimeoutMs, or call folio.ready() when the document is complete'
              : 'stuck while waiting-ready: the page set folio.waitForReady = true and never called folio.ready() (nor ' +
                'folio.fail(message)); call folio.ready() once the document is complete';
    const err =
      phase === 'navigating' && traffic.inFlight > 0
        ? new RenderError('navigation_timeout', `page did not finish loading within ${ms} ms (${traffic.inFlight} request(s) outstanding)`)
        : new RenderError('render_timeout_exceeded', `page was not ready and printed within ${ms} ms (${stuck})`);
    // A page ready by the protocol that then timed out on a wait condition keeps what it got through.
    const before = unmetCondition && diagnostics.ready?.detail ? `${diagnostics.ready.detail}; then ` : '';
    diagnostics.ready = {
      mode: 'timed_out',
      detail: `${before}${stuck}${traffic.inFlight > 0 ? `; ${traffic.inFlight} request(s) still outstanding` : ''}`,
    };
    // Interrupts a page stuck in JavaScript so the context can be torn down promptly.
    session.cdp.send('Runtime.terminateExecution', {}, 2000).catch(() => {});
    guard.fail(err);
  }
}

/** A job's request without what belongs to that job alone: its id, payload, env (secrets) and signal. */
export function withoutJob(req: RenderRequest): RenderRequest {
  return { ...req, jobId: '', payload: Buffer.alloc(0), env: { variables: {}, secrets: {} }, signal: undefined };
}
