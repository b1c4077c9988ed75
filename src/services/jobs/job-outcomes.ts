// What a render job's end means for the account: the output and managed PDF rows, the render-time meter,
// the storage limit, the job's terminal state and its webhook event, all in one transaction per outcome.
// The worker (worker/render-worker.ts) only claims, leases, renders and reports here.
import { warningsAfterAttempt } from '../../domain/jobs/job-warnings.js';
import type { RenderDiagnostics } from '../../domain/jobs/render-diagnostics.js';
import type { JobErrorCode } from '../../domain/jobs/job-errors.js';
import { markFailed, markRetryScheduled, markSucceeded } from './job-transitions.js';
import type { Kysely, Transaction } from 'kysely';
import { attemptPrefixes, type JobAttempt } from '../../blobs/keys.js';
import { forUpdate } from '../../db/dialect.js';
import { precompiled } from '../../db/precompiled.js';
import type { RenderJobsTable, RenderOutputsTable, Tables } from '../../db/tables.js';
import { afterFailure } from '../../domain/jobs/job-state.js';
import type { Notifier } from '../../notifier/notifier.js';
import type { BatchEnded, BatchProgress } from '../batches/batch-progress.js';
import type { ServiceContext } from '../context.js';
import type { EventBus } from '../events.js';
import { jobsWithStoredInput, namesStoredInput, type JobInputs } from './job-inputs.js';
import type { PageImages, StoredPageImage } from './page-images.js';
import type { RenderedFiles } from './rendered-files.js';
import type { Usage } from '../accounts/usage.js';
import type { Webhooks } from '../webhooks.js';

type Db = Kysely<Tables>;

// Every column, checked by the compiler: a column added to the table and missing here would not compile.
const OUTPUT_COLUMNS = Object.keys({
  id: 1,
  job_id: 1,
  account_id: 1,
  storage_key: 1,
  file_name: 1,
  sha256: 1,
  bytes: 1,
  page_count: 1,
  managed: 1,
  state: 1,
  created_at: 1,
  expires_at: 1,
  deleted_at: 1,
  browser_version: 1,
} satisfies Record<keyof RenderOutputsTable, 1>) as (keyof RenderOutputsTable)[];
// Run by every successful job, so built and compiled once (db/precompiled.ts).
const insertOutput = precompiled(OUTPUT_COLUMNS, (db: Db, p) => db.insertInto('render_outputs').values(p));
// The payload row also holds the job's document input (attachments, e-invoice XML: render_payloads.
// document_input_json), so this one delete at every terminal transition removes all of the job's input; it
// answers the job's id when the row named inputs kept in the blob store, deleted after the commit.
const deletePayload = precompiled(['jobId'], (db: Db, p) =>
  db
    .deleteFrom('render_payloads')
    .where('job_id', '=', p.jobId)
    .returning(['job_id', namesStoredInput.as('stored')]),
);

/** Where a job's PDF was stored and under which names it will be recorded (decided before the render). */
export interface PlannedOutput {
  outputId: string;
  /** Set when the job keeps a managed PDF (output mode `managed`). */
  pdfId: string | null;
  storageKey: string;
  fileName: string;
  /** The account plan's storage limit at the time of the render (managed PDFs count against it). */
  storageLimitBytes: number | null;
  /** False for a job that keeps only page images: nothing was stored under storageKey (default true). */
  pdfStored?: boolean;
  /** Page images already stored (PageImages.store), recorded with the output. */
  images?: StoredPageImage[];
}

export interface RenderedPdf {
  bytes: number;
  sha256: string;
  pageCount: number;
  renderTimeMs: number;
  /** The attempt's render diagnostics (render/diagnostics.ts), stored with the outcome. */
  diagnostics?: RenderDiagnostics;
  /** The browser that printed it. */
  browserVersion?: string;
}

/** `lost`: the job was canceled or re-leased meanwhile (the PDF was discarded). */
export type SuccessOutcome = 'succeeded' | 'lost' | 'storage_limit_exceeded';

