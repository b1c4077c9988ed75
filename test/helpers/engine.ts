// Which engines the integration suite runs on. FOLIO_TEST_ENGINE=postgres points every test app at a fresh
// PostgreSQL database of its own (created here, dropped at close); the default is SQLite files.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// CI: PostgreSQL at 127.0.0.1:5432 with trust auth and a database `test`; the role is the OS user.
export const TEST_PG_URL = process.env.FOLIO_TEST_PG_URL ?? `postgres://${os.userInfo().username}@127.0.0.1:5432/test`;
export const engine = process.env.FOLIO_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** Creates an empty database for one test app; returns its URL and a drop function. */
export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `folio_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(TEST_PG_URL, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** An S3-compatible server (s3rver, in a child process) with one bucket, for the PostgreSQL + S3 pass. */
export async function startS3(dir: string): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
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
        child.once('exit', () => resolve());
        child.stdin!.end();
      }),
  };
}
