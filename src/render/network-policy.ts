// Which requests of a rendering page are answered, and how. Three layers keep a page in its box:
//  1. request interception (here): every request the page makes is paused; only the two virtual origins
//     are answered, from memory. With allowExternalNetwork, http(s) requests are fetched by Folio itself
//     -- after resolving the host once and refusing it if any address is loopback/private/link-local/
//     metadata/etc. (src/net) -- from that pinned address. Chromium never resolves or connects, so DNS
//     rebinding cannot turn an allowed name into a local address between check and connect. Redirects are
//     handed back to Chromium, whose follow-up request is intercepted and judged again.
//  2. a dead proxy (chromium-flags.ts): anything interception does not see (WebSockets, popups, service
//     worker scripts, ...) goes to 127.0.0.1:9 and fails; loopback is not exempt.
//  3. a CSP on served documents (virtual-origins.ts): no ws:/wss:, nothing but our origins (plus http(s)
//     when allowed).
import { DEFAULT_FETCH_LIMITS, type ResponseMeter } from '../net/fetch-budget.js';
import type { PinnedRequest, PinnedResponse } from '../net/pinned-request.js';
import { requestPinned } from '../net/pinned-request.js';
import { resolveAndCheckHost, type LookupAll } from '../net/resolve-host.js';
import { BUNDLE_ORIGIN, isDocumentOriginHost } from './document-origins.js';
import { PAYLOAD_ORIGIN, type ServedResponse } from './virtual-origins.js';

/** `alias`: the bundle asked for by its documented name instead of the document's own origin. */
export type RequestRoute =
  | { kind: 'bundle'; url: URL; alias: boolean }
  | { kind: 'payload'; url: URL }
  | { kind: 'external'; url: URL }
  | { kind: 'blocked'; reason: string };

const BUNDLE_HOST = new URL(BUNDLE_ORIGIN).host;
const PAYLOAD_HOST = new URL(PAYLOAD_ORIGIN).host;

/**
 * Where a request goes. `documentOrigin` is the origin the page's current document was given
 * (virtual-origins.ts newDocumentOrigin): the bundle there, and under its documented name; any other
 * document origin (an earlier job's) is refused like every unknown internal host.
 */
export function routeRequest(rawUrl: string, allowExternalNetwork: boolean, documentOrigin: string | null): RequestRoute {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { kind: 'blocked', reason: 'unparsable URL' };
  }
  if (url.protocol === 'https:' && documentOrigin !== null && url.origin === documentOrigin) return { kind: 'bundle', url, alias: false };
  if (url.protocol === 'https:' && url.host === BUNDLE_HOST) return { kind: 'bundle', url, alias: true };
  if (url.protocol === 'https:' && url.host === PAYLOAD_HOST) return { kind: 'payload', url };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'blocked', reason: `scheme ${url.protocol} is not allowed` };
  if (/(^|\.)folio\.internal$/i.test(url.hostname) || isDocumentOriginHost(url.hostname.toLowerCase()))
    return { kind: 'blocked', reason: 'unknown internal host' };
  if (!allowExternalNetwork) return { kind: 'blocked', reason: 'external network is not allowed for this account' };
  if (url.username || url.password) return { kind: 'blocked', reason: 'credentials in URL' };
  return { kind: 'external', url };
}

/** The connecting edge: default is a real pinned HTTP(S) request; tests substitute the outside world. */
export type ExternalFetch = (req: PinnedRequest) => Promise<PinnedResponse>;

export interface ExternalFetchOptions {
  lookup?: LookupAll;
  fetch?: ExternalFetch;
  signal?: AbortSignal;
  /** Per-resource cap on external bodies, decoded and as sent. */
  maxBodyBytes?: number;
  /** Counts the body against the job's and the process's budgets as it arrives (fetch-budget.ts). */
  meter?: ResponseMeter;
  /** A URL source's headers (its cookies included) for a request to its origin; they replace the page's of the same name. */
  extraHeaders?: Record<string, string>;
  /** The operator allow-listed this host for URL sources: its private addresses are not refused. */
  allowPrivate?: boolean;
}

// Headers we never forward to third parties: they identify the tenant's session or are connection-level.
const DROPPED_REQUEST_HEADERS = new Set([
  'host',
  'cookie',
  'connection',
  'proxy-authorization',
  'proxy-connection',
  'keep-alive',
  'upgrade',
  'te',
]);

export async function fetchExternal(
  url: URL,
  request: { method: string; headers: Record<string, string>; postData?: string },
  opts: ExternalFetchOptions,
): Promise<ServedResponse> {
  const address = await resolveAndCheckHost(url.hostname, { lookup: opts.lookup, allowBlocked: opts.allowPrivate });
  const headers: Record<string, string> = {};
  const extra = Object.entries(opts.extraHeaders ?? {});
  const replaced = new Set(extra.map(([k]) => k.toLowerCase()));
  for (const [k, v] of Object.entries(request.headers))
    if (!DROPPED_REQUEST_HEADERS.has(k.toLowerCase()) && !replaced.has(k.toLowerCase())) headers[k] = v;
  for (const [k, v] of extra) headers[k] = v;
  const res = await (opts.fetch ?? requestPinned)({
    url,
    method: request.method,
    headers,
    body: request.postData !== undefined ? Buffer.from(request.postData) : undefined,
    address,
    signal: opts.signal,
    maxBodyBytes: opts.maxBodyBytes ?? DEFAULT_FETCH_LIMITS.resourceBytes,
    meter: opts.meter,
  });
  // A fetch that does not count as it reads (a stand-in of the tests) is counted once it has its body.
  opts.meter?.atLeast(res.body.length);
  return {
    status: res.status,
    // Set-Cookie is dropped: cookies from third parties must not land in the (reused) browser context.
    headers: res.headers.filter(([k]) => k.toLowerCase() !== 'set-cookie').map(([name, value]) => ({ name, value })),
    body: res.body.toString('base64'),
  };
}
