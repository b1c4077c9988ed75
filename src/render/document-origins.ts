// The bundle is served on an origin of each document's own: every page load gets a new
// `https://d<random>.bundle.folio.internal`. Whatever a finished document writes as it goes (its
// `pagehide`/`unload` handlers run when the next job's document replaces it) lands in storage and channels no
// later document can reach, so a page goes straight from one job's document to the next without an
// `about:blank` in between (page-session.ts, page-documents.ts). Cookies, which may name the parent domain
// the documents share, are off in bundle documents. `https://bundle.folio.internal`, the documented name, is
// what diagnostics show (canonicalBundleUrls) and stays an alias for the bundle's files.
import { randomBytes } from 'node:crypto';

export const BUNDLE_ORIGIN = 'https://bundle.folio.internal';
const DOCUMENT_ORIGIN = /https:\/\/d[0-9a-z]{20}\.bundle\.folio\.internal/g;

/** A new origin for one document of the bundle. */
export function newDocumentOrigin(): string {
  // 20 characters of base 36 from 13 random bytes: ~103 bits, never guessed by another document.
  const n = BigInt(`0x${randomBytes(13).toString('hex')}`);
  return `https://d${n.toString(36).padStart(20, '0').slice(-20)}.bundle.folio.internal`;
}

/** Whether `host` is a document origin's host (newDocumentOrigin). */
export const isDocumentOriginHost = (host: string): boolean => /^d[0-9a-z]{20}\.bundle\.folio\.internal$/.test(host);

const DOCUMENT_ORIGIN_PREFIX = /^https:\/\/d[0-9a-z]{20}\.bundle\.folio\.internal(?=$|[/?#:])/;

/** The document origin a URL or an origin string is on, or null (read off the text: no URL parse). */
export function documentOriginOf(text: string): string | null {
  return DOCUMENT_ORIGIN_PREFIX.exec(text)?.[0] ?? null;
}

/** Text (a URL, a message, a stack) with every document origin shown as the documented bundle origin. */
export function canonicalBundleUrls(text: string): string {
  return text.includes('.internal') ? text.replace(DOCUMENT_ORIGIN, BUNDLE_ORIGIN) : text;
}
