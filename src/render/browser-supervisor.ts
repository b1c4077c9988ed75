// Owns the Chromium process: launches it (lazily or on start()), relaunches it after a crash or
// disconnect, retires it after N renders or above a memory bound, and limits how many renders run at
// once. A retired browser finishes the renders it has; new renders go to a fresh one.
import { EventEmitter } from 'node:events';
import type { CdpConnection } from './cdp-connection.js';
import { CANDIDATE_PATHS, findChromium, launchChromium, type ChromiumProcess } from './chromium-process.js';
import { processTreeExceeds } from './process-memory.js';
import { Semaphore } from './semaphore.js';
import type { SandboxOptions } from './chromium-sandbox.js';
import { RenderError } from './types.js';

export interface BrowserSupervisorOptions extends SandboxOptions {
  /** Chromium binary; default: the first of CANDIDATE_PATHS (chromium-process.ts) that exists. */
  executablePath?: string;
  /** Renders at once (FOLIO_RENDER_CONCURRENCY). Default 2: one render keeps ~0.9 of a core busy. */
  concurrency?: number;
  /** Retire the browser after this many renders (bounds slow leaks in long-lived processes). Default 1000. */
  maxRendersPerBrowser?: number;
  /** Retire the browser when its process tree's resident memory exceeds this. null = never. Default 2 GiB. */
  maxBrowserRssBytes?: number | null;
  /** Extra Chromium flags (appended). */
  extraArgs?: readonly string[];
  launchTimeoutMs?: number;
  /** Called after each successful launch (folio_browser_launches_total, and folio_browser_restarts_total for relaunches). */
  onBrowserLaunch?: (launch: BrowserLaunch) => void;
  /** After a failed launch, isHealthy() tries launching again at most this often. Default 15 s. */
  probeRelaunchIntervalMs?: number;
}

/**
 * Why a browser after the supervisor's first was launched: what ended the one before it -- its process
 * exited (`crash`: a crash, or killed from outside), its CDP connection closed with the process still there
 * (`disconnect`), or it was retired above the memory bound (`memory`), after maxRendersPerBrowser renders
 * (`max_renders`, routine) or by recycle().
 */
export const BROWSER_RESTART_REASONS = ['crash', 'disconnect', 'memory', 'max_renders', 'recycle'] as const;
export type BrowserRestartReason = (typeof BROWSER_RESTART_REASONS)[number];

/** A successful launch: the supervisor's first (`restart` null), or a relaunch and what ended the browser before. */
export interface BrowserLaunch {
  restart: BrowserRestartReason | null;
}

let nextBrowserId = 1;

/** One running Chromium. Renderers keep per-browser state (contexts, pages) keyed by this object. */
export class BrowserInstance extends EventEmitter {
  readonly id = nextBrowserId++;
  renders = 0;
  active = 0;
  retiring = false;
  gone = false;
  constructor(readonly chromium: ChromiumProcess) {
    super();
    void chromium.exited.then(() => {
      this.gone = true;
      this.emit('gone');
    });
  }
  get connection(): CdpConnection {
    return this.chromium.connection;
  }
  get pid(): number {
    return this.chromium.pid;
  }
}

export interface BrowserLease {
  browser: BrowserInstance;
  release(): void;
}

// Reading /proc for every process costs a few ms: check memory at most this often.
const MEMORY_CHECK_INTERVAL_MS = 2000;
/** After a failed launch, a health probe tries launching again at most this often (default). */
const PROBE_RELAUNCH_INTERVAL_MS = 15_000;

export class BrowserSupervisor {
  readonly concurrency: number;
  #opts: BrowserSupervisorOptions;
  #slots: Semaphore;
  #current: BrowserInstance | null = null;
  #launching: Promise<BrowserInstance> | null = null;
  /** Why the last launch failed; null once a launch succeeds. */
  #lastLaunchError: string | null = null;
  #lastLaunchAttemptAt = 0;

  /** The last launch failure, if the browser has not started since (for /readyz). */
  get lastLaunchError(): string | null {
    return this.#lastLaunchError;
  }
  #all = new Set<BrowserInstance>();
  #closed = false;
  #lastMemoryCheck = 0;
  /** A launch has succeeded before: the next one is a relaunch. */
  #launched = false;
  /** What ended the last current browser: the reason of the next relaunch. */
  #endedBy: BrowserRestartReason = 'crash';

  constructor(opts: BrowserSupervisorOptions = {}) {
    this.#opts = opts;
    this.concurrency = opts.concurrency ?? 2;
    this.#slots = new Semaphore(this.concurrency);
  }

