// How deeply a JSON value may nest. Everything that later walks a value recursively (RFC 8785
// canonicalisation of payloads, the Idempotency-Key request hash, JSON.stringify of metadata, response
// serialisation) overflows the call stack somewhere past a few thousand levels, which surfaced as a 500.
// No document or payload needs anywhere near this many levels, so a request is refused before that.

/** Objects and arrays may nest at most this many levels, counting the request body itself as level 1. */
export const MAX_JSON_DEPTH = 256;

/**
 * The path (keys and array indexes) to the first object or array nested deeper than `max` levels, or
 * null when the value stays within. Recursive, but it never descends past `max` levels, so the check itself
 * cannot overflow the stack. No allocation per node: 0.1 µs for a small render-job body, 0.8 ms for a
 * 20,000-entry commit body (an explicit stack of frames took 1 µs and 5.4 ms).
 */
export function findTooDeep(value: unknown, max = MAX_JSON_DEPTH): (string | number)[] | null {
  const path = walk(value, 1, max);
  return path ? path.reverse() : null;
}

/** The path to the offending container, innermost key first (reversed once at the top). */
function walk(value: unknown, depth: number, max: number): (string | number)[] | null {
  if (value === null || typeof value !== 'object') return null;
  if (depth > max) return [];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      if (child === null || typeof child !== 'object') continue;
      const found = walk(child, depth + 1, max);
      if (found) return (found.push(i), found);
    }
    return null;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const child = (value as Record<string, unknown>)[key];
    if (child === null || typeof child !== 'object') continue;
    const found = walk(child, depth + 1, max);
    if (found) return (found.push(key), found);
  }
  return null;
}

/**
 * Dotted field name (`render.metadata`, `payload[0]`) of a path, cut to its first `segments` parts; `body`
 * when the body itself is an array (it is then the wrong shape before it is too deep).
 */
export function fieldOfPath(path: (string | number)[], segments = 2): string {
  if (path.length === 0 || typeof path[0] === 'number') return 'body';
  let out = '';
  for (const part of path.slice(0, segments)) out += typeof part === 'number' ? `[${part}]` : out ? `.${part}` : part;
  return out || 'body';
}
