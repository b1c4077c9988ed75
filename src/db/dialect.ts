// The few places where SQLite and PostgreSQL differ, kept together so no service branches on the engine.
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DialectName } from './database.js';

/**
 * Row lock for read-modify-write inside a transaction. PostgreSQL needs FOR UPDATE; SQLite has no row
 * locks but runs one write transaction at a time (one connection per process, and the database lock
 * across processes), so the plain select is already serialised there.
 */
export function forUpdate<DB, TB extends keyof DB, O>(
  dialect: DialectName,
  qb: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? qb.forUpdate() : qb;
}

/** Unique-constraint violation, from either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  if (e.code === '23505') return true; // PostgreSQL unique_violation
  return (
    (typeof e.message === 'string' && /UNIQUE constraint failed|SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)/.test(e.message)) ||
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** The larger of two numeric SQL expressions: GREATEST on PostgreSQL, the two-argument max() on SQLite. */
export function greatest(
  dialect: DialectName,
  a: RawBuilder<number> | ReturnType<typeof sql.ref>,
  b: RawBuilder<number> | ReturnType<typeof sql.ref>,
): RawBuilder<number> {
  return dialect === 'postgres' ? sql<number>`greatest(${a}, ${b})` : sql<number>`max(${a}, ${b})`;
}
