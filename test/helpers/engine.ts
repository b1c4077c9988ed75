// Which engines the integration suite runs on. FOLIO_TEST_ENGINE=postgres points every test app at a fresh
// PostgreSQL database of its own (created here, dropped at close); the default is SQLite files.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
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
