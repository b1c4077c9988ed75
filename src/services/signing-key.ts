import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/load.js';

/**
 * The key that signs download/preview links. FOLIO_SIGNING_KEY wins; in embedded mode (SQLite) a key is
 * generated once into the data dir (0600) so links survive restarts. With PostgreSQL every process must
 * share one key, so it must be configured: without it, link creation answers 503.
 */
export function loadSigningKey(config: Config): string | null {
  if (config.signingKey) return config.signingKey;
  if (!config.resolved.databaseUrl.startsWith('sqlite:')) return null;
  const file = path.join(config.dataDir, 'signing.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  try {
    fs.writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw err;
  }
}
