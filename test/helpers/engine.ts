// Which engines the integration suite runs on. FOLIO_TEST_ENGINE=postgres points every test app at a fresh
// PostgreSQL database of its own (created here, dropped at close); the default is SQLite files.
//
// A test app's database is a copy of a template database that already has every migration applied
// (CREATE DATABASE ... TEMPLATE): copying is cheaper than migrating each one. The template's name holds a
// hash of the migrations (src/db/migrations and the migrator's set-up in src/db/database.ts), so one built
// by an earlier run is reused until a migration changes, and a changed migration gets a template of its own.
// Only a complete template ever has that name: it is built under another name and renamed at the end, while
// a PostgreSQL advisory lock keeps parallel test processes from building it twice. Checkouts with other
// migrations may share the server, each with its template: one is dropped only once unused for a day (the
// time of its last use is its database comment).
import { createHash, randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../../src/db/database.js';
import { atFileEnd } from './leak-check.js';

// CI: PostgreSQL at 127.0.0.1:5432 with trust auth and a database `test`; the role is the OS user.
export const TEST_PG_URL = process.env.FOLIO_TEST_PG_URL ?? `postgres://${os.userInfo().username}@127.0.0.1:5432/test`;
export const engine = process.env.FOLIO_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

const TEMPLATE_PREFIX = 'folio_tpl_';
// pg_advisory_lock's key for building a template: one builder at a time across all test processes.
const TEMPLATE_LOCK = 7_310_421_055;
const STALE_TEMPLATE_MS = 24 * 3600_000;

/** What the migrated schema depends on: the migration files (names and contents) and the migrator set-up. */
export function migrationsHash(): string {
  const src = fileURLToPath(new URL('../../src/db/', import.meta.url));
  const files = [
    ...fs
      .readdirSync(path.join(src, 'migrations'))
      .sort()
      .map((f) => path.join('migrations', f)),
    'database.ts',
  ];
  const hash = createHash('sha256');
  for (const f of files)
    hash
      .update(`${f}\0`)
      .update(fs.readFileSync(path.join(src, f)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: TEST_PG_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const pgCode = (err: unknown) => (err as { code?: string } | null)?.code;
const exists = async (c: pg.Client, name: string) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;

/** Records that the template is in use now (see STALE_TEMPLATE_MS). */
const touch = (admin: pg.Client, name: string) => admin.query(`comment on database ${name} is '${Date.now()}'`);

/** Builds the migrated template unless it exists; returns its name. */
async function buildTemplate(): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${migrationsHash()}`;
  return withAdmin(async (admin) => {
    if (await exists(admin, name)) {
      await touch(admin, name);
      return name;
    }
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      // Another process may have built it while this one waited for the lock.
      if (await exists(admin, name)) {
        await touch(admin, name);
        return name;
      }
      // Under the lock nobody else builds, so a template still being built is a crashed run's leftover; a
      // template of other migrations unused for a day is stale (a run still on it builds it again, see
      // createPgDatabase).
      const others = await admin.query<{ datname: string; used: string | null }>(
        `select datname, shobj_description(oid, 'pg_database') as used from pg_database where starts_with(datname, $1) and datname <> $2`,
        [TEMPLATE_PREFIX, name],
      );
      for (const { datname, used } of others.rows) {
        const building = datname.endsWith('_build');
        if (!building && Date.now() - (Number(used) || 0) < STALE_TEMPLATE_MS) continue;
        await admin.query(`drop database if exists ${datname}${building ? ' with (force)' : ''}`).catch(() => {});
      }
      const build = `${name}_build`;
      await admin.query(`create database ${build}`);
      await touch(admin, build);
      const database = openDatabase(withDatabase(TEST_PG_URL, build));
      try {
        await migrateToLatest(database.db);
      } finally {
        await database.close();
      }
      // A copy needs its template to have no connections; nobody may open one from now on.
      await retryInUse(() => admin.query(`alter database ${build} with allow_connections false`));
      try {
        await retryInUse(() => admin.query(`alter database ${build} rename to ${name}`));
      } catch (err) {
        // 42P04: it exists after all (a builder that did not take the lock); theirs is as good as this one.
        if (pgCode(err) !== '42P04') throw err;
        await admin.query(`drop database ${build}`);
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

/**
 * Runs a statement that PostgreSQL refuses while another session is connected to the database involved
 * ("source database ... is being accessed by other users", SQLSTATE 55006): a closed connection's server
 * process may still be ending. Retried for up to 10 s.
 */
async function retryInUse<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (pgCode(err) !== '55006' || attempt >= 100) throw err;
      await sleep(100);
    }
  }
}

let template: Promise<string> | null = null;

/** The migrated template's name, built at most once per process (and reused across runs). */
function migratedTemplate(): Promise<string> {
  template ??= buildTemplate().catch((err: unknown) => {
    template = null;
    throw err;
  });
  return template;
}

/**
 * Creates a database for one test app; returns its URL and a drop function. Empty by default; `migrated`
 * makes it a copy of the template with every migration applied, as an app's own start would leave it.
 */
export async function createPgDatabase(opts: { migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `folio_t_${randomBytes(6).toString('hex')}`;
  await withAdmin(async (admin) => {
    if (!opts.migrated) {
      await admin.query(`create database ${name}`);
      return;
    }
    for (let attempt = 0; ; attempt++) {
      const tpl = await migratedTemplate();
      try {
        await retryInUse(() => admin.query(`create database ${name} template ${tpl}`));
        return;
      } catch (err) {
        // 3D000: the template was dropped meanwhile (found stale by a run with other migrations): build it again.
        if (pgCode(err) !== '3D000' || attempt >= 3) throw err;
        template = null;
      }
    }
  });
  return {
    url: withDatabase(TEST_PG_URL, name),
    drop: async () => {
      await withAdmin(async (c) => {
        await c.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}

export interface TestS3 {
  env: Record<string, string>;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver, in a child process of its own) with one bucket `folio`. */
export async function startS3(dir: string): Promise<TestS3> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./s3rver-process.cjs', import.meta.url)), dir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  // Not what keeps this process alive: a file run by hand ends when its tests do, and s3rver then exits
  // as its standard input closes. close() holds the process until s3rver has exited.
  child.unref();
  (child.stdout as unknown as { unref(): void }).unref();
  (child.stdin as unknown as { unref(): void }).unref();
  // s3rver accepts any signature; the SDK still needs credentials to sign with.
  process.env.AWS_ACCESS_KEY_ID ??= 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'S3RVER';
  return {
    env: {
      FOLIO_STORAGE_URL: 's3://folio/test',
      FOLIO_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      FOLIO_S3_FORCE_PATH_STYLE: '1',
      FOLIO_S3_REGION: 'us-east-1',
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.ref();
        child.once('exit', () => resolve());
        child.stdin!.end();
      }),
  };
}

let shared: Promise<TestS3> | null = null;

/**
 * The S3 server a test process shares: started by the first app that needs one, stopped when the file
 * ends (atFileEnd). Each caller gets a prefix of its own in the one bucket, so apps never see each
 * other's objects. Its pipes do not keep the process alive (a file run by hand still ends; s3rver then
 * exits when its standard input closes).
 */
export async function sharedS3(): Promise<{ env: Record<string, string> }> {
  if (!shared) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-s3-'));
    shared = startS3(dir).then((s3) => {
      atFileEnd(async () => {
        shared = null;
        await s3.close();
        fs.rmSync(dir, { recursive: true, force: true });
      });
      return s3;
    });
    shared.catch(() => (shared = null));
  }
  const s3 = await shared;
  return { env: { ...s3.env, FOLIO_STORAGE_URL: `s3://folio/t-${randomBytes(6).toString('hex')}` } };
}
