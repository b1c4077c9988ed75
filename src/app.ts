import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { openBlobStore } from './blobs/fs-blob-store.js';
import type { Config } from './config/load.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { systemClock, type Clock } from './domain/clock.js';
import { buildServer } from './http/server.js';
import { createLogger } from './observability/logger.js';
import type { ServiceContext } from './services/context.js';
import { buildServices, type Services } from './services/index.js';
import { loadPlanCatalog } from './services/plan-catalog.js';
import { loadSigningKey } from './services/signing-key.js';

export interface AppOptions {
  config: Config;
  clock?: Clock;
  logger?: Logger;
  /** Run migrations on start (the embedded default); scale-out runs `folio migrate` once instead. */
  migrate?: boolean;
}

export interface App {
  config: Config;
  services: Services;
  log: Logger;
  close(): Promise<void>;
}

/** Composition root: builds the database, blob store, plans and services from config. */
export async function createApp(opts: AppOptions): Promise<App> {
  const { config } = opts;
  const log = opts.logger ?? createLogger(config.logLevel);
  const database = openDatabase(config.resolved.databaseUrl, { poolSize: config.databasePoolSize, statementTimeoutMs: config.databaseStatementTimeoutMs });
  try {
    if (opts.migrate !== false) await migrateToLatest(database.db);
    const blobs = openBlobStore(config.resolved.storageUrl);
    const ctx: ServiceContext = {
      db: database.db,
      dialect: database.dialect,
      blobs,
      clock: opts.clock ?? systemClock,
      plans: loadPlanCatalog(config.plansFile),
      config,
      log,
    };
    const services = buildServices(ctx, { signingKey: loadSigningKey(config) });
    return { config, services, log, close: () => database.close() };
  } catch (err) {
    await database.close();
    throw err;
  }
}

export interface HttpApp extends App {
  server: FastifyInstance;
}

/** The app plus its HTTP server (not listening). */
export async function createHttpApp(opts: AppOptions): Promise<HttpApp> {
  const app = await createApp(opts);
  const server = await buildServer({ services: app.services, logger: app.log });
  return {
    ...app,
    server,
    close: async () => {
      await server.close();
      await app.close();
    },
  };
}
