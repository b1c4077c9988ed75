import { randomUUID } from 'node:crypto';
import type { ServiceContext } from './context.js';

/**
 * How many api processes share the API traffic right now, so that each enforces its share (1/N) of a
 * key's rate limit (docs/architecture.md, "Decision: rate limits across api processes").
 *
 * A process counts while it serves authenticated requests: it keeps a row in api_processes fresh every
 * FOLIO_PROCESS_HEARTBEAT_MS, and a row older than three heartbeats is not counted (a process that died).
 * After three heartbeats without a request it removes its row (taken out of the balancer's rotation). Processes that never see API traffic (a `folio worker` also
 * serves HTTP, for health and metrics) do not dilute the others' shares. `count` is a plain field: the
 * rate limiter reads it synchronously on every request.
 */
export class ApiProcesses {
  readonly id = randomUUID();
  /** Live api processes including this one (>= 1). */
  count = 1;
  /** Requests since the last heartbeat, and heartbeats in a row that saw none. */
  private requests = 0;
  private idleBeats = Infinity;
  private registered = false;
  private stopped = false;
  /** The count seen while last registered: the estimate used for the first heartbeat after an idle spell. */
  private lastCount = 1;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly ctx: ServiceContext) {}

  /** Called by every authenticated request: cheap after the first. */
  markActive(): void {
    // The first request after an idle spell registers at once rather than at the next heartbeat.
    if (this.requests++ === 0 && !this.registered && !this.stopped) this.beat();
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.beat(), this.ctx.config.processHeartbeatMs);
    this.timer.unref();
  }

  /** Resolves once the heartbeat in flight, if any, has finished (stop() and tests wait for it). */
  async settled(): Promise<void> {
    await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.settled();
    if (!this.registered) return;
    this.registered = false;
    // Leaving at once lets the others take over our share now, not three heartbeats later.
    await this.ctx.db
      .deleteFrom('api_processes')
      .where('id', '=', this.id)
      .execute()
      .catch((err) => this.ctx.log.warn({ err }, 'could not deregister the api process'));
  }

  private beat(): void {
    if (this.running) return;
    this.running = this.refresh()
      .catch((err) => this.ctx.log.warn({ err }, 'api process heartbeat failed; keeping the last process count'))
      .finally(() => (this.running = null));
  }

  /** Refreshes our row and recounts the live rows; after three idle heartbeats, leaves instead. */
  async refresh(): Promise<void> {
    // The wall clock, not the injected one: rows written by other processes are compared with it.
    const now = Date.now();
    const window = 3 * this.ctx.config.processHeartbeatMs;
    const db = this.ctx.db;
    this.idleBeats = this.requests > 0 ? 0 : this.idleBeats + 1;
    this.requests = 0;
    if (this.idleBeats >= 3) {
      if (this.registered) {
        this.registered = false;
        await db.deleteFrom('api_processes').where('id', '=', this.id).execute();
      }
      return;
    }
    const res = await db.updateTable('api_processes').set({ heartbeat_at: now }).where('id', '=', this.id).executeTakeFirst();
    // Not there yet, or removed as stale by another process while we were paused: (re)insert.
    if (Number(res.numUpdatedRows) === 0)
      await db.insertInto('api_processes').values({ id: this.id, started_at: now, heartbeat_at: now }).execute();
    const resuming = !this.registered;
    this.registered = true;
    const row = await db
      .selectFrom('api_processes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('heartbeat_at', '>', now - window)
      .where('id', '!=', this.id)
      .executeTakeFirst();
    const counted = Number(row?.n ?? 0) + 1;
    // Traffic that resumes after an idle spell reaches every process at about the same moment, and each
    // finds the others' rows gone (they left when idle too): counting only itself, each would allow the
    // whole limit until its next heartbeat. So the first heartbeat back keeps the count from before.
    this.count = resuming ? Math.max(counted, this.lastCount) : counted;
    this.lastCount = counted;
    // Rows of processes that died without deregistering (SIGKILL, power loss), long past counting.
    await db
      .deleteFrom('api_processes')
      .where('heartbeat_at', '<', now - 10 * window)
      .execute();
  }
}
