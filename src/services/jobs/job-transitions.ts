// The one writer of render_jobs.status: every transition of a job's state is a statement of this module,
// so the state machine of domain/jobs/job-state.ts has one home in SQL too.
//
//   queued ──lease──▶ rendering ──succeed──▶ succeeded
//     ▲  ▲                │ ├──fail (retryable)──▶ retry_scheduled ──due──▶ queued
//     │  └───release──────┘ └──fail──▶ failed
//   queued / retry_scheduled / rendering ──cancel (by job, by batch, by deploy)──▶ canceled
//
// The worker's hot statements (lease, success) are built and compiled once (db/precompiled.ts). The three
// cancels share one rule (`JobCancels`): the payloads go, the batches they end are ended, and after the
// commit every canceled job is announced (its long polls and the worker holding it) and every ended batch
// announced (the webhook dispatcher or the combiner).
import type { Kysely, Transaction } from 'kysely';
import { precompiled } from '../../db/precompiled.js';
import type { Tables } from '../../db/tables.js';
import type { JobErrorCode } from '../../domain/jobs/job-errors.js';
import { CANCELABLE_STATUSES, type JobStatus } from '../../domain/jobs/job-state.js';
import type { Notifier } from '../../notifier/notifier.js';
import type { BatchEnded, BatchProgress } from '../batches/batch-progress.js';
import type { ServiceContext } from '../context.js';
import { jobsWithStoredInput, namesStoredInput, type JobInputs } from './job-inputs.js';

type Db = Kysely<Tables>;

/** retry_scheduled → queued once due. */
export const requeueDueRetries = precompiled(['updatedAt', 'now'], (db: Db, p) =>
  db
    .updateTable('render_jobs')
    .set({ status: 'queued', updated_at: p.updatedAt })
    .where('status', '=', 'retry_scheduled')
    .where('available_at', '<=', p.now),
);

/**
 * queued → rendering under a worker's lease; no row when another worker was faster, or when the job is not
 * due yet (a job released because the renderer was unavailable waits: the account's next claim waits with it).
 */
export const leaseJob = precompiled(['startedAt', 'owner', 'leaseExpiresAt', 'updatedAt', 'id', 'now'], (db: Db, p) =>
  db
    .updateTable('render_jobs')
    .set((eb) => ({
      status: 'rendering',
      started_at: eb.fn.coalesce('started_at', eb.val(p.startedAt)),
      lease_owner: p.owner,
      lease_expires_at: p.leaseExpiresAt,
      updated_at: p.updatedAt,
    }))
    .where('id', '=', p.id)
    .where('status', '=', 'queued')
    .where('available_at', '<=', p.now)
    .returningAll(),
);

/** rendering → queued, due at `availableAt`: the worker gives a job back (shutting down, no renderer). */
export async function releaseJob(db: Db, p: { id: string; owner: string; availableAt: number; now: number }): Promise<void> {
  await db
    .updateTable('render_jobs')
    .set({ status: 'queued', lease_owner: null, lease_expires_at: null, available_at: p.availableAt, updated_at: p.now })
    .where('id', '=', p.id)
    .where('lease_owner', '=', p.owner)
    .where('status', '=', 'rendering')
    .execute();
}

/** rendering → succeeded (in the success transaction of services/jobs/job-outcomes.ts). */
export const markSucceeded = precompiled(['finishedAt', 'updatedAt', 'renderMs', 'warnings', 'id'], (db: Db, p) =>
  db
    .updateTable('render_jobs')
    .set({
      status: 'succeeded',
      finished_at: p.finishedAt,
      updated_at: p.updatedAt,
      lease_owner: null,
      lease_expires_at: null,
      render_ms: p.renderMs,
      warnings_json: p.warnings,
    })
    .where('id', '=', p.id),
);

interface Released {
  lease_owner: null;
  lease_expires_at: null;
  updated_at: number;
  render_ms: number;
}

/** rendering → retry_scheduled (a retryable failure with retries left). */
export async function markRetryScheduled(
  trx: Transaction<Tables>,
  id: string,
  p: Released & { attempt: number; available_at: number },
): Promise<void> {
  await trx
    .updateTable('render_jobs')
    .set({ ...p, status: 'retry_scheduled' })
    .where('id', '=', id)
    .execute();
}

