// Which database an operator command (or `folio doctor`) acts on, whether it exists, and what its
// migrations are -- without ever creating it. Opening a SQLite path creates the file, and migrating an
// empty PostgreSQL database creates the schema, so both are asked first: an operator command run in the
// wrong folder or with the wrong environment must say so instead of starting a second, empty installation.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config/load.js';
import { openDatabase, type OpenDatabase } from '../db/database.js';
import { migrations } from '../db/migrations/index.js';

/** The database URL with the password of a PostgreSQL URL (user:password@ or ?password=) replaced by ***. */
export function redactDatabaseUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:@/]*):[^@/]*@/i, '$1:***@').replace(/([?&]password=)[^&]*/gi, '$1***');
}

/** The SQLite file the configuration names, or null (PostgreSQL, or an in-memory / URI database). */
export function sqliteFile(config: Config): string | null {
  const url = config.resolved.databaseUrl;
  if (!url.startsWith('sqlite:')) return null;
  const file = url.slice('sqlite:'.length);
  if (file === '' || file === ':memory:' || file.startsWith('file:')) return null;
  return path.resolve(file);
}

/** Whether the data dir is the default (FOLIO_DATA_DIR unset), i.e. `./data` under the current folder. */
function dataDirIsDefault(env: Record<string, string | undefined>): boolean {
  return !env.FOLIO_DATA_DIR;
}

/**
 * One line for stderr: which database and data dir a command uses. Never the password of a PostgreSQL URL.
 * `folio: database sqlite:/srv/folio/data/folio.db, data dir /srv/folio/data`
 */
export function describeTarget(config: Config, env: Record<string, string | undefined> = process.env): string {
  const dir = dataDirIsDefault(env) ? `${config.dataDir} (FOLIO_DATA_DIR is not set: ./data under the current folder)` : config.dataDir;
  return `folio: database ${redactDatabaseUrl(config.resolved.databaseUrl)}, data dir ${dir}`;
}

/** True when the PostgreSQL error or socket error is worth a precise hint. */
function pgCode(err: unknown): string | undefined {
  return (err as { code?: string }).code;
}

/** Runs `fn` on the configured database, bounded by `timeoutMs` (a dropped packet must not hang a command). */
async function withDatabase<T>(config: Config, timeoutMs: number, fn: (database: OpenDatabase) => Promise<T>): Promise<T> {
  const database = openDatabase(config.resolved.databaseUrl, { poolSize: 1, statementTimeoutMs: Math.min(timeoutMs, 15_000) });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    return await Promise.race([fn(database), timeout]);
  } finally {
    clearTimeout(timer);
    // A connection still being attempted keeps close() waiting: do not wait for it (the command exits).
    void database.close().catch(() => {});
  }
}

async function migrationTableExists(database: OpenDatabase): Promise<boolean> {
  if (database.dialect === 'sqlite') {
    const r = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = 'folio_migrations'`.execute(
      database.db,
    );
    return Number(r.rows[0]?.n ?? 0) > 0;
  }
  const r = await sql<{ t: string | null }>`select to_regclass('folio_migrations')::text as t`.execute(database.db);
  return r.rows[0]?.t != null;
}

export type DatabasePresence = { exists: true } | { exists: false; reason: string };

/**
 * Whether a Folio database exists where the configuration points, without creating one: a SQLite file that
 * exists, or a PostgreSQL database that has Folio's migration table (an empty PostgreSQL database has no
 * schema yet: that is what `folio migrate` makes). Throws when PostgreSQL cannot be reached.
 */
export async function databasePresence(config: Config, timeoutMs = 15_000): Promise<DatabasePresence> {
  const url = config.resolved.databaseUrl;
  if (url.startsWith('sqlite:')) {
    const file = sqliteFile(config);
    if (file === null || fs.existsSync(file)) return { exists: true };
    return { exists: false, reason: `there is no Folio database at ${file}` };
  }
  const has = await withDatabase(config, timeoutMs, migrationTableExists);
  return has ? { exists: true } : { exists: false, reason: `the PostgreSQL database ${redactDatabaseUrl(url)} has no Folio schema yet` };
}

/** The error of an operator command that would have created a database (exit code 2). */
export function missingDatabaseMessage(
  config: Config,
  command: string,
  reason: string,
  env: Record<string, string | undefined> = process.env,
): string {
  const lines = [`error: ${reason}, and \`folio ${command}\` does not create one.`];
  if (sqliteFile(config) !== null && !env.FOLIO_DATABASE_URL) {
    lines.push(
      dataDirIsDefault(env)
        ? `  FOLIO_DATA_DIR is not set, so the data dir is ./data under the current folder (${config.dataDir}).`
        : `  FOLIO_DATA_DIR is ${config.dataDir}.`,
    );
    lines.push(
      'fix: run the command with the same settings as the server: FOLIO_DATA_DIR=<the data dir of your installation>',
      '  (or FOLIO_DATABASE_URL). To start a new installation there, run `folio migrate` first, or repeat the command with --create.',
    );
  } else {
    lines.push(
      "fix: check FOLIO_DATABASE_URL (the same as the server's). To create the schema in this database, run `folio migrate`",
      '  first, or repeat the command with --create.',
    );
  }
  return lines.join('\n');
}

export interface MigrationState {
  applied: string[];
  /** Migrations of this version the database has not had yet. */
  pending: string[];
  /** Migrations the database has that this version does not know (a newer Folio migrated it). */
  unknown: string[];
}

/** Reads the applied migrations; the database must exist (see databasePresence). Never migrates. */
export async function migrationState(config: Config, timeoutMs = 15_000): Promise<MigrationState> {
  return withDatabase(config, timeoutMs, async (database) => {
    await sql`select 1`.execute(database.db);
    const applied = (await migrationTableExists(database))
      ? (await sql<{ name: string }>`select name from folio_migrations order by name`.execute(database.db)).rows.map((r) => r.name)
      : [];
    const known = Object.keys(migrations);
    return {
      applied,
      pending: known.filter((m) => !applied.includes(m)),
      unknown: applied.filter((m) => !known.includes(m)),
    };
  });
}

/** A fix for a database connection error, by its code (PostgreSQL SQLSTATE or a socket error). */
export function databaseErrorFix(err: unknown): string {
  switch (pgCode(err)) {
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return 'is PostgreSQL running and reachable from here? Check the host and port of FOLIO_DATABASE_URL';
    case '28P01':
    case '28000':
      return 'the user or password of FOLIO_DATABASE_URL is refused: use the credentials the server uses';
    case '3D000':
      return 'the database named in FOLIO_DATABASE_URL does not exist: create it (createdb), then run `folio migrate`';
    case 'SQLITE_CANTOPEN':
    case 'EACCES':
      return 'the database file cannot be opened: check the permissions of the data dir for the user running this command';
    default:
      return "check FOLIO_DATABASE_URL / FOLIO_DATA_DIR (they must be the server's) and that the database answers";
  }
}
