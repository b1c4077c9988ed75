// Gotenberg's wait fields of the Chromium routes as a job's `waitFor` (domain/jobs/wait-for.ts): `waitDelay`
// (a Go duration: `1s`, `500ms`, `1.5s`) is `delayMs`, `waitForExpression` is `expression` (Gotenberg's
// rule kept: a value that is undefined fails at once, as a thrown exception does, instead of being waited
// for until the render timeout) and `waitForSelector` is `selector`. An empty value is Gotenberg's "not set".
// The bounds (lengths, a delay within the render timeout) are the job's own, checked when the job is created
// and named by these fields. Pure.
import { parseGoDuration } from './go-duration.js';
import type { WaitFor } from '../jobs/wait-for.js';

export const GOTENBERG_WAIT_FIELDS = {
  waitDelay: 'delayMs',
  waitForExpression: 'expression',
  waitForSelector: 'selector',
} as const satisfies Record<string, keyof WaitFor>;

export type GotenbergWaitField = keyof typeof GOTENBERG_WAIT_FIELDS;

export const isGotenbergWaitField = (name: string): name is GotenbergWaitField => Object.hasOwn(GOTENBERG_WAIT_FIELDS, name);

/** What Folio says when Gotenberg's expression is undefined (the job's failure names it after `threw:`). */
export const UNDEFINED_EXPRESSION = 'the expression returned undefined';

/**
 * Gotenberg's expression, evaluated as Folio evaluates one (a promise by what it resolves to, polled until
 * truthy), but throwing when its value is undefined. On lines of its own, so a trailing comment stays
 * one; a trailing semicolon is dropped (an expression, as Gotenberg documents it, not a script).
 */
function definedExpression(expression: string): string {
  const bare = expression.trim().replace(/;+$/, '');
  return `(async (v) => { v = await v; if (v === undefined) throw new Error('${UNDEFINED_EXPRESSION}'); return v; })((\n${bare}\n))`;
}

/** Adds one wait field of a form to `into.waitFor`, or answers why not (naming the field). */
export function addGotenbergWait(
  into: { waitFor?: WaitFor },
  name: GotenbergWaitField,
  value: string,
): { problem: { field: string; message: string } } | null {
  if (value === '') return null;
  if (name !== 'waitDelay') {
    into.waitFor = { ...into.waitFor, [GOTENBERG_WAIT_FIELDS[name]]: name === 'waitForExpression' ? definedExpression(value) : value };
    return null;
  }
  // A plain number is seconds (`5`): what older Gotenberg docs and clients send; Go's parser would refuse it.
  const ms = /^\d+(\.\d+)?$/.test(value) ? Math.ceil(Number(value) * 1000) : parseGoDuration(value);
  if (ms === null || ms < 0)
    return {
      problem: {
        field: name,
        message: `${name}: must be a duration such as 500ms, 1s, 1.5s or 2m (Go's duration format), or a number of seconds, got ${JSON.stringify(value)}`,
      },
    };
  into.waitFor = { ...into.waitFor, delayMs: ms };
  return null;
}

/** The form field a refusal of `waitFor.<key>` came from (`waitFor.delayMs` → `waitDelay`), or null. */
export function gotenbergWaitFieldOf(field: string): GotenbergWaitField | null {
  for (const [form, key] of Object.entries(GOTENBERG_WAIT_FIELDS)) if (field === `waitFor.${key}`) return form as GotenbergWaitField;
  return null;
}
