import os from 'node:os';
import { PollingLoop } from './polling-loop.js';
import { randomBytes } from 'node:crypto';
import type { ServiceContext } from '../services/context.js';
import type { EventBus } from '../services/events.js';
import type { Webhooks } from '../services/webhooks.js';

/** A claimed event's lease: longer than one attempt (10 s timeout) with room to record it. */
const LEASE_MS = 60_000;
const BATCH = 20;

/**
 * Sends due webhook events. Claims take a lease (a conditional update), so several dispatchers never send
 * the same attempt twice; a dispatcher that dies mid-attempt loses its lease and the attempt is made again
 * later (at-least-once: receivers deduplicate on Service-Webhook-Id). All due times come from the injected
 * clock, so tests run the whole 51-minute schedule by moving it.
 */
export class WebhookDispatcher {
  readonly id = `whd_${os.hostname()}_${process.pid}_${randomBytes(3).toString('hex')}`;
  private inFlight = new Set<Promise<void>>();
  private readonly loop: PollingLoop;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly deps: { webhooks: Webhooks; events: EventBus; concurrency?: number },
  ) {
    this.loop = new PollingLoop({
      name: 'webhook dispatch',
      log: ctx.log,
      intervalMs: () => ctx.config.workerPollMs,
      step: async () => {
        await this.runOnce();
        return false;
      },
    });
    // An event written by this process's services (a job's terminal state, a batch's end or product) goes
    // out once its transaction commits; events of other processes are sent by theirs.
    deps.events.on('webhookQueued', () => this.wake());
  }

  start(): void {
    this.loop.start();
  }

  /** Looks for due events now instead of at the next poll (on `webhookQueued`, above). */
  wake(): void {
    this.loop.wake();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await Promise.all(this.inFlight);
  }

  /** Claims and sends every event due now (up to a batch); resolves when those attempts are recorded. */
  async runOnce(): Promise<number> {
    const now = this.ctx.clock.now();
    const due = await this.ctx.db
      .selectFrom('webhook_events')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(BATCH)
      .execute();
    const work: Promise<void>[] = [];
    for (const { id } of due) {
      const claimed = await this.ctx.db
        .updateTable('webhook_events')
        .set({ lease_owner: this.id, lease_expires_at: now + LEASE_MS })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]))
        .returningAll()
        .executeTakeFirst();
      if (!claimed) continue;
      const p = this.deps.webhooks
        .deliverScheduled(claimed, this.id)
        .catch((err) => this.ctx.log.error({ err, eventId: id }, 'webhook attempt crashed'));
      this.inFlight.add(p);
      void p.finally(() => this.inFlight.delete(p));
      work.push(p);
    }
    await Promise.all(work);
    return work.length;
  }
}
