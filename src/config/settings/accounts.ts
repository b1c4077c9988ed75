// Settings of the first start's account (bootstrap key and dashboard user) and of the plans accounts get.
// Listed in schema.ts in this order, which is docs/config.md's.
import type { SettingSpec } from '../setting-spec.js';

export const accountSettings: SettingSpec[] = [
  {
    env: 'FOLIO_BOOTSTRAP_API_KEY',
    key: 'bootstrapApiKey',
    type: 'string',
    default: null,
    secret: true,
    doc: 'API key created for the bootstrap account on first start (must start with `folio_sk_` followed by at least 32 base62 characters). Unset = random, printed once.',
  },
  {
    env: 'FOLIO_BOOTSTRAP_EMAIL',
    key: 'bootstrapEmail',
    type: 'string',
    default: null,
    doc: 'Email of the bootstrap owner user created on first start. Default `admin@localhost`.',
  },
  {
    env: 'FOLIO_BOOTSTRAP_PASSWORD',
    key: 'bootstrapPassword',
    type: 'string',
    default: null,
    secret: true,
    doc: 'Password of the bootstrap owner user. Unset = random, printed once.',
  },
  {
    env: 'FOLIO_PLANS_FILE',
    key: 'plansFile',
    type: 'string',
    default: null,
    doc: 'JSON file of plans merged over the built-in `free`, `pro` and `unlimited`: `{"<key>": {"name", "currency", "interval", "monthlyPriceCents", "policy": {...}}}`. See docs/plans.md.',
  },
  {
    env: 'FOLIO_DEFAULT_PLAN',
    key: 'defaultPlan',
    type: 'string',
    default: 'unlimited',
    doc: 'Plan given to new accounts (the bootstrap account and `folio accounts create` without --plan).',
  },
];
