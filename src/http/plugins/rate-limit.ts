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

  private async limitsFor(accountId: string): Promise<{ perSecond: number; burst: number }> {
    const now = Date.now();
    let cached = this.planCache.get(accountId);
    if (!cached || cached.until < now) {
      const row = await this.ctx.db.selectFrom('accounts').select('plan_key').where('id', '=', accountId).executeTakeFirst();
      cached = { plan: row?.plan_key ?? 'free', until: now + 5000 };
      this.planCache.set(accountId, cached);
    }
    const plan = this.ctx.plans.get(cached.plan);
    return plan.rateLimit ?? { perSecond: this.ctx.config.rateLimitPerSecond, burst: this.ctx.config.rateLimitBurst };
  }

  async check(principal: Principal, reply: FastifyReply): Promise<void> {
    const { perSecond, burst } = await this.limitsFor(principal.accountId);
    const id = principal.keyId ?? `acct:${principal.accountId}`;
    const now = Date.now();
    const b = this.buckets.get(id) ?? { tokens: burst, updatedAt: now };
    b.tokens = Math.min(burst, b.tokens + ((now - b.updatedAt) / 1000) * perSecond);
    b.updatedAt = now;
    if (this.buckets.size > 50_000) this.buckets.clear();
    this.buckets.set(id, b);
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
