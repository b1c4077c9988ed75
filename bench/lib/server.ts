// Starts a real Folio API (SQLite file + filesystem blobs in a fresh temp dir) listening on 127.0.0.1:0,
// so the benches talk real HTTP to it like a client would. Built the way test/helpers/app.ts builds one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createHttpApp, type HttpApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/load.js';
import { createLogger } from '../../src/observability/logger.js';

export const BENCH_KEY = 'folio_sk_bench00000000000000000000000000000000001';

export interface BenchServer {
  app: HttpApp;
  url: string;
  key: string;
  dataDir: string;
  close(): Promise<void>;
}

export interface StartOptions {
  /**
   * `silent` (default): no log lines at all. `info`: Fastify's per-request logging on (two lines per
   * request, "incoming request" and "request completed"), written to /dev/null so the terminal is not
   * the bottleneck; this is what a production server pays.
   */
  logLevel?: 'silent' | 'info';
  env?: Record<string, string>;
}

export async function startFolio(opts: StartOptions = {}): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  const logLevel = opts.logLevel ?? 'silent';
  const config = loadConfig({
    FOLIO_DATA_DIR: dataDir,
    FOLIO_BOOTSTRAP_API_KEY: BENCH_KEY,
    FOLIO_LOG_LEVEL: logLevel,
    // The benches measure the service, not the per-key rate limiter's refusals.
    FOLIO_RATE_LIMIT_PER_SECOND: '1000000',
    FOLIO_RATE_LIMIT_BURST: '1000000',
    ...opts.env,
  });
  const destination = logLevel === 'silent' ? undefined : pino.destination({ dest: '/dev/null', sync: false });
  const app = await createHttpApp({ config, logger: createLogger(config.logLevel, destination) });
  await app.services.accounts.ensureBootstrap();
  const url = await app.server.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url,
    key: BENCH_KEY,
    dataDir,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
