import { Accounts } from './accounts.js';
import { ApiKeys } from './api-keys.js';
import type { ServiceContext } from './context.js';
import { Deploys } from './deploys.js';
import { IdempotencyStore } from './idempotency.js';
import { Settings } from './settings.js';
import { Uploads } from './uploads.js';
import { Usage } from './usage.js';
import { Versions } from './versions.js';

export interface Services {
  ctx: ServiceContext;
  apiKeys: ApiKeys;
  accounts: Accounts;
  deploys: Deploys;
  versions: Versions;
  settings: Settings;
  uploads: Uploads;
  usage: Usage;
  idempotency: IdempotencyStore;
}

/** Builds every use-case service from the ports; the only place services are wired to each other. */
export function buildServices(ctx: ServiceContext): Services {
  const apiKeys = new ApiKeys(ctx);
  const accounts = new Accounts(ctx, apiKeys);
  const deploys = new Deploys(ctx);
  const versions = new Versions(ctx, deploys);
  const settings = new Settings(ctx, deploys);
  const usage = new Usage(ctx);
  const uploads = new Uploads(ctx, deploys, versions, usage);
  uploads.afterCommit = async (_accountId, deployId) => {
    await versions.applyRetention(deployId);
  };
  const idempotency = new IdempotencyStore(ctx);
  return { ctx, apiKeys, accounts, deploys, versions, settings, uploads, usage, idempotency };
}
