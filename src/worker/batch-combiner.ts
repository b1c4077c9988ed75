import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { BatchProducts } from '../services/batch-products.js';
import type { ServiceContext } from '../services/context.js';
import { PollTimer } from './poll-timer.js';

/**
 * Builds the merged PDF or zip of render batches whose items have all ended, one product at a time per
 * process (a merge holds its sources in memory: one at a time bounds that). Woken when a batch of this
 * process ends; batches ended elsewhere (another process, a deploy deleted) are found on the next poll.
 */
export class BatchCombiner {
  readonly id = `cmb_${os.hostname()}_${process.pid}_${randomBytes(3).toString('hex')}`;
  private running = false;
  private readonly poll = new PollTimer();
  private loopDone: Promise<void> | null = null;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly products: BatchProducts,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  wake(): void {
    this.poll.wake();
  }

  /** Stops claiming; a product being built is finished first (its lease would otherwise delay it for minutes). */
  async stop(): Promise<void> {
    this.running = false;
    this.poll.wake();
    await this.loopDone;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let built = false;
      try {
        built = await this.runOnce();
      } catch (err) {
        this.ctx.log.error({ err }, 'batch combine failed');
      }
      if (!this.running) break;
      if (!built) await this.poll.sleep(this.ctx.config.workerPollMs);
    }
  }

  /** Claims and builds one due product; false when none was due. */
  async runOnce(): Promise<boolean> {
    const batch = await this.products.claim(this.id);
    if (!batch) return false;
    await this.products.build(batch, this.id);
    return true;
  }
}
