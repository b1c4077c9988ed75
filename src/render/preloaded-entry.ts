// The preloaded entry mode (renderer.ts, "preloading"): the page started loading its template before its
// job existed, with a job script that has no job id and every request to the payload origin held. When
// the job comes, the page is given its folio.jobId, then the held requests are answered, and the run goes
// on from the load event.
import { coldEntry, type Entered, type EntryMode } from './page-entry.js';
import { mediaOf } from './pdf-options.js';
import { bindJobExpression, folioScript } from './ready-protocol.js';
import type { PageRequestRouter } from './request-routing.js';
import type { RunContext } from './run-context.js';

/** A navigation sent ahead of its job (PageRun.preload): settles at commit, and at the load event. */
interface PreloadedNavigation {
  committed: Promise<void>;
  loaded: Promise<void>;
  /** Removes the listeners; the navigation itself is ended by the page's reset or its context's end. */
  stop(): void;
}

/** Preload commands (script, navigation) are answered in milliseconds; this bounds a wedged page. */
const PRELOAD_COMMAND_TIMEOUT_MS = 10_000;

export class PreloadedEntry implements EntryMode {
  #navigation: PreloadedNavigation | null;
  #loaded = false;

  /**
   * Starts loading the page: the job script without a job id, then the navigation. Every request to the
   * payload origin (the payload, the env) is held until the job is bound, so the page gets as far as
   * asking for its data.
   */
  constructor(
    run: RunContext,
    private readonly requests: PageRequestRouter,
  ) {
    requests.hold();
    run.session.router = requests;
    // The page counts its documents from its own navigation on; the run counts them once it is bound.
    run.countsNavigations = false;
    const s = run.session.cdp;
    const req = run.req;
    let onCommit!: (e: { frame: { parentId?: string } }) => void;
    let onLoad!: () => void;
    const committed = new Promise<void>((resolve) => {
      onCommit = (e) => {
        if (e.frame.parentId) return;
        run.documents++;
        resolve();
      };
      s.on('Page.frameNavigated', onCommit);
    });
    const loaded = new Promise<void>((resolve) => {
      onLoad = () => {
        s.off('Page.loadEventFired', onLoad);
        run.traffic.loaded();
        this.#loaded = true;
        resolve();
      };
      s.on('Page.loadEventFired', onLoad);
    });
    const sent = (async () => {
      const { answered } = await run.session.beginJob(folioScript({ jobId: null, deployId: req.deployId, versionNo: req.versionNo }), {
        ...mediaOf(req),
      });
      await answered;
      const url = run.session.newDocument() + req.entryPath;
      const nav = await s.send('Page.navigate', { url }, PRELOAD_COMMAND_TIMEOUT_MS);
      if (nav.errorText) throw new Error(`could not load ${url}: ${nav.errorText}`);
    })();
    sent.catch(() => {});
    const both = (p: Promise<void>) => Promise.all([sent, p]).then(() => undefined);
    this.#navigation = {
      committed: both(committed),
      loaded: both(loaded),
      stop: () => {
        s.off('Page.frameNavigated', onCommit);
        s.off('Page.loadEventFired', onLoad);
      },
    };
    this.#navigation.committed.catch(() => {});
    this.#navigation.loaded.catch(() => {});
  }

  /** Whether the page's load event has fired (one that has not by its deadline is closed, not reset). */
  get loaded(): boolean {
    return this.#loaded;
  }

  /** A preloaded page nobody took: its held requests are refused and its listeners removed. */
  discard(): void {
    this.#navigation?.stop();
    this.#navigation = null;
    this.requests.releaseHeld(false);
  }

  /** The bound page goes on from its load event; a page that cannot be used is loaded for the job (cold). */
  async enter(run: RunContext): Promise<Entered> {
    const pre = this.#navigation;
    this.#navigation = null;
    const bound = pre !== null && (await this.#bind(run, pre));
    run.countsNavigations = true;
    return bound ? 'loaded' : coldEntry.enter(run);
  }

  /**
   * Gives the preloaded page its job: its folio.jobId, then the held payload and env requests, then waits
   * for its load event. False when the page cannot be used because its script read folio.jobId before the
   * job existed (or the document is not the preloaded one): the job then loads the page itself.
   */
  async #bind(run: RunContext, pre: PreloadedNavigation): Promise<boolean> {
    const { guard } = run;
    run.startPhase();
    try {
      await guard.race(pre.committed);
    } catch (err) {
      if (guard.failure) throw err;
      pre.stop();
      this.requests.releaseHeld(false);
      return false;
    }
    const r = await guard.evaluate(bindJobExpression(run.req.jobId), 'giving the preloaded page its job');
    if (r.result?.value !== false) {
      pre.stop();
      this.requests.releaseHeld(false);
      run.preloadRefused = true;
      return false;
    }
    // Documents the page opens itself from now on get the job's own script (with its id).
    const { answered } = await guard.race(run.session.beginJob(folioScript(run.req), mediaOf(run.req)));
    this.requests.releaseHeld(true);
    await guard.race(answered);
    await guard.race(pre.loaded);
    pre.stop();
    run.diagnostics.preloaded = true;
    return true;
  }
}
