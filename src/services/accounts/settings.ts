import type { Transaction } from 'kysely';
import type { DeploySettingsTable, Tables } from '../../db/tables.js';
import { maskSecret, newWebhookSecret } from '../../domain/accounts/tokens.js';
import { AppError } from '../../errors/app-error.js';
import type { ServiceContext } from '../context.js';
import type { Deploys } from '../deploys/deploys.js';
import { isNetError } from '../../net/net-error.js';
import { resolveAndCheckHost } from '../../net/resolve-host.js';

export const ENV_NAME_PATTERN = '^[A-Za-z_][A-Za-z0-9_]*$';
export const DEFAULT_RETAIN_LATEST_VERSIONS = 10;
/** For 24 h after a rotation the previous secret also signs, so receivers can switch without dropping events. */
export const SECRET_ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

export interface SettingsPatch {
  webhook?: { enabled: boolean; url?: string; signingSecretAction?: 'rotate' | 'disable' };
  versionLifecycle?: { enabled: boolean; retainLatestVersions: number };
  environment?: { variables: { name: string; value: string }[] };
  secrets?: { upsert: { name: string; value: string }[]; delete?: string[] };
}

/** Checks a webhook URL's syntax and scheme. (Address checks against private networks live in net/.) */
export function checkWebhookUrl(url: string, allowInsecure: boolean): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'webhook.url must be an absolute URL';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'webhook.url must use https';
  if (u.protocol === 'http:' && !allowInsecure)
    return 'webhook.url must use https (http is accepted only when the server runs with FOLIO_ALLOW_INSECURE_WEBHOOKS=1)';
  if (u.username || u.password) return 'webhook.url must not contain credentials';
  return null;
}

function assertUniqueNames(items: { name: string }[] | string[], field: string) {
  const seen = new Set<string>();
  for (const it of items) {
    const name = typeof it === 'string' ? it : it.name;
    if (seen.has(name)) throw new AppError('invalid_request', `${field}: duplicate name "${name}"`, { field });
    seen.add(name);
  }
}

export class Settings {
  /**
   * Outside insecure mode, a URL whose host is or resolves to a loopback, private, link-local or metadata
   * address is refused when saved (and again at every send). A name that does not resolve yet is accepted:
   * the send-time check decides.
   */
  private async checkWebhookHost(url: string): Promise<string | null> {
    if (this.ctx.config.allowInsecureWebhooks) return null;
    try {
      await resolveAndCheckHost(new URL(url).hostname, { lookup: this.ctx.net.lookup });
      return null;
    } catch (err) {
      if (isNetError(err, 'blocked_address', 'invalid_host'))
        return 'webhook.url must point to a public address (loopback, private, link-local and metadata addresses are refused)';
      return null;
    }
  }

  constructor(
    private readonly ctx: ServiceContext,
    private readonly deploys: Deploys,
  ) {}

  private defaults(deployId: string, accountId: string): DeploySettingsTable {
    return {
      deploy_id: deployId,
      account_id: accountId,
      webhook_enabled: 0,
      webhook_url: null,
      signing_secret: null,
      previous_signing_secret: null,
      signing_secret_rotated_at: null,
      lifecycle_enabled: 0,
      retain_latest_versions: DEFAULT_RETAIN_LATEST_VERSIONS,
      updated_at: 0,
    };
  }

  async get(accountId: string, deployId: string) {
    await this.deploys.require(accountId, deployId);
    return { settings: await this.view(this.ctx.db, accountId, deployId) };
  }

  async row(trx: Transaction<Tables> | ServiceContext['db'], accountId: string, deployId: string): Promise<DeploySettingsTable> {
    return (
      (await trx.selectFrom('deploy_settings').selectAll().where('deploy_id', '=', deployId).executeTakeFirst()) ??
      this.defaults(deployId, accountId)
    );
  }

  private async view(trx: Transaction<Tables> | ServiceContext['db'], accountId: string, deployId: string) {
    const s = await this.row(trx, accountId, deployId);
    const [vars, secrets] = await Promise.all([
      trx.selectFrom('deploy_env_vars').selectAll().where('deploy_id', '=', deployId).orderBy('name').execute(),
      trx
        .selectFrom('deploy_secrets')
        .select(['deploy_id', 'name', 'created_at', 'updated_at'])
        .where('deploy_id', '=', deployId)
        .orderBy('name')
        .execute(),
    ]);
    return {
      deployId,
      webhook: {
        enabled: s.webhook_enabled === 1,
        ...(s.webhook_url ? { url: s.webhook_url } : {}),
        signingSecretConfigured: s.signing_secret !== null,
        ...(s.signing_secret ? { signingSecretPreview: maskSecret(this.ctx.secrets.open(s.signing_secret)) } : {}),
      },
      versionLifecycle: { enabled: s.lifecycle_enabled === 1, retainLatestVersions: s.retain_latest_versions },
      environment: {
        variables: vars.map((v) => ({
          deployId: v.deploy_id,
          name: v.name,
          value: v.value,
          createdAt: v.created_at,
          updatedAt: v.updated_at,
        })),
      },
      secrets: { items: secrets.map((v) => ({ deployId: v.deploy_id, name: v.name, createdAt: v.created_at, updatedAt: v.updated_at })) },
    };
  }

