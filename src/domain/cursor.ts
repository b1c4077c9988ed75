// Opaque cursors for keyset pagination: base64url of a small JSON object naming the last item's sort key.
// Keyset (not offset) pagination stays stable when rows are inserted while a client pages through.

export function encodeCursor(value: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Returns the decoded object, or null when the cursor is malformed (the caller answers 400). */
export function decodeCursor<K extends string>(cursor: string, fields: Record<K, 'string' | 'number'>): Record<K, string | number> | null {
  if (cursor.length > 512 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const out = {} as Record<K, string | number>;
  for (const [k, t] of Object.entries(fields) as [K, 'string' | 'number'][]) {
    const v = (parsed as Record<string, unknown>)[k];
    if (t === 'number' ? !Number.isSafeInteger(v) : typeof v !== 'string' || v.length > 200) return null;
    out[k] = v as string | number;
  }
  return out;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
