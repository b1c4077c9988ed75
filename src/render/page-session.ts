// One browser context with one page, owned by one account for its whole life. Jobs of that account reuse
// it one at a time: each job's document is a new navigation, on a new origin of its own (a fresh JavaScript
// realm and fresh storage, virtual-origins.ts newDocumentOrigin). After a job the page keeps its finished
// document, frozen, until the next job's navigation replaces it; whatever that document writes as it goes
// lands on its own origin, which no later document can reach, and whose storage is cleared after it is gone.
// A context is never shared between accounts, so isolation between accounts does not depend on any of this.
import { EventEmitter } from 'node:events';
import type { Protocol } from 'devtools-protocol';
import type { BrowserInstance } from './browser-supervisor.js';
import type { CdpSession } from './cdp-connection.js';
import { navigateAndLoad } from './page-navigation.js';
import { contextWorkers, stopWorkers, type ContextWorkers } from './context-workers.js';
import { PageBusyError, PageDocuments, PARK_AFTER_MS } from './page-documents.js';
import { PARK_URL, PAYLOAD_ORIGIN, servePayloadOrigin, type ServedResponse } from './virtual-origins.js';

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
  /** Lets it go: held requests refused, listeners removed (the next navigation or the context's end does the rest). */
  discard(): void;
}

const ALL_REQUESTS: Protocol.Fetch.EnableRequest = { patterns: [{ urlPattern: '*', requestStage: 'Request' }] };
// Everything a page can persist (sessionStorage goes with local_storage). Not 'all': that also clears
// browser-wide caches such as the shader cache, and measured 2-5x slower per reset.
const PAGE_STORAGE_TYPES =
  'cookies,local_storage,indexeddb,cache_storage,service_workers,file_systems,websql,shared_storage,storage_buckets';
