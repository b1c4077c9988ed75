// The synchronous render (POST /v1/render): a normal render job, created by RenderJobs.create,
// waited for with the long poll of RenderJobs (without its 30 s cap, bounded by the version's render
// timeout), and answered with the output. This file holds only what is particular to waiting here: the
// bound, the set of waits a shutdown releases, and what a finished job is served as.
import type { Kysely, Transaction } from 'kysely';
import type { RenderJobsTable, Tables } from '../../db/tables.js';
import { isTerminal } from '../../domain/jobs/job-state.js';
import { renderTimeoutMs } from '../../domain/jobs/render-timeout.js';
import { AppError } from '../../errors/app-error.js';
import type { ServiceContext } from '../context.js';
import type { Deploys } from '../deploys/deploys.js';
import type { RenderJobs } from './render-jobs.js';
import type { Versions } from '../deploys/versions.js';

/** How long past the render timeout a synchronous render may wait (claiming, post-processing, storing). */
export const SYNC_WAIT_MARGIN_SECONDS = 10;
export const DEFAULT_SYNC_WAIT_SECONDS = 60;

/** What a succeeded job's PDF is served from. */
export interface SyncOutput {
  storageKey: string;
  fileName: string;
  sha256: string;
  bytes: number;
  pageCount: number;
}

export class RenderSync {
  readonly #waits = new Set<AbortController>();
  #closed = false;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly deploys: Deploys,
    private readonly versions: Versions,
    private readonly jobs: RenderJobs,
  ) {}

  /**
   * The longest wait a body may ask for: the render timeout of the version it names (capped by the plan)
   * plus the margin. 404 for a deploy or version the account lacks, before anything is created.
   */
  async maxWaitSeconds(accountId: string, deployId: string | undefined, deployVersionId: string | undefined): Promise<number> {
    let versionTimeout: number | null = null;
    if (deployId !== undefined) {
      await this.deploys.require(accountId, deployId);
      if (deployVersionId !== undefined) {
        const db = this.ctx.db as Kysely<Tables>;
        const version = await this.versions.resolve(db as unknown as Transaction<Tables>, deployId, deployVersionId);
        const row = await this.ctx.db
          .selectFrom('deploy_versions')
          .select('render_timeout_ms')
          .where('id', '=', version.id)
          .executeTakeFirst();
        versionTimeout = row?.render_timeout_ms ?? null;
      }
    }
    const account = await this.ctx.db.selectFrom('accounts').select('plan_key').where('id', '=', accountId).executeTakeFirst();
    const planMax = account ? this.ctx.plans.get(account.plan_key).policy.maxRenderTimeoutMs : null;
    const timeout = renderTimeoutMs(versionTimeout, planMax);
    return Math.ceil(timeout / 1000) + SYNC_WAIT_MARGIN_SECONDS;
  }

  /**
   * The wait of a body: `waitSeconds` as given (400 naming it past the bound of the body's version), or
   * the default (60 s, or the bound when that is lower).
   */
  async waitOf(accountId: string, body: { deployId?: string; deployVersionId?: string }, waitSeconds: number | undefined): Promise<number> {
    const max = await this.maxWaitSeconds(accountId, body.deployId, body.deployVersionId);
    if (waitSeconds === undefined) return Math.min(DEFAULT_SYNC_WAIT_SECONDS, max);
    if (waitSeconds > max)
      throw new AppError(
        'invalid_request',
        `waitSeconds must be at most ${max} (the version's render timeout plus ${SYNC_WAIT_MARGIN_SECONDS} s)`,
        { field: 'waitSeconds' },
      );
    return waitSeconds;
  }

  /**
   * The job once terminal, or as it is when `seconds` pass, `signal` aborts (the client went away) or the
   * service closes. Nothing is left behind: the job itself runs on regardless.
   */
  async wait(accountId: string, jobId: string, seconds: number, signal?: AbortSignal): Promise<RenderJobsTable> {
    const job = await this.jobs.require(accountId, jobId);
    if (isTerminal(job.status) || seconds <= 0 || this.#closed) return job;
    const ac = new AbortController();
    const onAbort = () => ac.abort();
    signal?.addEventListener('abort', onAbort);
    if (signal?.aborted) ac.abort();
    this.#waits.add(ac);
    try {
      return await this.jobs.waitForTerminal(accountId, jobId, seconds * 1000, job, ac.signal);
    } finally {
      this.#waits.delete(ac);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** The stored PDF of a succeeded job; 404 once its output was deleted or expired. */
  async output(jobId: string): Promise<SyncOutput> {
    const o = await this.ctx.db.selectFrom('render_outputs').selectAll().where('job_id', '=', jobId).executeTakeFirst();
    if (!o || o.state !== 'available') throw new AppError('render_output_not_found', `the output of render job ${jobId} was deleted`);
    return { storageKey: o.storage_key, fileName: o.file_name, sha256: o.sha256, bytes: o.bytes, pageCount: o.page_count };
  }

  /** How many requests are waiting now (for tests and metrics). */
  get waiting(): number {
    return this.#waits.size;
  }

  /** Shutdown: every wait answers now (with the job as it is), and no new one starts. */
  close(): void {
    this.#closed = true;
    for (const ac of this.#waits) ac.abort();
    this.#waits.clear();
  }
}
