// The renderer the worker calls: RenderRequest in, PDF streamed to the sink, RenderResult (or a
// RenderError with one of the contract's codes) out.
import { UNSTATED_PRINT_DEFAULTS } from '../domain/jobs/print-defaults.js';
import { createHash } from 'node:crypto';
import { BrowserSupervisor, type BrowserInstance, type BrowserSupervisorOptions } from './browser-supervisor.js';
import { isCdpError } from './cdp-connection.js';
import type { ExternalFetch } from './network-policy.js';
import type { PageSession } from './page-session.js';
import { PageBusyError } from './page-documents.js';
import { printParams, validatePdfOverrides } from './pdf-options.js';
import type { RenderDiagnostics } from './diagnostics.js';
import { PageRun, withoutJob } from './page-run.js';
import { SessionPool } from './session-pool.js';
import { RenderError, type PdfSink, type RenderRequest, type RenderResult } from './types.js';
import { canonicalBundleUrls } from './document-origins.js';
import { BundleIndexCache } from './virtual-origins.js';
import { DEFAULT_FETCH_LIMITS, FetchPool, type FetchLimits } from '../net/fetch-budget.js';
import type { LookupAll } from '../net/resolve-host.js';

export interface RendererOptions extends BrowserSupervisorOptions {
  /** Idle page sessions kept across all accounts (LRU beyond). Default 16. */
  maxIdleSessions?: number;
  /** Pre-warmed account-less sessions, so an account's first render skips context creation. Default 1. */
  spareSessions?: number;
  /**
   * Default ready protocol: after `load` and `document.fonts.ready`, a page that was still making requests
   * is printed once no request has started or finished for this long. Default 50 ms: long enough for a
   * script's fetch-then-render chain against the in-memory origins, short because it is added latency.
   */
  networkIdleMs?: number;
  /** DNS edge for external requests (tests). Default: the system resolver. */
  lookup?: LookupAll;
  /** Connect edge for external requests (tests). Default: a pinned HTTP(S) request. */
  externalFetch?: ExternalFetch;
  /**
   * Byte budgets of internet fetches (fetch-budget.ts): one resource, one job's fetches together, and what
   * the fetches of all jobs hold at once. Defaults: DEFAULT_FETCH_LIMITS.
   */
  fetchLimits?: Partial<FetchLimits & { inFlightBytes: number }>;
  /**
   * Preloading (docs/templates.md "Preloading"): while a job of an ordinary template prints, the account's
   * next page of the same template is loaded up to its payload request, and kept this long for the next
   * job before it is reset. 0 turns preloading off. Default 2000 ms.
   */
  preloadMs?: number;
  /** An idle page no job has taken for this long is closed (the spare is kept). 0: never. Default 60000 ms. */
  idlePageMs?: number;
}

// Codes after which the page is in a known state and can be reset for reuse; after the others (timeout,
// crash, cancel) it may be wedged or half-loaded and its context is thrown away.
const REUSABLE_AFTER = new Set(['render_failed', 'render_output_too_large']);

export class Renderer {
  readonly supervisor: BrowserSupervisor;

  /** Renders this renderer runs at once (its slots on the browser). */
  get concurrency(): number {
    return this.supervisor.concurrency;
  }
  #opts: RendererOptions;
  #pools = new WeakMap<BrowserInstance, SessionPool>();
  #bundles = new BundleIndexCache();
  /** The bytes this process's internet fetches hold at once, all jobs together. */
  readonly fetchPool: FetchPool;
  #fetchLimits: FetchLimits;

  /** Warm keys whose handler threw once: those templates are loaded per job from then on. */
  #coldKeys = new Set<string>();
  /** Templates whose last job left no warm page (no folio.onJob): the next job's page is preloaded. */
  #ordinaryKeys = new Set<string>();
  /** Templates whose script read folio.jobId while preloaded: never preloaded again. */
  #unpreloadableKeys = new Set<string>();