export class JobOutcomes {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly deps: {
      files: RenderedFiles;
      images: PageImages;
      usage: Usage;
      webhooks: Webhooks;
      notifier: Notifier;
      batches: BatchProgress;
      events: EventBus;
      inputs: JobInputs;
    },
  ) {}

  /**
   * Records a rendered PDF already stored under `out.storageKey`, if the job is still `rendering` under
   * `leaseOwner`. Otherwise, or past the storage limit (then the job fails with storage_limit_exceeded),
   * the stored PDF is deleted.
   */
  async succeed(
    job: RenderJobsTable,
    leaseOwner: string,
    out: PlannedOutput,
    pdf: RenderedPdf,
    /** The finish time the worker already wrote into the PDF (post-processed jobs), so both agree. */
    finishedAt?: number,
  ): Promise<SuccessOutcome> {
    const now = finishedAt ?? this.ctx.clock.now();
    const images = out.images ?? [];
    const pdfStored = out.pdfStored !== false;
    let queued = false;
    let ended: BatchEnded | null = null;
    let storedInput: string[] = [];
    const outcome = await this.ctx.db.transaction().execute(async (trx): Promise<SuccessOutcome> => {
      const current = await forUpdate(
        this.ctx.dialect,
        trx.selectFrom('render_jobs').selectAll().where('id', '=', job.id),
      ).executeTakeFirst();
      if (!current || current.status !== 'rendering' || current.lease_owner !== leaseOwner) return 'lost';
      // What a managed job keeps counts against the limit (transient outputs expire on their own).
      if (out.pdfId && out.storageLimitBytes !== null) {
        const used = await this.deps.usage.totalStorageBytes(trx, job.account_id);
        if (used + pdf.bytes + images.reduce((n, i) => n + i.bytes, 0) > out.storageLimitBytes) {
          await this.countRenderTime(trx, job.account_id, pdf.renderTimeMs);
          return 'storage_limit_exceeded';
        }
      }
      await this.recordFiles(trx, job, out, pdf, now);
      const warnings = warningsAfterAttempt(current.warnings_json, pdf.diagnostics?.warnings);
      const done = {
        ...current,
        warnings_json: warnings.length ? JSON.stringify(warnings) : null,
        status: 'succeeded' as const,
        finished_at: now,
        updated_at: now,
        lease_owner: null,
        lease_expires_at: null,
        render_ms: current.render_ms + pdf.renderTimeMs,
      };
      await markSucceeded(
        this.ctx.db,
        { finishedAt: now, updatedAt: now, renderMs: done.render_ms, warnings: done.warnings_json, id: job.id },
        trx,
      );
      if (pdf.diagnostics) await this.saveDiagnostics(trx, current, pdf.diagnostics, now);
      storedInput = jobsWithStoredInput(await deletePayload(this.ctx.db, { jobId: job.id }, trx));
      const item = await this.batchItemEnded(trx, current);
      ended = item.ended;
      if (item.itemWebhooks) queued = await this.deps.webhooks.recordTerminal(trx, done);
      // The meter last: its row is a lock every finishing job of the account takes, held until the commit.
      await this.countRenderTime(trx, job.account_id, pdf.renderTimeMs);
      return 'succeeded';
    });
    if (queued) this.deps.events.emit('webhookQueued', { jobId: job.id });
    this.deps.batches.announce(ended);
    await this.deps.inputs.discard(storedInput);
    if (outcome === 'succeeded') {
      this.ctx.metrics.renderAttempts.inc({ outcome: 'succeeded', error_code: '' });
      this.ctx.metrics.renderDuration.observe(pdf.renderTimeMs / 1000);
      this.deps.notifier.jobChanged(job.id);
      return outcome;
    }
    if (pdfStored) await this.ctx.blobs.delete(out.storageKey);
    await this.deps.images.discard(images);
    if (outcome === 'storage_limit_exceeded') {
      // The render time was already counted in the transaction above.
      const message = `storing the ${pdf.bytes}-byte PDF would pass the plan's storage limit of ${out.storageLimitBytes} bytes`;
      await this.fail(job, { code: 'storage_limit_exceeded', message, renderMs: 0 }, leaseOwner);
    }
    return outcome;
  }

  /** The files a success keeps: its page images, its output row and, for a managed job, its managed PDF. */
  private async recordFiles(
    trx: Transaction<Tables>,
    job: RenderJobsTable,
    out: PlannedOutput,
    pdf: RenderedPdf,
    now: number,
  ): Promise<void> {
    const images = out.images ?? [];
    const pdfStored = out.pdfStored !== false;
    const expiresAt = out.pdfId ? null : now + this.ctx.config.transientOutputTtlSeconds * 1000;
    await this.deps.images.record(trx, job, images, now, expiresAt);
    if (pdfStored)
      await insertOutput(
        this.ctx.db,
        {
          id: out.outputId,
          job_id: job.id,
          account_id: job.account_id,
          storage_key: out.storageKey,
          file_name: out.fileName,
          sha256: pdf.sha256,
          bytes: pdf.bytes,
          page_count: pdf.pageCount,
          managed: out.pdfId ? 1 : 0,
          state: 'available',
          created_at: now,
          expires_at: expiresAt,
          deleted_at: null,
          browser_version: pdf.browserVersion ?? null,
        },
        trx,
      );
    if (out.pdfId && pdfStored) await this.deps.files.recordManagedPdf(trx, job, { ...out, pdfId: out.pdfId }, pdf, now);
  }

  /**
   * Records a failed attempt of a job still `rendering` (under `leaseOwner`, when given): retry_scheduled for
   * retryable codes with retries left, failed otherwise. Does nothing when the job moved on meanwhile.
   * Returns whether it recorded the failure.
   */
  async fail(
    job: RenderJobsTable,
    error: { code: JobErrorCode; message: string; renderMs: number; diagnostics?: RenderDiagnostics },
    leaseOwner: string | null,
  ): Promise<boolean> {
    const now = this.ctx.clock.now();
    const { renderMs } = error;
    const o = afterFailure({ attempt: job.attempt, code: error.code, message: error.message.slice(0, 1000), now, random: Math.random() });
    let queued = false;
    let ended: BatchEnded | null = null;
    let storedInput: string[] = [];
    const recorded = await this.ctx.db.transaction().execute(async (trx) => {
      let ours = trx.selectFrom('render_jobs').selectAll().where('id', '=', job.id).where('status', '=', 'rendering');
      if (leaseOwner) ours = ours.where('lease_owner', '=', leaseOwner);
      const current = await forUpdate(this.ctx.dialect, ours).executeTakeFirst();
      if (!current) return false;
      if (renderMs > 0) await this.countRenderTime(trx, job.account_id, renderMs);
      if (error.diagnostics) await this.saveDiagnostics(trx, current, error.diagnostics, now);
      const common = { lease_owner: null, lease_expires_at: null, updated_at: now, render_ms: current.render_ms + renderMs };
      if (o.status === 'retry_scheduled') {
        await markRetryScheduled(trx, job.id, { ...common, attempt: o.attempt, available_at: o.availableAt });
        return true;
      }
      const warnings = warningsAfterAttempt(current.warnings_json, error.diagnostics?.warnings);
      const failed = {
        ...common,
        status: 'failed' as const,
        error_code: o.errorCode,
        error_message: o.errorMessage,
        finished_at: now,
        warnings_json: warnings.length ? JSON.stringify(warnings) : null,
      };
      await markFailed(trx, job.id, failed);
      storedInput = jobsWithStoredInput(await deletePayload(this.ctx.db, { jobId: job.id }, trx));
      const item = await this.batchItemEnded(trx, current);
      ended = item.ended;
      if (item.itemWebhooks) queued = await this.deps.webhooks.recordTerminal(trx, { ...current, ...failed });
      return true;
    });
    if (queued) this.deps.events.emit('webhookQueued', { jobId: job.id });
    this.deps.batches.announce(ended);
    await this.deps.inputs.discard(storedInput);
    if (recorded) this.ctx.metrics.renderAttempts.inc({ outcome: o.status, error_code: o.status === 'failed' ? o.errorCode : error.code });
    this.deps.notifier.jobChanged(job.id);
    return recorded;
  }

  /**
   * Jobs whose worker died (lease expired) count as crashed: retried or failed for good, and whatever the
   * dead attempt stored before it could record it is removed. Returns how many.
   */
  async recoverExpiredLeases(): Promise<number> {
    const stale = await this.ctx.db
      .selectFrom('render_jobs')
      .selectAll()
      .where('status', '=', 'rendering')
      .where('lease_expires_at', '<', this.ctx.clock.now())
      .limit(100)
      .execute();
    for (const job of stale) {
      const message = 'the worker rendering this job stopped (lease expired)';
      const recorded = await this.fail(job, { code: 'render_crashed', message, renderMs: 0 }, job.lease_owner);
      // Only once the crash is recorded: a slow worker's success may have committed first, and then the
      // attempt's files are its outputs. A slow worker that writes after this sweep finds its job moved
      // on (succeed answers `lost`) and deletes its own files.
      if (recorded) await this.removeAttemptFiles({ jobId: job.id, attempt: job.attempt });
    }
    // The crashed renders no longer count against their accounts' concurrency: a queued job may now be claimable.
    if (stale.length) this.deps.notifier.jobQueued(stale[0]!.id);
    return stale.length;
  }

  /**
   * Jobs canceled while they were rendering, once the lease they had has run out: by then the worker is
   * either gone or has stopped (it aborts when told of the cancel, or at its next heartbeat), so whatever
   * that attempt stored, no row names. Removes those files and clears the lease's end, which marks the job
   * swept. This covers a worker that died during the cancel; a live one also removes its own files.
   */
  async sweepCanceledAttempts(): Promise<number> {
    const due = await this.ctx.db
      .selectFrom('render_jobs')
      .select(['id', 'attempt'])
      .where('status', '=', 'canceled')
      .where('lease_expires_at', '<', this.ctx.clock.now())
      .limit(100)
      .execute();
    for (const job of due) {
      await this.removeAttemptFiles({ jobId: job.id, attempt: job.attempt });
      await this.ctx.db
        .updateTable('render_jobs')
        .set({ lease_expires_at: null })
        .where('id', '=', job.id)
        .where('status', '=', 'canceled')
        .execute();
    }
    return due.length;
  }

  /**
   * Removes every file an attempt stored (its folders, blobs/keys.ts): for an attempt that will never be
   * recorded. Best effort: a store that fails here is logged and must not hold up the caller's other work.
   */
  private async removeAttemptFiles(attempt: JobAttempt): Promise<void> {
    try {
      const keys: string[] = [];
      for (const prefix of attemptPrefixes(attempt)) for await (const o of this.ctx.blobs.list(prefix)) keys.push(o.key);
      for (const key of keys) await this.ctx.blobs.delete(key);
      if (keys.length) this.ctx.log.info({ ...attempt, files: keys.length }, 'removed the files of an unrecorded attempt');
    } catch (err) {
      this.ctx.log.warn({ err, ...attempt }, 'could not remove the files of an unrecorded attempt; they stay in the store');
    }
  }

  /** A batch item's end, told to its batch (which may end with it); single jobs send their webhook. */
  private batchItemEnded(trx: Transaction<Tables>, job: RenderJobsTable) {
    if (job.batch_id === null) return { itemWebhooks: true, ended: null };
    return this.deps.batches.itemsEnded(trx, job.batch_id);
  }

  /** The attempt's diagnostics, replacing an earlier attempt's (kept as long as the job). */
  private async saveDiagnostics(trx: Transaction<Tables>, job: RenderJobsTable, diagnostics: object, now: number): Promise<void> {
    const row = { account_id: job.account_id, attempt: job.attempt, diagnostics_json: JSON.stringify(diagnostics), created_at: now };
    await trx
      .insertInto('render_diagnostics')
      .values({ job_id: job.id, ...row })
      .onConflict((oc) => oc.column('job_id').doUpdateSet(row))
      .execute();
  }

  private async countRenderTime(trx: Transaction<Tables>, accountId: string, renderMs: number): Promise<void> {
    await this.deps.usage.increment(trx, {
      accountId,
      meter: 'render_time_ms',
      amount: renderMs,
      limit: null,
      errorCode: 'render_time_quota_exceeded',
    });
  }
}
