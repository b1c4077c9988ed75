import type { FastifyReply } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import type { Principal, ServiceContext } from '../../services/context.js';

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * Per-API-key token bucket (default 50 req/s, burst 100; a plan may set its own `rateLimit`). In-process:
 * with N api processes behind a balancer a key gets up to N times the rate, which docs/operations.md
 * states. The account's plan is cached for a few seconds to keep this off the database.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly planCache = new Map<string, { plan: string; until: number }>();

  constructor(private readonly ctx: ServiceContext) {}

  /**
   * Takes one token from the key's bucket, or throws rate_limited. Synchronous while the account's plan is
   * cached (almost every request): a promise and its microtasks were a measurable share of a cached read.
   */
  check(principal: Principal, reply: FastifyReply): void | Promise<void> {
    const cached = this.planCache.get(principal.accountId);
    if (cached && cached.until >= Date.now()) return this.take(principal, reply, cached.plan);
    return this.loadPlan(principal.accountId).then((plan) => this.take(principal, reply, plan));
  }

  private async loadPlan(accountId: string): Promise<string> {
    const row = await this.ctx.db.selectFrom('accounts').select('plan_key').where('id', '=', accountId).executeTakeFirst();
    const plan = row?.plan_key ?? 'free';
    this.planCache.set(accountId, { plan, until: Date.now() + 5000 });
    return plan;
  }

  private take(principal: Principal, reply: FastifyReply, planKey: string): void {
    const { perSecond, burst } = this.ctx.plans.get(planKey).rateLimit ?? { perSecond: this.ctx.config.rateLimitPerSecond, burst: this.ctx.config.rateLimitBurst };
    const id = principal.keyId ?? `acct:${principal.accountId}`;
    const now = Date.now();
    let b = this.buckets.get(id);
    if (!b) {
      if (this.buckets.size > 50_000) this.buckets.clear();
      b = { tokens: burst, updatedAt: now };
      this.buckets.set(id, b);
    }
    b.tokens = Math.min(burst, b.tokens + ((now - b.updatedAt) / 1000) * perSecond);
    b.updatedAt = now;
    const resetSeconds = Math.ceil((burst - b.tokens) / perSecond);
    reply.header('ratelimit-limit', String(burst));
    if (b.tokens < 1) {
      const retry = Math.max(1, Math.ceil((1 - b.tokens) / perSecond));
      reply.header('ratelimit-remaining', '0');
      reply.header('ratelimit-reset', String(retry));
      throw new AppError('rate_limited', `rate limit of ${perSecond} requests/s (burst ${burst}) exceeded for this API key`, undefined, { 'retry-after': String(retry) });
    }
    b.tokens -= 1;
    reply.header('ratelimit-remaining', String(Math.floor(b.tokens)));
    reply.header('ratelimit-reset', String(Math.max(0, resetSeconds)));
  }
}
