// The traceparent of the request this code runs for, carried through its async calls so that whatever the
// request creates -- a job, a batch's items -- stores the trace to continue, with tracing on or off
// (observability/tracing.ts). Set by http/request-tracing.ts for every request's handler (null: none);
// work outside a request (the worker, the janitor) passes its parents explicitly.
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<string | null>();

/** Runs fn with `traceparent` as the current one. */
export const runWithTraceparent = <T>(traceparent: string | null, fn: () => T): T => scope.run(traceparent, fn);

/** The traceparent of the work running now; null outside one, or when it has none. */
export const currentTraceparent = (): string | null => scope.getStore() ?? null;
