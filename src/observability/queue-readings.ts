// The database reads behind the scrape-time gauges of the render queue's waits and the webhook outbox's
// backlog (metrics.ts, QueueReadings). Each is one or two aggregate statements over unfinished rows only, on
// the indexes the queue and the dispatcher use (render_jobs_queue: status, available_at; webhook_events_due:
// status, next_attempt_at), so a scrape costs the same with a million finished jobs as with none.
import type { Db } from '../db/database.js';
import type { Clock } from '../domain/clock.js';
import { ACCOUNT_WAIT_SECONDS, type JobWaits, type QueueReadings, type WebhookBacklog } from './metrics.js';

/** Waiting to be claimed: queued, or retry_scheduled (claimable too once due: the claim requeues it first). */
const WAITING_STATUSES = ['queued', 'retry_scheduled'] as const;

/** The readings of this database, at the clock's now. */
export function queueReadings(db: Db, clock: Clock): QueueReadings {
  return {
    jobWaits: () => jobWaits(db, clock.now()),
    webhookBacklog: () => webhookBacklog(db, clock.now()),
  };
}

const seconds = (ms: number) => Math.max(0, ms) / 1000;

/** A MIN or SUM as the driver returns it (PostgreSQL: a string for bigint and numeric), as a number or null. */
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * The oldest claimable job's age, from when it became claimable (`available_at`: its creation, or its retry
 * falling due; a job a worker gave back waits until its own `available_at`), and the accounts with one
 * claimable for over ACCOUNT_WAIT_SECONDS, split by whether the account has a render running.
 */
async function jobWaits(db: Db, now: number): Promise<JobWaits> {
  const oldest = await db
    .selectFrom('render_jobs')
    .select((eb) => eb.fn.min('available_at').as('at'))
    .where('status', 'in', WAITING_STATUSES)
    .where('available_at', '<=', now)
    .executeTakeFirst();
  const accounts = db
    .selectFrom('render_jobs as q')
    .select((eb) => [
      'q.account_id',
      eb
        .exists(
          eb
            .selectFrom('render_jobs as r')
            .select('r.id')
            .whereRef('r.account_id', '=', 'q.account_id')
            .where('r.status', '=', 'rendering'),
        )
        .as('running'),
    ])
    .where('q.status', 'in', WAITING_STATUSES)
    .where('q.available_at', '<=', now - ACCOUNT_WAIT_SECONDS * 1000)
    .groupBy('q.account_id');
  const rows = await db
    .selectFrom(accounts.as('w'))
    .select((eb) => ['w.running', eb.fn.countAll().as('n')])
    .groupBy('w.running')
    .execute();
  const accountsWaiting = { none: 0, some: 0 };
  // SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
  for (const r of rows) accountsWaiting[Number(r.running) ? 'some' : 'none'] += Number(r.n);
  const at = num(oldest?.at);
  return { oldestSeconds: at === null ? 0 : seconds(now - at), accountsWaiting };
}

/** Pending events (neither delivered nor given up), due or waiting for a later attempt, and their oldest ages. */
async function webhookBacklog(db: Db, now: number): Promise<WebhookBacklog> {
  const row = await db
    .selectFrom('webhook_events')
    .select((eb) => {
      const due = eb('next_attempt_at', '<=', now);
      return [
        eb.fn.countAll().as('pending'),
        eb.fn.sum(eb.case().when(due).then(eb.lit(1)).else(eb.lit(0)).end()).as('due'),
        eb.fn.min('occurred_at').as('oldest'),
        eb.fn.min(eb.case().when(due).then(eb.ref('next_attempt_at')).end()).as('oldest_due'),
      ];
    })
    .where('status', '=', 'pending')
    .executeTakeFirst();
  const pending = num(row?.pending) ?? 0;
  const due = num(row?.due) ?? 0;
  const oldest = num(row?.oldest);
  const oldestDue = num(row?.oldest_due);
  return {
    due,
    waiting: pending - due,
    oldestPendingSeconds: oldest === null ? 0 : seconds(now - oldest),
    oldestDueSeconds: oldestDue === null ? 0 : seconds(now - oldestDue),
  };
}
