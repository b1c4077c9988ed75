// The queue of a long document's part prints (render_job_parts, migration 025; docs/long-documents.md):
// the job's own worker writes one phase's rows and waits for them (worker/producers/part-lanes.ts); any
// worker with a free render slot takes a queued row of a job still rendering, prints it under a lease and
// records what it found (worker/part-printer.ts). Every statement on the table is here.
import type { RenderJobPartsTable } from '../../db/tables.js';
import type { ServiceContext } from '../context.js';

export type PartPhase = RenderJobPartsTable['phase'];

/** Times a part is taken again after its print failed in a way another try may mend (a crash, a lost lease). */
export const MAX_PART_ATTEMPTS = 3;

export class JobParts {
  constructor(private readonly ctx: ServiceContext) {}

  /**
   * Queues one phase's prints of the job's run `runId` (one producer's work on the job). The drafts first
   * remove whatever another run of the job left (a worker that lost the job to this one).
   */
  async queue(jobId: string, runId: string, phase: PartPhase, specs: unknown[]): Promise<void> {
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction().execute(async (trx) => {
      const stale = trx.deleteFrom('render_job_parts').where('job_id', '=', jobId);
      await (phase === 'draft' ? stale : stale.where('phase', '=', phase).where('run_id', '=', runId)).execute();
      for (let start = 0; start < specs.length; start += 200)
        await trx
          .insertInto('render_job_parts')
          .values(
            specs.slice(start, start + 200).map((spec, i) => ({
              job_id: jobId,
              run_id: runId,
              phase,
              part_index: start + i,
              status: 'queued' as const,
              attempt: 0,
              spec_json: JSON.stringify(spec),
              created_at: now,
            })),
          )
          .execute();
    });
  }

  /** The oldest queued part print of a job that is still rendering, leased to `owner`; null when none. */
  async claim(owner: string): Promise<RenderJobPartsTable | null> {
    const now = this.ctx.clock.now();
    for (let tries = 0; tries < 3; tries++) {
      const next = await this.ctx.db
        .selectFrom('render_job_parts as p')
        .innerJoin('render_jobs as j', 'j.id', 'p.job_id')
        .select(['p.job_id', 'p.phase', 'p.part_index'])
        .where('p.status', '=', 'queued')
        .where('j.status', '=', 'rendering')
        .orderBy('p.created_at')
        .orderBy('p.part_index')
        .limit(1)
        .executeTakeFirst();
      if (!next) return null;
      // Two workers may pick the same row: the update decides, and the loser looks again.
      const leased = await this.ctx.db
        .updateTable('render_job_parts')
        .set((eb) => ({
          status: 'printing',
          lease_owner: owner,
          lease_expires_at: now + this.ctx.config.workerLeaseMs,
          attempt: eb('attempt', '+', 1),
        }))
        .where('job_id', '=', next.job_id)
        .where('phase', '=', next.phase)
        .where('part_index', '=', next.part_index)
        .where('status', '=', 'queued')
        .returningAll()
        .executeTakeFirst();
      if (leased) return leased;
    }
    return null;
  }

