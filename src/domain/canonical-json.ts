// The one canonical JSON of Folio (RFC 8785, the JSON Canonicalization Scheme, by the `canonicalize`
// package): keys sorted by UTF-16 code units, numbers and strings as ECMAScript writes them. Equal values
// give equal text, hence equal hashes: a payload's payloadHash, and the request hash behind an
// Idempotency-Key.
import canonicalizeModule from 'canonicalize';

// The package is CommonJS (`module.exports = fn`) but its typings declare an ES default export; under
// NodeNext the default import is the function itself at run time.
const canonicalize = canonicalizeModule as unknown as (input: unknown) => string | undefined;

/** The canonical text of a JSON value; undefined when it has no JSON form (a function, a symbol). */
export const canonicalJson = (value: unknown): string | undefined => canonicalize(value);