const PLUMBING_TIMEOUT_MS = 10_000; // plumbing answers in well under a second; 10 s means a wedged browser
// A page that does not answer a trivial evaluation within this after its job is busy (a loop): closed.
const RESPONSIVE_TIMEOUT_MS = 1000;
// Parking is a navigation to a script-less page: a page that takes longer is busy, and is closed.
const PARK_TIMEOUT_MS = 2000;

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
  /** Chromium hides a page it freezes and never shows it again: such a page only serves its warm template. */
  #hidden = false;
  /** The page's emulated prefers-reduced-motion (Chromium's own default: no preference). */
  #reducedMotion = false;
  /** Whether the page is laid out for the `screen` media type (Chromium prints with `print` otherwise). */
  #screen = false;
  #freezing: Promise<void> = Promise.resolve();
  #disposed = false;
  /** Document scripts of jobs registered on this page (normally one: the current or last job's). */
  #jobScriptIds = new Set<string>();
  /** The page's bundle documents: the current one's origin, and the replaced ones'. */
  readonly #documents = new PageDocuments();
  /**
   * document.cookie works (a URL source's page) or not (a bundle document, the default). Every bundle
   * document is on an origin of its own, but a cookie may name a parent domain they share
   * (`domain=folio.internal`): a finished document could set one as it goes, and the next job read it.
   */
  #documentCookies = false;

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

  /** The origin the bundle is served on to the page's current document (request-routing.ts). */
  get documentOrigin(): string | null {
    return this.#documents.current;
  }

  /** A new origin for the document about to load (the current one is replaced). */
  newDocument(): string {
    return this.#documents.next();
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
    // What a replaced document says as it goes (its unload handlers run as the next job's document
    // commits) is no job's: console output and errors are charged to a job only from its own document.
    s.on('Runtime.executionContextCreated', (e: Protocol.Runtime.ExecutionContextCreatedEvent) => this.#documents.contextCreated(e));
    s.on('Runtime.executionContextDestroyed', (e: Protocol.Runtime.ExecutionContextDestroyedEvent) =>
      this.#documents.contextDestroyed(e.executionContextId),
    );
    s.on('Runtime.executionContextsCleared', () => this.#documents.contextsCleared());
    s.on('Runtime.consoleAPICalled', (e: Protocol.Runtime.ConsoleAPICalledEvent) => {
      if (!this.#documents.isReplacedContext(e.executionContextId)) this.router?.onConsole?.(e);
    });
    s.on('Runtime.exceptionThrown', (e: Protocol.Runtime.ExceptionThrownEvent) => {
      if (!this.#documents.isReplacedContext(e.exceptionDetails.executionContextId)) this.router?.onException?.(e);
    });
    s.on('detached', () => {
      if (!this.#disposed) this.emit('crashed', 'page target went away');
    });
    await Promise.all([
      s.send('Page.enable', {}, PLUMBING_TIMEOUT_MS),
      s.send('Inspector.enable', {}, PLUMBING_TIMEOUT_MS),
      s.send('Log.enable', {}, PLUMBING_TIMEOUT_MS), // CSP refusals, reported as RenderResult.blocked
      s.send('Runtime.enable', {}, PLUMBING_TIMEOUT_MS), // console output and uncaught errors: render diagnostics
      s.send('Fetch.enable', ALL_REQUESTS, PLUMBING_TIMEOUT_MS),
      s.send('Emulation.setDocumentCookieDisabled', { disabled: true }, PLUMBING_TIMEOUT_MS),
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
    if (this.#documents.isReplacedRequest(e.request.url, e.request.headers)) {
      // A replaced document's last requests (its unload handlers run as the next job's document commits):
      // they belong to no job, and nothing answers them.
      this.block(cdp, e);
      return;
    }
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
  navigate(url: string, timeoutMs: number): Promise<void> {
    return navigateAndLoad(this.cdp, url, timeoutMs);
  }

  /**
   * Starts a job on this page: thaws it if it was frozen, and swaps the previous job's document script for
   * this job's. The commands are all sent before this returns (after a pending freeze settled), without
   * waiting for each other's answers: the caller may send more (a warm page's handler run) right behind
   * them, so a warm job pays one round trip to the browser here instead of four. `answered` settles when
   * every command has been answered. A script whose removal failed stays recorded for the next job to retry.
   */
  async beginJob(
    source: string,
    media: { reducedMotion: boolean; screen?: boolean; documentCookies?: boolean },
  ): Promise<{ answered: Promise<void> }> {
    if (this.#frozen) await this.#freezing;
    const holdsFinishedDocument = await this.#unpark();
    const s = this.cdp;
    const sends: Promise<unknown>[] = [];
    // With the previous job's document still here (the navigation below replaces it), the script swap
    // answers from that document's renderer: one busy in a loop it started after its job does not answer
    // promptly, and the job is given another page (it would otherwise hold the navigation to its deadline).
    const swapTimeoutMs = holdsFinishedDocument ? RESPONSIVE_TIMEOUT_MS : PLUMBING_TIMEOUT_MS;
    const busy = () => {
      this.unresponsive = true;
      throw new PageBusyError();
    };
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
    if (this.#documentCookies !== (media.documentCookies ?? false)) {
      const allow = media.documentCookies ?? false;
      sends.push(
        s
          .send('Emulation.setDocumentCookieDisabled', { disabled: !allow }, PLUMBING_TIMEOUT_MS)
          .then(() => (this.#documentCookies = allow)),
      );
    }
    for (const identifier of this.#jobScriptIds) {
      sends.push(
        s
          .send('Page.removeScriptToEvaluateOnNewDocument', { identifier }, swapTimeoutMs)
          .then(() => this.#jobScriptIds.delete(identifier), holdsFinishedDocument ? busy : undefined),
      );
    }
    sends.push(
      s
        .send('Page.addScriptToEvaluateOnNewDocument', { source }, swapTimeoutMs)
        .then((r: { identifier: string }) => this.#jobScriptIds.add(r.identifier), holdsFinishedDocument ? busy : undefined),
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
    this.#hidden = true;
    this.#freezing = this.cdp.send('Page.setWebLifecycleState', { state: 'frozen' }, PLUMBING_TIMEOUT_MS).then(() => undefined);
    return this.#freezing;
  }

  /** The workers of this page's browser context (context-workers.ts). */
  workers(): Promise<ContextWorkers> {
    return contextWorkers(this.browser.connection, this.contextId, PLUMBING_TIMEOUT_MS);
  }

  /** Stops the script of each worker now (context-workers.ts). */
  stopWorkers(targetIds: readonly string[]): Promise<void> {
    return stopWorkers(this.browser.connection, targetIds, PLUMBING_TIMEOUT_MS);
  }

  /**
   * Makes the page ready for the account's next job: workers stopped (a shared or service worker closes
   * the page), the page answering promptly (one busy in a loop is closed), replaced documents' storage
   * cleared (nothing later could reach it; this keeps it from piling up). The finished document stays
   * until the next job's navigation replaces it, or the page is parked after PARK_AFTER_MS (the document
   * ends: no timer, worker or sound of it runs while idle). False if the page misbehaves.
   */
  async reset(): Promise<boolean> {
    this.preload?.discard();
    this.preload = null;
    this.router = null;
    this.warmKey = null;
    if (this.#hidden) return false; // once frozen, a page stays hidden (no animation frames): closed
    try {
      // Workers would run on for seconds if busy: stop them first.
      const workers = await this.workers();
      if (workers.targetIds.length > 0) await this.stopWorkers(workers.targetIds);
      if (workers.unfreezable) return false;
      await Promise.all([
        this.cdp.send('Runtime.evaluate', { expression: '0' }, RESPONSIVE_TIMEOUT_MS),
        this.#clearOrigins(this.#documents.takeReplaced()),
      ]);
      this.#parkLater();
      return true;
    } catch {
      return false;
    }
  }

  /** Parks the page (page-documents.ts) unless a job takes it within PARK_AFTER_MS. */
  #parkLater(): void {
    if (this.#frozen) return;
    this.#documents.scheduleParking(PARK_AFTER_MS, async () => {
      if (this.#disposed || this.router) throw new Error('taken');
      try {
        await this.navigate(PARK_URL, PARK_TIMEOUT_MS);
      } catch (err) {
        this.unresponsive = true;
        throw err;
      }
      // Nothing of the replaced documents runs any more: their storage goes now.
      const origins = this.#documents.takeReplaced(true);
      await this.#clearOrigins(origins).catch(() => {});
    });
  }

  /**
   * Called as a job starts on the page: parking is called off, or waited for if it has begun. Whether the
   * page still holds a finished bundle document (not parked, not warm).
   */
  async #unpark(): Promise<boolean> {
    const holds = await this.#documents.cancelParking();
    if (this.unresponsive) throw new PageBusyError();
    return holds;
  }

  /** Clears the storage and cookies of replaced documents' origins. */
  #clearOrigins(origins: string[]): Promise<unknown> {
    if (origins.length === 0) return Promise.resolve();
    return Promise.all([
      ...origins.map((origin) =>
        this.cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: PAGE_STORAGE_TYPES }, PLUMBING_TIMEOUT_MS),
      ),
      this.browser.connection.send('Storage.clearCookies', { browserContextId: this.contextId }, undefined, PLUMBING_TIMEOUT_MS),
    ]);
  }

  /** Closes the context and everything in it (also a page stuck in an infinite loop). */
  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    void this.#documents.cancelParking();
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
