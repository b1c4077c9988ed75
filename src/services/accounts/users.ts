import { sql } from 'kysely';
import { addressBucket } from '../../domain/client-address.js';
import { newId } from '../../domain/ids.js';
import { newDeviceToken, sha256Hex, verifyDeviceToken } from '../../domain/accounts/tokens.js';
import { AppError } from '../../errors/app-error.js';
import type { ServiceContext } from '../context.js';
import { hashPassword, verifyPassword } from './passwords.js';

/** Failed sign-ins allowed per (email, client address) within the window… */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** …after which that pair is refused for this long (429 rate_limited with Retry-After). */
export const LOGIN_LOCK_MS = 15 * 60_000;
/**
 * Failed sign-ins allowed per client address across all emails within the window (one address trying many
 * emails), after which the address is refused for LOGIN_LOCK_MS (429 auth_throttled). Scoped to the
 * address, so an attacker elsewhere cannot lock a real user out; behind a load balancer set
 * FOLIO_TRUST_PROXY, or every client shares the balancer's address.
 */
export const LOGIN_ADDRESS_MAX_FAILURES = 20;

export interface UserView {
  id: string;
  accountId: string;
  email: string;
  role: string;
  createdAt: number;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Dashboard users (email + scrypt password hash). Sign-in is throttled per email and client address, and
 * an unknown email costs the same scrypt work as a wrong password, so timing does not tell which emails
 * exist.
 */
export class Users {
  private dummyHash: Promise<string> | null = null;

  constructor(private readonly ctx: ServiceContext) {}

  async create(input: { accountId: string; email: string; password: string; role?: 'owner' | 'member' }): Promise<UserView> {
    const email = normalizeEmail(input.email);
    if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254)
      throw new AppError('invalid_request', 'email must look like name@host', { field: 'email' });
    if (input.password.length < 8) throw new AppError('invalid_request', 'password must have at least 8 characters', { field: 'password' });
    const now = this.ctx.clock.now();
    const row = {
      id: newId('usr', now),
      account_id: input.accountId,
      email,
      password_hash: await hashPassword(input.password, this.ctx.config.passwordHashCost),
      role: input.role ?? 'member',
      created_at: now,
    };
    await this.ctx.db.insertInto('users').values(row).execute();
    return this.view(row);
  }

  async get(userId: string): Promise<UserView | null> {
    const row = await this.ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    return row ? this.view(row) : null;
  }

  /**
   * Checks an email and password. Throws 429 `auth_throttled` while the address is locked (too many failures
   * across emails), 429 `rate_limited` while the (email, ip) pair is locked, 401
   * `invalid_credentials` on a wrong email or password (the same answer for both).
   *
   * A browser that signed in as this email before presents its device token: it is then throttled by that
   * token alone (LOGIN_MAX_FAILURES per window), never by the address, so failures of others at the same
   * address (one NAT, one balancer) cannot lock the real user out. On success a fresh device token is
   * returned for the caller to keep in a cookie (null when the server has no key to sign it with).
   */
  async signIn(
    emailInput: string,
    password: string,
    ip: string,
    deviceToken?: string,
  ): Promise<{ user: UserView; deviceToken: string | null }> {
    const email = normalizeEmail(emailInput);
    const deviceKey = this.ctx.secrets.derivationKey;
    const device = deviceKey ? verifyDeviceToken(deviceKey, email, deviceToken) : null;
    // Never equal to one another: a pair's key has a newline, an address's and a device's a prefix.
    const address = addressBucket(ip);
    const key = device ? sha256Hex(`device:${device}`) : sha256Hex(`${email}\n${address}`);
    const addressKey = sha256Hex(`addr:${address}`);
    const now = this.ctx.clock.now();
    const attempts = await this.ctx.db.selectFrom('login_attempts').selectAll().where('throttle_key', 'in', [key, addressKey]).execute();
    // Checked before the password (no scrypt work, and no answer that tells a right password from a wrong one).
    const byAddress = attempts.find((a) => a.throttle_key === addressKey);
    if (!device && byAddress?.locked_until && byAddress.locked_until > now) throw this.addressLocked(byAddress.locked_until - now);
    const attempt = attempts.find((a) => a.throttle_key === key);
    if (attempt?.locked_until && attempt.locked_until > now) throw this.locked(attempt.locked_until - now);

    const row = await this.ctx.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email)
      .executeTakeFirst();
    const ok = row ? await verifyPassword(password, row.password_hash) : (await verifyPassword(password, await this.dummy()), false);
    if (row && ok) {
      await this.ctx.db.deleteFrom('login_attempts').where('throttle_key', '=', key).execute();
      return { user: this.view(row), deviceToken: deviceKey ? newDeviceToken(deviceKey, email) : null };
    }
    // A success does not reset the address's count: an attacker could otherwise interleave sign-ins to an
    // account of their own. A known device's failures count against that device only.
    await this.recordFailure(key, now, LOGIN_MAX_FAILURES);
    if (!device) await this.recordFailure(addressKey, now, LOGIN_ADDRESS_MAX_FAILURES);
    throw new AppError('invalid_credentials', 'the email or password is wrong');
  }

  private async recordFailure(key: string, now: number, maxFailures: number): Promise<void> {
    const cutoff = now - LOGIN_WINDOW_MS;
    await this.ctx.db
      .insertInto('login_attempts')
      .values({ throttle_key: key, failures: 1, window_start: now, locked_until: null })
      .onConflict((oc) =>
        oc.column('throttle_key').doUpdateSet({
          failures: sql`case when login_attempts.window_start < ${cutoff} then 1 else login_attempts.failures + 1 end`,
          window_start: sql`case when login_attempts.window_start < ${cutoff} then ${now} else login_attempts.window_start end`,
          locked_until: null,
        }),
      )
      .execute();
    await this.ctx.db
      .updateTable('login_attempts')
      .set({ locked_until: now + LOGIN_LOCK_MS })
      .where('throttle_key', '=', key)
      .where('failures', '>=', maxFailures)
      .execute();
    // Old counters of other pairs go with this write (indexed by key only, so keep it to stale rows).
    await this.ctx.db
      .deleteFrom('login_attempts')
      .where('window_start', '<', now - LOGIN_WINDOW_MS - LOGIN_LOCK_MS)
      .execute();
  }

  private locked(remainingMs: number): AppError {
    const retry = Math.max(1, Math.ceil(remainingMs / 1000));
    return new AppError(
      'rate_limited',
      `too many failed sign-ins for this email from this address; try again in ${Math.ceil(retry / 60)} minute(s)`,
      undefined,
      { retryAfterSeconds: retry },
    );
  }

  private addressLocked(remainingMs: number): AppError {
    const retry = Math.max(1, Math.ceil(remainingMs / 1000));
    return new AppError(
      'auth_throttled',
      `too many failed sign-ins from this address; try again in ${Math.ceil(retry / 60)} minute(s)`,
      undefined,
      { retryAfterSeconds: retry },
    );
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword('folio-timing-equaliser', this.ctx.config.passwordHashCost);
    return this.dummyHash;
  }

  private view(r: { id: string; account_id: string; email: string; role: string; created_at: number }): UserView {
    return { id: r.id, accountId: r.account_id, email: r.email, role: r.role, createdAt: r.created_at };
  }
}
