// One browser context with one page, owned by one account for its whole life. Jobs of that account reuse
// it one at a time (a navigation per job gives each job a fresh JavaScript realm); between jobs the page
// is sent to about:blank -- which ends the previous document, its timers and workers -- and the context's
// cookies and the virtual origins' storage (localStorage, IndexedDB, Cache Storage, service workers, ...)
// are cleared. A context is never shared between accounts, so isolation between accounts does not depend
// on that clearing at all.
import { EventEmitter } from 'node:events';
import type { Protocol } from 'devtools-protocol';
import type { BrowserInstance } from './browser-supervisor.js';
import { CdpClosedError, type CdpSession } from './cdp-connection.js';
import { BUNDLE_ORIGIN, PARK_URL, PAYLOAD_ORIGIN, servePayloadOrigin, type ServedResponse } from './virtual-origins.js';

export interface RequestPausedEvent {
  requestId: string;
  request: { url: string; method: string; headers: Record<string, string>; postData?: string; hasPostData?: boolean };
  resourceType: string;
  frameId?: string;
  networkId?: string;
}

/** What a running job plugs into the session to answer its page's requests. */
export interface RequestRouter {
  onRequest(session: PageSession, cdp: CdpSession, event: RequestPausedEvent): void;
  /** A security message Chromium logged for the page (e.g. a load the CSP refused). */
  onSecurityLog?(text: string): void;
  /** The page's console output and uncaught errors (render diagnostics). */
  onConsole?(event: Protocol.Runtime.ConsoleAPICalledEvent): void;
  onException?(event: Protocol.Runtime.ExceptionThrownEvent): void;
}

/** A page loaded ahead of its job (renderer.ts, preloading), for the account's next job with `key`. */
export interface PreloadedPage {
  key: string;
  /** The page run that loads it (a PageRun; typed loosely so this file does not depend on it). */
  run: unknown;
  /** Whether its load event has fired. */
  loaded(): boolean;
  /** Lets it go: held requests refused, listeners removed (the reset or the context's end does the rest). */
  discard(): void;
}

const ALL_REQUESTS: Protocol.Fetch.EnableRequest = { patterns: [{ urlPattern: '*', requestStage: 'Request' }] };
// Everything a page can persist (sessionStorage goes with local_storage). Not 'all': that also clears
// browser-wide caches such as the shader cache, and measured 2-5x slower per reset.
const PAGE_STORAGE_TYPES =
  'cookies,local_storage,indexeddb,cache_storage,service_workers,file_systems,websql,shared_storage,storage_buckets';
// Targets of a context that are the page itself; everything else (worker, shared_worker, service_worker,
// worklets with targets of their own) runs script beside it.
const PAGE_TARGETS = new Set(['page', 'iframe', 'tab']);
// Session plumbing commands should answer in well under a second; 10 s means the browser is wedged.
const PLUMBING_TIMEOUT_MS = 10_000;

export class PageSession extends EventEmitter {
  accountId: string | null = null;
  lastUsed = 0;
  router: RequestRouter | null = null;
  /** Set when a job loaded a document from an external origin: its storage is partitioned in ways we cannot clear reliably, so the session is not reused. */
  taintedByExternalDocument = false;
  /**
   * Set while the page holds a warm template (docs/templates.md "Warm templates"): the document of the
   * account's last job, which registered `folio.onJob`, kept alive for the next job with the same key
   * (render pack, entry, env, network policy). Such a session skips the reset; another job gets it reset.
   */
  warmKey: string | null = null;
  /** Set while the page loads (or holds) a template ahead of the account's next job; cleared when taken or reset. */
  preload: PreloadedPage | null = null;
  /** The page did not answer promptly after its job (e.g. busy in a loop): close it rather than reuse it. */
  unresponsive = false;
  /** The page started a worker that freezing does not stop: it is closed after its job, never kept warm. */
  keepsUnfreezableWorkers = false;
  #frozen = false;
  /** The page's emulated prefers-reduced-motion (Chromium's own default: no preference). */
  #reducedMotion = false;
  /** Whether the page is laid out for the `screen` media type (Chromium prints with `print` otherwise). */
  #screen = false;
  #freezing: Promise<void> = Promise.resolve();
  #disposed = false;
  /** Document scripts of jobs registered on this page (normally one: the current or last job's). */
  #jobScriptIds = new Set<string>();

