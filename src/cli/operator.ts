import { parseArgs } from 'node:util';
import { createApp, type App } from '../app.js';
import { ConfigError, loadConfig, type Config } from '../config/load.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { parseScopes } from '../domain/accounts/scopes.js';
import { databasePresence, describeTarget, missingDatabaseMessage, redactDatabaseUrl } from './doctor-database.js';
import { operatorHelp } from './operator-help.js';

// Operator commands act on the configured database directly (no HTTP, no API key): they are for whoever
// runs the service. Output is plain text; the last whitespace-separated token is the useful value where
// scripts need one (an id, a key). Each names the database and data dir it uses on stderr, and only
// `folio migrate` (or a command given --create) makes a database where there is none: run in the wrong
// folder, `folio secrets reveal` would otherwise start an empty installation there and answer from it.

const COMMANDS = new Set([
  'migrate',
  'accounts create',
  'accounts list',
  'keys create',
  'keys list',
  'keys revoke',
  'keys scopes',
  'plans list',
  'plans set',
  'secrets reveal',
]);

async function withApp<T>(config: Config, fn: (app: App) => Promise<T>): Promise<T> {
  const app = await createApp({ config });
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

class UsageError extends Error {}

function need(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`missing ${flag}`);
  return value;
}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        plan: { type: 'string' },
        account: { type: 'string' },
        deploy: { type: 'string' },
        scopes: { type: 'string' },
        create: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

export async function runOperator(command: string, argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parse(argv);
    if (values.help) {
      console.log(operatorHelp);
      return 0;
    }
    const sub = positionals[0];
    const name = `${command} ${sub ?? ''}`.trim();
    if (!COMMANDS.has(name)) throw new UsageError(`unknown command "folio ${name}"`);
    const config = loadConfig(process.env);
    console.error(describeTarget(config));
    const presence = await databasePresence(config);
    if (!presence.exists && command !== 'migrate' && !values.create) {
      console.error(missingDatabaseMessage(config, name, presence.reason));
      return 2;
    }
    if (!presence.exists) console.error(`folio: ${presence.reason}: creating it (${redactDatabaseUrl(config.resolved.databaseUrl)})`);
    switch (name) {
      case 'migrate': {
        const database = openDatabase(config.resolved.databaseUrl);
        try {
          const applied = await migrateToLatest(database.db);
          console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
        } finally {
          await database.close();
        }
        return 0;
      }
      case 'accounts create':
        return await withApp(config, async (app) => {
          const r = await app.services.accounts.create({ name: need(values.name, '--name'), plan: values.plan });
          console.log(`account ${r.accountId}\nkey id  ${r.keyId}\nAPI key ${r.apiKey}`);
          return 0;
        });
      case 'accounts list':
        return await withApp(config, async (app) => {
          for (const a of await app.services.accounts.list()) console.log(`${a.id}\t${a.plan_key}\t${a.name}`);
          return 0;
        });
      case 'keys create':
        return await withApp(config, async (app) => {
          const scopes = parseScopes(values.scopes);
          if (typeof scopes === 'string') throw new UsageError(scopes);
          const accountId = need(values.account, '--account');
          await app.services.accounts.get(accountId);
          const k = await app.services.apiKeys.create({ accountId, scopes });
          console.log(`key id  ${k.id}\nscopes  ${scopes.join(',')}\nAPI key ${k.key}`);
          return 0;
        });
      case 'keys list':
        return await withApp(config, async (app) => {
          for (const k of await app.services.apiKeys.list(need(values.account, '--account'))) {
            console.log(`${k.id}\t${k.prefix}…${k.last4}\t${k.scopes.join(',')}\t${k.revokedAt ? 'revoked' : 'active'}`);
          }
          return 0;
        });
      case 'keys revoke':
        return await withApp(config, async (app) => {
          const id = need(positionals[1], 'KEY_ID');
          await app.services.apiKeys.revoke(id);
          console.log(`revoked ${id}`);
          return 0;
        });
      case 'keys scopes':
        return await withApp(config, async (app) => {
          const id = need(positionals[1], 'KEY_ID');
          const scopes = parseScopes(need(values.scopes, '--scopes'));
          if (typeof scopes === 'string') throw new UsageError(scopes);
          await app.services.apiKeys.setScopes(id, scopes);
          console.log(`key id  ${id}\nscopes  ${scopes.join(',')}`);
          return 0;
        });
      case 'plans list':
        return await withApp(config, async (app) => {
          for (const p of app.services.ctx.plans.list())
            console.log(`${p.key}\t${p.name}\t${p.monthlyPriceCents} ${p.currency}/${p.interval}\t${JSON.stringify(p.policy)}`);
          return 0;
        });
      case 'plans set':
        return await withApp(config, async (app) => {
          const accountId = need(values.account, '--account');
          const plan = need(values.plan, '--plan');
          await app.services.accounts.setPlan(accountId, plan);
          console.log(`account ${accountId} is now on plan ${plan}`);
          return 0;
        });
      case 'secrets reveal':
        return await withApp(config, async (app) => {
          const accountId = values.account ?? (await app.services.accounts.bootstrapAccountId());
          if (!accountId) throw new UsageError('no bootstrap account yet: give --account');
          const r = await app.services.webhooks.revealSecret(accountId, values.deploy);
          // Printed for the operator who asked; never logged.
          console.log(`${r.scope} signing secret: ${r.secret}`);
          return 0;
        });
      default:
        throw new UsageError(`unknown command "folio ${name}"`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`error: ${err.message}\n\n${operatorHelp}`);
      return 2;
    }
    if (err instanceof ConfigError) {
      console.error(`configuration error: ${err.message}`);
      return 2;
    }
    const e = err as { code?: string; message: string };
    console.error(`error: ${e.code ? `${e.code}: ` : ''}${e.message}`);
    return 1;
  }
}
