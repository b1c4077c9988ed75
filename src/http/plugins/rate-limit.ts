import type { FastifyReply } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import { ApiProcesses } from '../../services/api-processes.js';
import type { Principal, ServiceContext } from '../../services/context.js';
import { ALL_ACCOUNTS } from '../../notifier/notifier.js';

/** Where the limiter learns an account's plan: the Accounts service (`services.accounts`). */
export interface AccountPlans {
  /** The account's plan key; undefined when there is no such account. */
  planKeyOf(accountId: string): Promise<string | undefined>;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * Per-API-key token bucket (default 50 req/s, burst 100; a plan may set its own `rateLimit`), shared
 * across api processes by division: each of the N processes that serve API traffic (ApiProcesses, a
 * heartbeat row per process) refills its bucket at rate/N up to burst/N. Behind a balancer that spreads
 * requests evenly the sum is the configured rate; the hot path stays in memory (docs/architecture.md,
 * "Decision: rate limits across api processes", has the measurements and the alternative).
 *
 * The account's plan is cached for a few seconds to keep this off the database; a plan change drops it
 * at once through the notifier (NOTIFY on PostgreSQL, the auth_changes poll everywhere).
 *
 * Time comes from the injected clock (`ctx.clock`: the system clock in production), so tests move time
 * instead of waiting for tokens to come back. Time that runs backwards (a clock set back) refills nothing
 * and takes nothing.
 */
export class RateLimiter {
  readonly processes: ApiProcesses;
  private readonly buckets = new Map<string, Bucket>();
  private readonly planCache = new Map<string, { plan: string; until: number }>();
  /** Bumped on every plan change we hear of: a load that raced one does not cache the old plan. */
  private planChanges = 0;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly accounts: AccountPlans,
    /** This process's heartbeat among the api processes (built by services/index.ts). */
    processes: ApiProcesses = new ApiProcesses(ctx),
  ) {
    this.processes = processes;
  }

  /** Drops a cached plan (or all of them with ALL_ACCOUNTS) after a plan change. */
  forgetPlan(accountId: string): void {
    this.planChanges++;
    if (accountId === ALL_ACCOUNTS) this.planCache.clear();
    else this.planCache.delete(accountId);
  }

  /**
   * Takes one token from the key's bucket, or throws rate_limited. Synchronous while the account's plan is
   * cached (almost every request): a promise and its microtasks were a measurable share of a cached read.
   */
  check(principal: Principal, reply: FastifyReply): void | Promise<void> {
    this.processes.markActive();
    const cached = this.planCache.get(principal.accountId);
    if (cached && cached.until >= this.ctx.clock.now()) return this.take(principal, reply, cached.plan);
    return this.loadPlan(principal.accountId).then((plan) => this.take(principal, reply, plan));
  }

  private async loadPlan(accountId: string): Promise<string> {
    const changesBefore = this.planChanges;
    const plan = (await this.accounts.planKeyOf(accountId)) ?? 'free';
    if (this.planChanges === changesBefore) this.planCache.set(accountId, { plan, until: this.ctx.clock.now() + 5000 });
    return plan;
  }

  private take(principal: Principal, reply: FastifyReply, planKey: string): void {
    const { perSecond, burst } = this.ctx.plans.get(planKey).rateLimit ?? {
      perSecond: this.ctx.config.rateLimitPerSecond,
      burst: this.ctx.config.rateLimitBurst,
    };
    // This process's share. A burst below one request would refuse everything: keep at least one.
    const n = this.processes.count;
    const rate = perSecond / n;
    const cap = Math.max(1, burst / n);
    const id = principal.keyId ?? `acct:${principal.accountId}`;
    const now = this.ctx.clock.now();
    let b = this.buckets.get(id);
    if (!b) {
      if (this.buckets.size > 50_000) this.buckets.clear();
      b = { tokens: cap, updatedAt: now };
      this.buckets.set(id, b);
    }
    b.tokens = Math.min(cap, b.tokens + (Math.max(0, now - b.updatedAt) / 1000) * rate);
    b.updatedAt = now;
    // Headers speak of the whole limit (what the client was sold), estimated from this process's share.
    reply.header('ratelimit-limit', String(burst));
    if (b.tokens < 1) {
      const retry = Math.max(1, Math.ceil((1 - b.tokens) / rate));
      reply.header('ratelimit-remaining', '0');
      reply.header('ratelimit-reset', String(retry));
      throw new AppError('rate_limited', `rate limit of ${perSecond} requests/s (burst ${burst}) exceeded for this API key`, undefined, {
        retryAfterSeconds: retry,
      });
    }
    b.tokens -= 1;
    reply.header('ratelimit-remaining', String(Math.min(burst, Math.floor(b.tokens * n))));
    reply.header('ratelimit-reset', String(Math.max(0, Math.ceil((cap - b.tokens) / rate))));
  }
}
