// One render on one page session: serve the page's requests, navigate, wait for ready, print, stream.
// Every wait is raced against `#failed`, which timeout, cancellation and crashes reject, so no await can
// outlive the job's deadline -- including a page whose main thread is stuck in an infinite loop.
import type { Protocol } from 'devtools-protocol';
import { Readable } from 'node:stream';
import type { CdpSession, CommandResult } from './cdp-connection.js';
import { fetchExternal, routeRequest, type ExternalFetch } from './network-policy.js';
import { PdfReadStream } from './pdf-stream.js';
import type { PageSession, RequestPausedEvent, RequestRouter } from './page-session.js';
import {
  DOM_QUIET_MS,
  FAILURE_EXPRESSION,
  folioScript,
  HAS_JOB_HANDLER_EXPRESSION,
  pendingWork,
  QUIET_EXPRESSION,
  READY_EXPRESSION,
  runJobExpression,
  bindJobExpression,
  type PageQuiet,
} from './ready-protocol.js';
import { RenderError, type PdfSink, type RenderRequest, type RenderResult } from './types.js';
import { BUNDLE_ORIGIN, payloadData, serveBundle, servePayloadOrigin, type BundleIndex, type PayloadData } from './virtual-origins.js';
import { NetPolicyError, type LookupAll } from '../net/resolve-host.js';
import { DiagnosticsCollector, shownUrl, type ConsoleLevel } from './diagnostics.js';
import { DestinationsError, namedDestinations } from '../pdf/destinations.js';
import {
  applyPageNumbersExpression,
  MAX_PAGE_REFERENCE_PASSES,
  movedReferences,
  PAGE_LINKS_EXPRESSION,
  pagesOf,
} from './page-references.js';

export interface RenderJobOptions {
  /** Quiet period that ends the default ready wait when the page kept loading after `load`. */
  networkIdleMs: number;
  lookup?: LookupAll;
  externalFetch?: ExternalFetch;
  /** The session holds this job's template warm: run the page's `folio.onJob` handler instead of loading it. */
  warm?: boolean;
  /** Called once the page is ready, as printing starts (renderer.ts preloads the account's next page then). */
  onPrint?: () => void;
}

/** A navigation sent ahead of its job (RenderJob.preload): settles at commit, and at the load event. */
interface PreloadedNavigation {
  committed: Promise<void>;
  loaded: Promise<void>;
  /** Removes the listeners; the navigation itself is ended by the page's reset or its context's end. */
  stop(): void;
}

/** Preload commands (script, navigation) are answered in milliseconds; this bounds a wedged page. */
const PRELOAD_COMMAND_TIMEOUT_MS = 10_000;

type Phase = 'navigating' | 'waiting-ready' | 'printing' | 'done';

/** The default protocol waits at most this long for a page's timers, DOM, images and fonts to settle. */
const SETTLE_LIMIT_MS = 3000;
// How long a failed command waits for the crash notice of the page's renderer (they come on separate paths).
const CRASH_NOTICE_MS = 1000;
/** Bound on reading one print's named destinations (pdfinfo takes ~10 ms for 100 pages). */
const DESTINATIONS_TIMEOUT_MS = 10_000;

export class RenderJob implements RequestRouter {
  #phase: Phase = 'navigating';
  #failed: Promise<never>;
  #fail!: (err: Error) => void;
  #failure: Error | null = null;
  #inFlight = 0;
  #lastActivity = 0;
  /** fetch/XHR requests of the main frame seen so far (compared with the page's own count). */
  #scriptRequestsSeen = 0;
  #loadAt = Number.POSITIVE_INFINITY;
  /** Documents the main frame committed during this job (one for a page that stays put). */
  #documents = 0;
  #activityWaiters: Array<() => void> = [];
  #externalAbort = new AbortController();
  #payload: PayloadData;
  #output: Readable | null = null;
  /** The first 20 blocked requests (URL: reason); blockedTotal counts them all. */
  readonly blocked: string[] = [];
  blockedTotal = 0;
  /** After a successful run: the page registered `folio.onJob`, so it may stay loaded for the next job. */
  warmCapable = false;
  /** The warm page's handler threw; the job fell back to loading the page (the renderer stops keeping this template warm). */
  warmHandlerFailed = false;
  /** Fetch/XHR requests of the main frame already counted (redirect hops pause the same request again). */
  #scriptRequestIds = new Set<string>();
  /** Console output, errors, failed requests, ready path and phase timings of this job. */
  readonly diagnostics = new DiagnosticsCollector();
  #phaseStart = performance.now();
  /** Requests to the payload origin of a preloaded page, held until its job is bound (true: serve, false: refuse). */
  #held: Array<(serve: boolean) => void> | null = null;
  #preloaded: PreloadedNavigation | null = null;
  #preloadLoaded = false;
  /** The preloaded page's script read folio.jobId before the job was bound: the job loaded the page again. */
  preloadRefused = false;

