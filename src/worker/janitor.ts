import type { ServiceContext } from '../services/context.js';
import { PollingLoop } from './polling-loop.js';
import type { Deploys } from '../services/deploys/deploys.js';
import type { IdempotencyStore } from '../services/idempotency.js';
import type { JobInputs } from '../services/jobs/job-inputs.js';
import type { JobOutcomes } from '../services/jobs/job-outcomes.js';
import type { PageImages } from '../services/jobs/page-images.js';
import type { RenderedFiles } from '../services/jobs/rendered-files.js';
import { GarbageCollector, type GcReport } from './garbage-collector.js';
import { JobParts } from '../services/jobs/job-parts.js';

export interface JanitorReport {
  expiredOutputs: number;
  purgedPdfs: number;
  /** Page images past their output's window, and images whose bytes were removed. */
  expiredImages: number;
  purgedImages: number;
  expiredSessions: number;
  /** Deploys created by an upload session that expired before any version was committed. */
  removedEmptyDeploys: number;
  sweptIdempotencyKeys: number;
  recoveredLeases: number;
  /** Jobs canceled while rendering whose attempt's leftover files were removed once their lease ran out. */
  sweptCanceledAttempts: number;
  /** Job inputs kept in the blob store whose job has no payload row any more (services/jobs/job-inputs.ts). */
  sweptJobInputs: number;
  /** Part prints of long documents whose job is no longer rendering (its worker died; services/jobs/job-parts.ts). */
  sweptPartPrints: number;
  gc: GcReport;
}

/**
 * Periodic housekeeping, every step safe to run in several processes at once: transient outputs past their
 * availability window, PDFs and page images in `deleting`, upload sessions past their TTL (and the empty deploys they created), old idempotency
 * keys, jobs whose worker died, the leftover files of jobs canceled while rendering, job inputs left in the
 * blob store without their job's payload row, part prints of long documents no longer rendering, and blob
 * garbage collection. Tests call runOnce() after moving
 * the clock.
 */
export class Janitor {
  private readonly loop: PollingLoop;
  private runningNow: Promise<JanitorReport> | null = null;
  private readonly gc: GarbageCollector;
  private readonly parts: JobParts;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly deps: {
      files: RenderedFiles;
      images: PageImages;
      idempotency: IdempotencyStore;
      outcomes: JobOutcomes;
      deploys: Deploys;
      inputs: JobInputs;
    },
  ) {
    this.gc = new GarbageCollector(ctx);
    this.parts = new JobParts(ctx);
    // A periodic chore: the first run comes one interval after the start.
    this.loop = new PollingLoop({
      name: 'janitor run',
      log: ctx.log,
      intervalMs: () => ctx.config.janitorIntervalMs,
      sleepFirst: true,
      step: async () => {
        await this.runOnce();
        return false;
      },
    });
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await this.runningNow?.catch(() => undefined);
  }

  runOnce(): Promise<JanitorReport> {
    if (!this.runningNow) this.runningNow = this.run().finally(() => (this.runningNow = null));
    return this.runningNow;
  }

  private async run(): Promise<JanitorReport> {
    const now = this.ctx.clock.now();
    const expiredOutputs = await this.deps.files.expireTransientOutputs();
    const purgedPdfs = await this.deps.files.purgeDeletedPdfs();
    const expiredImages = await this.deps.images.expire();
    const purgedImages = await this.deps.images.purge();
    const sessions = await this.ctx.db
      .updateTable('upload_sessions')
      .set({ status: 'expired' })
      .where('status', '=', 'open')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    const removedEmptyDeploys = await this.deps.deploys.removeAbandoned();
    const swept = await this.deps.idempotency.sweep();
    const recovered = await this.deps.outcomes.recoverExpiredLeases();
    const sweptCanceledAttempts = await this.deps.outcomes.sweepCanceledAttempts();
    const sweptJobInputs = await this.deps.inputs.sweepOrphans();
    const sweptPartPrints = await this.parts.sweep();
    const gc = await this.gc.run();
    return {
      expiredOutputs,
      purgedPdfs,
      expiredImages,
      purgedImages,
      expiredSessions: Number(sessions.numUpdatedRows),
      removedEmptyDeploys,
      sweptIdempotencyKeys: swept,
      recoveredLeases: recovered,
      sweptCanceledAttempts,
      sweptJobInputs,
      sweptPartPrints,
      gc,
    };
  }
}