  #noteCold(key: string): void {
    remember(this.#coldKeys, key);
  }

  constructor(opts: RendererOptions = {}) {
    this.#opts = opts;
    this.supervisor = new BrowserSupervisor(opts);
    const limits = { ...DEFAULT_FETCH_LIMITS, ...opts.fetchLimits };
    this.fetchPool = new FetchPool(limits.inFlightBytes);
    this.#fetchLimits = { resourceBytes: limits.resourceBytes, jobBytes: limits.jobBytes };
  }

  /** Launches Chromium and warms a spare page now rather than on the first render. */
  async start(): Promise<void> {
    const lease = await this.supervisor.acquire();
    try {
      await this.#pool(lease.browser).warmSpares();
    } finally {
      lease.release();
    }
  }

  isHealthy(): Promise<boolean> {
    return this.supervisor.isHealthy();
  }

  async render(req: RenderRequest, sink: PdfSink): Promise<RenderResult> {
    const pdf = validatePdfOverrides(req.pdf);
    if (!pdf.ok) throw new RenderError('render_failed', `invalid PDF options: ${pdf.message}`);
    if (!req.bundle.files.has(req.entryPath)) throw new RenderError('render_failed', `entry ${req.entryPath} is not in the bundle`);
    if (req.signal?.aborted) throw new RenderError('render_canceled', 'render canceled');
    let lease;
    try {
      lease = await this.supervisor.acquire(req.signal);
    } catch (err) {
      if (req.signal?.aborted) throw new RenderError('render_canceled', 'render canceled');
      throw err;
    }
    const started = performance.now();
    const deadline = started + req.timeoutMs;
    const pool = this.#pool(lease.browser);
    let session: PageSession | null = null;
    let pageRun: PageRun | null = null;
    const key = warmKey(req);
    const preloadKey = preloadKeyOf(key, req);
    try {
      session = await this.#takeSession(pool, req, key, preloadKey, deadline);
      const params = printParams(pdf.value, req.printDefaults ?? UNSTATED_PRINT_DEFAULTS);
      const preloaded = session.preload?.key === preloadKey && session.preload.run instanceof PageRun ? session.preload.run : null;
      // A preload for another key is dropped: its run ends (and with it whatever it fetches).
      if (!preloaded) session.preload?.discard();
      session.preload = null;
      const onPrint = () => this.#preloadNext(pool, req, key, preloadKey, params);
      pageRun =
        preloaded?.bind(req, params, onPrint) ??
        new PageRun(session, req, this.#bundles.get(req.bundle), params, {
          ...this.#runOptions(),
          warm: !req.urlSource && session.warmKey === key && !this.#coldKeys.has(key),
          onPrint,
        });
      let result;
      try {
        result = await pageRun.run(sink, deadline);
      } catch (err) {
        if (!(err instanceof PageBusyError)) throw err;
        // The page's previous document was busy in a loop it started after its job: that page is closed,
        // and another takes this job (nothing of it had started: no document, no output).
        pool.give(session, false);
        session = null;
        session = await this.#takeSession(pool, req, key, preloadKey, deadline);
        session.preload?.discard();
        session.preload = null;
        pageRun = new PageRun(session, req, this.#bundles.get(req.bundle), params, { ...this.#runOptions(), warm: false, onPrint });
        result = await pageRun.run(sink, deadline);
      }
      if (pageRun.warmHandlerFailed) this.#noteCold(key);
      if (pageRun.preloadRefused) remember(this.#unpreloadableKeys, key);
      if (pageRun.warmCapable) this.#ordinaryKeys.delete(key);
      else remember(this.#ordinaryKeys, key);
      session.warmKey = pageRun.warmCapable && !this.#coldKeys.has(key) ? key : null;
      pool.give(session, true);
      return {
        ...result,
        blocked: pageRun.blocked.map(canonicalBundleUrls),
        renderTimeMs: Math.round(performance.now() - started),
        browserVersion: lease.browser.chromium.version,
        diagnostics: { ...pageRun.diagnostics.toJSON(), pageCount: result.pageCount, bytes: result.bytes },
        ...(pageRun.pageLang !== undefined ? { pageLang: pageRun.pageLang } : {}),
      };
    } catch (err) {
      const base = withBlocked(
        shownError(toRenderError(err, lease.browser)),
        (pageRun?.blocked ?? []).map(canonicalBundleUrls),
        pageRun?.blockedTotal ?? 0,
      );
      const diagnostics = pageRun?.diagnostics.toJSON();
      const mapped = withPageError(base, diagnostics);
      if (diagnostics) mapped.diagnostics = diagnostics;
      if (pageRun?.warmHandlerFailed) this.#noteCold(key);
      if (session) {
        session.warmKey = null; // a failed job's page is reset (or closed), never kept warm
        pool.give(session, REUSABLE_AFTER.has(mapped.code));
      }
      throw mapped;
    } finally {
      lease.release();
    }
  }

  #runOptions() {
    return {
      networkIdleMs: this.#opts.networkIdleMs ?? 50,
      lookup: this.#opts.lookup,
      externalFetch: this.#opts.externalFetch,
      fetchLimits: this.#fetchLimits,
      fetchPool: this.fetchPool,
    };
  }

  /**
   * Called when a job of `key` starts printing: if the template is an ordinary one (its last job left no
   * warm page) and the account has a clean idle page (or a spare within its allowance), that page starts
   * loading the template now, for the account's next job of the same key. The next job then finds the
   * document parsed, its scripts run and its payload request waiting, instead of navigating after it is
   * claimed. The page is new (reset since its last job, as for any job); only its load starts early.
   */
  #preloadNext(pool: SessionPool, req: RenderRequest, key: string, preloadKey: string, params: ReturnType<typeof printParams>): void {
    const maxAgeMs = this.#opts.preloadMs ?? DEFAULT_PRELOAD_MS;
    // A URL source's page is the internet's: never loaded ahead (nor kept warm; its session is thrown away).
    if (maxAgeMs <= 0 || req.urlSource || !this.#ordinaryKeys.has(key) || this.#unpreloadableKeys.has(key)) return;
    const index = this.#bundles.get(req.bundle);
    // The request may wait in the pool for a page to come free: it keeps nothing of this job's data.
    const template = withoutJob(req);
    pool.requestPreload(
      req.accountId,
      preloadKey,
      (session) => {
        const pageRun = PageRun.preload(session, template, index, params, this.#runOptions());
        return { key: preloadKey, run: pageRun, loaded: () => pageRun.preloadLoaded, discard: () => pageRun.discardPreload() };
      },
      maxAgeMs,
    );
  }

  /** Takes a session for the job's account, within the job's deadline and honouring cancellation. */
  async #takeSession(pool: SessionPool, req: RenderRequest, key: string, preloadKey: string, deadline: number): Promise<PageSession> {
    const taking = pool.take(req.accountId, key, preloadKey);
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const stop = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new RenderError('render_timeout_exceeded', `no page available within ${req.timeoutMs} ms`)),
        Math.max(0, deadline - performance.now()),
      );
      onAbort = () => reject(new RenderError('render_canceled', 'render canceled'));
      req.signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([taking, stop]);
    } catch (err) {
      // If the session arrives after we gave up, it goes straight back.
      taking.then((s) => pool.give(s, true)).catch(() => {});
      throw err;
    } finally {
      clearTimeout(timer);
      if (onAbort) req.signal?.removeEventListener('abort', onAbort);
    }
  }

  #pool(browser: BrowserInstance): SessionPool {
    let pool = this.#pools.get(browser);
    if (!pool) {
      pool = new SessionPool(browser, {
        maxIdleSessions: this.#opts.maxIdleSessions ?? 16,
        spareSessions: this.#opts.spareSessions ?? 1,
        maxSessionsPerAccount: this.supervisor.concurrency + 1,
        idleSessionMs: this.#opts.idlePageMs ?? 60_000,
      });
      this.#pools.set(browser, pool);
    }
    return pool;
  }

  async close(): Promise<void> {
    await this.supervisor.close();
  }
}

