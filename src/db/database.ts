import fs from 'node:fs';
import path from 'node:path';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type Migration,
  type MigrationProvider,
  type SqliteDialectConfig,
} from 'kysely';
import Database from 'libsql';
import pg from 'pg';
import { migrations } from './migrations/index.js';
import type { Tables } from './tables.js';

export type Db = Kysely<Tables>;
export type DialectName = 'sqlite' | 'postgres';

/** An open database: the query builder, its engine, and what the app needs to watch commits and close it. */
export interface OpenDatabase {
  db: Db;
  dialect: DialectName;
  /** PostgreSQL only: the pool, for LISTEN/NOTIFY sends. */
  pool?: pg.Pool;
  /**
   * SQLite file databases only (null otherwise): a number that changes whenever a transaction commits, in
   * any process, or null when that cannot be told right now (`PRAGMA data_version` on a connection of its
   * own, see `commitMarker`). For ReadCache and the auth-change watcher.
   */
  dataVersion: (() => number | null) | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  poolSize?: number;
  statementTimeoutMs?: number;
  onIdleError?: (err: Error) => void;
}

// node-pg returns int8 (bigint) columns as strings by default; every bigint here is an epoch-ms or a
// byte count well inside Number.MAX_SAFE_INTEGER, so parse them as numbers to match SQLite.
pg.types.setTypeParser(20, (v) => Number(v));

export function openDatabase(url: string, opts: DatabaseOptions = {}): OpenDatabase {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const raw = new Database(file);
    // WAL lets readers (CLI commands, a second process) work while the service writes; busy_timeout
    // makes writers from other processes wait instead of failing at once.
    const journalMode = (raw.prepare('PRAGMA journal_mode = WAL').raw(true).get() as [string])[0];
    raw.exec('PRAGMA synchronous = NORMAL');
    raw.exec('PRAGMA busy_timeout = 10000');
    raw.exec('PRAGMA foreign_keys = ON');
    const db = new Kysely<Tables>({ dialect: new SqliteDialectKeepingErrors({ database: withStatementCache(raw) as never }, raw) });
    // A commit marker only where a second connection reaches the same database: a plain file path (not an
    // in-memory database, not a `file:` URI) in WAL mode, so its reads never wait for our writer.
    const markable = journalMode === 'wal' && file !== '' && file !== ':memory:' && !file.startsWith('file:');
    const marker = markable ? commitMarker(file) : null;
    return {
      db,
      dialect: 'sqlite',
      dataVersion: marker && marker.read,
      close: async () => {
        await db.destroy();
        marker?.close();
      },
    };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({
      connectionString: url,
      max: opts.poolSize ?? 10,
      options: `-c statement_timeout=${opts.statementTimeoutMs ?? 15000}`,
    });
    // An idle client can be cut by the server (restart, failover, admin): log it, never crash the process.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', pool, dataVersion: null, close: () => db.destroy() };
  }
  throw new Error(`unsupported database URL: ${url.replace(/\/\/[^@]*@/, '//***@')}`);
}

/**
 * "Has anything been committed since the last look?" for a SQLite file, answered by SQLite itself:
 * `PRAGMA data_version` changes whenever *another* connection has committed (any process), but never for
 * the asking connection's own commits (https://www.sqlite.org/pragma.html#pragma_data_version). So it is
 * asked on a connection of its own that never writes: every commit, this process's included, is another
 * connection's. A failed read (SQLITE_BUSY while another process recovers the WAL) answers null, unknown,
 * which makes callers read the database. SQLite increments the value, so a reading never comes back.
 */
function commitMarker(file: string): { read: () => number | null; close: () => void } {
  const conn = new Database(file);
  conn.exec('PRAGMA busy_timeout = 1000');
  const pragma = conn.prepare('PRAGMA data_version').raw(true);
  return {
    read: () => {
      try {
        return (pragma.get() as [number])[0];
      } catch {
        return null;
      }
    },
    close: () => conn.close(),
  };
}

/**
 * SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_BUSY,
 * SQLITE_NOMEM: https://www.sqlite.org/lang_transaction.html). Kysely then issues its own ROLLBACK, which
 * fails with "cannot rollback - no transaction is active" and replaces the error that mattered: a full disk
 * surfaced as a 500 with a misleading message. The driver skips the ROLLBACK when the connection is no longer
 * in a transaction (nothing is left to undo), so the original error reaches the caller. A ROLLBACK that is
 * needed still runs, and still fails loudly if it fails.
 */
class SqliteDialectKeepingErrors extends SqliteDialect {
  constructor(
    private readonly driverConfig: SqliteDialectConfig,
    private readonly raw: InstanceType<typeof Database>,
  ) {
    super(driverConfig);
  }

  override createDriver(): Driver {
    const raw = this.raw;
    return new (class extends SqliteDriver {
      override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
        if (!raw.inTransaction) return;
        await super.rollbackTransaction(connection);
      }
    })(this.driverConfig);
  }
}

type RawStatement = ReturnType<InstanceType<typeof Database>['prepare']>;

/** The part of a statement Kysely's SqliteDriver uses (`reader`, `all`, `run`, `iterate`). */
interface CachedStatement {
  readonly reader: boolean;
  all(params: readonly unknown[]): unknown[];
  run(params: readonly unknown[]): unknown;
  iterate(params: readonly unknown[]): IterableIterator<unknown>;
}

/**
 * Kysely prepares every statement anew on each query; preparing was ~16 % of the CPU of an authenticated
 * read in bench/api. Statements are reusable on this one connection (Kysely runs one query at a time on
 * it), so keep the most recent ones by SQL text. `reader` is a native call in libsql (~1 µs, 3 % of that
 * read), and never changes for a prepared statement, so it is read once.
 */
function withStatementCache(raw: InstanceType<typeof Database>, max = 500) {
  const cache = new Map<string, CachedStatement>();
  const wrap = (stmt: RawStatement): CachedStatement => ({
    reader: stmt.reader,
    all: (params) => stmt.all(params),
    run: (params) => stmt.run(params),
    iterate: (params) => stmt.iterate(params) as IterableIterator<unknown>,
  });
  return {
    prepare(sqlText: string): CachedStatement {
      let stmt = cache.get(sqlText);
      if (stmt) {
        cache.delete(sqlText);
      } else {
        stmt = wrap(raw.prepare(sqlText));
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(sqlText, stmt);
      return stmt;
    },
    close() {
      cache.clear();
      raw.close();
    },
  };
}

class StaticMigrations implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Applies pending migrations; safe to run from several processes at once (Kysely takes a lock). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new StaticMigrations(),
    migrationTableName: 'folio_migrations',
    migrationLockTableName: 'folio_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
