// A job's wait conditions (`waitFor`, domain/jobs/wait-for.ts), the page run's side: once the page is ready
// (ready-wait.ts), wait until the selector matches, then until the expression is truthy, then the delay.
// The page is asked every POLL_MS; the expression is the customer's own code and runs in the page, in the
// template's realm (Runtime.evaluate in the main world), never in Node. Every wait is raced against the
// run's guard (deadline, cancellation, crash). The condition being waited for is kept on the run
// (`unmetCondition`), so a timeout names it; each one met is added to diagnostics.ready.detail with its time.
import type { Protocol } from 'devtools-protocol';
import { asksToWait, shownCondition } from '../domain/jobs/wait-for.js';
import { printCheckOf } from './print-checks.js';
import { FAILURE_EXPRESSION } from './ready-protocol.js';
import { pageFailed } from './run-guard.js';
import type { PrintCheck, RunContext } from './run-context.js';
import { RenderError } from './types.js';

/** How often the page is asked whether a condition is met. */
export const POLL_MS = 50;
/** The remote objects the expression's values are held in, released once the wait is over. */
const OBJECT_GROUP = 'folio-wait-for';

/** Waits for the job's conditions, if it has any; then reads the page's failure and print check again. */
export async function waitForConditions(run: RunContext): Promise<void> {
  const w = run.req.waitFor;
  if (!asksToWait(w)) return;
  const { guard, diagnostics } = run;
  const done = (what: string) => {
    if (diagnostics.ready) diagnostics.ready.detail = `${diagnostics.ready.detail ?? ''}; then ${what}`;
  };
  try {
    if (w.selector !== undefined) {
      const selector = w.selector;
      const ms = await poll(run, `waitFor.selector ${shownCondition(selector)} never matched`, () => selectorMatches(run, selector));
      done(`waited for selector ${shownCondition(selector)} (${ms} ms)`);
    }
    if (w.expression !== undefined) {
      const expression = w.expression;
      const ms = await poll(run, `waitFor.expression ${shownCondition(expression)} never became truthy`, () =>
        expressionTruthy(run, expression),
      );
      done(`waited for expression ${shownCondition(expression)} (${ms} ms)`);
    }
    if (w.delayMs !== undefined && w.delayMs > 0) {
      run.unmetCondition = `waitFor.delayMs (${w.delayMs} ms) had not passed`;
      await guard.race(pause(run, w.delayMs));
      done(`waited ${w.delayMs} ms (waitFor.delayMs)`);
    }
  } finally {
    run.session.cdp.send('Runtime.releaseObjectGroup', { objectGroup: OBJECT_GROUP }, 2000).catch(() => {});
  }
  run.unmetCondition = null;
  // The page may have changed meanwhile: what it started loading is waited for, and whether it called
  // folio.fail() and what its print check says are read again, together.
  await guard.race(run.traffic.noneInFlight());
  const late = await guard.evaluate(`({ failure: ${FAILURE_EXPRESSION}, check: ${printCheckOf(run)} })`, 'checking the page after waitFor');
  const value = late.result?.value as { failure?: unknown; check?: PrintCheck } | undefined;
  if (typeof value?.failure === 'string') throw pageFailed(value.failure);
  run.printCheck = value?.check ?? null;
}

/** Asks `met` every POLL_MS until it answers true; returns how long that took (ms). */
async function poll(run: RunContext, unmet: string, met: () => Promise<boolean>): Promise<number> {
  const began = performance.now();
  run.unmetCondition = unmet;
  while (!(await met())) await run.guard.race(pause(run, POLL_MS));
  return Math.round(performance.now() - began);
}

/**
 * Resolves after `ms`; once the run is over (failed, canceled, ended) its timer is cleared and it never
 * settles, so the guard's race answers with the run's failure and no timer outlives the job.
 */
function pause(run: RunContext, ms: number): Promise<void> {
  const { signal } = run.guard;
  return new Promise((resolve) => {
    if (signal.aborted) return;
    const stop = () => clearTimeout(timer);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });
}

async function selectorMatches(run: RunContext, selector: string): Promise<boolean> {
  const expression = `(() => { try { return { found: document.querySelector(${JSON.stringify(selector)}) !== null }; } catch (e) { return { invalid: String((e && e.message) || e) }; } })()`;
  const r = await run.guard.evaluate(expression, 'waiting for waitFor.selector');
  const value = r.result?.value as { found?: boolean; invalid?: string } | undefined;
  if (value?.invalid !== undefined)
    throw new RenderError(
      'render_failed',
      `waitFor.selector ${shownCondition(selector)} is not a valid CSS selector: ${value.invalid.slice(0, 300)}`,
    );
  return value?.found === true;
}

async function expressionTruthy(run: RunContext, expression: string): Promise<boolean> {
  const { guard, session } = run;
  let r: Protocol.Runtime.EvaluateResponse;
  try {
    // Not returned by value: the expression may yield an element or another object that cannot be copied.
    // silent: its exceptions are the job's failure, not the page's console errors.
    r = await guard.race(
      session.cdp.send(
        'Runtime.evaluate',
        { expression, awaitPromise: true, returnByValue: false, objectGroup: OBJECT_GROUP, silent: true },
        0,
      ),
    );
  } catch (err) {
    throw await guard.failureOf(err, 'evaluating waitFor.expression');
  }
  if (r.exceptionDetails) {
    const d = r.exceptionDetails;
    const text = (d.exception?.description ?? d.exception?.value ?? d.text ?? 'an exception').toString().split('\n')[0];
    throw new RenderError('render_failed', `waitFor.expression ${shownCondition(expression)} threw: ${text.slice(0, 300)}`);
  }
  return isTruthy(r.result);
}

/** JavaScript's truthiness of an evaluated value, as CDP describes it. */
export function isTruthy(o: Protocol.Runtime.RemoteObject): boolean {
  switch (o.type) {
    case 'undefined':
      return false;
    case 'boolean':
      return o.value === true;
    case 'number':
      return o.unserializableValue !== undefined ? o.unserializableValue !== 'NaN' && o.unserializableValue !== '-0' : o.value !== 0;
    case 'string':
      return o.value !== '';
    case 'bigint':
      return o.unserializableValue !== '0n';
    case 'object':
      return o.subtype !== 'null';
    default:
      return true; // functions and symbols
  }
}