  /** The binary that would be launched, or null (render_provider_unavailable). */
  executablePath(): string | null {
    return findChromium(this.#opts.executablePath);
  }

  /** Launches the browser now instead of on the first render. */
  async start(): Promise<void> {
    await this.#ensureBrowser();
  }

  /** The pid of the current browser process (tests kill it to simulate a crash). */
  get browserPid(): number | null {
    return this.#current && !this.#current.gone ? this.#current.pid : null;
  }

  /** Waits for a render slot and a live browser. Rejects with the signal's reason if aborted while waiting. */
  async acquire(signal?: AbortSignal): Promise<BrowserLease> {
    if (this.#closed) throw new RenderError('render_provider_unavailable', 'renderer is closed');
    const releaseSlot = await this.#slots.acquire(signal);
    let browser: BrowserInstance;
    try {
      browser = await this.#ensureBrowser();
    } catch (err) {
      releaseSlot();
      throw err;
    }
    browser.active++;
    let released = false;
    return {
      browser,
      release: () => {
        if (released) return;
        released = true;
        browser.active--;
        browser.renders++;
        releaseSlot();
        this.#afterRender(browser);
      },
    };
  }

  /**
   * True when a browser is running and answers CDP within 2 s. With none running: the outcome of a launch
   * under way (the one a rendering process starts with), so a process whose Chromium cannot start is not
   * ready even before that shows; false when the last launch failed (a refused sandbox, a broken install)
   * and launching again fails too, so /readyz does not report ready a worker that cannot render; true when
   * the executable exists and no launch has failed.
   */
  async isHealthy(): Promise<boolean> {
    if (this.#closed) return false;
    const b = this.#current;
    if (!b || b.gone) {
      if (this.executablePath() === null) return false;
      if (this.#launching)
        return this.#launching.then(
          () => true,
          () => false,
        );
      if (this.#lastLaunchError === null) return true;
      // Retry the launch from the probe, so a transient failure heals without waiting for a job -- but at
      // most every PROBE_RELAUNCH_INTERVAL_MS: /readyz is unauthenticated and must not become a way to
      // make the machine spawn Chromium back to back.
      if (Date.now() - this.#lastLaunchAttemptAt < (this.#opts.probeRelaunchIntervalMs ?? PROBE_RELAUNCH_INTERVAL_MS)) return false;
      return this.#ensureBrowser().then(
        () => true,
        () => false,
      );
    }
    try {
      await b.connection.send('Browser.getVersion', {}, undefined, 2000);
      return true;
    } catch {
      return false;
    }
  }

  /** Retires the current browser: running renders finish on it, new ones get a fresh browser. */
  recycle(): void {
    if (this.#current) this.#retire(this.#current, 'recycle');
  }

  /** Closes every browser and resolves once all their processes are gone. */
  async close(): Promise<void> {
    this.#closed = true;
    const launching = this.#launching;
    if (launching) await launching.catch(() => {});
    await Promise.all([...this.#all].map((b) => b.chromium.close()));
    this.#current = null;
  }

  #ensureBrowser(): Promise<BrowserInstance> {
    const cur = this.#current;
    if (cur && !cur.gone && !cur.retiring && !cur.connection.isClosed) return Promise.resolve(cur);
    // Its process lives but its connection closed: that is what the relaunch below replaces it for.
    if (cur && !cur.gone && !cur.retiring) this.#endedBy = 'disconnect';
    if (this.#launching) return this.#launching;
    const executablePath = this.executablePath();
    if (!executablePath) {
      return Promise.reject(
        new RenderError('render_provider_unavailable', `Chromium not found (${this.#opts.executablePath ?? CANDIDATE_PATHS.join(', ')})`),
      );
    }
    this.#lastLaunchAttemptAt = Date.now();
    const { extraArgs, launchTimeoutMs, chromiumUser, noSandbox } = this.#opts;
    this.#launching = launchChromium({ executablePath, extraArgs, launchTimeoutMs, chromiumUser, noSandbox })
      .then(async (chromium) => {
        this.#lastLaunchError = null;
        const b = new BrowserInstance(chromium);
        this.#all.add(b);
        this.#opts.onBrowserLaunch?.({ restart: this.#launched ? this.#endedBy : null });
        this.#launched = true;
        b.once('gone', () => {
          if (this.#current === b) {
            this.#current = null;
            this.#endedBy = 'crash';
          }
          // Kept until close() has seen every process of that browser gone, so that close() of the
          // supervisor waits for a retired or crashed browser's leftovers too.
          void b.chromium.close().finally(() => this.#all.delete(b));
        });
        if (this.#closed) {
          void chromium.close();
          throw new RenderError('render_provider_unavailable', 'renderer is closed');
        }
        this.#current = b;
        await closeStartPage(b);
        return b;
      })
      .catch((err: unknown) => {
        if (!this.#closed) this.#lastLaunchError = (err as Error).message;
        throw err;
      })
      .finally(() => {
        this.#launching = null;
      });
    return this.#launching;
  }

  #afterRender(b: BrowserInstance): void {
    if (b.retiring) {
      if (b.active === 0) void b.chromium.close();
      return;
    }
    const maxRenders = this.#opts.maxRendersPerBrowser ?? 1000;
    if (b.renders >= maxRenders) {
      this.#retire(b, 'max_renders');
      return;
    }
    const maxRss = this.#opts.maxBrowserRssBytes === undefined ? 2 * 1024 ** 3 : this.#opts.maxBrowserRssBytes;
    const now = Date.now();
    if (maxRss !== null && now - this.#lastMemoryCheck >= MEMORY_CHECK_INTERVAL_MS) {
      this.#lastMemoryCheck = now;
      if (processTreeExceeds(b.pid, maxRss) === true) this.#retire(b, 'memory');
    }
  }

  #retire(b: BrowserInstance, why: BrowserRestartReason): void {
    b.retiring = true;
    if (this.#current === b) {
      this.#current = null;
      this.#endedBy = why;
    }
    if (b.active === 0) void b.chromium.close();
  }
}

/**
 * Closes the page Chromium opens at start (about:blank in the default context). Jobs use pages of their own
 * contexts; that one would keep a renderer process (~20 MiB) for nothing for the browser's whole life.
 */
async function closeStartPage(b: BrowserInstance): Promise<void> {
  try {
    const { targetInfos } = await b.connection.send('Target.getTargets', {});
    await Promise.all(
      targetInfos
        .filter((t) => t.type === 'page')
        .map((t) => b.connection.send('Target.closeTarget', { targetId: t.targetId }).catch(() => {})),
    );
  } catch {
    // Not worth failing a launch for: the page only costs memory.
  }
}
