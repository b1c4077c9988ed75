// W3C Trace Context (https://www.w3.org/TR/trace-context/): the `traceparent` header a caller sends names
// the trace and the span Folio's work continues. A header that is not a valid version-00 traceparent is
// ignored (the specification's rule: start a new trace), never refused. Pure.

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

export interface TraceParent {
  traceId: string;
  spanId: string;
  /** The caller sampled this trace (flag 01). */
  sampled: boolean;
}

/** The parsed header, or null when it is missing or invalid. */
export function parseTraceparent(header: string | string[] | undefined | null): TraceParent | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== 'string' || value.length > 512) return null;
  const m = TRACEPARENT.exec(value.trim().toLowerCase());
  if (!m) return null;
  const [, version, traceId, spanId, flags, rest] = m;
  // Version ff is invalid; version 00 has nothing after the flags.
  if (version === 'ff' || (version === '00' && rest !== undefined)) return null;
  if (traceId === ZERO_TRACE || spanId === ZERO_SPAN) return null;
  return { traceId: traceId!, spanId: spanId!, sampled: (parseInt(flags!, 16) & 1) === 1 };
}

/** The header for a parsed traceparent (version 00). */
export const formatTraceparent = (p: TraceParent): string => `00-${p.traceId}-${p.spanId}-${p.sampled ? '01' : '00'}`;

/** The trace id of a stored traceparent, or null. */
export const traceIdOf = (traceparent: string | null | undefined): string | null => parseTraceparent(traceparent)?.traceId ?? null;
