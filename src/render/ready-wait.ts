// The ready wait of a page run, Node's side of the ready protocol (ready-protocol.ts): after the page
// entered its job, wait until it is ready to print, and record which way it got there (diagnostics.ready).
import { DOM_QUIET_MS, FAILURE_EXPRESSION, pendingWork, QUIET_EXPRESSION, READY_EXPRESSION, type PageQuiet } from './ready-protocol.js';
import type { Entered } from './page-entry.js';
import { printCheckOf } from './print-checks.js';
import { pageFailed } from './run-guard.js';
import type { PrintCheck, RunContext } from './run-context.js';
import { RenderError } from './types.js';

/** The default protocol waits at most this long for a page's timers, DOM, images and fonts to settle. */
const SETTLE_LIMIT_MS = 3000;

/**
 * A loaded page: folio.ready() when the page asked to wait for it, else the default protocol (the
 * network, then the page's own work). A warm page whose handler ran: its requests.
 */
export async function waitUntilReady(run: RunContext, entered: Entered): Promise<void> {
  const { guard, traffic, diagnostics } = run;
  if (entered === 'warm') {
    await guard.race(traffic.noneInFlight());
  } else {
    run.endPhase('load');
    run.phase = 'waiting-ready';
    const { mode, scriptRequests, quiet } = await evaluateReady(run);
    if (mode === 'loaded') {
      // Without waitForReady the page may still have failed while its requests finished. A page that
      // printed at once (nothing to wait for) was checked by READY_EXPRESSION a moment ago.
      const waited = await guard.race(traffic.networkIdle(scriptRequests, run.networkIdleMs));
      const settled = await settle(run, waited ? null : quiet);
      diagnostics.ready = {
        mode: 'default',
        detail:
          [waited ? `waited for the network to be quiet for ${run.networkIdleMs} ms after load` : '', settled.detail]
            .filter(Boolean)
            .join('; ') || 'printed at load (nothing pending)',
        ...(settled.byTimeout ? { byTimeout: true } : {}),
      };
      if (waited || settled.detail) {
        // The page changed since READY_EXPRESSION: its failure and its print check are read again, together.
        const late = await guard.evaluate(
          `({ failure: ${FAILURE_EXPRESSION}, check: ${printCheckOf(run)} })`,
          'waiting for the page to be ready',
        );
        const value = late.result?.value as { failure?: unknown; check?: PrintCheck } | undefined;
        if (typeof value?.failure === 'string') throw pageFailed(value.failure);
        run.printCheck = value?.check ?? null;
      }
    } else {
      diagnostics.ready = { mode: 'explicit', detail: 'the page called folio.ready()' };
      await guard.race(traffic.noneInFlight());
    }
  }
  if (diagnostics.ready === null) diagnostics.ready = { mode: 'warm', detail: "the page's folio.onJob handler ran" };
}

async function evaluateReady(
  run: RunContext,
): Promise<{ mode: 'loaded' | 'ready-called'; scriptRequests: number; quiet: PageQuiet | null }> {
  // The print check rides along: for most pages this is the last evaluation before printing.
  const expression = `(async () => { const r = await ${READY_EXPRESSION}; if (r && typeof r === 'object') r.check = ${printCheckOf(run)}; return r; })()`;
  const r = await run.guard.evaluate(expression, 'waiting for the page to be ready');
  if (r.exceptionDetails) {
    const text = r.exceptionDetails.exception?.description ?? r.exceptionDetails.text ?? 'unknown error';
    throw new RenderError('render_failed', `page failed before it was ready: ${String(text).slice(0, 300)}`);
  }
  const v = (r.result?.value ?? {}) as {
    mode?: string;
    scriptRequests?: number;
    message?: string;
    quiet?: PageQuiet | null;
    check?: PrintCheck;
  };
  if (v.mode === 'failed') throw pageFailed(String(v.message));
  run.printCheck = v.check ?? null;
  return {
    mode: v.mode === 'ready-called' ? 'ready-called' : 'loaded',
    scriptRequests: Number(v.scriptRequests) || 0,
    quiet: v.quiet ?? null,
  };
}

/**
 * The default protocol's second half: after the network, waits until the page has no timer due
 * within TIMER_HORIZON_MS, a DOM still for DOM_QUIET_MS, its images loaded, its fonts ready, no animation
 * frame requested and no finite animation running, for at most SETTLE_LIMIT_MS (a page with work that
 * never ends, such as an endless animation, is printed then, and the job says so: `byTimeout`). A known
 * library still working (document-signals.ts) is waited for until the job's deadline, and the settle limit
 * counts from when it finished. `first` is the state READY_EXPRESSION already read (saves a round trip
 * for a static page). Returns what it waited for, in words ('' when the page was quiet at once).
 */
async function settle(run: RunContext, first: PageQuiet | null): Promise<{ detail: string; byTimeout: boolean }> {
  const { guard, traffic } = run;
  const began = performance.now();
  let started = began;
  let q = first ?? (await quiet(run));
  const waitedFor = new Set<string>();
  for (;;) {
    const pending = pendingWork(q);
    run.pendingWork = pending.length ? pending : ['requests in flight'];
    if (pending.length === 0 && traffic.inFlight === 0) break;
    for (const p of pending) waitedFor.add(p.replace(/^\d+ |\d+ ms ago$/g, '').trim());
    const libraryWorking = (q?.libraries?.length ?? 0) > 0;
    if (libraryWorking) started = performance.now();
    const elapsed = performance.now() - started;
    if (elapsed >= SETTLE_LIMIT_MS)
      return {
        detail: `printed after waiting ${Math.round(performance.now() - began)} ms with work still pending: ${pending.join(', ') || 'requests in flight'}`,
        byTimeout: true,
      };
    const untilDomQuiet = q && q.msSinceMutation !== null && q.msSinceMutation < DOM_QUIET_MS ? DOM_QUIET_MS - q.msSinceMutation : 0;
    const untilTimer = libraryWorking ? 0 : (q?.nextTimerMs ?? 0);
    const delay = Math.min(Math.max(untilDomQuiet, untilTimer, 10) + 5, SETTLE_LIMIT_MS - elapsed);
    await guard.race(new Promise((r) => setTimeout(r, delay)));
    await guard.race(traffic.noneInFlight());
    q = await quiet(run);
  }
  run.pendingWork = null;
  return {
    detail: waitedFor.size ? `waited ${Math.round(performance.now() - began)} ms for: ${[...waitedFor].join(', ')}` : '',
    byTimeout: false,
  };
}

async function quiet(run: RunContext): Promise<PageQuiet | null> {
  const r = await run.guard.evaluate(QUIET_EXPRESSION, 'waiting for the page to be ready');
  return (r.result?.value as PageQuiet | null | undefined) ?? null;
}
