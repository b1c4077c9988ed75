import type { ServiceContext } from '../services/context.js';
import type { RenderedFiles } from '../services/rendered-files.js';
import type { IdempotencyStore } from '../services/idempotency.js';
import { GarbageCollector, type GcReport } from './garbage-collector.js';
import type { RenderWorker } from './render-worker.js';

export interface JanitorReport {
  expiredOutputs: number;
  purgedPdfs: number;
  expiredSessions: number;
  sweptIdempotencyKeys: number;
  recoveredLeases: number;
  gc: GcReport;
}

/**
 * Periodic housekeeping, every step safe to run in several processes at once: transient outputs past their
 * availability window, PDFs in `deleting`, upload sessions past their TTL, old idempotency keys, jobs whose
 * worker died, and blob garbage collection. Tests call runOnce() after moving the clock.
 */
export class Janitor {
  private timer: NodeJS.Timeout | null = null;
  private runningNow: Promise<JanitorReport> | null = null;
  private readonly gc: GarbageCollector;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly deps: { files: RenderedFiles; idempotency: IdempotencyStore; worker: RenderWorker | null },
  ) {
    this.gc = new GarbageCollector(ctx);
  }

  start(): void {
    this.timer = setInterval(() => {
      void this.runOnce().catch((err) => this.ctx.log.error({ err }, 'janitor run failed'));
    }, this.ctx.config.janitorIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.runningNow?.catch(() => undefined);
  }

  runOnce(): Promise<JanitorReport> {
    if (!this.runningNow) this.runningNow = this.run().finally(() => (this.runningNow = null));
    return this.runningNow;
  }

  private async run(): Promise<JanitorReport> {
    const now = this.ctx.clock.now();
    const db = this.ctx.db;
    const expired = await db
      .selectFrom('render_outputs')
      .select(['id', 'storage_key'])
      .where('state', '=', 'available')
      .where('managed', '=', 0)
      .where('expires_at', '<=', now)
      .limit(500)
      .execute();
    for (const o of expired) await this.deps.files.removeOutput(o.id, o.storage_key);
    const purgedPdfs = await this.deps.files.purgeDeletedPdfs();
    const sessions = await db
      .updateTable('upload_sessions')
      .set({ status: 'expired' })
      .where('status', '=', 'open')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    const swept = await this.deps.idempotency.sweep();
    const recovered = this.deps.worker ? await this.deps.worker.recoverExpiredLeases() : 0;
    const gc = await this.gc.run();
    return {
      expiredOutputs: expired.length,
      purgedPdfs,
      expiredSessions: Number(sessions.numUpdatedRows),
      sweptIdempotencyKeys: swept,
      recoveredLeases: recovered,
      gc,
    };
  }
}