  private constructor(
    readonly browser: BrowserInstance,
    readonly contextId: string,
    readonly targetId: string,
    readonly cdp: CdpSession,
  ) {
    super();
  }

  static async create(browser: BrowserInstance, onTarget: (contextId: string, targetId: string) => void): Promise<PageSession> {
    const conn = browser.connection;
    const { browserContextId } = await conn.send('Target.createBrowserContext', { disposeOnDetach: true });
    try {
      await conn.send('Browser.setDownloadBehavior', { behavior: 'deny', browserContextId });
      const { targetId } = await conn.send('Target.createTarget', { url: 'about:blank', browserContextId });
      onTarget(browserContextId, targetId);
      const { sessionId } = await conn.send('Target.attachToTarget', { targetId, flatten: true });
      const session = new PageSession(browser, browserContextId, targetId, conn.session(sessionId));
      await session.#setUp();
      return session;
    } catch (err) {
      conn.send('Target.disposeBrowserContext', { browserContextId }).catch(() => {});
      throw err;
    }
  }

  get disposed(): boolean {
    return this.#disposed;
  }

  async #setUp(): Promise<void> {
    const s = this.cdp;
    s.on('Fetch.requestPaused', (e: RequestPausedEvent) => this.#onRequest(s, e));
    s.on('Target.attachedToTarget', (e: { sessionId: string }) => this.#onChild(e.sessionId));
    // Dialogs would block the page's script forever; dismiss them all.
    s.on('Page.javascriptDialogOpening', () => s.send('Page.handleJavaScriptDialog', { accept: false }).catch(() => {}));
    s.on('Inspector.targetCrashed', () => this.emit('crashed', 'page crashed'));
    s.on('Log.entryAdded', (e: { entry: { source: string; text: string } }) => {
      if (e.entry.source === 'security') this.router?.onSecurityLog?.(e.entry.text);
    });
    s.on('Runtime.consoleAPICalled', (e: Protocol.Runtime.ConsoleAPICalledEvent) => this.router?.onConsole?.(e));
    s.on('Runtime.exceptionThrown', (e: Protocol.Runtime.ExceptionThrownEvent) => this.router?.onException?.(e));
    s.on('detached', () => {
      if (!this.#disposed) this.emit('crashed', 'page target went away');
    });
    await Promise.all([
      s.send('Page.enable', {}, PLUMBING_TIMEOUT_MS),
      s.send('Inspector.enable', {}, PLUMBING_TIMEOUT_MS),
      s.send('Log.enable', {}, PLUMBING_TIMEOUT_MS), // CSP refusals, reported as RenderResult.blocked
      s.send('Runtime.enable', {}, PLUMBING_TIMEOUT_MS), // console output and uncaught errors: render diagnostics
      s.send('Fetch.enable', ALL_REQUESTS, PLUMBING_TIMEOUT_MS),
      // Workers and out-of-process iframes are separate targets with their own network: attach to them
      // paused, intercept their requests too, then let them run.
      s.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, PLUMBING_TIMEOUT_MS),
    ]);
    // Load a script-less page of our own origin site once, so the renderer process exists before the
    // first job arrives.
    await this.navigate(PARK_URL, PLUMBING_TIMEOUT_MS);
  }

  #onChild(sessionId: string): void {
    const child = this.browser.connection.session(sessionId);
    child.on('Fetch.requestPaused', (e: RequestPausedEvent) => this.#onRequest(child, e));
    child.on('Target.attachedToTarget', (e: { sessionId: string }) => this.#onChild(e.sessionId));
    // A blob: worker inherits the page's CSP; its refusals are logged on the worker's own target.
    child.on('Log.entryAdded', (e: { entry: { source: string; text: string } }) => {
      if (e.entry.source === 'security') this.router?.onSecurityLog?.(e.entry.text);
    });
    void Promise.allSettled([
      child.send('Fetch.enable', ALL_REQUESTS, PLUMBING_TIMEOUT_MS),
      child.send('Log.enable', {}, PLUMBING_TIMEOUT_MS),
      child.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, PLUMBING_TIMEOUT_MS),
    ]).then(() => child.send('Runtime.runIfWaitingForDebugger').catch(() => {}));
  }

  #onRequest(cdp: CdpSession, e: RequestPausedEvent): void {
    if (this.router) {
      this.router.onRequest(this, cdp, e);
      return;
    }
    // No job: only the park page is served; anything else a stale document tries is refused.
    const url = new URL(e.request.url);
    if (url.origin === PAYLOAD_ORIGIN) this.respond(cdp, e.requestId, servePayloadOrigin(null, url, e.request.method, e.request.headers));
    else this.block(cdp, e);
  }

