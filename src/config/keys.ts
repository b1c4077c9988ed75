// The keys Folio generates or reads at start-up: link signing (FOLIO_SIGNING_KEY) and secrets at rest
// (FOLIO_SECRETS_KEY, used by services/secret-box.ts).

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from './load.js';

/**
 * The key that signs download/preview links. FOLIO_SIGNING_KEY wins; in embedded mode (SQLite) a key is
 * generated once into the data dir (0600) so links survive restarts. With PostgreSQL every process must
 * share one key, so it must be configured: without it, link creation answers 503.
 */
export function loadSigningKey(config: Config): string | null {
  return configuredOrGeneratedKey(config, config.signingKey, 'signing.key');
}

/**
 * The configured key; else, in embedded mode (SQLite), a random key generated once into `<dataDir>/<file>`
 * (mode 0600) so it survives restarts; else (PostgreSQL: every process must share it) null.
 */
function configuredOrGeneratedKey(config: Config, configured: string | null, file: string): string | null {
  if (configured) return configured;
  if (!config.resolved.databaseUrl.startsWith('sqlite:')) return null;
  const keyFile = path.join(config.dataDir, file);
  try {
    return fs.readFileSync(keyFile, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  try {
    fs.writeFileSync(keyFile, key, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(keyFile, 'utf8').trim();
    throw err;
  }
}

/**
 * FOLIO_SECRETS_KEY; else generated into the data dir in embedded mode. With PostgreSQL there is no place
 * every process could share a generated key (and the database, beside the secrets, is not one), so start-up
 * stops with the command that makes one instead of storing secrets in plain text.
 */
export function loadSecretsKey(config: Config): string {
  const key = configuredOrGeneratedKey(config, config.secretsKey, 'secrets.key');
  if (key === null) {
    throw new ConfigError(
      'FOLIO_SECRETS_KEY is required with PostgreSQL: it encrypts webhook signing secrets and deploy secrets at rest and must be the same in every process. ' +
        'Generate one with `openssl rand -base64 48`, set it everywhere and keep it safe; secrets an older release stored in plain text are encrypted at the next start (docs/operations.md).',
    );
  }
  return key;
}
