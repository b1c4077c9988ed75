// folio login: checks an API URL and key against the server and stores them for the client commands.
import readline from 'node:readline';
import { createClient, FolioApiError } from '../../sdk/index.js';
import { noExtra, parse, str } from './args.js';
import { writeStoredConfig } from './config.js';
import { printJson, UsageError } from './output.js';

export const loginHelp = `Usage: folio login [--url URL] [--key KEY]

Checks the API URL and key against the server, then stores them in
$XDG_CONFIG_HOME/folio/config.json (default ~/.config/folio/config.json, readable only by you).
FOLIO_API_URL and FOLIO_API_KEY, when set, take precedence over the stored values.

  --url URL   where Folio serves (default: FOLIO_API_URL, else http://127.0.0.1:8080)
  --key KEY   the API key (folio_sk_…); without it, it is asked for (hidden) on a terminal, or read
              from standard input otherwise`;

async function readSecret(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8').trim();
  }
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  // Echo nothing while the key is typed.
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
    if (s.startsWith(prompt)) process.stderr.write(prompt);
  };
  try {
    return (await new Promise<string>((resolve) => rl.question(prompt, resolve))).trim();
  } finally {
    rl.close();
    process.stderr.write('\n');
  }
}

export async function loginCommand(argv: string[]): Promise<number> {
  const p = parse(argv, { url: { type: 'string' }, key: { type: 'string' } });
  if (p.help) {
    console.log(loginHelp);
    return 0;
  }
  noExtra(p, 0);
  const apiUrl = (str(p, 'url') ?? process.env.FOLIO_API_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  try {
    new URL(apiUrl);
  } catch {
    throw new UsageError(`--url must be an absolute URL, got "${apiUrl}"`);
  }
  const apiKey = str(p, 'key') ?? (await readSecret('API key: '));
  if (!apiKey) throw new UsageError('no API key given');
  if (!apiKey.startsWith('folio_sk_')) throw new UsageError('an API key starts with folio_sk_');
  const client = createClient({ baseUrl: apiUrl, apiKey, retries: 1 });
  let account: string | null = null;
  try {
    account = (await client.account()).account.id;
  } catch (err) {
    // A key without the usage:read scope is still a valid key.
    if (!(err instanceof FolioApiError && err.code === 'forbidden')) throw err;
  }
  const file = writeStoredConfig({ apiUrl, apiKey });
  if (p.json) printJson({ apiUrl, accountId: account, configFile: file });
  else console.log(`logged in to ${apiUrl}${account ? ` as account ${account}` : ''}; saved to ${file}`);
  return 0;
}
