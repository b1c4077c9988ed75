// The traceparent of the work this code runs for (a request, a job's attempt), carried through its async
// calls so that whatever the work creates -- a job, a batch's items -- stores the trace to continue,
// with tracing on or off (observability/tracing.ts). Set by http/request-tracing.ts for a request's handler.
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<string | null>();

/** Runs fn with `traceparent` as the current one. */
export const runWithTraceparent = <T>(traceparent: string | null, fn: () => T): T => scope.run(traceparent, fn);

/** The traceparent of the work running now; null outside one, or when it has none. */
export const currentTraceparent = (): string | null => scope.getStore() ?? null;
