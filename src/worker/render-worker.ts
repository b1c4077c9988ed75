import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { RenderJobsTable } from '../db/tables.js';
import { traceIdOf } from '../domain/tracing/traceparent.js';
import type { Notifier } from '../notifier/notifier.js';
import { failSpan } from '../observability/tracing.js';
import type { OfficeConverter } from '../office/converter.js';
import { removeLeftoverProtectFolders } from '../pdf/protect.js';
import { RenderError, type RenderResult } from '../render/types.js';
import type { ServiceContext } from '../services/context.js';
import type { JobOutcomes } from '../services/jobs/job-outcomes.js';
import { releaseJob } from '../services/jobs/job-transitions.js';
import type { PageImages } from '../services/jobs/page-images.js';
import type { PdfMerges } from '../services/pdfs/pdf-merges.js';
import {
  attemptSink,
  beginAttempt,
  discardStored,
  finish,
  handedOver,
  storedOutput,
  type Attempt,
  type FinishingDeps,
} from './finishing.js';
import { claimNextJob } from './job-claim.js';
import { jobAttributes, recordQueued, recordRender } from './job-tracing.js';
import { JobPreparation } from './job-preparation.js';
import { PartPrinter } from './part-printer.js';
import { JobParts } from '../services/jobs/job-parts.js';
import type { QueuedLanesDeps } from './producers/producer.js';
import { PollingLoop } from './polling-loop.js';
import { producerFor, type ProducerDeps, type RendererPort } from './producers/index.js';

export type { RendererPort };

interface Active {
  job: RenderJobsTable;
  abort: AbortController;
  done: Promise<void>;
  /** The render is over and its outcome is being recorded: a change to the job no longer aborts anything. */
  recording: boolean;
}

/** Job slots beyond `concurrency`, taken only by an account with no render running. */
export const SPARE_JOB_SLOTS = 1;

/**
 * Claims render jobs (fair across accounts, within each account's maxConcurrentRenderJobs), renders them
 * under a lease kept alive by a heartbeat, and hands the outcome to the JobOutcomes service. Jobs are the
 * queue: every state lives in render_jobs, so a worker that dies only loses its lease.
 */
