// Wait conditions of a render job (`waitFor`): once the page is ready by the ready protocol (load, fonts
// and a quiet page, or folio.ready()), Folio waits until a CSS selector matches, then until a JavaScript
// expression is truthy in the page, then a fixed delay, all within the job's render timeout. For pages
// Folio cannot change (a Gotenberg client's HTML, a web page) that finish after the ready protocol would
// print them. The rules here are pure: the field's schema and bounds, a syntax check of the selector that
// never refuses a valid one, how a stored value is read back, and how each condition is named.
import { Type } from '@sinclair/typebox';

export const MAX_WAIT_SELECTOR_CHARS = 1000;
export const MAX_WAIT_EXPRESSION_CHARS = 10_000;
/** The longest render timeout a version can have (render.renderTimeoutMs), so the longest delay that can end. */
export const MAX_WAIT_DELAY_MS = 600_000;

/** A job's wait conditions, each optional; they are waited for in this order. */
export interface WaitFor {
  selector?: string;
  expression?: string;
  delayMs?: number;
}

/** `waitFor` of a job body. */
export const WaitForField = Type.Object(
  {
    selector: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: MAX_WAIT_SELECTOR_CHARS,
        description:
          'A CSS selector: Folio waits until `document.querySelector(selector)` matches an element. A selector the browser cannot parse fails the job with `render_failed` (unbalanced brackets or quotes are refused at once: 400).',
        examples: ['#chart[data-ready]'],
      }),
    ),
    expression: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: MAX_WAIT_EXPRESSION_CHARS,
        description:
          "JavaScript evaluated in the page, in the template's own realm (never on the server), every 50 ms until its value is truthy (a promise counts by what it resolves to). An exception it throws fails the job with `render_failed` naming it.",
        examples: ['window.chartDone === true'],
      }),
    ),
    delayMs: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_WAIT_DELAY_MS,
        description:
          "A fixed wait, in milliseconds, after the other conditions: less than the job's render timeout (the version's `render.renderTimeoutMs`, default 30000, at most the plan's `maxRenderTimeoutMs`), else 400.",
        examples: [500],
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Conditions to wait for after the page is ready by the ready protocol (load, fonts and a quiet page, or `folio.ready()`; the templates guide, "The ready protocol") and before it is printed, in this order: `selector` matches, `expression` is truthy, then `delayMs` passes. For pages you cannot change (a Gotenberg client\'s HTML, a web page); a template of your own should call `folio.ready()` instead. All of it counts in the render timeout: a condition still unmet when it runs out fails the job with `render_timeout_exceeded` naming it (`waitFor.selector "#done" never matched`). The job\'s diagnostics say how long each one took (`ready.detail`).',
    examples: [{ selector: '#chart-done', delayMs: 200 }],
  },
);

export interface WaitForProblem {
  field: string;
  message: string;
}

/** A selector or expression as messages show it: quoted, and cut after 200 characters. */
export function shownCondition(text: string): string {
  return JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text);
}

/**
 * A `waitFor` as given (the job body's schema already bounded the JSON API's; Gotenberg's form fields reach
 * here unchecked): its first problem, or null. `timeout` is the render timeout the delay must fit in, and
 * how a message names it.
 */
