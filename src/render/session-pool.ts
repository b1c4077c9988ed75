// Page sessions of one browser, per account. A job takes an idle session of its account (waiting for one
// that is being reset if that is quicker than making one), else a pre-warmed spare, else a new one; when
// the job ends the session is reset in the background and goes back to the pool, or is disposed if the
// job failed in a way that leaves the page suspect. Idle sessions beyond the cap are closed, least
// recently used first, and so is an idle session no job has taken for `idleSessionMs`. A session never
// changes account. An idle session may also hold a page preloaded
// for the account's next job of one template (renderer.ts), for a short while.
import type { BrowserInstance } from './browser-supervisor.js';
import { PageSession, type PreloadedPage } from './page-session.js';

export interface SessionPoolOptions {
  /** Idle sessions kept across all accounts (each is a context + renderer process, ~30-60 MB). */
  maxIdleSessions: number;
  /** Fresh, account-less sessions kept warm so an account's first job skips context creation. */
  spareSessions: number;
  /**
   * Sessions one account may hold. One more than the render concurrency lets a job start on a clean
   * session while the previous job's session is still being reset, instead of waiting for that reset
   * (~15-40 ms of about:blank navigation and storage clearing on the critical path).
   */
  maxSessionsPerAccount: number;
  /** An idle session no job has taken for this long is closed, so a quiet browser gives its memory back. 0: never. */
  idleSessionMs: number;
}

interface Resetting {
  session: PageSession;
  done: Promise<boolean>;
  claimed: boolean;
}

/** A preload asked for while the account's page was still being reset: started when the reset is done. */
interface PreloadRequest {
  key: string;
  /** Date.now() when asked: a request older than maxAgeMs when a page comes free is dropped. */
  at: number;
  start: (session: PageSession) => PreloadedPage;
  maxAgeMs: number;
}

export class SessionPool {
  #idle: PageSession[] = []; // least recently used first
  #resetting: Resetting[] = [];
  #spares: PageSession[] = [];
  #warming: Promise<void> | null = null;
  #contextTargets = new Map<string, string>();
  /** Every live session bound to an account (busy, resetting or idle). */
  #owned = new Set<PageSession>();
  #closed = false;
  #preloadRequests = new Map<string, PreloadRequest>();
  /** When each preloaded idle page is given up (reset, or closed if it never finished loading). */
  #preloadExpiry = new Map<PageSession, NodeJS.Timeout>();
  #idleSweep: NodeJS.Timeout | null = null;

  constructor(
    readonly browser: BrowserInstance,
    private readonly opts: SessionPoolOptions,
  ) {
    const conn = browser.connection;
    // Popups: a page may only ever have the one target we created in its context. Anything else opening
    // there (window.open, target=_blank) is closed on sight. (The full chromium's popup blocker also refuses
    // popups without a user gesture -- the headless shell has none -- and a popup's requests hit the dead
    // proxy and the resolver that resolves nothing.)
    conn.on('Target.targetCreated', (e: { targetInfo: { targetId: string; browserContextId?: string; type: string } }) => {
      const { targetId, browserContextId } = e.targetInfo;
      if (!browserContextId) return;
      const own = this.#contextTargets.get(browserContextId);
      if (own !== undefined && own !== targetId) conn.send('Target.closeTarget', { targetId }).catch(() => {});
    });
    conn.send('Target.setDiscoverTargets', { discover: true, filter: [{ type: 'page' }] }).catch(() => {});
    browser.once('gone', () => this.close());
    if (opts.idleSessionMs > 0) {
      // Checked a few times per period: a session is closed between 1 and 1.25 periods after its last job.
      this.#idleSweep = setInterval(() => this.#closeIdle(), Math.max(100, Math.min(opts.idleSessionMs / 4, 15_000)));
      this.#idleSweep.unref();
    }
  }