  constructor(
    private readonly session: PageSession,
    private req: RenderRequest,
    private readonly index: BundleIndex,
    private printParams: Protocol.Page.PrintToPDFRequest,
    private opts: RenderJobOptions,
  ) {
    this.#failed = new Promise<never>((_, reject) => {
      this.#fail = (err) => {
        if (this.#failure) return;
        this.#failure = err;
        this.#output?.destroy(err);
        this.#externalAbort.abort();
        reject(err);
      };
    });
    this.#failed.catch(() => {});
    this.#payload = payloadData(req);
  }

  /**
   * Starts loading the page of `template`'s version before its next job exists (renderer.ts,
   * "preloading"): the job script without a job id, then the navigation. Every request to the payload
   * origin (the payload, the env) is held until bind() gives the page its job, so the page gets as far
   * as asking for its data. Nothing of `template`'s own job is kept: its payload, env and ids are dropped.
   */
  static preload(
    session: PageSession,
    template: RenderRequest,
    index: BundleIndex,
    printParams: Protocol.Page.PrintToPDFRequest,
    opts: RenderJobOptions,
  ): RenderJob {
    const req = withoutJob(template);
    const job = new RenderJob(session, req, index, printParams, { ...opts, warm: false, onPrint: undefined });
    job.#held = [];
    session.router = job;
    const s = session.cdp;
    let onCommit!: (e: { frame: { parentId?: string } }) => void;
    let onLoad!: () => void;
    const committed = new Promise<void>((resolve) => {
      onCommit = (e) => {
        if (e.frame.parentId) return;
        job.#documents++;
        resolve();
      };
      s.on('Page.frameNavigated', onCommit);
    });
    const loaded = new Promise<void>((resolve) => {
      onLoad = () => {
        s.off('Page.loadEventFired', onLoad);
        job.#loadAt = performance.now();
        job.#preloadLoaded = true;
        resolve();
      };
      s.on('Page.loadEventFired', onLoad);
    });
    const sent = (async () => {
      const { answered } = await session.beginJob(folioScript({ jobId: null, deployId: req.deployId, versionNo: req.versionNo }));
      await answered;
      const url = BUNDLE_ORIGIN + req.entryPath;
      const nav = await s.send('Page.navigate', { url }, PRELOAD_COMMAND_TIMEOUT_MS);
      if (nav.errorText) throw new Error(`could not load ${url}: ${nav.errorText}`);
    })();
    sent.catch(() => {});
    const both = (p: Promise<void>) => Promise.all([sent, p]).then(() => undefined);
    job.#preloaded = {
      committed: both(committed),
      loaded: both(loaded),
      stop: () => {
        s.off('Page.frameNavigated', onCommit);
        s.off('Page.loadEventFired', onLoad);
      },
    };
    job.#preloaded.committed.catch(() => {});
    job.#preloaded.loaded.catch(() => {});
    return job;
  }

  /** A preloaded page whose load event has fired (one that has not by its deadline is closed, not reset). */
  get preloadLoaded(): boolean {
    return this.#preloadLoaded;
  }

  /** Makes a preloaded page this job's: run() then binds it instead of loading the page. */
  bind(req: RenderRequest, printParams: Protocol.Page.PrintToPDFRequest, onPrint?: () => void): this {
    this.req = req;
    this.printParams = printParams;
    this.opts = { ...this.opts, onPrint };
    this.#payload = payloadData(req);
    return this;
  }

  /** A preloaded page nobody took: its held requests are refused and its listeners removed. */
  discardPreload(): void {
    this.#preloaded?.stop();
    this.#preloaded = null;
    this.#releaseHeld(false);
    if (this.session.router === this) this.session.router = null;
  }

  #releaseHeld(serve: boolean): void {
    const held = this.#held ?? [];
    this.#held = null;
    for (const release of held) release(serve);
  }

  /**
   * Gives the preloaded page its job: its folio.jobId, then the held payload and env requests, then waits
   * for its load event. False when the page cannot be used because its script read folio.jobId before the
   * job existed (or the document is not the preloaded one): the job then loads the page itself.
   */
  async #bindPreloaded(pre: PreloadedNavigation): Promise<boolean> {
    this.#phaseStart = performance.now();
    try {
      await this.#race(pre.committed);
    } catch (err) {
      if (this.#failure) throw err;
      pre.stop();
      this.#releaseHeld(false);
      return false;
    }
    const r = await this.#evaluate(bindJobExpression(this.req.jobId), 'giving the preloaded page its job');
    if (r.result?.value !== false) {
      pre.stop();
      this.#releaseHeld(false);
      this.preloadRefused = true;
      return false;
    }
    // Documents the page opens itself from now on get the job's own script (with its id).
    const { answered } = await this.#race(this.session.beginJob(folioScript(this.req)));
    this.#releaseHeld(true);
    await this.#race(answered);
    await this.#race(pre.loaded);
    pre.stop();
    this.diagnostics.preloaded = true;
    return true;
  }

  /** The reason the job failed, if it did (timeout, cancel, crash). */
  get failure(): Error | null {
    return this.#failure;
  }

  async run(sink: PdfSink, deadline: number): Promise<Omit<RenderResult, 'renderTimeMs' | 'blocked'>> {
    const { session, req } = this;
    const timer = setTimeout(() => this.#onTimeout(), Math.max(0, deadline - performance.now()));
    const onAbort = () => this.#fail(new RenderError('render_canceled', 'render canceled'));
    const onCrash = (why: string) => this.#fail(new RenderError('render_crashed', `browser crashed during render: ${why}`));
    const onGone = () => onCrash('browser process exited');
    req.signal?.addEventListener('abort', onAbort, { once: true });
    if (req.signal?.aborted) onAbort();
    const pre = this.#preloaded;
    this.#preloaded = null;
    // A preloaded page counts its documents from its own navigation on (see preload()).
    let navigatedSince = pre === null;
    const onNavigated = (e: { frame: { parentId?: string } }) => {
      if (!e.frame.parentId && navigatedSince) this.#documents++;
    };
    session.on('crashed', onCrash);
    session.browser.once('gone', onGone);
    session.cdp.on('Page.frameNavigated', onNavigated);
    try {
      session.router = this;
      const boundPreload = pre !== null && (await this.#bindPreloaded(pre));
      navigatedSince = true;
      let warmRan = false;
      if (!boundPreload) {
        if (this.opts.warm) this.#phase = 'waiting-ready';
        const { answered } = await this.#race(session.beginJob(folioScript(req)));
        // Warm template: the page is already loaded; its handler renders this job's payload in place (sent
        // right behind the thaw and the script swap, which it does not need answered). If the page lost its
        // handler since (it navigated itself), or the handler threw, the job loads the page like any other.
        const warmRun = this.opts.warm ? this.#runWarm() : null;
        warmRun?.catch(() => {}); // awaited below, unless the commands before it failed the job first
        await this.#race(answered);
        warmRan = warmRun !== null && (await warmRun);
        if (!warmRan) {
          this.#phaseStart = performance.now();
          await this.#navigate(BUNDLE_ORIGIN + req.entryPath);
        }
      }
      if (warmRan) {
        await this.#race(this.#noneInFlight());
      } else {
        this.#endPhase('load');
        this.#phase = 'waiting-ready';
        const { mode, scriptRequests, quiet } = await this.#evaluateReady();
        if (mode === 'loaded') {
          // Without waitForReady the page may still have failed while its requests finished. A page that
          // printed at once (nothing to wait for) was checked by READY_EXPRESSION a moment ago.
          const waited = await this.#race(this.#networkIdle(scriptRequests));
          const settled = await this.#settle(waited ? null : quiet);
          this.diagnostics.ready = {
            mode: 'default',
            detail:
              [waited ? `waited for the network to be quiet for ${this.opts.networkIdleMs} ms after load` : '', settled]
                .filter(Boolean)
                .join('; ') || 'printed at load (nothing pending)',
          };
          if (waited || settled) {
            const late = await this.#evaluate(FAILURE_EXPRESSION, 'waiting for the page to be ready');
            if (typeof late.result?.value === 'string') throw pageFailed(late.result.value);
          }
        } else {
          this.diagnostics.ready = { mode: 'explicit', detail: 'the page called folio.ready()' };
          await this.#race(this.#noneInFlight());
        }
      }
      if (this.diagnostics.ready === null) this.diagnostics.ready = { mode: 'warm', detail: "the page's folio.onJob handler ran" };
      this.#endPhase('readyWait');
      this.#phase = 'printing';
      this.opts.onPrint?.();
      // Whether the page may stay warm is asked once the print is taken, while the PDF streams (the answer
      // would otherwise cost a round trip after it). It must not fail the job: a page that does not answer
      // within a second is busy (a loop after ready()) and is closed, not reused.
      let handlerCheck: Promise<unknown> | null = null;
      const result = await this.#print(sink, () => {
        if (!session.taintedByExternalDocument)
          handlerCheck = this.#race(
            session.cdp.send('Runtime.evaluate', { expression: HAS_JOB_HANDLER_EXPRESSION, returnByValue: true }, 1000),
          );
        handlerCheck?.catch(() => {});
      });
      this.#phase = 'done';
      this.#endPhase('print');
      if (handlerCheck) {
        try {
          const r = (await (handlerCheck as Promise<unknown>)) as { result?: { value?: unknown } };
          this.warmCapable = r.result?.value === true && this.#failure === null;
        } catch {
          this.warmCapable = false;
          session.unresponsive = true;
        }
      }
      return result;
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
      session.off('crashed', onCrash);
      session.browser.off('gone', onGone);
      session.cdp.off('Page.frameNavigated', onNavigated);
      if (session.router === this) session.router = null;
      this.#externalAbort.abort();
    }
  }

  /** Evaluates an expression in the page (awaiting a promise it returns), within the job's deadline. */
  async #evaluate(expression: string, what: string): Promise<CommandResult<'Runtime.evaluate'>> {
    try {
      return await this.#race(this.session.cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, 0));
    } catch (err) {
      throw await this.#failureOf(err, what);
    }
  }

  /**
   * What a failed CDP command means for the job, judged by what happened to the page rather than by which
   * command failed: a renderer that died is a crash (retried), whatever call was running; a page that
   * replaced its own document is told in plain words; anything else is a render failure of `what`.
   */
  async #failureOf(err: unknown, what: string): Promise<RenderError> {
    if (err instanceof RenderError) return err;
    const message = (err as Error)?.message ?? String(err);
    if (await this.#rendererDied()) return new RenderError('render_crashed', `the page's renderer crashed while ${what} (${message})`);
    if (/Execution context was destroyed|Cannot find context with specified id/i.test(message)) {
      return new RenderError(
        'render_failed',
        `the page kept navigating to other documents while ${what}: a template must stay on its entry page until it is printed`,
      );
    }
    return new RenderError('render_failed', `${what} failed: ${message}`);
  }

  /**
   * Whether the page's renderer is gone. A failed answer can reach us before the crash notice does, so a
   * cheap command is sent to the page: an answer means it is alive; otherwise the crash notice is given up
   * to a second to arrive.
   */
  async #rendererDied(): Promise<boolean> {
    const crashed = () => this.#failure instanceof RenderError && this.#failure.code === 'render_crashed';
    if (this.#failure) return crashed();
    const alive = await Promise.race([
      this.session.cdp.send('Runtime.evaluate', { expression: '0', returnByValue: true }, CRASH_NOTICE_MS).then(
        () => true,
        () => false,
      ),
      this.#failed.then(
        () => false,
        () => false,
      ),
    ]);
    if (!alive && !this.#failure) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.#failed.catch(() => {}), new Promise((r) => (timer = setTimeout(r, CRASH_NOTICE_MS)))]);
      clearTimeout(timer);
    }
    return crashed();
  }

  #race<T>(p: Promise<T>): Promise<T> {
    p.catch(() => {});
    return Promise.race([p, this.#failed]);
  }

  #onTimeout(): void {
    const ms = this.req.timeoutMs;
    // Navigation not finished while requests are still outstanding = the page is waiting on the network
    // (retryable). Not finished with nothing outstanding = its own script never let go (e.g. a loop).
    // A page that keeps replacing its own document never settles: say so rather than name a phase.
    const stuck =
      this.#documents > 2
        ? `the page kept navigating to other documents (${this.#documents} documents loaded)`
        : `stuck while ${this.#phase}`;
    const err =
      this.#phase === 'navigating' && this.#inFlight > 0
        ? new RenderError('navigation_timeout', `page did not finish loading within ${ms} ms (${this.#inFlight} request(s) outstanding)`)
        : new RenderError('render_timeout_exceeded', `page was not ready and printed within ${ms} ms (${stuck})`);
    this.diagnostics.ready = {
      mode: 'timed_out',
      detail: `${stuck}${this.#inFlight > 0 ? `; ${this.#inFlight} request(s) still outstanding` : ''}`,
    };
    // Interrupts a page stuck in JavaScript so the context can be torn down promptly.
    this.session.cdp.send('Runtime.terminateExecution', {}, 2000).catch(() => {});
    this.#fail(err);
  }

  /** Records the time since the previous phase ended (or the job started) under `name`. */
  #endPhase(name: 'load' | 'readyWait' | 'print'): void {
    const now = performance.now();
    this.diagnostics.timings[name] = Math.round(now - this.#phaseStart);
    this.#phaseStart = now;
  }

  onConsole(e: Protocol.Runtime.ConsoleAPICalledEvent): void {
    const level: ConsoleLevel =
      e.type === 'error' || e.type === 'assert'
        ? 'error'
        : e.type === 'warning'
          ? 'warning'
          : e.type === 'info'
            ? 'info'
            : e.type === 'debug'
              ? 'debug'
              : 'log';
    const text = e.args
      .map((a) =>
        a.value !== undefined
          ? typeof a.value === 'string'
            ? a.value
            : JSON.stringify(a.value)
          : (a.description ?? a.unserializableValue ?? a.type),
      )
      .join(' ');
    const f = e.stackTrace?.callFrames[0];
    this.diagnostics.console(level, text, f ? `${shownUrl(f.url)}:${f.lineNumber + 1}` : undefined);
  }

  onException(e: Protocol.Runtime.ExceptionThrownEvent): void {
    const d = e.exceptionDetails;
    const text = d.exception?.description?.split('\n')[0] ?? d.text;
    const stack = d.exception?.description ?? undefined;
    const f = d.stackTrace?.callFrames[0];
    const source = f ? `${shownUrl(f.url)}:${f.lineNumber + 1}` : d.url ? `${shownUrl(d.url)}:${d.lineNumber + 1}` : undefined;
    this.diagnostics.exception(d.text && d.text !== 'Uncaught' && !text.startsWith(d.text) ? `${d.text} ${text}` : text, stack, source);
  }

  async #navigate(url: string): Promise<void> {
    const s = this.session.cdp;
    // Requests counted so far belonged to the document being replaced (a warm page whose handler failed).
    this.#scriptRequestsSeen = 0;
    this.#scriptRequestIds.clear();
    let onLoad!: () => void;
    const loaded = new Promise<void>((resolve) => {
      onLoad = resolve;
      s.once('Page.loadEventFired', onLoad);
    });
    try {
      const nav = await this.#race(s.send('Page.navigate', { url }, 0));
      if (nav.errorText) throw new RenderError('render_failed', `could not load ${url}: ${nav.errorText}`);
      await this.#race(loaded);
      this.#loadAt = performance.now();
    } finally {
      s.off('Page.loadEventFired', onLoad);
    }
  }

  /**
   * The default protocol's second half: after the network, waits until the page has no timer due
   * within TIMER_HORIZON_MS, a DOM still for DOM_QUIET_MS, its images loaded and its fonts ready, for at
   * most SETTLE_LIMIT_MS (a page with work that never ends, such as an animation, is printed then). `first`
   * is the state READY_EXPRESSION already read (saves a round trip for a static page). Returns what it
   * waited for, in words, or '' when the page was quiet at once.
   */
  async #settle(first: PageQuiet | null): Promise<string> {
    const started = performance.now();
    let q = first ?? (await this.#quiet());
    const waitedFor = new Set<string>();
    for (;;) {
      const pending = pendingWork(q);
      if (pending.length === 0 && this.#inFlight === 0) break;
      for (const p of pending) waitedFor.add(p.replace(/^\d+ |\d+ ms ago$/g, '').trim());
      const elapsed = performance.now() - started;
      if (elapsed >= SETTLE_LIMIT_MS)
        return `printed after waiting ${Math.round(elapsed)} ms with work still pending: ${pending.join(', ') || 'requests in flight'}`;
      const untilDomQuiet = q && q.msSinceMutation !== null && q.msSinceMutation < DOM_QUIET_MS ? DOM_QUIET_MS - q.msSinceMutation : 0;
      const untilTimer = q?.nextTimerMs ?? 0;
      const delay = Math.min(Math.max(untilDomQuiet, untilTimer, 10) + 5, SETTLE_LIMIT_MS - elapsed);
      await this.#race(new Promise((r) => setTimeout(r, delay)));
      await this.#race(this.#noneInFlight());
      q = await this.#quiet();
    }
    return waitedFor.size ? `waited ${Math.round(performance.now() - started)} ms for: ${[...waitedFor].join(', ')}` : '';
  }

  async #quiet(): Promise<PageQuiet | null> {
    const r = await this.#evaluate(QUIET_EXPRESSION, 'waiting for the page to be ready');
    return (r.result?.value as PageQuiet | null | undefined) ?? null;
  }

  async #evaluateReady(): Promise<{ mode: 'loaded' | 'ready-called'; scriptRequests: number; quiet: PageQuiet | null }> {
    const r = await this.#evaluate(READY_EXPRESSION, 'waiting for the page to be ready');
    if (r.exceptionDetails) {
      const text = r.exceptionDetails.exception?.description ?? r.exceptionDetails.text ?? 'unknown error';
      throw new RenderError('render_failed', `page failed before it was ready: ${String(text).slice(0, 300)}`);
    }
    const v = (r.result?.value ?? {}) as { mode?: string; scriptRequests?: number; message?: string; quiet?: PageQuiet | null };
    if (v.mode === 'failed') throw pageFailed(String(v.message));
    return {
      mode: v.mode === 'ready-called' ? 'ready-called' : 'loaded',
      scriptRequests: Number(v.scriptRequests) || 0,
      quiet: v.quiet ?? null,
    };
  }

  /** Runs the warm page's handler for this job; false when the page has no handler any more. */
  async #runWarm(): Promise<boolean> {
    const { jobId, deployId, versionNo } = this.req;
    this.#phase = 'waiting-ready';
    const expression = runJobExpression({ jobId, deployId, versionNo });
    const r = await this.#evaluate(expression, "running the page's job handler");
    if (r.exceptionDetails) {
      // Not the job's fault as such: the template's warm path is broken. This job loads the page instead,
      // and the renderer stops keeping this template warm, so a broken handler costs speed, not jobs.
      this.warmHandlerFailed = true;
      this.#phase = 'navigating';
      return false;
    }
    const value = r.result?.value as unknown;
    if (value !== null && typeof value === 'object' && 'failed' in value) throw pageFailed(String((value as { failed: unknown }).failed));
    if (value === 'no-handler') {
      this.#phase = 'navigating';
      return false;
    }
    return true;
  }

  /**
   * Default ready: nothing outstanding, and then either nothing happened on the network since `load` and
   * the page's script made no fetch/XHR at all (a static page prints at once), or nothing happened for
   * networkIdleMs. Script requests are counted in the page (folioScript) because Folio's own view of the
   * order "request, then load" is not reliable: the two events reach it over different channels. A request
   * the page started but Folio has not seen yet counts as outstanding for up to networkIdleMs (some never
   * arrive: a fetch the page's CSP refuses, a data: or blob: URL).
   */
  /** Resolves true when it had to wait (the page kept working after `load`), false when it returned at once. */
  async #networkIdle(scriptRequests: number): Promise<boolean> {
    const graceUntil = performance.now() + this.opts.networkIdleMs;
    for (let waited = false; ; waited = true) {
      const unseen = this.#scriptRequestsSeen < scriptRequests;
      if (unseen && performance.now() < graceUntil) await this.#activityOrTimeout(graceUntil - performance.now());
      else if (this.#inFlight === 0) {
        const quiet = performance.now() - this.#lastActivity;
        if (scriptRequests === 0 && this.#lastActivity <= this.#loadAt) return waited;
        if (quiet >= this.opts.networkIdleMs) return true;
        await this.#activityOrTimeout(this.opts.networkIdleMs - quiet);
      } else await this.#activityOrTimeout(Number.POSITIVE_INFINITY);
    }
  }

  async #noneInFlight(): Promise<void> {
    while (this.#inFlight > 0) await this.#activityOrTimeout(Number.POSITIVE_INFINITY);
  }

  #activityOrTimeout(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
      const waiters = this.#activityWaiters;
      function done() {
        clearTimeout(timer);
        const i = waiters.indexOf(done);
        if (i !== -1) waiters.splice(i, 1);
        resolve();
      }
      waiters.push(done);
    });
  }

  #activity(): void {
    this.#lastActivity = performance.now();
    for (const w of this.#activityWaiters.splice(0)) w();
  }

  onRequest(session: PageSession, cdp: CdpSession, e: RequestPausedEvent): void {
    const { request } = e;
    // Chromium asks for /favicon.ico by itself after load; it says nothing about the page being busy.
    const implicit = e.resourceType === 'Other' && request.url.endsWith('/favicon.ico');
    if (cdp === session.cdp && e.frameId === session.targetId && (e.resourceType === 'Fetch' || e.resourceType === 'XHR')) {
      const id = e.networkId ?? e.requestId;
      if (!this.#scriptRequestIds.has(id)) {
        this.#scriptRequestIds.add(id);
        this.#scriptRequestsSeen++;
      }
    }
    if (!implicit) this.#activity();
    if (isServiceWorkerScript(request.headers)) {
      // A service worker outlives the page and its browser context (measured: one in a busy loop kept
      // 40% of a core after the context was closed), and has no use in a print: it is never installed.
      this.#noteBlocked(request.url, 'service workers are not available to templates');
      session.block(cdp, e);
      return;
    }
    const route = routeRequest(request.url, this.req.allowExternalNetwork);
    switch (route.kind) {
      case 'bundle': {
        const served = serveBundle(this.index, route.url, request.method, this.req.allowExternalNetwork);
        if (served.status === 404 && !implicit) this.diagnostics.request(request.url, 'not_found', 'not in the bundle (404)');
        session.respond(cdp, e.requestId, served);
        return;
      }
      case 'payload':
        if (this.#held) {
          // A preloaded page asks for its data before it has a job: answered once bind() gave it one.
          this.#inFlight++;
          this.#held.push((serve) => {
            this.#inFlight--;
            if (serve) session.respond(cdp, e.requestId, servePayloadOrigin(this.#payload, route.url, request.method, request.headers));
            else session.block(cdp, e);
            this.#activity();
          });
          return;
        }
        session.respond(cdp, e.requestId, servePayloadOrigin(this.#payload, route.url, request.method, request.headers));
        return;
      case 'blocked':
        this.#noteBlocked(request.url, route.reason);
        session.block(cdp, e);
        return;
      case 'external':
        if (e.resourceType === 'Document') session.taintedByExternalDocument = true;
        this.#inFlight++;
        fetchExternal(route.url, request, { lookup: this.opts.lookup, fetch: this.opts.externalFetch, signal: this.#externalAbort.signal })
          .then((r) => session.respond(cdp, e.requestId, r))
          .catch((err: Error) => {
            this.#noteBlocked(request.url, err.message, requestProblemOf(err));
            session.block(cdp, e);
          })
          .finally(() => {
            this.#inFlight--;
            this.#activity();
          });
        return;
    }
  }

  /**
   * Loads the Content-Security-Policy Folio serves refused (layer 3 of the network policy) never leave
   * Chromium, so interception does not see them; Chromium logs them ("Loading the stylesheet 'URL' violates
   * the following Content Security Policy directive ..."), and PageSession forwards those log entries here.
   */
  onSecurityLog(text: string): void {
    const url = /'([^']+)'/.exec(text)?.[1];
    if (url && /Content Security Policy/i.test(text))
      this.#noteBlocked(
        url,
        'refused by the Content-Security-Policy Folio serves (only the bundle and payload origins, plus the internet when the plan allows it)',
      );
  }

  #noteBlocked(url: string, reason: string, problem: 'blocked' | 'network_error' | 'timed_out' = 'blocked'): void {
    // Without query, fragment or credentials: a template may put a secret from its env into a URL, and this
    // list ends up in logs.
    const shown = shownUrl(url).slice(0, 200);
    this.blockedTotal++;
    if (this.blocked.length < 20) this.blocked.push(`${shown}: ${reason}`);
    this.diagnostics.request(url, problem, reason);
  }

  /** Prints into the sink: once, or (page references) until the page numbers settle. */
  #print(sink: PdfSink, onPrinted: () => void): Promise<Omit<RenderResult, 'renderTimeMs' | 'blocked'>> {
    return this.req.pdf.pageReferences ? this.#printWithPageReferences(sink, onPrinted) : this.#printOnce(sink, onPrinted);
  }

  /**
   * The two-pass render of page references (page-references.ts): each print is read into memory, its
   * named destinations say where each referenced id landed, and the page gets those numbers before the
   * next print. The first print whose destinations equal the numbers it was printed with goes to the sink;
   * MAX_PAGE_REFERENCE_PASSES prints that never settle fail the job.
   */
  async #printWithPageReferences(sink: PdfSink, onPrinted: () => void): Promise<Omit<RenderResult, 'renderTimeMs' | 'blocked'>> {
    let given = new Map<string, number>();
    for (let pass = 1; ; pass++) {
      const ids = (await this.#evaluate(PAGE_LINKS_EXPRESSION, 'collecting page references')).result?.value;
      const referenced = Array.isArray(ids) ? ids.map(String) : [];
      if (pass === 1 && referenced.length === 0) {
        this.diagnostics.pageReferences = { references: 0, prints: 1, unresolved: [] };
        return this.#printOnce(sink, onPrinted);
      }
      const chunks: Buffer[] = [];
      // The first print is only read for its destinations: without the structure tree and outline (they do
      // not change the layout), which takes about half the time of a tagged print.
      const params = pass === 1 ? { ...this.printParams, generateTaggedPDF: false, generateDocumentOutline: false } : this.printParams;
      const facts = await this.#printOnce(
        async (pdf) => {
          for await (const chunk of pdf) chunks.push(chunk as Buffer);
        },
        pass === 1 ? onPrinted : () => {},
        params,
      );
      const pdf = Buffer.concat(chunks);
      const landed = pagesOf(await this.#destinations(pdf), referenced);
      const moved = movedReferences(given, landed, referenced);
      // Settled: the numbers the page printed with are where the references landed. The first print is a
      // draft (untagged): it is never the job's PDF.
      if (pass > 1 && moved.length === 0) {
        const unresolved = referenced.filter((id) => !landed.has(id));
        this.diagnostics.pageReferences = { references: referenced.length, prints: pass, unresolved: unresolved.slice(0, 20) };
        for (const id of unresolved.slice(0, 5))
          this.diagnostics.console(
            'warning',
            `page reference to #${id}: no printed element has this id; its placeholder was left as written`,
          );
        await this.#race(sink(Readable.from([pdf])));
        if (this.#failure) throw this.#failure;
        return facts;
      }
      if (pass === MAX_PAGE_REFERENCE_PASSES) {
        this.diagnostics.pageReferences = { references: referenced.length, prints: pass, unresolved: [] };
        throw new RenderError(
          'page_references_unstable',
          `page numbers did not settle after ${pass} prints: ${moved.slice(0, 5).join(', ')}${moved.length > 5 ? ` and ${moved.length - 5} more` : ''} ` +
            '(the numbers change the layout; give the placeholders the width of the final numbers)',
        );
      }
      const applied = await this.#evaluate(applyPageNumbersExpression(landed), 'giving the page its page numbers');
      if (applied.exceptionDetails) {
        const text = applied.exceptionDetails.exception?.description ?? applied.exceptionDetails.text ?? 'unknown error';
        throw new RenderError('render_failed', `a folio.onPageNumbers handler failed: ${String(text).slice(0, 300)}`);
      }
      const value = applied.result?.value as unknown;
      if (value !== null && typeof value === 'object' && 'failed' in value) throw pageFailed(String((value as { failed: unknown }).failed));
      given = landed;
    }
  }

  /** Where each named destination of a print landed (pdf/destinations.ts), within the job's deadline. */
  async #destinations(pdf: Buffer): Promise<Map<string, number>> {
    try {
      return await this.#race(namedDestinations(pdf, { timeoutMs: DESTINATIONS_TIMEOUT_MS }));
    } catch (err) {
      if (err instanceof DestinationsError)
        throw new RenderError('render_failed', `reading the page numbers of the print failed: ${err.message}`);
      throw err;
    }
  }

  /** Prints and streams the PDF into the sink; `onPrinted` runs once the print is taken, before the reads. */
  async #printOnce(
    sink: PdfSink,
    onPrinted: () => void,
    params: Protocol.Page.PrintToPDFRequest = this.printParams,
  ): Promise<Omit<RenderResult, 'renderTimeMs' | 'blocked'>> {
    const s = this.session.cdp;
    let printed: { stream?: string };
    try {
      printed = await this.#race(s.send('Page.printToPDF', params, 0));
    } catch (err) {
      // e.g. "Page range exceeds page count": the document and the overrides disagree. But a renderer that
      // died while printing also answers "Printing failed", before the crash notice arrives.
      throw await this.#failureOf(err, 'printing');
    }
    // transferMode ReturnAsStream (pdf-options.ts) always answers with a stream handle.
    if (!printed.stream) throw new RenderError('render_failed', 'printing failed: Chromium returned no PDF stream');
    const handle: string = printed.stream;
    onPrinted();
    const pdf = new PdfReadStream(s, handle, this.req.maxOutputBytes, this.#race.bind(this));
    this.#output = pdf.output;
    try {
      await this.#race(sink(pdf.output));
    } catch (err) {
      throw this.#failure ?? pdf.overLimit ?? err;
    }
    if (this.#failure) throw this.#failure;
    return pdf.result();
  }
}

/** A job's request without what belongs to that job alone: its id, payload, env (secrets) and signal. */
export function withoutJob(req: RenderRequest): RenderRequest {
  return { ...req, jobId: '', payload: Buffer.alloc(0), env: { variables: {}, secrets: {} }, signal: undefined };
}

/** An internet request that failed: refused by the address policy, timed out, or a network error. */
function requestProblemOf(err: Error): 'blocked' | 'timed_out' | 'network_error' {
  if (err instanceof NetPolicyError && err.code === 'blocked_address') return 'blocked';
  return /time(d)? ?out|abort/i.test(err.message) ? 'timed_out' : 'network_error';
}

/** The fetch of a service worker's script carries `Service-Worker: script` (Service Workers spec, §Update). */
function isServiceWorkerScript(headers: Record<string, string>): boolean {
  for (const name in headers) if (name.toLowerCase() === 'service-worker') return headers[name] === 'script';
  return false;
}

/** folio.fail(message): the template ended the job itself. Terminal, like every render_failed. */
function pageFailed(message: string): RenderError {
  return new RenderError('render_failed', `the page called folio.fail(): ${message}`);
}
