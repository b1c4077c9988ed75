// folio whoami (the account and key the client commands use) and folio logout (forget what folio login stored).
import fs from 'node:fs';
import { FolioApiError } from '../../sdk/index.js';
import { clientFromEnv } from './api.js';
import { noExtra, parse } from './args.js';
import { configPath, readStoredConfig, resolveApi } from './config.js';
import { printJson } from './output.js';

export const whoamiHelp = `Usage: folio whoami [--json]

Shows the API URL, where the key comes from (FOLIO_API_KEY or the file folio login wrote), the account
(GET /v1/account) and, when the key may list keys (scope all), the key's name, id and scopes. The key is
shown masked (folio_sk_…last 4).`;

export const logoutHelp = `Usage: folio logout [--json]

Removes the API URL and key folio login stored ($XDG_CONFIG_HOME/folio/config.json, default
~/.config/folio/config.json) and says what it removed. FOLIO_API_URL / FOLIO_API_KEY in the environment
are not touched (it says so when they are set).`;

const mask = (key: string) => `folio_sk_…${key.slice(-4)}`;

export async function whoamiCommand(argv: string[]): Promise<number> {
  const p = parse(argv, {});
  if (p.help) {
    console.log(whoamiHelp);
    return 0;
  }
  noExtra(p, 0);
  const { apiUrl, apiKey } = resolveApi();
  const keySource = process.env.FOLIO_API_KEY ? 'FOLIO_API_KEY' : configPath();
  const client = clientFromEnv();
  let account: { id: string; name: string; plan: string } | null = null;
  let key: { id: string; name: string; scopes: string[] } | null = null;
  try {
    const a = (await client.account()).account;
    account = { id: a.id, name: a.name, plan: a.plan };
  } catch (err) {
    // A key without usage:read is still a key: say what we know.
    if (!(err instanceof FolioApiError && err.code === 'forbidden')) throw err;
  }
  try {
    const keys = await client.request('GET /v1/api-keys', {});
    const hit = keys.items.find((k) => k.revokedAt === null && apiKey.startsWith(k.prefix) && apiKey.endsWith(k.last4));
    if (hit) key = { id: hit.id, name: hit.name, scopes: hit.scopes };
  } catch (err) {
    if (!(err instanceof FolioApiError && err.code === 'forbidden')) throw err;
  }
  if (p.json) {
    printJson({ apiUrl, key: { masked: mask(apiKey), source: keySource, ...(key ?? {}) }, account });
    return 0;
  }
  console.log(`api      ${apiUrl}`);
  console.log(`key      ${mask(apiKey)}${key ? ` "${key.name}" (${key.id}, scopes ${key.scopes.join(', ')})` : ''} from ${keySource}`);
  console.log(account ? `account  ${account.name} (${account.id}), plan ${account.plan}` : 'account  (this key may not read the account)');
  return 0;
}

export async function logoutCommand(argv: string[]): Promise<number> {
  const p = parse(argv, {});
  if (p.help) {
    console.log(logoutHelp);
    return 0;
  }
  noExtra(p, 0);
  const file = configPath();
  const stored = fs.existsSync(file) ? readStoredConfig() : null;
  if (stored) fs.rmSync(file, { force: true });
  const envSet = ['FOLIO_API_URL', 'FOLIO_API_KEY'].filter((n) => process.env[n]);
  if (p.json) {
    printJson({
      removed: stored ? { file, apiUrl: stored.apiUrl ?? null, key: stored.apiKey ? mask(stored.apiKey) : null } : null,
      environment: envSet,
    });
    return 0;
  }
  if (stored)
    console.log(
      `removed ${file} (${stored.apiKey ? `key ${mask(stored.apiKey)}` : 'no key'}${stored.apiUrl ? ` for ${stored.apiUrl}` : ''})`,
    );
  else console.log(`not logged in: ${file} does not exist`);
  if (envSet.length) console.log(`note: ${envSet.join(' and ')} ${envSet.length > 1 ? 'are' : 'is'} still set in the environment`);
  return 0;
}
