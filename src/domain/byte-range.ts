// Which part of a file a `Range` request header asks for (RFC 9110 §14). Folio serves one `bytes` range.
// What it cannot or need not serve it ignores, answering the whole file with 200, as the RFC requires for an
// unknown range unit ("MUST ignore") and allows for malformed or multi-range sets ("MAY ignore"): a client
// that sent `Range: items=0-5` still gets the PDF. Only a well-formed range that starts past the end is
// unsatisfiable (416).

export type ByteRange = { start: number; end: number };

/** null: serve the whole file; 'unsatisfiable': 416 with `Content-Range: bytes *\/size`; else the range (end inclusive). */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const eq = header.indexOf('=');
  if (eq < 0) return null;
  // Range units are case-insensitive (§14.1).
  if (header.slice(0, eq).trim().toLowerCase() !== 'bytes') return null;
  const spec = header.slice(eq + 1);
  if (spec.includes(',')) return null; // several ranges: we do not send multipart/byteranges
  const m = /^\s*(\d*)-(\d*)\s*$/.exec(spec);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // Suffix range: the last N bytes. `-0` or an empty file has no such bytes.
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? null : Number(m[2]);
  if (last !== null && last < start) return null; // invalid range-spec (§14.1.1): ignored
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === null ? size - 1 : Math.min(last, size - 1) };
}
