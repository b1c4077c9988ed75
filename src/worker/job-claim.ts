// Claiming: which job a worker with a free slot takes next, fair across accounts (the fewest renders
// running first, within each account's maxConcurrentRenderJobs; single jobs before batch items), and its
// lease (queued → rendering, services/jobs/job-transitions.ts).
import type { RenderJobsTable } from '../db/tables.js';
import { forUpdate } from '../db/dialect.js';
import type { ServiceContext } from '../services/context.js';
import * as q from './job-queries.js';

/**
 * The next job: among accounts with due work and free capacity, the one with the fewest renders running.
 * `spare`: the worker's slots are all taken and it claims one more job only for an account with no render
 * running anywhere (render-worker.ts), so that account does not wait for the others' jobs.
 */
export async function claimNextJob(ctx: ServiceContext, owner: string, opts: { spare?: boolean } = {}): Promise<RenderJobsTable | null> {
  const now = ctx.clock.now();
  const db = ctx.db;
  // retry_scheduled → queued once due (the interface's transition), then claim from queued.
  await q.requeueDueRetries(db, { updatedAt: now, now });
  // Per account with due work: its oldest due job, the renders it has running and its plan, in one
  // statement (this runs for every job, and again whenever a worker has a free slot).
  const candidates = await q.claimCandidates(db, { now });
  if (candidates.length === 0) return null;
  const running = new Map(candidates.map((c) => [c.account_id, Number(c.running ?? 0)]));
  const cap = new Map(
    candidates.map((c) => [c.account_id, c.plan_key === null ? undefined : ctx.plans.get(c.plan_key).policy.maxConcurrentRenderJobs]),
  );
  const eligible = candidates
    .filter((c) => {
      const limit = cap.get(c.account_id);
      const n = running.get(c.account_id) ?? 0;
      if (opts.spare && n > 0) return false;
      return limit === null || limit === undefined || n < limit;
    })
    .sort((a, b) => (running.get(a.account_id) ?? 0) - (running.get(b.account_id) ?? 0) || (a.first_id < b.first_id ? -1 : 1));
  for (const c of eligible) {
    const job = await db.transaction().execute(async (trx) => {
      // Lock the account row so two workers cannot both take its last free slot (PostgreSQL).
      await forUpdate(ctx.dialect, trx.selectFrom('accounts').select('id').where('id', '=', c.account_id)).execute();
      const limit = cap.get(c.account_id);
      if ((limit !== null && limit !== undefined) || opts.spare) {
        const [r] = await q.rendersRunning(db, { accountId: c.account_id }, trx);
        const n = Number(r?.n ?? 0);
        if ((limit !== null && limit !== undefined && n >= limit) || (opts.spare && n > 0)) return null;
      }
      // Single jobs (interactive and sync renders) before the account's batch items.
      const [single] = await q.oldestDueSingleJob(db, { accountId: c.account_id }, trx);
      const [next] = single ? [single] : await q.nextDueBatchItem(db, { accountId: c.account_id }, trx);
      if (!next) return null;
      const [leased] = await q.leaseJob(
        db,
        { startedAt: now, owner, leaseExpiresAt: now + ctx.config.workerLeaseMs, updatedAt: now, id: next.id, now },
        trx,
      );
      return leased ?? null;
    });
    if (job) {
      ctx.metrics.queueWait.observe(Math.max(0, now - job.available_at) / 1000);
      return job;
    }
  }
  return null;
}
