// How deeply a JSON value may nest. Everything that later walks a value recursively (RFC 8785
// canonicalisation of payloads, the Idempotency-Key request hash, JSON.stringify of metadata, response
// serialisation) overflows the call stack somewhere past a few thousand levels, which surfaced as a 500.
// No document or payload needs anywhere near this many levels, so a request is refused before that.

/** Objects and arrays may nest at most this many levels, counting the request body itself as level 1. */
export const MAX_JSON_DEPTH = 256;

/**
 * The path (keys and array indexes) to the first object or array nested deeper than `max` levels, or
 * null when the value stays within. Iterative with an explicit stack, so the check itself cannot overflow.
 */
export function findTooDeep(value: unknown, max = MAX_JSON_DEPTH): (string | number)[] | null {
  if (value === null || typeof value !== 'object') return null;
  type Frame = { value: object; depth: number; parent: Frame | null; key: string | number | null };
  const stack: Frame[] = [{ value, depth: 1, parent: null, key: null }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.depth > max) {
      const path: (string | number)[] = [];
      for (let f: Frame | null = frame; f && f.key !== null; f = f.parent) path.push(f.key);
      return path.reverse();
    }
    // Only containers are pushed: a large flat array of scalars (a bundle's 20,000 entries) costs one pass.
    if (Array.isArray(frame.value)) {
      frame.value.forEach((child: unknown, i) => {
        if (child !== null && typeof child === 'object') stack.push({ value: child, depth: frame.depth + 1, parent: frame, key: i });
      });
    } else {
      for (const key in frame.value) {
        if (!Object.hasOwn(frame.value, key)) continue;
        const child = (frame.value as Record<string, unknown>)[key];
        if (child !== null && typeof child === 'object') stack.push({ value: child, depth: frame.depth + 1, parent: frame, key });
      }
    }
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
