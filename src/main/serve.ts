import type { BootstrapResult } from '../services/accounts.js';
import { createHttpApp, type Role } from '../app.js';
import { loadConfig } from '../config/load.js';
import { installShutdown } from './shutdown.js';


function printBootstrap(b: BootstrapResult, publicUrl: string) {
  if (!b.created) return;
  // Printed once, on the first start only: the key and password are not stored in plain text anywhere.
  const lines = [
    '',
    '  Folio bootstrap account created (shown once, store it now):',
    `    account id   ${b.accountId}`,
    `    API key      ${b.apiKey}`,
    `    owner login  ${b.email} / ${b.password}`,
    '',
    `  Try:  curl -H "Authorization: Bearer ${b.apiKey}" ${publicUrl}/v1/usage`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

/**
 * `folio serve` / `npm start` (role all: api + worker), `folio api`, `folio worker`. Every role serves HTTP
 * (a worker answers /healthz and /readyz for its orchestrator; its /v1 works too but is not meant to be
 * load-balanced).
 */
export async function serve(role: Role, env: Record<string, string | undefined> = process.env): Promise<void> {
  const config = loadConfig(env);
  const app = await createHttpApp({ config, role, migrate: config.resolved.databaseUrl.startsWith('sqlite:') || role !== 'api' });
  const bootstrap = await app.services.accounts.ensureBootstrap();
  const address = await app.server.listen({ port: config.port, host: config.host });
  if (!config.publicUrl) {
    const port = new URL(address).port;
    config.resolved.publicUrl = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  }
  printBootstrap(bootstrap, config.resolved.publicUrl);
  app.startBackground();
  process.stdout.write(`Folio ${role} listening on ${config.resolved.publicUrl} (docs: ${config.resolved.publicUrl}/docs)\n`);
  installShutdown(app.log, config.shutdownGraceMs, [async () => app.close()]);
}
