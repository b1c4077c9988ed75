import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import { InProcessNotifier } from './in-process-notifier.js';
import { ALL_ACCOUNTS, ALL_KEYS, type Notifier } from './notifier.js';

const CHANNEL = 'folio_jobs';

/**
 * Notifier over PostgreSQL LISTEN/NOTIFY, so a job created by any api process wakes an idle worker in any
 * other process at once, and a key revoked in one process leaves every process's key cache at once.
 * Payloads: `q:<jobId>` queued, `c:<jobId>` changed, `k:<keyId>` key revoked or re-scoped, `a:<accountId>`
 * the account's plan changed. One dedicated connection
 * listens (reconnecting with backoff); sends go through the pool. Local listeners are also called
 * directly, and job consumers keep a slow poll, so a notification lost during a reconnect only delays work.
 */
export class PgNotifier implements Notifier {
  private readonly local = new InProcessNotifier();
  private listener: pg.Client | null = null;
  private closed = false;
  private retryMs = 500;
  /** Set when the LISTEN connection dropped: notifications sent until it is back were never seen here. */
  private missedNotifications = false;
  /** Sends in flight (job wake-ups), awaited by close() so a process shutting down does not drop its last NOTIFY. */
  private readonly pending = new Set<Promise<unknown>>();

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
      else if (payload.startsWith('k:')) this.local.keyRevoked(payload.slice(2));
      else if (payload.startsWith('a:')) this.local.accountChanged(payload.slice(2));
    });
    client.on('error', (err) => this.log.warn({ err }, 'LISTEN connection error'));
    client.on('end', () => {
      if (this.listener === client) this.listener = null;
      if (!this.closed) {
        this.missedNotifications = true;
        setTimeout(() => void this.start().catch((err) => this.log.warn({ err }, 'LISTEN reconnect failed')), this.retryMs).unref();
        this.retryMs = Math.min(this.retryMs * 2, 10_000);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      // Connected but LISTEN failed (or connect failed half-way): end the client so its 'end' handler
      // schedules the next attempt. Otherwise the retry chain would stop here, with nobody listening.
      client.end().catch(() => {});
      throw err;
    }
    this.listener = client;
    this.retryMs = 500;
    if (this.missedNotifications) {
      // A key revoked while we were not listening may still sit in a cache here, and job wake-ups are
      // covered by polling but key caches are not: drop every cached key (they are re-read from the
      // database, which LISTEN now covers, on next use).
      this.missedNotifications = false;
      this.local.keyRevoked(ALL_KEYS);
      this.local.accountChanged(ALL_ACCOUNTS);
    }
  }

  private send(payload: string): void {
    const p = this.pool
      .query('select pg_notify($1, $2)', [CHANNEL, payload])
      .catch((err) => this.log.warn({ err }, 'NOTIFY failed'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  jobQueued(jobId: string): void {
    this.local.jobQueued(jobId);
    this.send(`q:${jobId}`);
  }
  jobChanged(jobId: string): void {
    this.local.jobChanged(jobId);
    this.send(`c:${jobId}`);
  }
  keyRevoked(keyId: string): void {
    this.local.keyRevoked(keyId);
  }
  async announceKeyRevoked(trx: Db, keyId: string): Promise<void> {
    // Part of the revoking transaction: delivered on commit, never for a revocation that rolled back.
    await sql`select pg_notify(${CHANNEL}, ${`k:${keyId}`})`.execute(trx);
  }
  accountChanged(accountId: string): void {
    this.local.accountChanged(accountId);
  }
  async announceAccountChanged(trx: Db, accountId: string): Promise<void> {
    await sql`select pg_notify(${CHANNEL}, ${`a:${accountId}`})`.execute(trx);
  }
  onAccountChanged(fn: (accountId: string) => void): () => void {
    return this.local.onAccountChanged(fn);
  }
  onJobQueued(fn: () => void): () => void {
    return this.local.onJobQueued(fn);
  }
  onJobChanged(fn: (jobId: string) => void): () => void {
    return this.local.onJobChanged(fn);
  }
  onKeyRevoked(fn: (keyId: string) => void): () => void {
    return this.local.onKeyRevoked(fn);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.pending]);
    const c = this.listener;
    this.listener = null;
    await c?.end().catch(() => undefined);
  }
}
