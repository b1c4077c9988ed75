// Settings of keys and of password hashing, and the one switch that relaxes the webhook address policy.
// Listed in schema.ts in this order, which is docs/config.md's.
import type { SettingSpec } from '../setting-spec.js';

export const securitySettings: SettingSpec[] = [
  {
    env: 'FOLIO_ALLOW_INSECURE_WEBHOOKS',
    key: 'allowInsecureWebhooks',
    type: 'boolean',
    default: 'false',
    doc: 'Local development only: accept http:// webhook URLs and loopback/private hosts (a receiver on this machine). `npm start` sets it to `1` unless it is set, and the start banner says so; `folio serve` (and every production set-up) defaults to `false`. Pages being rendered keep the full network policy either way.',
  },
  {
    env: 'FOLIO_URL_SOURCE_ALLOWED_HOSTS',
    key: 'urlSourceAllowedHosts',
    type: 'string',
    default: null,
    doc: 'Internal hosts that render jobs with a URL source (`source.url`, docs/api.md) may reach although they are on loopback, private or link-local addresses: a comma-separated list of `host` (any port) or `host:port` entries, e.g. `app.internal:8080,127.0.0.1:4567` (IPv6 as `[::1]:8080`). Requests of such a job — its page and every subresource — to a listed host skip the private-address refusal; every other host still gets the full network policy, and templates never benefit. **Risk**: every account whose plan has `allowExternalNetwork` can then make Folio fetch pages of these hosts and print them, so list only hosts that check their own authentication (the job passes its cookies and headers) or that hold nothing an account may not see; never list a cloud metadata address, the database, or Folio itself.',
  },
  {
    env: 'FOLIO_TIMESTAMP_AUTHORITY_URL',
    key: 'timestampAuthorityUrl',
    type: 'string',
    default: null,
    doc: 'The RFC 3161 timestamp authority of PDF jobs (docs/pdf.md, "PDF jobs"): the `timestamp` step (a document timestamp) and `sign` with `timestamp: true` (PAdES B-T) POST an `application/timestamp-query` to it, with a 10 s time limit and a 64 KB answer limit. An `http:` or `https:` URL, e.g. `http://timestamp.digicert.com`. Its host must be on a public address unless `FOLIO_TIMESTAMP_ALLOWED_HOSTS` lists it. An account may set its own instead (`PUT /v1/account/timestamp-authority`). Unset, and none of the account: those steps are refused (400).',
  },
  {
    env: 'FOLIO_TIMESTAMP_ALLOWED_HOSTS',
    key: 'timestampAllowedHosts',
    type: 'string',
    default: null,
    doc: 'Internal hosts the timestamp authority (`FOLIO_TIMESTAMP_AUTHORITY_URL`) may be on although they are loopback, private or link-local addresses: `host` or `host:port` entries, comma-separated, as in `FOLIO_URL_SOURCE_ALLOWED_HOSTS`. Every other host gets the full network policy.',
  },
  {
    env: 'FOLIO_SECRETS_KEY',
    key: 'secretsKey',
    type: 'string',
    default: null,
    secret: true,
    doc: 'Key (at least 32 characters) that encrypts webhook signing secrets and deploy secrets at rest (AES-256-GCM). Embedded mode generates one in the data dir (`secrets.key`) when unset. Required with PostgreSQL (the same value in every process; start-up stops without it); plaintext secrets left by older releases are encrypted at start (docs/operations.md, The secrets key). Keep it: secrets encrypted with a lost key cannot be read.',
  },
  {
    env: 'FOLIO_SIGNING_KEY',
    key: 'signingKey',
    type: 'string',
    default: null,
    secret: true,
    doc: 'Key (at least 32 characters) that signs download/preview links. Embedded mode generates one in the data dir when unset; required when several processes serve links.',
  },
  {
    env: 'FOLIO_PASSWORD_HASH_COST',
    key: 'passwordHashCost',
    type: 'integer',
    default: '15',
    min: 10,
    max: 17,
    doc: 'scrypt cost of dashboard password hashes: N = 2^cost (r = 8, p = 1; 15 takes about 50 ms and 32 MiB per hash, each step doubles both). Applies to passwords set from now on; a stored hash keeps the parameters it was made with and stays valid whatever this is. Lower it only for tests.',
  },
];