  /** Extends a print's lease; false when the row is no longer this owner's (the job ended or moved on). */
  async keep(row: PartKey, owner: string): Promise<boolean> {
    const r = await this.#own(
      this.ctx.db.updateTable('render_job_parts').set({ lease_expires_at: this.ctx.clock.now() + this.ctx.config.workerLeaseMs }),
      row,
      owner,
    ).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Records a finished print; false when the row is no longer this owner's (what it stored must go). */
  async done(row: PartKey, owner: string, pages: number, result: unknown): Promise<boolean> {
    const r = await this.#own(
      this.ctx.db
        .updateTable('render_job_parts')
        .set({ status: 'done', pages, result_json: JSON.stringify(result), lease_owner: null, lease_expires_at: null }),
      row,
      owner,
    ).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** A print that failed: queued again when another try may mend it (and tries are left), else failed. */
  async failed(row: RenderJobPartsTable, owner: string, code: string, message: string, retryable: boolean): Promise<void> {
    const again = retryable && row.attempt < MAX_PART_ATTEMPTS;
    await this.#own(
      this.ctx.db
        .updateTable('render_job_parts')
        .set(
          again
            ? { status: 'queued', lease_owner: null, lease_expires_at: null }
            : { status: 'failed', error_code: code, error_message: message.slice(0, 1000), lease_owner: null, lease_expires_at: null },
        ),
      row,
      owner,
    ).execute();
  }

  /** One phase's rows of a run in part order; prints whose worker stopped renewing their lease are queued again first. */
  async phase(jobId: string, runId: string, phase: PartPhase): Promise<RenderJobPartsTable[]> {
    const now = this.ctx.clock.now();
    const stale = (q: ReturnType<typeof this.ctx.db.updateTable<'render_job_parts'>>) =>
      q
        .where('job_id', '=', jobId)
        .where('run_id', '=', runId)
        .where('phase', '=', phase)
        .where('status', '=', 'printing')
        .where('lease_expires_at', '<', now);
    await stale(this.ctx.db.updateTable('render_job_parts'))
      .set({
        status: 'failed',
        error_code: 'render_crashed',
        error_message: `the worker printing this part stopped, ${MAX_PART_ATTEMPTS} times`,
        lease_owner: null,
        lease_expires_at: null,
      })
      .where('attempt', '>=', MAX_PART_ATTEMPTS)
      .execute();
    await stale(this.ctx.db.updateTable('render_job_parts')).set({ status: 'queued', lease_owner: null, lease_expires_at: null }).execute();
    return this.ctx.db
      .selectFrom('render_job_parts')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('phase', '=', phase)
      .orderBy('part_index')
      .execute();
  }

  /** The pages of final prints done so far, shown on the job (render_jobs.pages_done). */
  async progress(jobId: string, pagesDone: number | null): Promise<void> {
    await this.ctx.db
      .updateTable('render_jobs')
      .set({ pages_done: pagesDone })
      .where('id', '=', jobId)
      .where('status', '=', 'rendering')
      .execute();
  }

  /**
   * Part prints whose job is no longer rendering: its worker died before removing them (the stored final
   * PDFs sit in the attempt's folder, which lease recovery empties). Resolves how many were removed.
   */
  async sweep(): Promise<number> {
    const r = await this.ctx.db
      .deleteFrom('render_job_parts')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('render_jobs')
              .select('id')
              .whereRef('render_jobs.id', '=', 'render_job_parts.job_id')
              .where('render_jobs.status', '=', 'rendering'),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Removes a run's part prints (the producer's work on the job ended). */
  async remove(jobId: string, runId: string): Promise<void> {
    await this.ctx.db.deleteFrom('render_job_parts').where('job_id', '=', jobId).where('run_id', '=', runId).execute();
  }

  /** Whether the job is still rendering (a part's printer stops when it is not). */
  async jobRendering(jobId: string): Promise<boolean> {
    const row = await this.ctx.db.selectFrom('render_jobs').select('status').where('id', '=', jobId).executeTakeFirst();
    return row?.status === 'rendering';
  }

  #own<Q extends { where: (...a: never[]) => Q }>(q: Q, row: PartKey, owner: string): Q {
    const w = q as unknown as { where: (c: string, op: string, v: unknown) => unknown };
    let out = w.where('job_id', '=', row.job_id) as typeof w;
    out = out.where('phase', '=', row.phase) as typeof w;
    out = out.where('part_index', '=', row.part_index) as typeof w;
    out = out.where('lease_owner', '=', owner) as typeof w;
    // The claim's token: a print the row was taken from (its lease ran out) and given again, even to the
    // same worker, matches no more.
    out = out.where('attempt', '=', row.attempt) as typeof w;
    return out.where('status', '=', 'printing') as unknown as Q;
  }
}

export type PartKey = Pick<RenderJobPartsTable, 'job_id' | 'phase' | 'part_index' | 'attempt'>;