  respond(cdp: CdpSession, requestId: string, r: ServedResponse): void {
    cdp.send('Fetch.fulfillRequest', { requestId, responseCode: r.status, responseHeaders: r.headers, body: r.body }).catch(() => {});
  }

  /**
   * Refuses a request. A refused navigation is answered 204 instead of failed: a 204 cancels the
   * navigation and the frame keeps its current document, where a failure would commit an error page (and
   * replace the document being printed when it is the main frame).
   */
  block(cdp: CdpSession, e: RequestPausedEvent): void {
    if (e.resourceType === 'Document') this.respond(cdp, e.requestId, { status: 204, headers: [], body: '' });
    else cdp.send('Fetch.failRequest', { requestId: e.requestId, errorReason: 'BlockedByClient' }).catch(() => {});
  }

  /** Navigates the main frame and waits for its load event. */
  async navigate(url: string, timeoutMs: number): Promise<void> {
    const s = this.cdp;
    let onLoad!: () => void;
    let onDetached!: () => void;
    // The load event, or the end of the session: a browser that closes mid-navigation sends neither a load
    // event nor an answer, and waiting out the timer would keep a closing process alive for its length.
    const loaded = new Promise<void>((resolve, reject) => {
      onLoad = resolve;
      onDetached = () => reject(new CdpClosedError(`the page went away while navigating to ${url}`));
      s.once('Page.loadEventFired', onLoad);
      s.once('detached', onDetached);
    });
    loaded.catch(() => {}); // settled by the race below, or abandoned when Page.navigate itself fails
    try {
      const nav = await s.send('Page.navigate', { url }, timeoutMs);
      if (nav.errorText) throw new Error(`navigation to ${url} failed: ${nav.errorText}`);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        loaded,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no load event from ${url} within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]).finally(() => clearTimeout(timer));
    } finally {
      s.off('Page.loadEventFired', onLoad);
      s.off('detached', onDetached);
    }
  }

  /**
   * Starts a job on this page: thaws it if it was frozen, and swaps the previous job's document script for
   * this job's. The commands are all sent before this returns (after a pending freeze settled), without
   * waiting for each other's answers: the caller may send more (a warm page's handler run) right behind
   * them, so a warm job pays one round trip to the browser here instead of four. `answered` settles when
   * every command has been answered. A script whose removal failed stays recorded for reset() to retry.
   */
  async beginJob(source: string, media: { reducedMotion: boolean; screen?: boolean }): Promise<{ answered: Promise<void> }> {
    if (this.#frozen) await this.#freezing;
    const s = this.cdp;
    const sends: Promise<unknown>[] = [];
    const screen = media.screen ?? false;
    if (this.#reducedMotion !== media.reducedMotion || this.#screen !== screen) {
      // Emulation lasts for the page's life; it is sent only when a job wants another setting. One command
      // sets both the media type and the features (a command without `media` would reset the type).
      const value = media.reducedMotion ? 'reduce' : '';
      sends.push(
        s
          .send(
            'Emulation.setEmulatedMedia',
            { media: screen ? 'screen' : '', features: [{ name: 'prefers-reduced-motion', value }] },
            PLUMBING_TIMEOUT_MS,
          )
          .then(() => {
            this.#reducedMotion = media.reducedMotion;
            this.#screen = screen;
          }),
      );
    }
    if (this.#frozen) {
      sends.push(s.send('Page.setWebLifecycleState', { state: 'active' }, PLUMBING_TIMEOUT_MS).then(() => (this.#frozen = false)));
    }
    for (const identifier of this.#jobScriptIds) {
      sends.push(
        s
          .send('Page.removeScriptToEvaluateOnNewDocument', { identifier }, PLUMBING_TIMEOUT_MS)
          .then(() => this.#jobScriptIds.delete(identifier)),
      );
    }
    sends.push(
      s
        .send('Page.addScriptToEvaluateOnNewDocument', { source }, PLUMBING_TIMEOUT_MS)
        .then((r: { identifier: string }) => this.#jobScriptIds.add(r.identifier)),
    );
    const answered = Promise.all(sends).then(() => undefined);
    answered.catch(() => {}); // the caller races it against the job; an early failure must not go unhandled
    return { answered };
  }

  /**
   * An idle warm page is frozen: its timers and tasks stop, so a template cannot keep burning CPU between
   * jobs (renderer timer throttling is off). A frozen page cannot navigate; it is thawed first.
   */
  freeze(): Promise<void> {
    this.#frozen = true;
    this.#freezing = this.cdp.send('Page.setWebLifecycleState', { state: 'frozen' }, PLUMBING_TIMEOUT_MS).then(() => undefined);
    return this.#freezing;
  }

  /**
   * The workers of this page's browser context, asked of the browser (not the page, so a template cannot
   * hide one; the empty filter because getTargets leaves some kinds out by default, shared workers among
   * them). `unfreezable` is set when one of them keeps running while the page is frozen. Measured: a
   * frozen page's dedicated workers (even in a busy loop), audio graphs and peer connections use no CPU,
   * but a SharedWorker it started kept a core busy: shared and service workers live beside the page.
   */
  async workers(): Promise<{ targetIds: string[]; unfreezable: boolean }> {
    const { targetInfos } = await this.browser.connection.send('Target.getTargets', { filter: [{}] }, undefined, PLUMBING_TIMEOUT_MS);
    const mine = targetInfos.filter((t) => t.browserContextId === this.contextId && !PAGE_TARGETS.has(t.type));
    return { targetIds: mine.map((t) => t.targetId), unfreezable: mine.some((t) => t.type !== 'worker') };
  }

  /**
   * Stops the script of each worker now. Navigating away or closing the context ends them too, but
   * Chromium lets a worker stuck in a loop run on for seconds before it forces it to stop (measured: ~3 s
   * of a busy core per worker).
   */
  async stopWorkers(targetIds: readonly string[]): Promise<void> {
    const conn = this.browser.connection;
    await Promise.allSettled(
      targetIds.map(async (targetId) => {
        const { sessionId } = await conn.send('Target.attachToTarget', { targetId, flatten: true }, undefined, PLUMBING_TIMEOUT_MS);
        await conn.session(sessionId).send('Runtime.terminateExecution', {}, PLUMBING_TIMEOUT_MS);
      }),
    );
  }

  async #thaw(): Promise<void> {
    if (!this.#frozen) return;
    await this.#freezing;
    await this.cdp.send('Page.setWebLifecycleState', { state: 'active' }, PLUMBING_TIMEOUT_MS);
    this.#frozen = false;
  }

  /** Ends the previous job's document and clears everything it could have stored. False if the page misbehaves. */
  async reset(): Promise<boolean> {
    this.preload?.discard();
    this.preload = null;
    this.router = null;
    this.warmKey = null;
    try {
      await this.#thaw();
      // Workers would outlive the navigation below for seconds if busy: stop them first. A page that
      // started a shared or service worker is closed rather than reused.
      const workers = await this.workers();
      if (workers.targetIds.length > 0) await this.stopWorkers(workers.targetIds);
      if (workers.unfreezable) return false;
      for (const identifier of [...this.#jobScriptIds]) {
        await this.cdp.send('Page.removeScriptToEvaluateOnNewDocument', { identifier }, PLUMBING_TIMEOUT_MS);
        this.#jobScriptIds.delete(identifier);
      }
      await this.navigate('about:blank', PLUMBING_TIMEOUT_MS);
      const conn = this.browser.connection;
      await Promise.all([
        this.cdp.send('Storage.clearDataForOrigin', { origin: BUNDLE_ORIGIN, storageTypes: PAGE_STORAGE_TYPES }, PLUMBING_TIMEOUT_MS),
        this.cdp.send('Storage.clearDataForOrigin', { origin: PAYLOAD_ORIGIN, storageTypes: PAGE_STORAGE_TYPES }, PLUMBING_TIMEOUT_MS),
        conn.send('Storage.clearCookies', { browserContextId: this.contextId }, undefined, PLUMBING_TIMEOUT_MS),
      ]);
      return true;
    } catch {
      return false;
    }
  }

  /** Closes the context and everything in it (also a page stuck in an infinite loop). */
  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    this.router = null;
    if (this.browser.gone) return;
    // As in reset(): a busy worker would otherwise run on for seconds after its context is closed.
    await this.workers().then(
      (w) => this.stopWorkers(w.targetIds),
      () => {},
    );
    await this.browser.connection
      .send('Target.disposeBrowserContext', { browserContextId: this.contextId }, undefined, PLUMBING_TIMEOUT_MS)
      .catch(() => {});
  }
}
