import { AppError } from '../errors/app-error.js';
import { isUniqueViolation } from '../db/dialect.js';
import type { ServiceContext } from './context.js';

export type IdempotencyBegin = { kind: 'new' } | { kind: 'replay'; status: number; body: string };

/** A request still marked running after this long is treated as abandoned (its process died). */
const STALE_RUNNING_MS = 60_000;
/** How long a duplicate waits for the first request to finish before answering 409 idempotency_key_in_use. */
const WAIT_FOR_FIRST_MS = 5_000;
const POLL_MS = 25;

/**
 * The 24-hour idempotency store shared by upload-session and render-job creation. The first request with
 * a key inserts a `running` row (the primary key decides races: exactly one wins); duplicates wait briefly
 * for it to finish and get the stored response. Same key with another body or route → 409 conflict.
 */
export class IdempotencyStore {
  constructor(private readonly ctx: ServiceContext) {}

  async begin(accountId: string, key: string, requestHash: string): Promise<IdempotencyBegin> {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const now = this.ctx.clock.now();
      try {
        await this.ctx.db
          .insertInto('idempotency_keys')
          .values({
            account_id: accountId,
            idem_key: key,
            request_hash: requestHash,
            state: 'running',
            response_status: null,
            response_body: null,
            created_at: now,
            expires_at: now + this.ctx.config.idempotencyTtlSeconds * 1000,
          })
          .execute();
        return { kind: 'new' };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
      const row = await this.ctx.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('idem_key', '=', key)
        .executeTakeFirst();
      if (!row) continue; // deleted between our insert and read: try again
      if (row.expires_at <= now || (row.state === 'running' && now - row.created_at > STALE_RUNNING_MS)) {
        await this.ctx.db
          .deleteFrom('idempotency_keys')
          .where('account_id', '=', accountId)
          .where('idem_key', '=', key)
          .where('created_at', '=', row.created_at)
          .execute();
        continue;
      }
      if (row.request_hash !== requestHash) {
        throw new AppError('idempotency_key_conflict', 'this Idempotency-Key was already used with a different request body or route');
      }
      if (row.state === 'done') return { kind: 'replay', status: row.response_status!, body: row.response_body! };
      if (Date.now() >= deadline) {
        throw new AppError('idempotency_key_in_use', 'a request with this Idempotency-Key is still running', undefined, {
          retryAfterSeconds: 1,
        });
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  async complete(accountId: string, key: string, status: number, body: string): Promise<void> {
    await this.ctx.db
      .updateTable('idempotency_keys')
      .set({ state: 'done', response_status: status, response_body: body })
      .where('account_id', '=', accountId)
      .where('idem_key', '=', key)
      .execute();
  }

  /** The request failed without a stored outcome (a 5xx): let a retry run it again. */
  async abandon(accountId: string, key: string): Promise<void> {
    await this.ctx.db
      .deleteFrom('idempotency_keys')
      .where('account_id', '=', accountId)
      .where('idem_key', '=', key)
      .where('state', '=', 'running')
      .execute();
  }

  async sweep(): Promise<number> {
    const res = await this.ctx.db.deleteFrom('idempotency_keys').where('expires_at', '<=', this.ctx.clock.now()).executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
