import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ServiceContext } from '../context.js';
import { ALL_ACCOUNTS, ALL_KEYS, type Notifier } from '../../notifier/notifier.js';

/** Called inside every transaction that changes what a cached credential may do (revoke, scopes, plan). */
export async function bumpAuthGeneration(trx: Db): Promise<void> {
  await trx
    .updateTable('auth_changes')
    .set({ generation: sql`generation + 1` })
    .where('id', '=', 1)
    .execute();
}

/**
 * Makes a revocation, a scope change or a plan change reach this process's caches within
 * FOLIO_AUTH_CHANGE_POLL_MS even when no message does: on SQLite a `folio keys revoke` or `folio plans set`
 * runs as its own process with no channel to the server, and on PostgreSQL a NOTIFY can be lost while the
 * LISTEN connection reconnects.
 *
 * Every poll first asks the SQLite commit marker (ctx.dataVersion, microseconds) whether anything was
 * committed at all since the last look, and reads the one-row counter only then; on PostgreSQL (no marker)
 * it reads the counter, one primary-key select per interval. When the counter moved, every cached key and
 * plan is dropped (changes are rare; per-key precision is what the NOTIFY path gives on PostgreSQL).
 *
 * The hot path stays a synchronous cache hit: nothing here runs per request.
 */
export class AuthChangeWatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private lastMarker: number | null = null;
  private lastGeneration: number | null = null;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly notifier: Notifier,
  ) {}

  async start(): Promise<void> {
    if (this.timer) return;
    await this.poll();
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.poll().finally(() => (this.running = null));
    }, this.ctx.config.authChangePollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One look; public so a test can take one deterministically. */
  async poll(): Promise<void> {
    // Taken before the read: a commit that lands in between moves the marker again, so it is not missed.
    const marker = this.ctx.dataVersion?.() ?? null;
    if (marker !== null && marker === this.lastMarker && this.lastGeneration !== null) return;
    try {
      const row = await this.ctx.db.selectFrom('auth_changes').select('generation').where('id', '=', 1).executeTakeFirst();
      const generation = Number(row?.generation ?? 0);
      if (this.lastGeneration !== null && generation !== this.lastGeneration) {
        this.notifier.keyRevoked(ALL_KEYS);
        this.notifier.accountChanged(ALL_ACCOUNTS);
      }
      this.lastGeneration = generation;
      this.lastMarker = marker;
    } catch (err) {
      // The next poll tries again; meanwhile caches keep their TTLs.
      this.ctx.log.warn({ err }, 'could not read auth_changes');
    }
  }
}
