// How a page run brings its page to the job: the entry mode, chosen once when the run is made. Cold: the
// job's document script, then a navigation to the entry. Warm (docs/templates.md "Warm templates"): the
// page is already loaded and its folio.onJob handler renders the job in place. Preloaded: see
// preloaded-entry.ts.
import { mediaOf } from './pdf-options.js';
import { folioScript, runJobExpression } from './ready-protocol.js';
import type { RunContext } from './run-context.js';
import { pageFailed } from './run-guard.js';
import { RenderError } from './types.js';
import { shownUrl } from './diagnostics.js';

/** 'loaded': the page loaded the job's document (the ready wait follows); 'warm': the handler ran in place. */
export type Entered = 'loaded' | 'warm';

export interface EntryMode {
  enter(run: RunContext): Promise<Entered>;
}

/** A clean page (new, or reset since its last job): the job's script, then its document. */
export const coldEntry: EntryMode = {
  async enter(run) {
    // A URL source's page is the internet's: its cookies work as in any browser (its session is not reused).
    const media = { ...mediaOf(run.req), documentCookies: run.req.urlSource !== undefined };
    const { answered } = await run.guard.race(run.session.beginJob(folioScript(run.req), media));
    await run.guard.race(answered);
    run.startPhase();
    await navigate(run, entryUrl(run));
    return 'loaded';
  },
};

/** The document a job loads: its URL source's page, else its version's entry on a new origin of its own. */
const entryUrl = (run: RunContext) => run.req.urlSource?.url ?? run.session.newDocument() + run.req.entryPath;

/** A page that holds this job's template warm: its handler renders the job's payload in place. */
export const warmEntry: EntryMode = {
  async enter(run) {
    run.phase = 'waiting-ready';
    const { answered } = await run.guard.race(run.session.beginJob(folioScript(run.req), mediaOf(run.req)));
    // Warm template: the page is already loaded; its handler renders this job's payload in place (sent
    // right behind the thaw and the script swap, which it does not need answered). If the page lost its
    // handler since (it navigated itself), or the handler threw, the job loads the page like any other.
    const handled = runHandler(run);
    handled.catch(() => {}); // awaited below, unless the commands before it failed the job first
    await run.guard.race(answered);
    if (await handled) return 'warm';
    run.startPhase();
    await navigate(run, entryUrl(run));
    return 'loaded';
  },
};

/** Runs the warm page's handler for this job; false when the page has no handler any more. */
async function runHandler(run: RunContext): Promise<boolean> {
  const { jobId, deployId, versionNo } = run.req;
  run.phase = 'waiting-ready';
  const expression = runJobExpression({ jobId, deployId, versionNo });
  const r = await run.guard.evaluate(expression, "running the page's job handler");
  if (r.exceptionDetails) {
    // Not the job's fault as such: the template's warm path is broken. This job loads the page instead,
    // and the renderer stops keeping this template warm, so a broken handler costs speed, not jobs.
    run.warmHandlerFailed = true;
    run.phase = 'navigating';
    return false;
  }
  const value = r.result?.value as unknown;
  if (value !== null && typeof value === 'object' && 'failed' in value) throw pageFailed(String((value as { failed: unknown }).failed));
  if (value === 'no-handler') {
    run.phase = 'navigating';
    return false;
  }
  return true;
}

/** Loads the job's document and waits for its load event. */
async function navigate(run: RunContext, url: string): Promise<void> {
  const s = run.session.cdp;
  // Requests counted so far belonged to the document being replaced (a warm page whose handler failed).
  run.traffic.newDocument();
  let onLoad!: () => void;
  const loaded = new Promise<void>((resolve) => {
    onLoad = resolve;
    s.once('Page.loadEventFired', onLoad);
  });
  // A URL source's page the router could not fetch fails the job at once, with a url_source_* code (a
  // refused navigation is answered 204 and would otherwise only end in a timeout).
  let failure: RenderError | null = null;
  const refused = new Promise<never>((_, reject) => {
    run.onDocumentFailure = (f) => {
      const code =
        f.problem === 'blocked' ? 'url_source_blocked' : f.problem === 'host_not_found' ? 'url_source_not_found' : 'url_source_unreachable';
      failure = new RenderError(code, `could not load ${shownUrl(url)}: ${f.reason}`);
      reject(failure);
    };
  });
  refused.catch(() => {});
  try {
    const nav = await run.guard.race(Promise.race([s.send('Page.navigate', { url }, 0), refused]));
    if (nav.errorText) throw failure ?? new RenderError('render_failed', `could not load ${shownUrl(url)}: ${nav.errorText}`);
    await run.guard.race(Promise.race([loaded, refused]));
    run.traffic.loaded();
  } finally {
    run.onDocumentFailure = null;
    s.off('Page.loadEventFired', onLoad);
  }
}