export function waitForProblem(w: WaitFor, timeout: { ms: number; named: string }): WaitForProblem | null {
  const problem = (key: keyof WaitFor, message: string) => ({ field: `waitFor.${key}`, message: `waitFor.${key} ${message}` });
  if (w.selector !== undefined) {
    if (w.selector.trim() === '') return problem('selector', 'is empty');
    if (w.selector.length > MAX_WAIT_SELECTOR_CHARS)
      return problem('selector', `has ${w.selector.length} characters; at most ${MAX_WAIT_SELECTOR_CHARS}`);
    const syntax = selectorSyntaxProblem(w.selector);
    if (syntax) return problem('selector', `${shownCondition(w.selector)} is not a valid CSS selector: ${syntax}`);
  }
  if (w.expression !== undefined) {
    if (w.expression.trim() === '') return problem('expression', 'is empty');
    if (w.expression.length > MAX_WAIT_EXPRESSION_CHARS)
      return problem('expression', `has ${w.expression.length} characters; at most ${MAX_WAIT_EXPRESSION_CHARS}`);
  }
  if (w.delayMs !== undefined) {
    if (!Number.isInteger(w.delayMs) || w.delayMs < 0)
      return problem('delayMs', `must be a whole number of milliseconds ≥ 0, got ${w.delayMs}`);
    if (w.delayMs >= timeout.ms)
      return problem('delayMs', `${w.delayMs} does not fit in ${timeout.named} of ${timeout.ms} ms: a delay that long could only time out`);
  }
  return null;
}

/**
 * What certainly makes a selector invalid, found without a CSS parser, outside strings, brackets and
 * parentheses (inside them a browser forgives much: `:is(a;b)`, an unclosed `a[href` at the end): braces
 * or a semicolon, a `)` or `]` that closes nothing, a comma with nothing before it, a comma or combinator
 * with nothing after it (`div >`, `a,`); comments count for nothing. Null does not mean valid: the browser has the last word (the job
 * fails with render_failed). Never refuses a selector Chromium accepts: compared with Chromium on 20,000
 * random selectors; test/unit/wait-for.test.ts keeps the odd-looking ones it accepts.
 */
export function selectorSyntaxProblem(selector: string): string | null {
  const closers: string[] = [];
  let quote: string | null = null;
  let first = ''; // the first and last characters at the top level that are not white space
  let last = '';
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === '\\') {
      i++; // an escape: the next character belongs to a name or a string, whatever it is
      if (closers.length === 0 && quote === null) {
        first ||= 'x';
        last = 'x';
      }
      continue;
    }
    if (quote !== null) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === '/' && selector[i + 1] === '*') {
      const end = selector.indexOf('*/', i + 2); // a comment: nothing of it counts
      if (end === -1) break;
      i = end + 1;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(') closers.push(')');
    else if (c === '[') closers.push(']');
    else if (closers.length > 0) {
      // Inside a block only its own closer ends it; a brace there starts a block of its own: stop judging.
      if (c === closers[closers.length - 1]) closers.pop();
      else if (c === '{') return null;
      continue;
    } else if (c === ')' || c === ']') return `"${c}" closes nothing`;
    else if (c === '{' || c === '}' || c === ';') return `"${c}" cannot appear in a selector outside a string`;
    if (/\s/.test(c)) continue;
    if (first === '') first = c;
    last = c;
  }
  if (first === ',') return 'it starts with a comma';
  if (quote === null && closers.length === 0 && [',', '>', '+', '~'].includes(last)) return `nothing follows the final "${last}"`;
  return null;
}

const isText = (v: unknown, max: number) => typeof v === 'string' && v.length > 0 && v.length <= max;

/** A stored `waitFor` (render_payloads.document_input_json): whether it is what a checked one looks like. */
export function isStoredWaitFor(v: unknown): v is WaitFor {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const w = v as Record<string, unknown>;
  return (
    Object.keys(w).every((k) => k === 'selector' || k === 'expression' || k === 'delayMs') &&
    (w.selector === undefined || isText(w.selector, MAX_WAIT_SELECTOR_CHARS)) &&
    (w.expression === undefined || isText(w.expression, MAX_WAIT_EXPRESSION_CHARS)) &&
    (w.delayMs === undefined || (Number.isInteger(w.delayMs) && (w.delayMs as number) >= 0))
  );
}

/** Whether a `waitFor` asks for anything (`{}` asks for nothing and is not stored). */
export const asksToWait = (w: WaitFor | undefined): w is WaitFor =>
  w !== undefined && (w.selector !== undefined || w.expression !== undefined || w.delayMs !== undefined);
