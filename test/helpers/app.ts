// Builds a real app (SQLite file + filesystem blobs in a fresh temp dir) for one test file.
import fs from 'node:fs';
import os from 'node:os';
import { createHttpApp, type HttpApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/load.js';
import { ManualClock } from '../../src/domain/clock.js';
import type { LookupAll } from '../../src/net/resolve-host.js';
import { createLogger } from '../../src/observability/logger.js';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { createPgDatabase, engine, sharedS3 } from './engine.js';

export const TEST_KEY = 'folio_sk_test0000000000000000000000000000000001';

export interface TestApp extends HttpApp {
  clock: ManualClock;
  dataDir: string;
  key: string;
  accountId: string;
  /** JSON request through inject() with the bootstrap key unless headers override it. */
  api(
    method: string,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
}

export function tempDir(prefix = 'folio-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    clock?: ManualClock;
    dataDir?: string;
    keepDataDir?: boolean;
    logDestination?: Writable;
    /** Stands in for DNS in webhook address checks. */
    lookup?: LookupAll;
  } = {},
): Promise<TestApp> {
  // A given dataDir is reused (a restart of the same service); keepDataDir leaves it for the next app.
  const dataDir = opts.dataDir ?? tempDir();
  const pgDb = engine === 'postgres' && !opts.env?.FOLIO_DATABASE_URL ? await createPgDatabase({ migrated: true }) : null;
  let s3: { env: Record<string, string> } | null = null;
  let app: HttpApp | null = null;
  let boot: { accountId: string };
  const clock = opts.clock ?? new ManualClock(Date.now());
  try {
    // The PostgreSQL pass stores blobs in S3, as a scale-out deployment would: one s3rver per test process,
    // a prefix of its own per app.
    s3 = engine === 'postgres' && !opts.env?.FOLIO_STORAGE_URL ? await sharedS3() : null;
    const config = loadConfig({
      ...(pgDb ? { FOLIO_DATABASE_URL: pgDb.url } : {}),
      // PostgreSQL needs both keys shared by every process (a second app on the same database included).
      ...(pgDb || opts.env?.FOLIO_DATABASE_URL?.startsWith('postgres')
        ? {
            FOLIO_SIGNING_KEY: 'test-signing-key-0123456789abcdef0123456789',
            FOLIO_SECRETS_KEY: 'test-secrets-key-0123456789abcdef0123456789',
          }
        : {}),
      ...(s3?.env ?? {}),
      FOLIO_DATA_DIR: dataDir,
      FOLIO_BOOTSTRAP_API_KEY: TEST_KEY,
      FOLIO_LOG_LEVEL: process.env.FOLIO_TEST_LOG_LEVEL ?? 'silent',
      // Tests fire many requests at once; the rate limit has its own test.
      FOLIO_RATE_LIMIT_PER_SECOND: '100000',
      FOLIO_RATE_LIMIT_BURST: '100000',
      // The cheapest real scrypt: tests sign in and create users often (production default: 15).
      FOLIO_PASSWORD_HASH_COST: '10',
      // A payload check is a sandbox task with a 1 s limit in production; on a machine whose cores other
      // test files keep busy an ordinary check can take longer. Tests of the limit set it themselves.
      FOLIO_PAYLOAD_CHECK_TIMEOUT_MS: '10000',
      ...opts.env,
    });
    app = await createHttpApp({
      config,
      clock,
      logger: createLogger(config.logLevel, opts.logDestination as never),
      lookup: opts.lookup,
    });
    boot = await app.services.accounts.ensureBootstrap();
  } catch (err) {
    // A start that failed gives the test no close(): what it made goes now (the database above all).
    await app?.close().catch(() => {});
    await pgDb?.drop();
    throw err;
  }
  const started = app;
  const api: TestApp['api'] = async (method, url, body, headers = {}) => {
    const res = await started.server.inject({
      method: method as never,
      url,
      headers: { authorization: `Bearer ${TEST_KEY}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    let parsed: unknown = res.body;
    try {
      parsed = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body: parsed, headers: res.headers };
  };
  return {
    ...started,
    clock,
    dataDir,
    key: TEST_KEY,
    accountId: boot.accountId,
    api,
    close: async () => {
      await started.close();
      await pgDb?.drop();
      if (!opts.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