const DEFAULT_PRELOAD_MS = 2000;

/**
 * What a preloaded page must share with the job that takes it: the warm key, and the deploy and version
 * (its folio.deployId and versionNo were set when it loaded; two versions may share one render pack).
 */
function preloadKeyOf(key: string, req: RenderRequest): string {
  return `${key}\n${req.deployId}\n${req.versionNo}`;
}

/** Adds to a bounded set of template keys: forgetting one only costs one more try. */
function remember(keys: Set<string>, key: string): void {
  if (keys.size >= 1000) keys.clear();
  keys.add(key);
}

/**
 * What a warm page must share with the next job to be reused for it: the same render pack (the version's
 * files), entry, engine (the same files may be a template or a plain page), env (the page may have read it
 * once) and network policy. The account is implicit: a
 * session never changes account.
 */
function warmKey(req: RenderRequest): string {
  const env = createHash('sha256').update(JSON.stringify(req.env)).digest('hex');
  return `${req.bundle.key}\n${req.entryPath}\n${req.engine ?? 'html'}\n${env}\n${req.allowExternalNetwork ? 'external' : 'closed'}`;
}

/**
 * A template that waits for a CDN script or a web font the network policy refused usually ends in a
 * timeout or its own error, far from the cause. The failure message names what was blocked (first three,
 * URLs without query or fragment), so the job's errorMessage, the webhook and `folio dev` all show it.
 */