  /**
   * A session for the account. With `warmKey`, an idle warm session holding that template is preferred
   * (the job then skips loading the page), then one preloaded for `preloadKey`; a warm or preloaded
   * session holding another template is reset first.
   */
  async take(accountId: string, warmKey: string | null = null, preloadKey: string | null = null): Promise<PageSession> {
    for (;;) {
      if (this.#closed) throw new Error('browser is gone');
      // A page that did not answer while it was parked (page-session.ts) is busy in a loop: closed.
      for (const stuck of this.#idle.filter((s) => s.unresponsive)) {
        this.#idle.splice(this.#idle.indexOf(stuck), 1);
        this.#drop(stuck);
      }
      const w = warmKey === null ? -1 : this.#idle.findIndex((s) => s.accountId === accountId && s.warmKey === warmKey);
      if (w !== -1) return this.#idle.splice(w, 1)[0];
      const p = preloadKey === null ? -1 : this.#idle.findIndex((s) => s.accountId === accountId && s.preload?.key === preloadKey);
      if (p !== -1) {
        const session = this.#idle.splice(p, 1)[0];
        clearTimeout(this.#preloadExpiry.get(session));
        this.#preloadExpiry.delete(session);
        return session;
      }
      // A clean idle session first; a warm or preloaded one holding another template only if there is none.
      const c = this.#cleanIdleIndex(accountId);
      if (c !== -1) return this.#idle.splice(c, 1)[0];
      const i = this.#idle.findIndex((s) => s.accountId === accountId);
      if (i !== -1) {
        const s = this.#idle.splice(i, 1)[0];
        const ok = await s.reset();
        if (ok && !this.#closed) return s;
        this.#drop(s);
        continue;
      }
      // A session of this account that is being reset is ready in a few ms; a new one takes ~100+ ms --
      // but a spare is ready now, so take it while the account is below its session allowance.
      const r = this.#resetting.find((x) => x.session.accountId === accountId && !x.claimed);
      if (r && this.#spares.length > 0 && this.#sessionsOf(accountId) < this.opts.maxSessionsPerAccount) {
        const spare = this.#spares.shift()!;
        void this.warmSpares();
        if (spare.disposed) continue;
        spare.accountId = accountId;
        this.#owned.add(spare);
        return spare;
      }
      if (r) {
        r.claimed = true;
        if (await r.done) return r.session;
        continue;
      }
      const spare = this.#spares.shift();
      if (spare) {
        void this.warmSpares();
        if (spare.disposed) continue;
        spare.accountId = accountId;
        this.#owned.add(spare);
        return spare;
      }
      const fresh = await this.#create();
      fresh.accountId = accountId;
      this.#owned.add(fresh);
      return fresh;
    }
  }

  /** Returns a session after a job. Reusable sessions are reset in the background first. */
  give(session: PageSession, reusable: boolean): void {
    session.lastUsed = Date.now();
    if (!reusable || this.#closed || session.taintedByExternalDocument || session.unresponsive) {
      this.#drop(session);
      return;
    }
    if (session.keepsUnfreezableWorkers) session.warmKey = null;
    if (session.warmKey !== null) {
      // A warm template stays loaded (frozen) for the account's next job with the same key: no reset. Once
      // frozen, the browser is asked whether the page started anything freezing does not stop (a shared or
      // service worker); such a page is closed if still idle, or reset after the job that took it meanwhile.
      session.router = null;
      const dropIfIdle = () => {
        session.keepsUnfreezableWorkers = true;
        if (!this.#idle.includes(session)) return;
        this.#idle = this.#idle.filter((x) => x !== session);
        this.#drop(session);
      };
      session
        .freeze()
        .then(() => session.workers())
        .then((w) => w.unfreezable && dropIfIdle(), dropIfIdle);
      this.#idle.push(session);
      this.#evict();
      return;
    }
    const entry: Resetting = { session, claimed: false, done: Promise.resolve(false) };
    entry.done = session.reset().then((ok) => {
      this.#resetting.splice(this.#resetting.indexOf(entry), 1);
      if (!ok || this.#closed) {
        this.#drop(session);
        return false;
      }
      if (!entry.claimed) {
        const asked = this.#preloadRequests.get(session.accountId ?? '');
        this.#preloadRequests.delete(session.accountId ?? '');
        if (asked && Date.now() - asked.at < asked.maxAgeMs && !this.#hasPreload(session.accountId, asked.key)) this.#hold(session, asked);
        else this.#idle.push(session);
        this.#evict();
      }
      return true;
    });
    this.#resetting.push(entry);
  }

  /**
   * Asks for a page of the account to be loaded ahead of its next job with `key` (renderer.ts): a clean
   * idle page now, else the account's page being reset as soon as that is done, else a spare within the
   * account's session allowance. `start` begins the load on the page it is given. Nothing happens when the
   * account already has a page loaded for `key`, or no page to spare. After `maxAgeMs` untaken, the page
   * is reset (or closed, if it never finished loading).
   */
  requestPreload(accountId: string, key: string, start: (session: PageSession) => PreloadedPage, maxAgeMs: number): void {
    if (this.#closed || this.#hasPreload(accountId, key)) return;
    const asked: PreloadRequest = { key, at: Date.now(), start, maxAgeMs };
    const c = this.#cleanIdleIndex(accountId);
    if (c !== -1) {
      this.#hold(this.#idle.splice(c, 1)[0], asked);
      return;
    }
    if (this.#resetting.some((x) => x.session.accountId === accountId && !x.claimed)) {
      this.#preloadRequests.set(accountId, asked);
      return;
    }
    if (this.#spares.length > 0 && this.#sessionsOf(accountId) < this.opts.maxSessionsPerAccount) {
      const spare = this.#spares.shift()!;
      void this.warmSpares();
      if (spare.disposed) return;
      spare.accountId = accountId;
      this.#owned.add(spare);
      this.#hold(spare, asked);
    }
  }

  /** The account's least recently used idle session that holds nothing (no warm template, no preload); -1 if none. */
  #cleanIdleIndex(accountId: string): number {
    return this.#idle.findIndex((s) => s.accountId === accountId && s.warmKey === null && s.preload === null);
  }

  #hasPreload(accountId: string | null, key: string): boolean {
    return this.#idle.some((s) => s.accountId === accountId && s.preload?.key === key);
  }

  /** Starts a preload on an idle session of the account and keeps it idle until taken or expired. */
  #hold(session: PageSession, asked: PreloadRequest): void {
    let page: PreloadedPage;
    try {
      page = asked.start(session);
    } catch {
      this.#idle.push(session);
      return;
    }
    session.preload = page;
    this.#idle.push(session);
    const timer = setTimeout(() => {
      this.#preloadExpiry.delete(session);
      if (session.preload !== page || !this.#idle.includes(session)) return;
      this.#idle = this.#idle.filter((x) => x !== session);
      // A page still loading after this long may be stuck in its own script: closed rather than reset.
      this.give(session, page.loaded());
    }, asked.maxAgeMs);
    timer.unref();
    this.#preloadExpiry.set(session, timer);
  }

  /** Keeps `spareSessions` fresh sessions ready (in the background). */
  warmSpares(): Promise<void> {
    if (this.#warming || this.#closed || this.#spares.length >= this.opts.spareSessions) return this.#warming ?? Promise.resolve();
    this.#warming = (async () => {
      try {
        while (!this.#closed && this.#spares.length < this.opts.spareSessions) this.#spares.push(await this.#create());
      } catch {
        // A failed warm-up is not an error for anyone; the next job creates its own session.
      } finally {
        this.#warming = null;
      }
    })();
    return this.#warming;
  }

  #create(): Promise<PageSession> {
    return PageSession.create(this.browser, (contextId, targetId) => this.#contextTargets.set(contextId, targetId)).then((s) => {
      s.once('crashed', () => {
        this.#idle = this.#idle.filter((x) => x !== s);
        this.#spares = this.#spares.filter((x) => x !== s);
        this.#owned.delete(s);
      });
      return s;
    });
  }

  /** Closes the idle sessions whose last job ended `idleSessionMs` ago (a preloaded page expires on its own). */
  #closeIdle(): void {
    const before = Date.now() - this.opts.idleSessionMs;
    for (const s of this.#idle.filter((x) => x.lastUsed < before && x.preload === null)) {
      this.#idle.splice(this.#idle.indexOf(s), 1);
      this.#drop(s);
    }
  }

  #evict(): void {
    while (this.#idle.length > this.opts.maxIdleSessions) {
      this.#idle.sort((a, b) => a.lastUsed - b.lastUsed);
      this.#drop(this.#idle.shift()!);
    }
  }

  #sessionsOf(accountId: string): number {
    let n = 0;
    for (const s of this.#owned) if (s.accountId === accountId) n++;
    return n;
  }

  #drop(session: PageSession): void {
    clearTimeout(this.#preloadExpiry.get(session));
    this.#preloadExpiry.delete(session);
    session.preload?.discard();
    session.preload = null;
    this.#owned.delete(session);
    this.#contextTargets.delete(session.contextId);
    void session.dispose();
  }

  close(): void {
    this.#closed = true;
    if (this.#idleSweep) clearInterval(this.#idleSweep);
    for (const timer of this.#preloadExpiry.values()) clearTimeout(timer);
    this.#preloadExpiry.clear();
    this.#preloadRequests.clear();
    for (const s of [...this.#idle, ...this.#spares]) void s.dispose();
    this.#idle = [];
    this.#spares = [];
  }
}
