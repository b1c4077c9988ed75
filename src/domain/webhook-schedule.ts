// Webhook delivery rules (interface "Events", decisions.md "Webhooks"). Pure: the dispatcher applies them.

/** Delay before attempt n (1-based): immediate, 15 s, 60 s, 5 min, 15 min, 30 min — about 51 minutes in all. */
export const ATTEMPT_DELAYS_MS = [0, 15_000, 60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000];
export const MAX_ATTEMPTS = ATTEMPT_DELAYS_MS.length;
export const RETRY_AFTER_CAP_MS = 60 * 60_000;
export const REQUEST_TIMEOUT_MS = 10_000;

export type AttemptResult =
  { kind: 'response'; status: number; retryAfter?: string | null } | { kind: 'network_error' | 'timeout' | 'blocked'; message: string };

export type Next = { status: 'delivered' } | { status: 'failed'; reason: string } | { status: 'pending'; nextAttemptAt: number };

/** Parses Retry-After (delta seconds or an HTTP-date) into milliseconds from now, capped at 1 h; null if absent or invalid. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (!value) return null;
  const v = value.trim();
  let ms: number;
  if (/^\d+$/.test(v)) ms = Number(v) * 1000;
  else {
    const at = Date.parse(v);
    if (Number.isNaN(at)) return null;
    ms = Math.max(0, at - now);
  }
  return Math.min(ms, RETRY_AFTER_CAP_MS);
}

const retryableStatus = (s: number) => s === 408 || s === 429 || s >= 500;

/** What follows attempt `attempt` (1-based) with this result. */
export function nextAfterAttempt(attempt: number, result: AttemptResult, now: number): Next {
  if (result.kind === 'response' && result.status >= 200 && result.status < 300) return { status: 'delivered' };
  if (result.kind === 'blocked') return { status: 'failed', reason: result.message };
  if (result.kind === 'response' && !retryableStatus(result.status)) {
    return {
      status: 'failed',
      reason: `receiver answered ${result.status}${result.status >= 300 && result.status < 400 ? ' (redirects are not followed)' : ''}`,
    };
  }
  if (attempt >= MAX_ATTEMPTS) return { status: 'failed', reason: `no 2xx after ${MAX_ATTEMPTS} attempts` };
  const retryAfter = result.kind === 'response' ? parseRetryAfter(result.retryAfter, now) : null;
  return { status: 'pending', nextAttemptAt: now + (retryAfter ?? ATTEMPT_DELAYS_MS[attempt]) };
}