export class RenderWorker {
  readonly id = `wrk_${os.hostname()}_${process.pid}_${randomBytes(3).toString('hex')}`;
  private readonly active = new Map<string, Active>();
  private readonly loop: PollingLoop;
  private readonly preparation: JobPreparation;
  /** What the producers (producers/) and the finishing steps (finishing.ts) reach. */
  private readonly producing: ProducerDeps;
  private readonly finishing: FinishingDeps;
  /** Long documents: this worker's share of every job's part prints, and the queue they come from. */
  private readonly jobParts: JobParts;
  private readonly partPrinter: PartPrinter;
  private readonly partLanes: QueuedLanesDeps;
  private offQueued: (() => void) | null = null;
  private offChanged: (() => void) | null = null;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly deps: {
      renderer: RendererPort;
      outcomes: JobOutcomes;
      pageImages: PageImages;
      notifier: Notifier;
      /** Resolves a PDF job's sources (managed PDFs and render outputs of its account). */
      merges: Pick<PdfMerges, 'resolve'>;
      /** Converts jobs whose entry is an Office document; null: such jobs fail with office_unavailable. */
      office?: OfficeConverter | null;
      concurrency: number;
    },
  ) {
    this.preparation = new JobPreparation(ctx);
    this.producing = { ctx, renderer: deps.renderer, office: deps.office ?? null, merges: deps.merges };
    this.finishing = { ctx, pageImages: deps.pageImages };
    this.jobParts = new JobParts(ctx);
    this.partPrinter = new PartPrinter(ctx, {
      parts: this.jobParts,
      preparation: this.preparation,
      renderer: deps.renderer,
      owner: this.id,
      changed: (jobId) => deps.notifier.jobChanged(jobId),
    });
    this.partLanes = {
      parts: this.jobParts,
      blobs: ctx.blobs,
      wake: () => deps.notifier.jobQueued('parts'),
      changed: (jobId, ms) => changeOf(deps.notifier, jobId, ms),
    };
    this.loop = new PollingLoop({ name: 'claim', log: ctx.log, intervalMs: () => ctx.config.workerPollMs, step: () => this.claimStep() });
  }

  start(): void {
    if (this.loop.running) return;
    // Passwords of an encryption a killed process left behind (pdf/protect.ts) do not stay on disk.
    void removeLeftoverProtectFolders().catch(() => {});
    this.offQueued = this.deps.notifier.onJobQueued(() => this.loop.wake());
    // A cancel from the API aborts the page at once when it happens in this process.
    this.offChanged = this.deps.notifier.onJobChanged((jobId) => {
      const a = this.active.get(jobId);
      if (a && !a.recording) void this.checkCanceled(a);
    });
    this.loop.start();
  }

  /** Stops claiming; lets running renders finish within graceMs; releases the rest back to the queue. */
  async stop(graceMs: number): Promise<void> {
    this.offQueued?.();
    this.offChanged?.();
    await this.loop.stop();
    const all = Promise.all([...this.active.values()].map((a) => a.done));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((r) => (timer = setTimeout(r, graceMs)))]);
    clearTimeout(timer);
    for (const a of this.active.values()) {
      a.abort.abort(new RenderError('render_canceled', 'worker shutting down'));
      await releaseJob(this.ctx.db, { id: a.job.id, owner: this.id, availableAt: this.ctx.clock.now(), now: this.ctx.clock.now() });
    }
    await all;
  }

  get activeCount(): number {
    return this.active.size;
  }

  /**
   * One round of the loop: claim a job when a slot is free; true when another slot is still free. With
   * every slot taken, one spare slot (SPARE_JOB_SLOTS) takes a job of an account that has no render running:
   * one account's hanging or heavy jobs never make another account wait for them. The renderer and the
   * Office pool each keep one more slot for it (app.ts, office-pool.ts).
   */
  private async claimStep(): Promise<boolean> {
    const { concurrency } = this.deps;
    // A long document's part prints first: the job they belong to already holds a slot and waits for them.
    if (this.partPrinter.active < concurrency && (await this.partPrinter.claimAndStart(() => this.loop.wake()))) return true;
    if (this.active.size >= concurrency + SPARE_JOB_SLOTS) return false;
    const job = await this.claim(this.active.size >= concurrency);
    if (!job) return false;
    this.startJob(job);
    return this.active.size < concurrency + SPARE_JOB_SLOTS;
  }

  /** Picks the next job and leases it to this worker (job-claim.ts), telling the job's watchers. */
  async claim(spare = false): Promise<RenderJobsTable | null> {
    const job = await claimNextJob(this.ctx, this.id, { spare });
    if (job) this.deps.notifier.jobChanged(job.id);
    return job;
  }

  private startJob(job: RenderJobsTable): void {
    const abort = new AbortController();
    const entry: Active = { job, abort, done: Promise.resolve(), recording: false };
    this.active.set(job.id, entry);
    this.ctx.metrics.rendersInProgress.inc();
    entry.done = this.process(entry)
      .catch((err) => this.ctx.log.error({ err, jobId: job.id }, 'job processing failed'))
      .finally(() => {
        this.ctx.metrics.rendersInProgress.dec();
        this.active.delete(job.id);
        // After the turn that answers whoever waits on this job (a long poll is woken by jobChanged), so
        // looking for the next job does not delay that answer.
        setImmediate(() => this.loop.wake());
      });
  }

  private async checkCanceled(a: Active): Promise<void> {
    const row = await this.ctx.db.selectFrom('render_jobs').select(['status', 'lease_owner']).where('id', '=', a.job.id).executeTakeFirst();
    if (!row || row.status !== 'rendering' || row.lease_owner !== this.id)
      a.abort.abort(new RenderError('render_canceled', 'job canceled'));
  }

  /**
   * One attempt of a claimed job: prepare → producer → finishing steps → record, as the spans of the job's
   * trace (job-tracing.ts).
   */
  private async process(a: Active): Promise<void> {
    const { job } = a;
    const { tracing } = this.ctx;
    await tracing.inSpan('folio.job.attempt', { parent: job.trace_parent, attributes: jobAttributes(job) }, async (span) => {
      recordQueued(tracing, job, span);
      const traceId = span ? span.spanContext().traceId : traceIdOf(job.trace_parent);
      const log = this.ctx.log.child({ jobId: job.id, deployId: job.deploy_id, attempt: job.attempt, ...(traceId ? { traceId } : {}) });
      const heartbeat = this.keepLease(a, log);
      const started = Date.now();
      let attempt: Attempt | null = null;
      try {
        const prepared = await tracing.inSpan('folio.job.prepare', {}, () => this.preparation.prepare(job, a.abort.signal));
        const producer = producerFor(prepared);
        attempt = beginAttempt(job, prepared, producer, a.abort.signal);
        let progressed = Promise.resolve();
        const parts = {
          deps: this.partLanes,
          attempt: job.attempt,
          // One update after another, in order: the last one is awaited before the job records its success.
          progress: (n: number) => (progressed = progressed.then(() => this.jobParts.progress(job.id, n)).catch(() => {})),
        };
        const sink = attemptSink(attempt, this.finishing);
        const produced = await tracing.inSpan('folio.render', { attributes: { 'folio.producer': producer.kind } }, async (s) => {
          const r = await producer.produce(prepared, sink, { ...this.producing, parts });
          recordRender(tracing, s, r, Date.now());
          return r;
        });
        const result = await finish(attempt, produced, this.finishing);
        if (traceId && result.diagnostics) result.diagnostics.traceId = traceId;
        await this.recordSuccess(a, attempt, result, log);
      } catch (err) {
        if (!(err instanceof RenderError && err.code === 'render_canceled')) failSpan(span, err);
        if (attempt) await discardStored(attempt, this.finishing);
        await this.recordFailure(job, err, Date.now() - started, log, traceId);
      } finally {
        clearInterval(heartbeat);
      }
    });
  }

  /**
   * Extends the job's lease every third of it; aborts the attempt when the update matches nothing (the job
   * was canceled or its lease taken over).
   */
  private keepLease(a: Active, log: Logger): NodeJS.Timeout {
    const beat = async () => {
      try {
        const res = await this.ctx.db
          .updateTable('render_jobs')
          .set({ lease_expires_at: this.ctx.clock.now() + this.ctx.config.workerLeaseMs })
          .where('id', '=', a.job.id)
          .where('lease_owner', '=', this.id)
          .where('status', '=', 'rendering')
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) a.abort.abort(new RenderError('render_canceled', 'job canceled or lease lost'));
      } catch (err) {
        log.warn({ err }, 'heartbeat failed');
      }
    };
    return setInterval(() => void beat(), Math.max(200, Math.floor(this.ctx.config.workerLeaseMs / 3)));
  }

  private async recordSuccess(a: Active, attempt: Attempt, result: RenderResult, log: Logger): Promise<void> {
    const { job } = a;
    if (result.diagnostics) result.diagnostics.timings.queued = queuedMs(job);
    // From here a cancel is decided by the success transaction (it checks status and lease).
    a.recording = true;
    const outcome = await this.deps.outcomes.succeed(job, this.id, storedOutput(attempt), result, attempt.finishedAt);
    handedOver(attempt);
    if (outcome === 'lost') log.info('job was canceled or re-leased while rendering; discarding the output');
    else if (outcome === 'succeeded') {
      const blocked = result.blocked.length ? { blocked: result.blocked } : {};
      log.info({ bytes: result.bytes, pages: result.pageCount, ms: result.renderTimeMs, ...blocked }, 'render succeeded');
    }
  }

  /**
   * An attempt that ended without a success: a cancel ends it quietly, a renderer that cannot start puts the
   * job back, and anything else is the job's failure (retried or for good, domain/jobs/job-state.ts).
   */
  private async recordFailure(job: RenderJobsTable, err: unknown, renderMs: number, log: Logger, traceId: string | null): Promise<void> {
    const known = err instanceof RenderError ? err : null;
    const code = known?.code ?? 'render_failed';
    if (code === 'render_canceled') {
      log.info('render aborted (canceled or shutting down)');
      return;
    }
    if (code === 'render_provider_unavailable') {
      // Not the job's fault: put it back and let a healthy worker (or this one, later) take it.
      log.error({ err }, 'renderer unavailable; releasing job');
      await releaseJob(this.ctx.db, { id: job.id, owner: this.id, availableAt: this.ctx.clock.now() + 5000, now: this.ctx.clock.now() });
      return;
    }
    // Only a RenderError's message is written for the template's author. Anything else is the server's own
    // failure (the blob store, the database): its text may name paths, hosts or SQL, so the job says that
    // much and the log keeps the error for the operator.
    const message = known?.message ?? `an internal error stopped this render (the server's log has it under job ${job.id})`;
    if (!known) log.error({ err }, 'unexpected render error');
    else log.info({ code, message }, 'render failed');
    const diagnostics = known?.diagnostics;
    if (diagnostics) diagnostics.timings.queued = queuedMs(job);
    if (diagnostics && traceId) diagnostics.traceId = traceId;
    await this.deps.outcomes.fail(job, { code, message, renderMs, diagnostics }, this.id);
  }
}

/** Resolves when the job changes (notifier), or after `ms`. */
function changeOf(notifier: Notifier, jobId: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      off();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const off = notifier.onJobChanged((id) => {
      if (id === jobId) done();
    });
  });
}

/** Queue wait of an attempt: from when it was due to its claim (updated_at). */
function queuedMs(job: RenderJobsTable): number {
  return Math.max(0, job.updated_at - job.available_at);
}
