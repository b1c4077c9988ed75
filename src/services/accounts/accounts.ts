import { ReadCache } from '../../db/read-cache.js';
import { AppError } from '../../errors/app-error.js';
import { newId } from '../../domain/ids.js';
import { maskSecret, newWebhookSecret, randomBase62 } from '../../domain/accounts/tokens.js';
import type { Scope } from '../../domain/accounts/scopes.js';
import type { ApiKeys } from './api-keys.js';
import type { ServiceContext } from '../context.js';
import { hashPassword } from './passwords.js';

export interface BootstrapResult {
  created: boolean;
  accountId: string;
  apiKey?: string;
  email?: string;
  password?: string;
}

export class Accounts {
  /** GET /v1/account opens the sealed signing secret for its preview: on SQLite, once per commit (ReadCache). */
  private readonly views: ReadCache<Awaited<ReturnType<Accounts['loadView']>>>;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly keys: ApiKeys,
  ) {
    this.views = new ReadCache(ctx.dataVersion);
  }

  async create(input: {
    name: string;
    plan?: string;
    apiKey?: string;
    scopes?: Scope[];
  }): Promise<{ accountId: string; keyId: string; apiKey: string }> {
    const plan = input.plan ?? this.ctx.config.defaultPlan;
    if (!this.ctx.plans.has(plan)) throw new AppError('invalid_request', `unknown plan "${plan}"`, { field: 'plan' });
    const now = this.ctx.clock.now();
    const accountId = newId('acct', now);
    await this.ctx.db
      .insertInto('accounts')
      .values({
        id: accountId,
        name: input.name,
        plan_key: plan,
        webhook_secret: this.ctx.secrets.seal(newWebhookSecret()),
        created_at: now,
      })
      .execute();
    const key = await this.keys.create({ accountId, name: 'default', scopes: input.scopes ?? ['all'], rawKey: input.apiKey });
    return { accountId, keyId: key.id, apiKey: key.key };
  }

  /**
   * First start: creates the bootstrap account, owner user and API key once. The `bootstrap` row (a single
   * primary key) makes this safe when several processes start together: only one insert wins.
   */
  async ensureBootstrap(): Promise<BootstrapResult> {
    const existing = await this.ctx.db.selectFrom('bootstrap').select('account_id').where('id', '=', 1).executeTakeFirst();
    if (existing) return { created: false, accountId: existing.account_id };
    const cfg = this.ctx.config;
    const now = this.ctx.clock.now();
    const accountId = newId('acct', now);
    const email = cfg.bootstrapEmail ?? 'admin@localhost';
    const password = cfg.bootstrapPassword ?? randomBase62(20);
    const passwordHash = await hashPassword(password, cfg.passwordHashCost);
    try {
      await this.ctx.db.transaction().execute(async (trx) => {
        await trx.insertInto('bootstrap').values({ id: 1, account_id: accountId, created_at: now }).execute();
        await trx
          .insertInto('accounts')
          .values({
            id: accountId,
            name: 'Default',
            plan_key: cfg.defaultPlan,
            webhook_secret: this.ctx.secrets.seal(newWebhookSecret()),
            created_at: now,
          })
          .execute();
        await trx
          .insertInto('users')
          .values({ id: newId('usr', now), account_id: accountId, email, password_hash: passwordHash, role: 'owner', created_at: now })
          .execute();
      });
    } catch (err) {
      const again = await this.ctx.db.selectFrom('bootstrap').select('account_id').where('id', '=', 1).executeTakeFirst();
      if (again) return { created: false, accountId: again.account_id };
      throw err;
    }
    const key = await this.keys.create({ accountId, name: 'bootstrap', scopes: ['all'], rawKey: cfg.bootstrapApiKey ?? undefined });
    return { created: true, accountId, apiKey: key.key, email, password };
  }

  async bootstrapAccountId(): Promise<string | null> {
    const row = await this.ctx.db.selectFrom('bootstrap').select('account_id').where('id', '=', 1).executeTakeFirst();
    return row?.account_id ?? null;
  }

  async get(accountId: string) {
    const row = await this.ctx.db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
    if (!row) throw new AppError('account_not_found', `account ${accountId} not found`);
    return row;
  }

  /** The account's plan key, or undefined when there is no such account: one indexed read (the rate limiter's plan-cache miss). */
  async planKeyOf(accountId: string): Promise<string | undefined> {
    const row = await this.ctx.db.selectFrom('accounts').select('plan_key').where('id', '=', accountId).executeTakeFirst();
    return row?.plan_key;
  }

  /** `GET /v1/account`: the account and its webhook metadata, never the secret itself. */
  async view(accountId: string) {
    return this.views.get(accountId, () => this.loadView(accountId));
  }

  private async loadView(accountId: string) {
    const a = await this.get(accountId);
    return {
      account: {
        id: a.id,
        name: a.name,
        plan: a.plan_key,
        createdAt: a.created_at,
        webhook: { signingSecretConfigured: true, signingSecretPreview: maskSecret(this.ctx.secrets.open(a.webhook_secret)) },
      },
    };
  }

  async setPlan(accountId: string, plan: string): Promise<void> {
    if (!this.ctx.plans.has(plan)) throw new AppError('invalid_request', `unknown plan "${plan}"`, { field: 'plan' });
    await this.ctx.db.transaction().execute(async (trx) => {
      const res = await trx.updateTable('accounts').set({ plan_key: plan }).where('id', '=', accountId).executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw new AppError('account_not_found', `account ${accountId} not found`);
      // Rate limiters cache plans: every api process drops this one on commit (NOTIFY, auth_changes).
      await this.keys.announceAccountChange(trx, accountId);
    });
    this.keys.accountChanged(accountId);
  }

  async list() {
    return this.ctx.db.selectFrom('accounts').select(['id', 'name', 'plan_key', 'created_at']).orderBy('id').execute();
  }
}
