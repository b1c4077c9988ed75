import { addressBucket } from '../../domain/client-address.js';
import { AppError } from '../../errors/app-error.js';
import type { Config } from '../../config/load.js';
import type { ApiProcesses } from '../../services/api-processes.js';

const MAX_ADDRESSES = 50_000;

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * Failed API-key authentications per client address (FOLIO_AUTH_FAILURES_PER_MINUTE, burst
 * FOLIO_AUTH_FAILURE_BURST), so one address cannot try keys at the speed of the server. Only failures
 * are counted and only failures are refused: a request with a valid key never reaches this, so an attacker
 * sharing an address with a real client (or spraying keys from anywhere) cannot lock that client out.
 * Guessing a key is hopeless anyway (190 random bits); what this stops is the load and the noise.
 *
 * In memory, like the per-key rate limit, and shared the same way: each of N api processes allows 1/N.
 */
export class AuthFailureLimit {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly config: Config,
    private readonly processes: ApiProcesses,
  ) {}

  /** Records one failed authentication from `address`; throws auth_throttled when it was over the limit. */
  fail(address: string): void {
    const n = this.processes.count;
    const rate = this.config.authFailuresPerMinute / 60 / n;
    const cap = Math.max(1, this.config.authFailureBurst / n);
    const now = Date.now(); // bookkeeping: a per-address budget, not a rule of the account
    const key = addressBucket(address);
    let b = this.buckets.get(key);
    if (b)
      this.buckets.delete(key); // re-inserted below: the Map's order is then least recently failed first
    else b = { tokens: cap, updatedAt: now };
    this.buckets.set(key, b);
    // Bounded under address spraying by forgetting the addresses that failed longest ago (a full bucket),
    // not everything at once, which would let the addresses being throttled start afresh.
    while (this.buckets.size > MAX_ADDRESSES) this.buckets.delete(this.buckets.keys().next().value!);
    b.tokens = Math.min(cap, b.tokens + ((now - b.updatedAt) / 1000) * rate);
    b.updatedAt = now;
    if (b.tokens < 1) {
      const retry = Math.max(1, Math.ceil((1 - b.tokens) / rate));
      throw new AppError(
        'auth_throttled',
        'too many failed authentications from this address; a valid API key is still accepted',
        undefined,
        { retryAfterSeconds: retry },
      );
    }
    b.tokens -= 1;
  }
}