  async update(accountId: string, deployId: string, patch: SettingsPatch) {
    if (patch.webhook?.url !== undefined) {
      const problem =
        checkWebhookUrl(patch.webhook.url, this.ctx.config.allowInsecureWebhooks) ?? (await this.checkWebhookHost(patch.webhook.url));
      if (problem) throw new AppError('invalid_request', problem, { field: 'webhook.url' });
    }
    if (patch.environment) assertUniqueNames(patch.environment.variables, 'environment.variables');
    if (patch.secrets) {
      assertUniqueNames(patch.secrets.upsert, 'secrets.upsert');
      assertUniqueNames(patch.secrets.delete ?? [], 'secrets.delete');
    }
    await this.deploys.require(accountId, deployId);
    const now = this.ctx.clock.now();
    const settings = await this.ctx.db.transaction().execute(async (trx) => {
      const current = await this.row(trx, accountId, deployId);
      const next: DeploySettingsTable = { ...current, updated_at: now };
      if (patch.webhook) {
        next.webhook_enabled = patch.webhook.enabled ? 1 : 0;
        if (patch.webhook.url !== undefined) next.webhook_url = patch.webhook.url;
        if (patch.webhook.enabled && !next.webhook_url)
          throw new AppError('invalid_request', 'webhook.url is required to enable webhooks', { field: 'webhook.url' });
        if (patch.webhook.signingSecretAction === 'rotate') {
          // The secret that signed until now keeps signing for 24 h: the deploy's previous secret, or on the
          // first rotation the account secret, so receivers can switch without dropping events.
          const account = await trx.selectFrom('accounts').select('webhook_secret').where('id', '=', accountId).executeTakeFirstOrThrow();
          next.previous_signing_secret = current.signing_secret ?? account.webhook_secret;
          next.signing_secret = this.ctx.secrets.seal(newWebhookSecret());
          next.signing_secret_rotated_at = now;
        } else if (patch.webhook.signingSecretAction === 'disable') {
          next.signing_secret = null;
          next.previous_signing_secret = null;
          next.signing_secret_rotated_at = null;
        }
      }
      if (patch.versionLifecycle) {
        next.lifecycle_enabled = patch.versionLifecycle.enabled ? 1 : 0;
        next.retain_latest_versions = patch.versionLifecycle.retainLatestVersions;
      }
      await trx
        .insertInto('deploy_settings')
        .values(next)
        .onConflict((oc) => oc.column('deploy_id').doUpdateSet({ ...next }))
        .execute();
      if (patch.environment) {
        // The variables array is the whole set: names missing from it are removed.
        const existing = await trx.selectFrom('deploy_env_vars').select(['name', 'created_at']).where('deploy_id', '=', deployId).execute();
        const created = new Map(existing.map((e) => [e.name, e.created_at]));
        await trx.deleteFrom('deploy_env_vars').where('deploy_id', '=', deployId).execute();
        if (patch.environment.variables.length > 0) {
          await trx
            .insertInto('deploy_env_vars')
            .values(
              patch.environment.variables.map((v) => ({
                deploy_id: deployId,
                name: v.name,
                value: v.value,
                created_at: created.get(v.name) ?? now,
                updated_at: now,
              })),
            )
            .execute();
        }
      }
      if (patch.secrets) {
        for (const name of patch.secrets.delete ?? []) {
          await trx.deleteFrom('deploy_secrets').where('deploy_id', '=', deployId).where('name', '=', name).execute();
        }
        for (const s of patch.secrets.upsert) {
          const sealed = this.ctx.secrets.seal(s.value);
          await trx
            .insertInto('deploy_secrets')
            .values({ deploy_id: deployId, name: s.name, value: sealed, created_at: now, updated_at: now })
            .onConflict((oc) => oc.columns(['deploy_id', 'name']).doUpdateSet({ value: sealed, updated_at: now }))
            .execute();
        }
      }
      return this.view(trx, accountId, deployId);
    });
    return { settings };
  }
}
