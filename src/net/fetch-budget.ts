// Byte budgets of the resources Folio fetches for a rendering page (allowExternalNetwork, URL sources).
// Three limits, all counted as bytes arrive, so a response is cut off the moment it passes one and nothing
// is buffered past it:
//  - one resource: its decoded body, and its bytes on the wire, each at most `resourceBytes`;
//  - one job (a page run): the decoded bytes of all its responses together at most `jobBytes`; concurrent
//    fetches of the job share it, and what a response took stays taken (it was fetched: a page cannot
//    have Folio fetch again and again what it was refused);
//  - the process: the decoded bytes its fetches of all jobs hold at once (from the first byte until the
//    body was handed to Chromium, or the fetch failed) at most the pool's limit. A fetch that would pass it
//    fails at once instead of waiting: bytes arrive in chunks of unknown number, so fetches that wait for
//    room while holding part of their body could all wait for each other.
import { NetError } from './net-error.js';

export type { FetchLimit } from './net-error.js';

const MiB = 1024 * 1024;

/** A byte count as people read it: whole MiB when it is one, else KiB, else bytes. */
export function shownBytes(n: number): string {
  if (n >= MiB && n % MiB === 0) return `${n / MiB} MiB`;
  if (n >= MiB) return `${(n / MiB).toFixed(1)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

/** The decoded bytes that the fetches of all jobs of this process hold at once. */
export class FetchPool {
  #held = 0;

  constructor(readonly limitBytes: number) {}

  get held(): number {
    return this.#held;
  }

  /** Takes n bytes when the pool stays within its limit (true); otherwise takes nothing (false). */
  take(n: number): boolean {
    if (this.#held + n > this.limitBytes) return false;
    this.#held += n;
    return true;
  }

  give(n: number): void {
    this.#held = Math.max(0, this.#held - n);
  }
}

export interface FetchLimits {
  /** One response: decoded bytes, and bytes on the wire. */
  resourceBytes: number;
  /** All responses of one job, decoded. */
  jobBytes: number;
}

/**
 * The defaults (FOLIO_MAX_FETCHED_*): a real document's images, fonts and styles come to a few MiB, a
 * photo-heavy one to tens. The pool bounds what fetches hold at once; the process's memory for them is a
 * few times that at the moment a body is handed to Chromium (as base64, in one CDP message).
 */
export const DEFAULT_FETCH_LIMITS: FetchLimits & { inFlightBytes: number } = {
  resourceBytes: 16 * MiB,
  jobBytes: 64 * MiB,
  inFlightBytes: 256 * MiB,
};

/** The fetches of one page run: they share its budget, and draw on the process's pool. */
export class JobFetchBudget {
  #used = 0;

  constructor(
    readonly limits: FetchLimits,
    readonly pool: FetchPool,
  ) {}

  /** Decoded bytes the job's fetches took so far. */
  get used(): number {
    return this.#used;
  }

  /** A meter for one response of the job. */
  meter(): ResponseMeter {
    return new ResponseMeter(this, (n) => {
      if (this.#used + n > this.limits.jobBytes) return false;
      this.#used += n;
      return true;
    });
  }
}

/**
 * One response's bytes, counted as they arrive. wire() and decoded() throw a NetError (fetch_budget) when the
 * bytes would pass a limit (and then take nothing); the caller aborts the response. release() gives the
 * pool back what the response holds: call it once its body is handed on or dropped.
 */
export class ResponseMeter {
  #wire = 0;
  #decoded = 0;
  #held = 0;
  #released = false;

  constructor(
    private readonly budget: JobFetchBudget,
    private readonly takeFromJob: (n: number) => boolean,
  ) {}

  /** Decoded bytes of this response so far. */
  get decodedBytes(): number {
    return this.#decoded;
  }

  /** Bytes of the body as they came over the wire (before content-encoding is undone). */
  wire(n: number): void {
    const limit = this.budget.limits.resourceBytes;
    if (this.#wire + n > limit)
      throw new NetError('fetch_budget', `over the ${shownBytes(limit)} limit of one fetched resource`, { limit: 'resource' });
    this.#wire += n;
  }

  /** Bytes of the decoded body: the resource's limit, then the job's budget, then the process's pool. */
  decoded(n: number): void {
    const { limits, pool } = this.budget;
    if (this.#released) throw new Error('the response meter was released');
    if (this.#decoded + n > limits.resourceBytes)
      throw new NetError('fetch_budget', `over the ${shownBytes(limits.resourceBytes)} limit of one fetched resource`, {
        limit: 'resource',
      });
    if (!pool.take(n))
      throw new NetError(
        'fetch_budget',
        `over the ${shownBytes(pool.limitBytes)} that Folio's fetches of all jobs may hold at once; try again later`,
        { limit: 'process' },
      );
    if (!this.takeFromJob(n)) {
      pool.give(n);
      throw new NetError('fetch_budget', `over the ${shownBytes(limits.jobBytes)} budget of fetched resources for one job`, {
        limit: 'job',
      });
    }
    this.#held += n;
    this.#decoded += n;
  }

  /** Counts a body of `total` decoded bytes, of which decoded() has not seen all (a fetch that does not meter). */
  atLeast(total: number): void {
    if (total > this.#decoded) this.decoded(total - this.#decoded);
  }

  /** Gives the pool back what this response holds. Idempotent. */
  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.budget.pool.give(this.#held);
    this.#held = 0;
  }
}
