import type { Kysely } from 'kysely';
import { precompiled } from '../db/precompiled.js';
import type { ManagedPdfsTable, RenderJobsTable, RenderOutputsTable, Tables } from '../db/tables.js';
import { newId } from '../domain/ids.js';
import { CANCELABLE_STATUSES, isTerminal } from '../domain/job-state.js';
import { buildPayload } from '../domain/payload.js';
import { secondsToPeriodEnd } from '../domain/period.js';
import { AppError } from '../errors/app-error.js';
import { newestFirst } from './pagination.js';
import type { ServiceContext } from './context.js';
import type { Deploys } from './deploys.js';
import type { Notifier } from '../notifier/notifier.js';
import type { Usage } from './usage.js';
import type { Versions } from './versions.js';

export interface CreateJobInput {
  deployId?: string;
  deployVersionId: string;
  businessKey?: string;
  payload?: unknown;
  hasPayload: boolean;
  payloadMime?: string;
  payloadBase64?: string;
  outputMode?: 'transient' | 'managed';
}

// The statements of every job's creation and long poll, built and compiled once (db/precompiled.ts).
const deployOfAccount = precompiled(['deployId', 'accountId'], (db: Kysely<Tables>, p) =>
  db.selectFrom('deploys').select('id').where('id', '=', p.deployId).where('account_id', '=', p.accountId),
);
const planOfAccount = precompiled(['accountId'], (db: Kysely<Tables>, p) =>
  db.selectFrom('accounts').select('plan_key').where('id', '=', p.accountId),
);
// Every column, checked by the compiler: a column added to the table and missing here would not compile.
const JOB_COLUMNS = Object.keys({
  id: 1,
  account_id: 1,
  deploy_id: 1,
  deploy_version_id: 1,
  deploy_version_no: 1,
  deploy_version_route: 1,
  deploy_version_title: 1,
  business_key: 1,
  payload_hash: 1,
  payload_mime: 1,
  payload_bytes: 1,
  output_mode: 1,
  queue: 1,
  status: 1,
  attempt: 1,
  requested_at: 1,
  available_at: 1,
  started_at: 1,
  finished_at: 1,
  error_code: 1,
  error_message: 1,
  lease_owner: 1,
  lease_expires_at: 1,
  render_ms: 1,
  updated_at: 1,
} satisfies Record<keyof RenderJobsTable, 1>) as (keyof RenderJobsTable)[];
const insertJob = precompiled(JOB_COLUMNS, (db: Kysely<Tables>, p) => db.insertInto('render_jobs').values(p));
const insertPayload = precompiled(['jobId', 'body'], (db: Kysely<Tables>, p) =>
  db.insertInto('render_payloads').values({ job_id: p.jobId, body_base64: p.body }),
);
const jobOfAccount = precompiled(['jobId', 'accountId'], (db: Kysely<Tables>, p) =>
  db.selectFrom('render_jobs').selectAll().where('id', '=', p.jobId).where('account_id', '=', p.accountId),
);
const outputOfJob = precompiled(['jobId'], (db: Kysely<Tables>, p) =>
  db.selectFrom('render_outputs').selectAll().where('job_id', '=', p.jobId),
);

export const jobView = (j: RenderJobsTable) => ({
  id: j.id,
  deployId: j.deploy_id,
  deployVersionId: j.deploy_version_id,
  deployVersionNo: j.deploy_version_no,
  deployVersionRoute: j.deploy_version_route,
  deployVersionTitle: j.deploy_version_title,
  businessKey: j.business_key,
  payloadHash: j.payload_hash,
  payloadMime: j.payload_mime,
  status: j.status,
  attempt: j.attempt,
  outputMode: j.output_mode,
  queue: j.queue,
  requestedAt: j.requested_at,
  ...(j.started_at !== null ? { startedAt: j.started_at } : {}),
  ...(j.finished_at !== null ? { finishedAt: j.finished_at } : {}),
  ...(j.status === 'retry_scheduled' ? { nextAttemptAt: j.available_at } : {}),
  ...(j.error_code !== null ? { errorCode: j.error_code } : {}),
  ...(j.error_message !== null ? { errorMessage: j.error_message } : {}),
});

