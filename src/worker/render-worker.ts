import { enforceFailOn } from './fail-on.js';
import { releaseJob } from '../services/job-transitions.js';
import { PollingLoop } from './polling-loop.js';
import os from 'node:os';
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { RenderJobsTable } from '../db/tables.js';
import { removeLeftoverProtectFolders } from '../pdf/protect.js';
import { countPdfPages } from '../render/page-count.js';
import { RenderError, type RenderRequest, type RenderResult } from '../render/types.js';
import type { ServiceContext } from '../services/context.js';
import type { JobOutcomes } from '../services/job-outcomes.js';
import type { PageImages, StoredPageImage } from '../services/page-images.js';
import type { Notifier } from '../notifier/notifier.js';
import { collectPdf, finishDocument } from './document-step.js';
import { drawPageImages } from './page-images-step.js';
import { JobPreparation } from './job-preparation.js';
import { claimNextJob } from './job-claim.js';
import { runPdfJobSources } from './producers/existing-pdfs.js';
import type { PdfMerges } from '../services/pdf-merges.js';
import type { OfficeConverter } from '../office/converter.js';
import { convertOfficeEntry } from './producers/office-conversion.js';
import { withFilledWordTemplate } from './producers/word-template.js';

export interface RendererPort {
  render(req: RenderRequest, sink: (pdf: Readable) => Promise<void>): Promise<RenderResult>;
}

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
   * The page printed by the renderer, or an Office entry converted by LibreOffice: a Word template's entry
   * first filled from the payload in the sandbox (worker/producers/word-template.ts).
   */
  private async print(
    prepared: Awaited<ReturnType<JobPreparation['prepare']>>,
    sink: (pdf: Readable) => Promise<void>,
  ): Promise<RenderResult> {
    if (!prepared.office) return this.deps.renderer.render(prepared.request, sink);
    const request = prepared.wordTemplate ? await withFilledWordTemplate(this.ctx.sandbox, prepared.request) : prepared.request;
    return convertOfficeEntry(this.deps.office ?? null, request, prepared.office.options, sink);
  }

  private async process(a: Active): Promise<void> {
    const { job } = a;
    const log = this.ctx.log.child({ jobId: job.id, deployId: job.deploy_id, attempt: job.attempt });
    const heartbeat = setInterval(
      async () => {
        try {
          const res = await this.ctx.db
            .updateTable('render_jobs')
            .set({ lease_expires_at: this.ctx.clock.now() + this.ctx.config.workerLeaseMs })
            .where('id', '=', job.id)
            .where('lease_owner', '=', this.id)
            .where('status', '=', 'rendering')
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) === 0) a.abort.abort(new RenderError('render_canceled', 'job canceled or lease lost'));
        } catch (err) {
          log.warn({ err }, 'heartbeat failed');
        }
      },
      Math.max(200, Math.floor(this.ctx.config.workerLeaseMs / 3)),
    );
    const started = Date.now();
    // What this attempt has stored so far. Until JobOutcomes has taken them over (succeed() records them,
    // or deletes them itself when the job moved on), an attempt that ends any other way deletes them.
    let storedKey: string | null = null;
    let images: StoredPageImage[] = [];
    try {
      const prepared = await this.preparation.prepare(job, a.abort.signal);
      const { storageKey } = prepared.output;
      let result: RenderResult;
      let finishedAt: number | undefined;
      if (prepared.post === null) {
        // A plain job: the PDF streams from Chromium straight into the blob store.
        result = await this.print(prepared, async (pdf) => {
          await this.ctx.blobs.put(storageKey, pdf);
          storedKey = storageKey;
        });
        enforceFailOn(job.warnings_json, result.diagnostics, prepared.failOn);
      } else {
        let printed: Buffer | null = null;
        let post = prepared.post;
        let rendered: RenderResult;
        if (prepared.pdfJob) {
          // A PDF job prints no page: its sources are joined and stepped; optimize stays for the document step.
          const joined = await runPdfJobSources(this.ctx, this.deps.merges, {
            accountId: job.account_id,
            sources: prepared.pdfJob.sources,
            steps: (post.steps ?? []).filter((s) => s.type !== 'optimize'),
            timeoutMs: prepared.request.timeoutMs,
            maxOutputBytes: prepared.request.maxOutputBytes,
            nowMs: this.ctx.clock.now(),
          });
          printed = joined.pdf;
          rendered = joined.result;
          post = { ...post, steps: (post.steps ?? []).filter((s) => s.type === 'optimize') };
        } else
          rendered = await this.print(prepared, async (pdf) => {
            printed = await collectPdf(pdf);
          });
        if (a.abort.signal.aborted) throw new RenderError('render_canceled', 'job canceled');
        enforceFailOn(job.warnings_json, rendered.diagnostics, prepared.failOn);
        const t0 = performance.now();
        finishedAt = this.ctx.clock.now();
        const {
          pdf: final,
          content,
          warnings,
        } = await finishDocument(printed!, post, new Date(finishedAt), prepared.request.maxOutputBytes, {
          postProcess: async (pdf, req) => {
            const out = await this.ctx.sandbox.run(
              'pdf.postProcess',
              { pdf, req },
              { account: job.account_id, timeoutMs: prepared.request.timeoutMs },
            );
            return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
          },
          steps: async (pdf, steps) => {
            const [out] = await this.ctx.sandbox.run(
              'pdf.steps',
              { sources: [{ bytes: pdf, field: 'the printed PDF' }], steps, nowMs: finishedAt! },
              { account: job.account_id, timeoutMs: prepared.request.timeoutMs },
            );
            return Buffer.from(out!.bytes.buffer, out!.bytes.byteOffset, out!.bytes.byteLength);
          },
          timeoutMs: prepared.request.timeoutMs,
          ua: {
            pageLang: rendered.pageLang,
            check: (pdf) =>
              this.ctx.sandbox.run('pdf.uaCheck', { pdf }, { account: job.account_id, timeoutMs: prepared.request.timeoutMs }),
          },
        });
        // A PDF/UA-1 job's check adds its warnings to the page's; failOn may name them.
        if (warnings.length > 0) enforceFailOn(job.warnings_json, rendered.diagnostics, prepared.failOn, warnings);
        const t1 = performance.now();
        let imagesMs: number | undefined;
        if (post.images) {
          const drawn = await drawPageImages(content, post.images, {
            timeoutMs: prepared.request.timeoutMs,
            maxOutputBytes: prepared.request.maxOutputBytes,
          });
          if (a.abort.signal.aborted) throw new RenderError('render_canceled', 'job canceled');
          images = await this.deps.pageImages.store({ jobId: job.id, attempt: job.attempt }, drawn);
          imagesMs = Math.round(performance.now() - t1);
        }
        const t2 = performance.now();
        // A job that keeps only its images stores no PDF (its page count and size still describe the document).
        if (!post.imagesOnly) {
          await this.ctx.blobs.put(storageKey, final);
          storedKey = storageKey;
        }
        const pageCount = countPdfPages(final);
        result = {
          ...rendered,
          bytes: final.length,
          sha256: createHash('sha256').update(final).digest('hex'),
          pageCount,
          renderTimeMs: rendered.renderTimeMs + Math.round(performance.now() - t0),
          diagnostics: rendered.diagnostics && {
            ...rendered.diagnostics,
            timings: {
              ...rendered.diagnostics.timings,
              postProcess: Math.round(t1 - t0),
              ...(imagesMs !== undefined ? { images: imagesMs } : {}),
              store: Math.round(performance.now() - t2),
            },
            pageCount,
            bytes: final.length,
          },
        };
      }
      // Queue wait of this attempt: from when it was due to the claim (updated_at).
      if (result.diagnostics) result.diagnostics.timings.queued = Math.max(0, job.updated_at - job.available_at);
      // From here a cancel is decided by the success transaction (it checks status and lease).
      a.recording = true;
      const output = { ...prepared.output, pdfStored: storedKey !== null, images };
      const outcome = await this.deps.outcomes.succeed(job, this.id, output, result, finishedAt);
      storedKey = null;
      images = [];
      if (outcome === 'lost') log.info('job was canceled or re-leased while rendering; discarding the output');
      else if (outcome === 'succeeded') {
        const blocked = result.blocked.length ? { blocked: result.blocked } : {};
        log.info({ bytes: result.bytes, pages: result.pageCount, ms: result.renderTimeMs, ...blocked }, 'render succeeded');
      }
    } catch (err) {
      // A failed, canceled or released attempt keeps nothing it stored: no row will ever name those files.
      if (storedKey) await this.ctx.blobs.delete(storedKey).catch(() => undefined);
      await this.deps.pageImages.discard(images);
      const renderMs = Date.now() - started;
      const code = err instanceof RenderError ? err.code : 'render_failed';
      // Only a RenderError's message is written for the template's author. Anything else is the server's own
      // failure (the blob store, the database): its text may name paths, hosts or SQL, so the job says that
      // much and the log below keeps the error for the operator.
      const message =
        err instanceof RenderError ? err.message : `an internal error stopped this render (the server's log has it under job ${job.id})`;
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
      if (!(err instanceof RenderError)) log.error({ err }, 'unexpected render error');
      else log.info({ code, message }, 'render failed');
      const diagnostics = err instanceof RenderError ? err.diagnostics : undefined;
      if (diagnostics) diagnostics.timings.queued = Math.max(0, job.updated_at - job.available_at);
      await this.deps.outcomes.fail(job, { code, message, renderMs, diagnostics }, this.id);
    } finally {
      clearInterval(heartbeat);
    }
  }
}
