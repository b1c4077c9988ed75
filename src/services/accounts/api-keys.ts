import { AppError } from '../../errors/app-error.js';
import { newId } from '../../domain/ids.js';
import { looksLikeApiKey, newApiKey, sha256Hex } from '../../domain/accounts/tokens.js';
import type { Scope } from '../../domain/accounts/scopes.js';
import type { Principal, ServiceContext } from '../context.js';
import { ALL_KEYS, type Notifier } from '../../notifier/notifier.js';
import type { Db } from '../../db/database.js';
import { bumpAuthGeneration } from './auth-change-watcher.js';

interface CacheEntry {
  principal: Principal;
  keyId: string;
  expiresAt: number;
}

/**
 * API key creation, revocation and authentication. Authentication is on every request's hot path, so a
 * verified key is cached (by its SHA-256) for authCacheTtlMs: no database round-trip per request.
 * Revocation and a scope change go through the notifier, so every process that shares it (all of them on
 * PostgreSQL, via NOTIFY) drops the key at once. They also bump the auth_changes counter in the same
 * transaction, which every api process polls (services/accounts/auth-change-watcher.ts: on SQLite only when the
 * commit marker moved): that reaches processes no message reaches (a `folio keys revoke` CLI process on
 * SQLite, a lost NOTIFY) within FOLIO_AUTH_CHANGE_POLL_MS.
 */
export class ApiKeys {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly lastUsedWrites = new Map<string, number>();
  /**
   * Bumped on every revocation we hear of. authenticate() caches a row only if no revocation arrived
   * while it was reading, so a read that raced a revocation cannot put the revoked key back in the cache.
   */
  private revocations = 0;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly notifier: Notifier,
  ) {
    notifier.onKeyRevoked((keyId) => this.forget(keyId));
  }

  private forget(keyId: string): void {
    this.revocations++;
    if (keyId === ALL_KEYS) this.cache.clear();
    else for (const [hash, entry] of this.cache) if (entry.keyId === keyId) this.cache.delete(hash);
  }

  async create(input: { accountId: string; name?: string; scopes?: Scope[]; rawKey?: string }): Promise<{ id: string; key: string }> {
    const key = input.rawKey ?? newApiKey();
    if (!looksLikeApiKey(key))
      throw new AppError('invalid_request', 'API key must be folio_sk_ followed by at least 32 base62 characters', { field: 'key' });
    const now = this.ctx.clock.now();
    const id = newId('key', now);
    await this.ctx.db
      .insertInto('api_keys')
      .values({
        id,
        account_id: input.accountId,
        name: input.name ?? 'default',
        key_hash: sha256Hex(key),
        prefix: 'folio_sk_',
        last4: key.slice(-4),
        scopes: JSON.stringify(input.scopes ?? ['all']),
        created_at: now,
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
    return { id, key };
  }

  async revoke(keyId: string, accountId?: string): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      let q = trx.updateTable('api_keys').set({ revoked_at: this.ctx.clock.now() }).where('id', '=', keyId).where('revoked_at', 'is', null);
      if (accountId) q = q.where('account_id', '=', accountId);
      const res = await q.executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) {
        const exists = await trx
          .selectFrom('api_keys')
          .select('id')
          .where('id', '=', keyId)
          .$if(!!accountId, (qb) => qb.where('account_id', '=', accountId!))
          .executeTakeFirst();
        if (!exists) throw new AppError('api_key_not_found', `API key ${keyId} not found`);
      }
      // Other processes hear of it when this commits (NOTIFY is transactional). A repeated revoke announces
      // again, so it also repairs an announcement a process missed while reconnecting.
      await this.announceKeyChange(trx, keyId);
    });
    // Our own cache: cleared synchronously, after the commit.
    this.notifier.keyRevoked(keyId);
  }

  /** Replaces a key's scopes; every process stops granting the old ones within the same bound as a revocation. */
  async setScopes(keyId: string, scopes: Scope[], accountId?: string): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('api_keys')
        .set({ scopes: JSON.stringify(scopes) })
        .where('id', '=', keyId)
        .$if(!!accountId, (qb) => qb.where('account_id', '=', accountId!))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw new AppError('api_key_not_found', `API key ${keyId} not found`);
      await this.announceKeyChange(trx, keyId);
    });
    this.notifier.keyRevoked(keyId);
  }

  /**
   * Inside the transaction that changes an account's plan (Accounts.setPlan): the other processes drop
   * their cached plan of it on commit. The caller tells this process after the commit (accountChanged).
   */
  async announceAccountChange(trx: Db, accountId: string): Promise<void> {
    await bumpAuthGeneration(trx);
    await this.notifier.announceAccountChanged(trx, accountId);
  }

  /** After the commit of a plan change: this process's own caches. */
  accountChanged(accountId: string): void {
    this.notifier.accountChanged(accountId);
  }

  private async announceKeyChange(trx: Db, keyId: string): Promise<void> {
    await bumpAuthGeneration(trx);
    await this.notifier.announceKeyRevoked(trx, keyId);
  }

  async list(accountId: string) {
    const rows = await this.ctx.db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).orderBy('id', 'desc').execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      prefix: r.prefix,
      last4: r.last4,
      scopes: JSON.parse(r.scopes) as string[],
      createdAt: r.created_at,
      lastUsedAt: r.last_used_at,
      revokedAt: r.revoked_at,
    }));
  }

  /**
   * The principal for a presented key, or null when the key is malformed, unknown or revoked. Answers
   * synchronously when the key was verified within authCacheTtlMs (nearly every request: no promise, no
   * database), and with a promise when it has to read the key's row.
   */
  authenticate(rawKey: string): Principal | null | Promise<Principal | null> {
    if (!looksLikeApiKey(rawKey)) return null;
    const hash = sha256Hex(rawKey);
    const now = Date.now(); // cache expiry is wall-clock bookkeeping, not a business rule
    const cached = this.cache.get(hash);
    if (cached && cached.expiresAt > now) {
      this.touch(cached.keyId, now);
      return cached.principal;
    }
    return this.verify(hash, now);
  }

  private async verify(hash: string, now: number): Promise<Principal | null> {
    const revocationsBefore = this.revocations;
    const row = await this.ctx.db
      .selectFrom('api_keys')
      .select(['id', 'account_id', 'scopes', 'revoked_at'])
      .where('key_hash', '=', hash)
      .executeTakeFirst();
    if (!row || row.revoked_at !== null) {
      this.cache.delete(hash);
      return null;
    }
    const principal: Principal = { accountId: row.account_id, keyId: row.id, scopes: JSON.parse(row.scopes) as string[] };
    if (this.ctx.config.authCacheTtlMs > 0 && this.revocations === revocationsBefore) {
      if (this.cache.size > 10_000) this.cache.clear(); // bound memory under key spraying
      this.cache.set(hash, { principal, keyId: row.id, expiresAt: now + this.ctx.config.authCacheTtlMs });
    }
    this.touch(row.id, now);
    return principal;
  }

  /** Records last use at most once a minute per key, off the request path. */
  private touch(keyId: string, now: number): void {
    const last = this.lastUsedWrites.get(keyId) ?? 0;
    if (now - last < 60_000) return;
    this.lastUsedWrites.set(keyId, now);
    this.ctx.db
      .updateTable('api_keys')
      .set({ last_used_at: this.ctx.clock.now() })
      .where('id', '=', keyId)
      .execute()
      .catch((err) => this.ctx.log.warn({ err, keyId }, 'could not record API key use'));
  }
}