export const outputView = (o: RenderOutputsTable) => ({
  id: o.id,
  bytes: o.bytes,
  pageCount: o.page_count,
  state: o.state,
  createdAt: o.created_at,
  ...(o.expires_at !== null ? { expiresAt: o.expires_at } : {}),
});
export const pdfEmbeddedView = (p: ManagedPdfsTable) => ({
  id: p.id,
  state: p.state,
  fileName: p.file_name,
  bytes: p.bytes,
  pageCount: p.page_count,
  createdAt: p.created_at,
});

const MAX_WAIT_SECONDS = 30;

export class RenderJobs {
  /** Set by the composition root when this process cannot render at all (no Chromium). */
  providerProblem: (() => string | null) | null = null;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly deploys: Deploys,
    private readonly versions: Versions,
    private readonly usage: Usage,
    private readonly notifier: Notifier,
  ) {}

  async create(accountId: string, input: CreateJobInput, pathDeployId?: string) {
    // An unknown (or another account's) deploy is 404 before anything about the body is judged.
    const knownDeploy = pathDeployId ?? input.deployId;
    if (knownDeploy !== undefined) await this.#requireDeploy(accountId, knownDeploy);
    if (pathDeployId !== undefined && input.deployId !== undefined && input.deployId !== pathDeployId) {
      throw new AppError('deploy_id_mismatch', `body deployId ${input.deployId} differs from the path's ${pathDeployId}`, {
        field: 'deployId',
      });
    }
    const deployId = pathDeployId ?? input.deployId;
    if (!deployId) throw new AppError('invalid_request', 'deployId is required', { field: 'deployId' });
    const problem = this.providerProblem?.();
    if (problem) throw new AppError('render_provider_unavailable', problem);
    const payload = buildPayload({
      payload: input.payload,
      hasPayload: input.hasPayload,
      payloadMime: input.payloadMime,
      payloadBase64: input.payloadBase64,
      maxBytes: this.ctx.config.maxPayloadBytes,
    });
    if (!payload.ok) {
      throw new AppError(payload.message.includes('at most') ? 'payload_too_large' : 'invalid_request', payload.message, {
        field: payload.field,
      });
    }
    const now = this.ctx.clock.now();
    const id = newId('job', now);
    const job = await this.ctx.db.transaction().execute(async (trx) => {
      const [deploy] = await deployOfAccount(this.ctx.db, { deployId, accountId }, trx);
      if (!deploy) throw new AppError('deploy_not_found', `deploy ${deployId} not found`);
      const version = await this.versions.resolve(trx, deployId, input.deployVersionId);
      const [account] = await planOfAccount(this.ctx.db, { accountId }, trx);
      if (!account) throw new Error(`account ${accountId} not found`);
      const { policy } = this.ctx.plans.get(account.plan_key);
      if (policy.maxRenderTimeMsPerBillPeriod !== null) {
        const used = await this.usage.meterValue(trx, accountId, 'render_time_ms');
        if (used >= policy.maxRenderTimeMsPerBillPeriod) {
          throw new AppError(
            'render_time_quota_exceeded',
            `the plan's ${policy.maxRenderTimeMsPerBillPeriod} ms of render time this period are used up`,
            undefined,
            {
              retryAfterSeconds: secondsToPeriodEnd(now),
            },
          );
        }
      }
      await this.usage.increment(trx, {
        accountId,
        meter: 'render_jobs',
        amount: 1,
        limit: policy.maxRenderJobsPerBillPeriod,
        errorCode: 'render_job_quota_exceeded',
      });
      const row: RenderJobsTable = {
        id,
        account_id: accountId,
        deploy_id: deployId,
        deploy_version_id: version.id,
        deploy_version_no: version.version_no,
        deploy_version_route: version.route,
        deploy_version_title: version.title,
        business_key: input.businessKey ?? id,
        payload_hash: payload.hash,
        payload_mime: payload.mime,
        payload_bytes: payload.bytes.length,
        output_mode: input.outputMode ?? 'transient',
        queue: 'default',
        status: 'queued',
        attempt: 0,
        requested_at: now,
        available_at: now,
        started_at: null,
        finished_at: null,
        error_code: null,
        error_message: null,
        lease_owner: null,
        lease_expires_at: null,
        render_ms: 0,
        updated_at: now,
      };
      await insertJob(this.ctx.db, row, trx);
      await insertPayload(this.ctx.db, { jobId: id, body: payload.bytes.toString('base64') }, trx);
      return row;
    });
    this.notifier.jobQueued(id);
    return { accepted: true, queue: job.queue, job: jobView(job) };
  }

  /** 404 unless the account has the deploy (its id is all a job creation needs to know here). */
  async #requireDeploy(accountId: string, deployId: string): Promise<void> {
    const [row] = await deployOfAccount(this.ctx.db, { deployId, accountId });
    if (!row) throw new AppError('deploy_not_found', `deploy ${deployId} not found`);
  }

  async require(accountId: string, jobId: string): Promise<RenderJobsTable> {
    const [j] = await jobOfAccount(this.ctx.db, { jobId, accountId });
    if (!j) throw new AppError('render_job_not_found', `render job ${jobId} not found`);
    return j;
  }

  /** GET job; with waitSeconds (≤ 30) answers as soon as the job is terminal or when the wait is over. */
  async get(accountId: string, jobId: string, waitSeconds = 0) {
    let job = await this.require(accountId, jobId);
    if (waitSeconds > 0 && !isTerminal(job.status)) {
      job = await this.waitForTerminal(accountId, jobId, Math.min(waitSeconds, MAX_WAIT_SECONDS) * 1000, job);
    }
    const result: { job: ReturnType<typeof jobView>; output?: ReturnType<typeof outputView>; pdf?: ReturnType<typeof pdfEmbeddedView> } = {
      job: jobView(job),
    };
    if (job.status === 'succeeded') {
      const [out] = await outputOfJob(this.ctx.db, { jobId });
      if (out && out.state === 'available') result.output = outputView(out);
      if (job.output_mode === 'managed') {
        const pdf = await this.ctx.db
          .selectFrom('managed_pdfs')
          .selectAll()
          .where('render_job_id', '=', jobId)
          .where('state', '!=', 'purged')
          .executeTakeFirst();
        if (pdf) result.pdf = pdfEmbeddedView(pdf);
      }
    }
    return result;
  }

  private waitForTerminal(accountId: string, jobId: string, ms: number, initial: RenderJobsTable): Promise<RenderJobsTable> {
    return new Promise((resolve) => {
      let latest = initial;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(poll);
        off();
        resolve(latest);
      };
      const check = async () => {
        if (done) return;
        try {
          latest = await this.require(accountId, jobId);
        } catch {
          return finish();
        }
        if (isTerminal(latest.status)) finish();
      };
      // Wall-clock timers on purpose: a long poll is transport behaviour, not a business rule.
      const timer = setTimeout(finish, ms);
      // Other processes change jobs too; a slow poll covers notifications that never reach this process.
      const poll = setInterval(check, 1000);
      const off = this.notifier.onJobChanged((id) => {
        if (id === jobId) void check();
      });
    });
  }

  async list(accountId: string, opts: { deployId?: string; status?: string; businessKey?: string; cursor?: string; limit: number }) {
    if (opts.deployId) await this.deploys.require(accountId, opts.deployId);
    let q = this.ctx.db.selectFrom('render_jobs').selectAll().where('account_id', '=', accountId);
    if (opts.deployId) q = q.where('deploy_id', '=', opts.deployId);
    if (opts.status) q = q.where('status', '=', opts.status as RenderJobsTable['status']);
    if (opts.businessKey) q = q.where('business_key', '=', opts.businessKey);
    return newestFirst(q, opts, jobView);
  }

  /**
   * queued / retry_scheduled → canceled at once; rendering → canceled, and the worker that holds the lease
   * aborts the page (it is told through the notifier, and notices on its next heartbeat otherwise).
   */
  async cancel(accountId: string, jobId: string) {
    const now = this.ctx.clock.now();
    const job = await this.ctx.db.transaction().execute(async (trx) => {
      const j = await trx
        .selectFrom('render_jobs')
        .selectAll()
        .where('id', '=', jobId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      if (!j) throw new AppError('render_job_not_found', `render job ${jobId} not found`);
      if (!CANCELABLE_STATUSES.includes(j.status))
        throw new AppError('render_job_not_cancelable', `render job ${jobId} is already ${j.status}`);
      const res = await trx
        .updateTable('render_jobs')
        .set({ status: 'canceled', finished_at: now, updated_at: now, lease_owner: null, lease_expires_at: null })
        .where('id', '=', jobId)
        .where('status', '=', j.status)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw new AppError('render_job_not_cancelable', `render job ${jobId} changed state; try again`);
      await trx.deleteFrom('render_payloads').where('job_id', '=', jobId).execute();
      return { ...j, status: 'canceled' as const, finished_at: now, updated_at: now };
    });
    this.notifier.jobChanged(jobId);
    return { job: jobView(job) };
  }
}
