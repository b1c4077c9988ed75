import { sql, type SelectQueryBuilder } from 'kysely';
import { decodeCursor, encodeCursor } from '../domain/cursor.js';
import { AppError } from '../errors/app-error.js';

// Keyset pagination over time-ordered ids, newest first: a list queries `id < cursor` ordered by id desc
// with limit + 1 rows, and toPage() turns that into {items, nextCursor}. newestFirst() does all of it for
// a single-table query.

/** The id a cursor points after, or undefined for the first page; a malformed cursor is a 400. */
export function afterId(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const c = decodeCursor(cursor, { id: 'string' });
  if (!c) throw new AppError('invalid_request', 'cursor is malformed', { field: 'cursor' });
  return c.id as string;
}

/** `rows` holds up to limit + 1 rows; the extra one only says that a next page exists. */
export function toPage<R extends { id: string }, T>(
  rows: R[],
  limit: number,
  view: (r: R) => T,
): { items: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  return { items: page.map(view), nextCursor: rows.length > limit ? encodeCursor({ id: page[page.length - 1].id }) : null };
}

/** One page of `q` (a query on one table with an `id` column), newest first, after the cursor's id. */
export async function newestFirst<DB, TB extends keyof DB, R extends { id: string }, T>(
  q: SelectQueryBuilder<DB, TB, R>,
  opts: { cursor?: string; limit: number },
  view: (r: R) => T,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const after = afterId(opts.cursor);
  const from = after === undefined ? q : q.where(sql<boolean>`id < ${after}`);
  const rows = (await from
    .orderBy(sql.ref('id'), 'desc')
    .limit(opts.limit + 1)
    .execute()) as R[];
  return toPage(rows, opts.limit, view);
}
