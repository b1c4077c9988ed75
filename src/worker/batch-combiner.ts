import os from 'node:os';
import { PollingLoop } from './polling-loop.js';
import { randomBytes } from 'node:crypto';
import type { BatchProducts } from '../services/batches/batch-products.js';
import type { ServiceContext } from '../services/context.js';
import type { EventBus } from '../services/events.js';

/**
 * Builds the merged PDF or zip of render batches whose items have all ended, one product at a time per
 * process (a merge holds its sources in memory: one at a time bounds that). Woken when a batch of this
 * process ends; batches ended elsewhere (another process, a deploy deleted) are found on the next poll.
 */
export class BatchCombiner {
  readonly id = `cmb_${os.hostname()}_${process.pid}_${randomBytes(3).toString('hex')}`;
  private readonly loop: PollingLoop;

  private readonly products: BatchProducts;

  constructor(ctx: ServiceContext, deps: { products: BatchProducts; events: EventBus }) {
    this.products = deps.products;
    // One product after another while some are due; the poll interval between rounds with none.
    this.loop = new PollingLoop({
      name: 'batch combine',
      log: ctx.log,
      intervalMs: () => ctx.config.workerPollMs,
      step: () => this.runOnce(),
    });
    // A batch of this process that ends with a product to build (merge, zip): build it now.
    deps.events.on('batchEnded', (ended) => {
      if (ended.combine !== 'none') this.wake();
    });
  }

  start(): void {
    this.loop.start();
  }

  wake(): void {
    this.loop.wake();
  }

  /** Stops claiming; a product being built is finished first (its lease would otherwise delay it for minutes). */
  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** Claims and builds one due product; false when none was due. */
  async runOnce(): Promise<boolean> {
    const batch = await this.products.claim(this.id);
    if (!batch) return false;
    await this.products.build(batch, this.id);
    return true;
  }
}
