import { decodeCursor, encodeCursor } from '../domain/cursor.js';
import { AppError } from '../errors/app-error.js';

// Keyset pagination over time-ordered ids, newest first: a list queries `id < cursor` ordered by id desc
// with limit + 1 rows, and toPage() turns that into {items, nextCursor}.

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