/**
 * A page that threw and then never became ready times out far from the cause: the timeout message names
 * the first uncaught exception too (its full list is in the job's diagnostics).
 */
function withPageError(err: RenderError, d: RenderDiagnostics | undefined): RenderError {
  if (!d || (err.code !== 'render_timeout_exceeded' && err.code !== 'navigation_timeout')) return err;
  const ex = d.entries.find((e) => e.kind === 'exception');
  if (!ex || ex.kind !== 'exception') return err;
  return new RenderError(err.code, `${err.message}; the page threw: ${ex.text.slice(0, 200)}${ex.source ? ` (${ex.source})` : ''}`);
}

export function withBlocked(err: RenderError, blocked: readonly string[], total: number): RenderError {
  if (blocked.length === 0 || err.code === 'render_canceled' || err.code === 'render_provider_unavailable') return err;
  // A URL source's page that did not load is the failure itself: its message already says why.
  if (err.code.startsWith('url_source_')) return err;
  // Bounded so the whole suffix survives the 1,000-character errorMessage (the base message is cut first).
  const shown = blocked
    .slice(0, 3)
    .map((b) => (b.length > 160 ? `${b.slice(0, 159)}…` : b))
    .join('; ');
  const more = total > 3 ? `; and ${total - 3} more` : '';
  const base = err.message.length > 400 ? `${err.message.slice(0, 399)}…` : err.message;
  return new RenderError(err.code, `${base} (${total} request${total === 1 ? '' : 's'} of the page did not load: ${shown}${more})`);
}

/** The error as the job shows it: a document's own origin appears as the documented bundle origin. */
function shownError(err: RenderError): RenderError {
  const message = canonicalBundleUrls(err.message);
  return message === err.message
    ? err
    : Object.assign(new RenderError(err.code, message), err.diagnostics ? { diagnostics: err.diagnostics } : {});
}

function toRenderError(err: unknown, browser: BrowserInstance): RenderError {
  if (err instanceof RenderError) return err;
  if (isCdpError(err, 'closed') || browser.gone)
    return new RenderError('render_crashed', `browser went away during render: ${(err as Error).message}`);
  return new RenderError('render_failed', (err as Error)?.message ?? String(err));
}
