import { newId } from '../../domain/ids.js';
import { deriveCsrfToken, randomBase62, safeEqualHex, sha256Hex } from '../../domain/accounts/tokens.js';
import type { ServiceContext } from '../context.js';

/** A dashboard session stays valid this long without use… */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
/** …and never longer than this after sign-in (then the user signs in again). */
export const SESSION_MAX_MS = 30 * 24 * 3600_000;
/** Refreshing last use costs a write; once every few minutes is precise enough for a 7-day idle limit. */
const TOUCH_EVERY_MS = 5 * 60_000;

export interface DashboardSession {
  id: string;
  userId: string;
  accountId: string;
  /** For the client only (sign-in and GET /dashboard/api/session answer it); derived from the cookie token. */
  csrfToken: string;
  /** SHA-256 of the CSRF token, as stored: what a presented token is checked against. */
  csrfTokenHash: string;
  expiresAt: number;
}

/**
 * Dashboard sessions: an opaque random token in an HttpOnly cookie, stored as its SHA-256 (a database
 * dump gives no usable cookie), and a per-session CSRF token the dashboard sends back on every write,
 * derived from the cookie token and also stored only as its SHA-256 (the dump gives no usable token either).
 */
export class Sessions {
  constructor(private readonly ctx: ServiceContext) {}

  async create(input: {
    userId: string;
    accountId: string;
    ip: string;
    userAgent?: string;
  }): Promise<{ token: string; session: DashboardSession }> {
    const now = this.ctx.clock.now();
    const token = randomBase62(43);
    const csrfToken = deriveCsrfToken(token);
    const session: DashboardSession = {
      id: newId('sess', now),
      userId: input.userId,
      accountId: input.accountId,
      csrfToken,
      csrfTokenHash: sha256Hex(csrfToken),
      expiresAt: now + SESSION_IDLE_MS,
    };
    // Expired sessions are dropped on every sign-in (indexed), so the table only holds live ones.
    await this.ctx.db.deleteFrom('dashboard_sessions').where('expires_at', '<', now).execute();
    await this.ctx.db
      .insertInto('dashboard_sessions')
      .values({
        id: session.id,
        token_hash: sha256Hex(token),
        user_id: session.userId,
        account_id: session.accountId,
        csrf_token_hash: session.csrfTokenHash,
        ip: input.ip.slice(0, 100),
        user_agent: input.userAgent?.slice(0, 300) ?? null,
        created_at: now,
        last_seen_at: now,
        expires_at: session.expiresAt,
      })
      .execute();
    return { token, session };
  }

  /** The live session of a cookie token, sliding its idle expiry; null when unknown or expired. */
  async resolve(token: string): Promise<DashboardSession | null> {
    if (!/^[A-Za-z0-9]{20,100}$/.test(token)) return null;
    const row = await this.ctx.db
      .selectFrom('dashboard_sessions')
      .selectAll()
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirst();
    if (!row) return null;
    const now = this.ctx.clock.now();
    if (row.expires_at <= now) {
      await this.ctx.db.deleteFrom('dashboard_sessions').where('id', '=', row.id).execute();
      return null;
    }
    let expiresAt = row.expires_at;
    if (now - row.last_seen_at >= TOUCH_EVERY_MS) {
      expiresAt = Math.min(now + SESSION_IDLE_MS, row.created_at + SESSION_MAX_MS);
      await this.ctx.db
        .updateTable('dashboard_sessions')
        .set({ last_seen_at: now, expires_at: expiresAt })
        .where('id', '=', row.id)
        .execute();
    }
    return {
      id: row.id,
      userId: row.user_id,
      accountId: row.account_id,
      csrfToken: deriveCsrfToken(token),
      csrfTokenHash: row.csrf_token_hash,
      expiresAt,
    };
  }

  /** Whether a presented CSRF token is the session's: its SHA-256 against the stored one, in constant time. */
  csrfMatches(session: DashboardSession, presented: string | undefined): boolean {
    if (typeof presented !== 'string' || presented.length === 0 || presented.length > 200) return false;
    return safeEqualHex(sha256Hex(presented), session.csrfTokenHash);
  }

  async revoke(sessionId: string): Promise<void> {
    await this.ctx.db.deleteFrom('dashboard_sessions').where('id', '=', sessionId).execute();
  }

  /** Signs a user out everywhere (password change, user removal). */
  async revokeAllOfUser(userId: string): Promise<void> {
    await this.ctx.db.deleteFrom('dashboard_sessions').where('user_id', '=', userId).execute();
  }
}
