import type { BootstrapResult } from '../services/accounts/accounts.js';
import { createHttpApp, type Role } from '../app.js';
import { loadConfig, type Config } from '../config/load.js';
import { installShutdown } from './shutdown.js';

function printBootstrap(b: BootstrapResult, publicUrl: string, config: Config) {
  if (!b.created) return;
  // Printed once, on the first start only: generated credentials are not stored in plain text anywhere, so
  // this is the only chance to learn them. Credentials the operator passed in through the environment are
  // known to them already and documented as never logged: the banner says where they came from instead.
  const fromEnvKey = config.bootstrapApiKey !== null;
  const fromEnvPassword = config.bootstrapPassword !== null;
  const lines = [
    '',
    `  Folio bootstrap account created${fromEnvKey && fromEnvPassword ? '' : ' (shown once, store it now)'}:`,
    `    account id   ${b.accountId}`,
    `    API key      ${fromEnvKey ? 'from FOLIO_BOOTSTRAP_API_KEY' : b.apiKey}`,
    `    owner login  ${b.email} / ${fromEnvPassword ? 'password from FOLIO_BOOTSTRAP_PASSWORD' : b.password}`,
    '',
    `  Try:  curl -H "Authorization: Bearer ${fromEnvKey ? '$FOLIO_BOOTSTRAP_API_KEY' : b.apiKey}" ${publicUrl}/v1/usage`,
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
  printBootstrap(bootstrap, config.resolved.publicUrl, config);
  // The PDF libraries load in a sandbox process before the first PDF job, once Chromium's launch (what
  // /readyz waits for) no longer needs the CPU.
  app.startBackground({ afterLaunch: () => app.services.ctx.sandbox.warm() });
  // Before the listening line, which is what scripts (and tests) wait for.
  if (config.allowInsecureWebhooks)
    process.stdout.write(
      '  Development mode: webhooks may use http:// and loopback or private hosts (FOLIO_ALLOW_INSECURE_WEBHOOKS=1, which npm start sets).\n' +
        '  Rendering pages keep the full network policy. In production leave it unset: webhooks then need https and a public host.\n',
    );
  process.stdout.write(`Folio ${role} listening on ${config.resolved.publicUrl} (docs: ${config.resolved.publicUrl}/docs)\n`);
  if (app.services.ctx.tracing.enabled) app.log.info('tracing: spans go to the OTLP endpoint of the OTEL_* variables');
  // The spans of the last jobs are sent before the process ends.
  installShutdown(app.log, config.shutdownGraceMs, [async () => app.close(), async () => app.services.ctx.tracing.shutdown()]);
}
