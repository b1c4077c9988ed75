// The RFC 3161 timestamp authority of PDF jobs (FOLIO_TIMESTAMP_AUTHORITY_URL): what URL Folio accepts for
// it. Pure; the request itself is src/net/timestamp-authority.ts, under the outbound address policy.

/** Why `url` cannot be a timestamp authority's address, or null. */
export function timestampAuthorityUrlProblem(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'must be an absolute http: or https: URL';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'must be an http: or https: URL';
  if (u.username || u.password) return 'must not hold a user name or password';
  if (u.hash) return 'must not have a #fragment';
  if (url.length > 2000) return 'must be at most 2000 characters';
  return null;
}
