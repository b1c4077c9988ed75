// Go's duration strings (`1s`, `500ms`, `1.5s`, `2m`, `1h30m`), as Go's time.ParseDuration reads them:
// Gotenberg's form fields that take a duration (waitDelay) are parsed with it, so Folio accepts exactly
// what Gotenberg accepts. Pure.

/** Nanoseconds per unit, Go's unit names (both spellings of the micro sign included). */
const UNIT_NS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n, // U+00B5 MICRO SIGN
  μs: 1_000n, // U+03BC GREEK SMALL LETTER MU
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

/** Go's time.Duration is an int64 of nanoseconds. */
const MAX_NS = 2n ** 63n - 1n;

/** One `number unit` component: digits, an optional fraction, then the unit (everything up to the next digit or dot). */
const COMPONENT = /^(\d*)(?:\.(\d*))?([^\d.]*)/;

/**
 * A Go duration string as milliseconds (rounded up to a whole millisecond: `1500us` is 2), negative for a
 * leading `-`; null where time.ParseDuration would refuse it: an empty string, a number without a unit
 * (except `0`), an unknown unit (`1sec`), spaces, or more than Go's int64 of nanoseconds.
 */
export function parseGoDuration(text: string): number | null {
  let s = text;
  let negative = false;
  if (s.startsWith('-') || s.startsWith('+')) {
    negative = s.startsWith('-');
    s = s.slice(1);
  }
  if (s === '0') return 0;
  if (s === '') return null;
  let ns = 0n;
  while (s !== '') {
    const m = COMPONENT.exec(s)!;
    const [whole, intDigits, fracDigits, unit] = m;
    // Go needs a digit before or after the dot (`.5s`, `5.s`), and a known unit after it.
    if (intDigits === '' && (fracDigits ?? '') === '') return null;
    const perUnit = UNIT_NS[unit];
    if (perUnit === undefined) return null;
    ns += BigInt(intDigits === '' ? '0' : intDigits) * perUnit;
    if (fracDigits) ns += (BigInt(fracDigits) * perUnit) / 10n ** BigInt(fracDigits.length);
    if (ns > MAX_NS) return null;
    s = s.slice(whole.length);
  }
  const ms = Number((ns + 999_999n) / 1_000_000n);
  return negative ? -ms : ms;
}
