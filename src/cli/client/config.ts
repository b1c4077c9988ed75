// Where the client commands find the API: FOLIO_API_URL / FOLIO_API_KEY, else the file `folio login`
// writes ($XDG_CONFIG_HOME/folio/config.json, default ~/.config/folio/config.json; mode 0600 because it
// holds an API key).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UsageError } from './output.js';

export interface StoredConfig {
  apiUrl: string;
  apiKey: string;
}

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(env.HOME || os.homedir(), '.config');
  return path.join(base, 'folio', 'config.json');
}

export function readStoredConfig(env: NodeJS.ProcessEnv = process.env): Partial<StoredConfig> {
  const file = configPath(env);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  try {
    const parsed = JSON.parse(text) as Partial<StoredConfig>;
    return {
      apiUrl: typeof parsed.apiUrl === 'string' ? parsed.apiUrl : undefined,
      apiKey: typeof parsed.apiKey === 'string' ? parsed.apiKey : undefined,
    };
  } catch {
    throw new UsageError(`${file} is not valid JSON: run \`folio login\` again`);
  }
}

export function writeStoredConfig(config: StoredConfig, env: NodeJS.ProcessEnv = process.env): string {
  const file = configPath(env);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  // Created 0600 from the first byte (never briefly world-readable), then renamed into place.
  fs.writeFileSync(tmp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);
  return file;
}

/** The API to talk to: environment first, then the login file. */
export function resolveApi(env: NodeJS.ProcessEnv = process.env): StoredConfig {
  const stored = env.FOLIO_API_URL && env.FOLIO_API_KEY ? {} : readStoredConfig(env);
  const apiUrl = env.FOLIO_API_URL || stored.apiUrl;
  const apiKey = env.FOLIO_API_KEY || stored.apiKey;
  if (!apiUrl || !apiKey) {
    const missing = [!apiUrl && 'FOLIO_API_URL', !apiKey && 'FOLIO_API_KEY'].filter(Boolean).join(' and ');
    throw new UsageError(`no API ${!apiUrl ? 'URL' : 'key'} configured: set ${missing}, or run \`folio login\``);
  }
  return { apiUrl, apiKey };
}