/** rendering → failed, for good. */
export async function markFailed(
  trx: Transaction<Tables>,
  id: string,
  p: Released & { error_code: JobErrorCode; error_message: string; finished_at: number },
): Promise<void> {
  await trx
    .updateTable('render_jobs')
    .set({ ...p, status: 'failed' })
    .where('id', '=', id)
    .execute();
}

/** Which jobs a cancel takes: one job (in the status it was read in), a batch's unfinished items, a deploy's queued jobs. */
export type CancelScope =
  { jobId: string; accountId: string; fromStatus: JobStatus } | { batchId: string; accountId: string } | { deployId: string };

/** What a committed cancel must announce. */
export interface CancelEffects {
  jobIds: string[];
  ended: BatchEnded[];
  /** The jobs whose deleted payload rows named inputs kept in the blob store (services/jobs/job-inputs.ts). */
  storedInput: string[];
}

export class JobCancels {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly deps: { notifier: Notifier; batches: BatchProgress; inputs: JobInputs },
  ) {}

  /**
   * Inside a transaction: the jobs of `scope` → canceled. The lease's owner goes (a worker still rendering
   * can record nothing more) and the lease's end stays (once it has passed, the janitor removes what the
   * attempt stored: JobOutcomes.sweepCanceledAttempts). Their payloads are deleted; each batch they belong
   * to is told its items ended (which may end it). Call `announce` with the result after the commit.
   */
  async cancelIn(trx: Transaction<Tables>, scope: CancelScope): Promise<CancelEffects> {
    const now = this.ctx.clock.now();
    let q = trx.updateTable('render_jobs').set({ status: 'canceled', finished_at: now, updated_at: now, lease_owner: null });
    if ('jobId' in scope)
      q = q.where('id', '=', scope.jobId).where('account_id', '=', scope.accountId).where('status', '=', scope.fromStatus);
    else if ('batchId' in scope)
      q = q
        .where('batch_id', '=', scope.batchId)
        .where('account_id', '=', scope.accountId)
        .where('status', 'in', [...CANCELABLE_STATUSES]);
    // A deploy's rendering jobs finish: their outputs stay, as for any job whose version is deleted after it started.
    else q = q.where('deploy_id', '=', scope.deployId).where('status', 'in', ['queued', 'retry_scheduled']);
    // RETURNING names exactly the rows this statement changed (a job that ended meanwhile is not one).
    const rows = await q.returning(['id', 'batch_id']).execute();
    if (rows.length === 0) return { jobIds: [], ended: [], storedInput: [] };
    const ids = rows.map((r) => r.id);
    const storedInput: string[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const deleted = await trx
        .deleteFrom('render_payloads')
        .where('job_id', 'in', ids.slice(i, i + 500))
        .returning(['job_id', namesStoredInput.as('stored')])
        .execute();
      storedInput.push(...jobsWithStoredInput(deleted));
    }
    const ended: BatchEnded[] = [];
    for (const batchId of new Set(rows.flatMap((r) => (r.batch_id === null ? [] : [r.batch_id])))) {
      await trx.updateTable('render_batches').set({ updated_at: now }).where('id', '=', batchId).execute();
      const e = (await this.deps.batches.itemsEnded(trx, batchId)).ended;
      if (e) ended.push(e);
    }
    return { jobIds: ids, ended, storedInput };
  }

  /**
   * After the commit: each ended batch is announced (its webhook or its product), each canceled job too (a
   * worker rendering it aborts the page; long polls answer; telling the others is harmless). The inputs
   * kept in the blob store are deleted meanwhile (best effort, nothing waits for it: the sweep is the net).
   */
  announce(effects: CancelEffects): void {
    for (const e of effects.ended) this.deps.batches.announce(e);
    for (const id of effects.jobIds) this.deps.notifier.jobChanged(id);
    if (effects.storedInput.length) void this.deps.inputs.discard(effects.storedInput);
  }
}
