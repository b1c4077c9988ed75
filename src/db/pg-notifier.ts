import pg from 'pg';
import type { Logger } from 'pino';
import type { Notifier } from '../services/notifier.js';
import { InProcessNotifier } from '../services/notifier.js';

const CHANNEL = 'folio_jobs';

/**
 * Notifier over PostgreSQL LISTEN/NOTIFY, so a job created by any api process wakes an idle worker in any
 * other process at once. One dedicated connection listens (reconnecting with backoff); sends go through
 * the pool. Local listeners are also called directly, and consumers keep a slow poll, so a notification
 * lost during a reconnect only delays work.
 */
export class PgNotifier implements Notifier {
  private readonly local = new InProcessNotifier();
  private listener: pg.Client | null = null;
  private closed = false;
  private retryMs = 500;

  constructor(
    private readonly url: string,
    private readonly pool: { query(text: string, values: unknown[]): Promise<unknown> },
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (msg) => {
      const payload = msg.payload ?? '';
      if (payload.startsWith('q:')) this.local.jobQueued(payload.slice(2));
      else if (payload.startsWith('c:')) this.local.jobChanged(payload.slice(2));
    });
    client.on('error', (err) => this.log.warn({ err }, 'LISTEN connection error'));
    client.on('end', () => {
      if (this.listener === client) this.listener = null;
      if (!this.closed) {
        setTimeout(() => void this.start().catch((err) => this.log.warn({ err }, 'LISTEN reconnect failed')), this.retryMs).unref();
        this.retryMs = Math.min(this.retryMs * 2, 10_000);
      }
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
    this.retryMs = 500;
  }

  private send(payload: string): void {
    this.pool.query('select pg_notify($1, $2)', [CHANNEL, payload]).catch((err) => this.log.warn({ err }, 'NOTIFY failed'));
  }

  jobQueued(jobId: string): void {
    this.local.jobQueued(jobId);
    this.send(`q:${jobId}`);
  }
  jobChanged(jobId: string): void {
    this.local.jobChanged(jobId);
    this.send(`c:${jobId}`);
  }
  onJobQueued(fn: () => void): () => void {
    return this.local.onJobQueued(fn);
  }
  onJobChanged(fn: (jobId: string) => void): () => void {
    return this.local.onJobChanged(fn);
  }

  async close(): Promise<void> {
    this.closed = true;
    const c = this.listener;
    this.listener = null;
    await c?.end().catch(() => undefined);
  }
}
