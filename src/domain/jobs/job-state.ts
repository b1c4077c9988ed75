// The render job state machine and retry policy (interface "States and transitions", decisions.md
// "Render jobs"). Pure: services apply the results in transactions.
import { isRetryable, type JobErrorCode } from './job-errors.js';

export type JobStatus = 'queued' | 'rendering' | 'succeeded' | 'retry_scheduled' | 'failed' | 'canceled';

export const TERMINAL_STATUSES: readonly JobStatus[] = ['succeeded', 'failed', 'canceled'];
export const UNFINISHED_STATUSES: readonly JobStatus[] = ['queued', 'rendering', 'retry_scheduled'];
export const CANCELABLE_STATUSES: readonly JobStatus[] = ['queued', 'retry_scheduled', 'rendering'];

export const isTerminal = (s: JobStatus) => TERMINAL_STATUSES.includes(s);

/** At most 2 retries, after ~5 s and ~30 s. */
export const RETRY_DELAYS_MS = [5_000, 30_000];

export type FailureOutcome =
  | { status: 'retry_scheduled'; attempt: number; availableAt: number }
  | { status: 'failed'; attempt: number; errorCode: JobErrorCode; errorMessage: string };

/**
 * What happens after attempt `attempt` (0-based) failed with `code`. `random` in [0,1) adds ±20 % jitter
 * so a burst of crashed jobs does not retry in lockstep.
 */
export function afterFailure(input: { attempt: number; code: JobErrorCode; message: string; now: number; random: number }): FailureOutcome {
  if (isRetryable(input.code)) {
    if (input.attempt < RETRY_DELAYS_MS.length) {
      const base = RETRY_DELAYS_MS[input.attempt];
      const jitter = base * 0.2 * (input.random * 2 - 1);
      return { status: 'retry_scheduled', attempt: input.attempt + 1, availableAt: input.now + Math.round(base + jitter) };
    }
    return {
      status: 'failed',
      attempt: input.attempt,
      errorCode: 'render_retry_limit_exceeded',
      errorMessage: `gave up after ${input.attempt + 1} attempts; last error ${input.code}: ${input.message}`,
    };
  }
  return { status: 'failed', attempt: input.attempt, errorCode: input.code, errorMessage: input.message };
}
