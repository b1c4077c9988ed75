import path from 'node:path';
import { parseAllowedHosts } from '../domain/jobs/url-source.js';
import { timestampAuthorityUrlProblem } from '../domain/pdfs/timestamp-authority.js';
import { settings, type ConfigValues, type SettingSpec } from './schema.js';

export type Config = ConfigValues & {
  /** Resolved values derived from the raw settings. */
  resolved: {
    publicUrl: string;
    databaseUrl: string;
    storageUrl: string;
    /** FOLIO_URL_SOURCE_ALLOWED_HOSTS as entries: `host` or `host:port`, lower case (domain/jobs/url-source.ts). */
    urlSourceAllowedHosts: string[];
    /** FOLIO_TIMESTAMP_ALLOWED_HOSTS as entries, like urlSourceAllowedHosts. */
    timestampAllowedHosts: string[];
  };
};

export class ConfigError extends Error {}

function parseValue(spec: SettingSpec, raw: string): unknown {
  switch (spec.type) {
    case 'string':
      return raw;
    case 'integer': {
      if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(`${spec.env} must be an integer, got "${raw}"`);
      const n = Number(raw);
      if (spec.min !== undefined && n < spec.min) throw new ConfigError(`${spec.env} must be >= ${spec.min}, got ${n}`);
      if (spec.max !== undefined && n > spec.max) throw new ConfigError(`${spec.env} must be <= ${spec.max}, got ${n}`);
      return n;
    }
    case 'boolean': {
      const v = raw.trim().toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(v)) return true;
      if (['0', 'false', 'no', 'off', ''].includes(v)) return false;
      throw new ConfigError(`${spec.env} must be a boolean (1/0/true/false), got "${raw}"`);
    }
  }
}

/** Builds the Config from an environment (process.env by default in entrypoints; tests pass their own). */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const values: Record<string, unknown> = {};
  for (const spec of settings) {
    const raw = env[spec.env];
    const effective = raw !== undefined && raw !== '' ? raw : spec.default;
    values[spec.key] = effective === null ? null : parseValue(spec, effective);
  }
  const c = values as unknown as ConfigValues;
  const dataDir = path.resolve(c.dataDir);
  c.dataDir = dataDir;
  if (c.bootstrapApiKey !== null && !/^folio_sk_[A-Za-z0-9]{32,}$/.test(c.bootstrapApiKey)) {
    throw new ConfigError('FOLIO_BOOTSTRAP_API_KEY must be "folio_sk_" followed by at least 32 base62 characters');
  }
  if (c.signingKey !== null && c.signingKey.length < 32) {
    throw new ConfigError('FOLIO_SIGNING_KEY must be at least 32 characters');
  }
  if (c.secretsKey !== null && c.secretsKey.length < 32) {
    throw new ConfigError('FOLIO_SECRETS_KEY must be at least 32 characters');
  }
  const publicUrl = (c.publicUrl ?? `http://${c.host === '0.0.0.0' ? '127.0.0.1' : c.host}:${c.port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new ConfigError(`FOLIO_PUBLIC_URL must be an absolute URL, got "${publicUrl}"`);
  }
  const databaseUrl = c.databaseUrl ?? `sqlite:${path.join(dataDir, 'folio.db')}`;
  if (!/^(sqlite:|postgres:\/\/|postgresql:\/\/)/.test(databaseUrl)) {
    throw new ConfigError('FOLIO_DATABASE_URL must start with sqlite: or postgres://');
  }
  const storageUrl = c.storageUrl ?? `file:${path.join(dataDir, 'blobs')}`;
  if (!/^(file:|s3:\/\/)/.test(storageUrl)) {
    throw new ConfigError('FOLIO_STORAGE_URL must start with file: or s3://');
  }
  let urlSourceAllowedHosts: string[];
  let timestampAllowedHosts: string[];
  try {
    urlSourceAllowedHosts = parseAllowedHosts(c.urlSourceAllowedHosts);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  try {
    timestampAllowedHosts = parseAllowedHosts(c.timestampAllowedHosts);
  } catch (err) {
    throw new ConfigError((err as Error).message.replace('FOLIO_URL_SOURCE_ALLOWED_HOSTS', 'FOLIO_TIMESTAMP_ALLOWED_HOSTS'));
  }
  if (c.timestampAuthorityUrl !== null) {
    const problem = timestampAuthorityUrlProblem(c.timestampAuthorityUrl);
    if (problem) throw new ConfigError(`FOLIO_TIMESTAMP_AUTHORITY_URL ${problem}`);
  }
  return { ...c, resolved: { publicUrl, databaseUrl, storageUrl, urlSourceAllowedHosts, timestampAllowedHosts } };
}
