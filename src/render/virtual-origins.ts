// The origins a rendering page talks to. None exists on any network: every request to them is answered
// from memory by request interception (see page-session.ts / request-routing.ts). The bundle's origin is
// per document (document-origins.ts).
import { BUNDLE_ORIGIN } from './document-origins.js';
import type { RenderBundle } from './types.js';

export { BUNDLE_ORIGIN } from './document-origins.js';
export const PAYLOAD_ORIGIN = 'https://payload.folio.internal';
export const PAYLOAD_URL = `${PAYLOAD_ORIGIN}/__payload`;
export const ENV_URL = `${PAYLOAD_ORIGIN}/__env`;
/** A script-less page on the payload origin where idle pages rest; it keeps the renderer process warm. */
export const PARK_URL = `${PAYLOAD_ORIGIN}/__folio/park`;

export interface HeaderEntry {
  name: string;
  value: string;
}

export interface ServedResponse {
  status: number;
  headers: HeaderEntry[];
  /** Body, base64 (what Fetch.fulfillRequest takes). */
  body: string;
}

// Layer 3 of the network policy (after interception and the dead proxy): documents we serve may only
// talk to the two virtual origins -- or to http(s) when the plan allows external network. In particular
// no ws:/wss:, which interception cannot see. 'unsafe-inline'/'unsafe-eval' stay allowed: templates are
// the tenant's own code and commonly use both.
function contentSecurityPolicy(allowExternalNetwork: boolean, payloadOrigin: string): string {
  const ext = allowExternalNetwork ? ' https: http:' : '';
  // When rendering, the bundle under its documented name too (an alias of the document's own origin;
  // request-routing.ts). `folio dev` serves the bundle on its local origin only.
  const alias = payloadOrigin === PAYLOAD_ORIGIN ? `${BUNDLE_ORIGIN} ` : '';
  const sources = `'self' ${alias}${payloadOrigin}${ext}`;
  return [
    `default-src ${sources} data: blob: 'unsafe-inline' 'unsafe-eval'`,
    `connect-src ${sources} data: blob:`,
    `form-action ${sources}`,
    `base-uri 'self'`,
    `object-src 'none'`,
  ].join('; ');
}

const NO_STORE: HeaderEntry = { name: 'Cache-Control', value: 'no-store' };

const TEXT = (status: number, text: string): ServedResponse => ({
  status,
  headers: [{ name: 'Content-Type', value: 'text/plain; charset=utf-8' }, NO_STORE],
  body: Buffer.from(text).toString('base64'),
});

function mimeFor(path: string, declared: string): string {
  // Module scripts are refused by the browser unless served with a JavaScript MIME type.
  if (/\.(m?js)$/i.test(path)) return 'text/javascript; charset=utf-8';
  return declared || 'application/octet-stream';
}

interface IndexedFile {
  mime: string;
  base64: string;
  isHtml: boolean;
}

/** Per-version derived data (base64 bodies, content types), built lazily per path and cached by bundle.key. */
export class BundleIndex {
  #files = new Map<string, IndexedFile>();
  constructor(readonly bundle: RenderBundle) {}

  file(path: string): IndexedFile | null {
    const hit = this.#files.get(path);
    if (hit) return hit;
    const f = this.bundle.files.get(path);
    if (!f) return null;
    const mime = mimeFor(path, f.mime);
    const entry = { mime, base64: f.body.toString('base64'), isHtml: /^text\/html\b|^application\/xhtml\+xml\b/i.test(mime) };
    this.#files.set(path, entry);
    return entry;
  }
}

/** A small LRU of BundleIndex by bundle.key: versions are immutable, so derived data never goes stale. */
export class BundleIndexCache {
  #map = new Map<string, BundleIndex>();
  constructor(private readonly max = 32) {}
  get(bundle: RenderBundle): BundleIndex {
    let idx = this.#map.get(bundle.key);
    if (idx) {
      this.#map.delete(bundle.key);
      this.#map.set(bundle.key, idx);
      return idx;
    }
    idx = new BundleIndex(bundle);
    this.#map.set(bundle.key, idx);
    if (this.#map.size > this.max) this.#map.delete(this.#map.keys().next().value as string);
    return idx;
  }
}

/** A 404 of a virtual origin. */
export const notFound = (): ServedResponse => TEXT(404, 'not found');

/** A document Folio writes itself on the bundle origin (a template's shell), under the bundle's CSP. */
export function serveDocument(html: Buffer, allowExternalNetwork: boolean, payloadOrigin: string = PAYLOAD_ORIGIN): ServedResponse {
  return {
    status: 200,
    headers: [
      { name: 'Content-Type', value: 'text/html; charset=utf-8' },
      NO_STORE,
      { name: 'X-Content-Type-Options', value: 'nosniff' },
      { name: 'Content-Security-Policy', value: contentSecurityPolicy(allowExternalNetwork, payloadOrigin) },
    ],
    body: html.toString('base64'),
  };
}

/** Maps a request path to a bundle path: percent-decoded; "/" and "/dir/" mean index.html. */
export function bundlePath(pathname: string): string | null {
  let p: string;
  try {
    p = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (!p.startsWith('/') || p.includes('\0')) return null;
  return p.endsWith('/') ? `${p}index.html` : p;
}

/**
 * A bundle-origin response. `payloadOrigin` is what the document's CSP lets it talk to: the virtual payload
 * origin when rendering; `folio dev` passes its local one.
 */
export function serveBundle(
  index: BundleIndex,
  url: URL,
  method: string,
  allowExternalNetwork: boolean,
  payloadOrigin: string = PAYLOAD_ORIGIN,
): ServedResponse {
  if (method !== 'GET' && method !== 'HEAD') return TEXT(405, 'method not allowed');
  const path = bundlePath(url.pathname);
  const file = path === null ? null : index.file(path);
  if (!file) return TEXT(404, 'not found in bundle');
  const headers: HeaderEntry[] = [
    { name: 'Content-Type', value: file.mime },
    NO_STORE,
    { name: 'X-Content-Type-Options', value: 'nosniff' },
  ];
  if (file.isHtml) headers.push({ name: 'Content-Security-Policy', value: contentSecurityPolicy(allowExternalNetwork, payloadOrigin) });
  return { status: 200, headers, body: method === 'HEAD' ? '' : file.base64 };
}

export interface PayloadData {
  payload: Buffer;
  payloadMime: string;
  envJson: string;
}

/** What the page receives from the payload origin: the job's payload bytes and `{variables, secrets}`. */
export function payloadData(input: {
  payload: Buffer;
  payloadMime: string;
  env: { variables: Record<string, string>; secrets: Record<string, string> };
}): PayloadData {
  return {
    payload: input.payload,
    payloadMime: input.payloadMime,
    envJson: JSON.stringify({ variables: input.env.variables, secrets: input.env.secrets }),
  };
}

function corsHeaders(requestHeaders: Record<string, string>, bundleOrigin: string): HeaderEntry[] {
  const requested = Object.entries(requestHeaders).find(([k]) => k.toLowerCase() === 'access-control-request-headers')?.[1];
  return [
    { name: 'Access-Control-Allow-Origin', value: bundleOrigin },
    { name: 'Access-Control-Allow-Credentials', value: 'true' },
    { name: 'Access-Control-Allow-Methods', value: 'GET, HEAD, OPTIONS' },
    ...(requested ? [{ name: 'Access-Control-Allow-Headers', value: requested }] : []),
    { name: 'Access-Control-Max-Age', value: '600' },
    { name: 'Vary', value: 'Origin' },
  ];
}

/** A payload-origin response; CORS admits `bundleOrigin` (the virtual bundle origin, or `folio dev`'s local one). */
export function servePayloadOrigin(
  data: PayloadData | null,
  url: URL,
  method: string,
  requestHeaders: Record<string, string>,
  bundleOrigin: string = BUNDLE_ORIGIN,
): ServedResponse {
  if (url.pathname === '/__folio/park' && method === 'GET') {
    return {
      status: 200,
      headers: [
        { name: 'Content-Type', value: 'text/html; charset=utf-8' },
        NO_STORE,
        { name: 'Content-Security-Policy', value: "default-src 'none'" },
      ],
      body: Buffer.from('<!doctype html><title>folio</title>').toString('base64'),
    };
  }
  if (!data) return TEXT(404, 'no job');
  const cors = corsHeaders(requestHeaders, bundleOrigin);
  if (method === 'OPTIONS') return { status: 204, headers: [...cors, NO_STORE], body: '' };
  if (method !== 'GET' && method !== 'HEAD') return { ...TEXT(405, 'method not allowed'), headers: [...TEXT(405, '').headers, ...cors] };
  // The payload is data, never a document: if a frame navigates to it, it may not run script.
  const locked: HeaderEntry[] = [
    NO_STORE,
    { name: 'X-Content-Type-Options', value: 'nosniff' },
    { name: 'Content-Security-Policy', value: "default-src 'none'; sandbox" },
    ...cors,
  ];
  if (url.pathname === '/__payload') {
    return {
      status: 200,
      headers: [{ name: 'Content-Type', value: data.payloadMime }, ...locked],
      body: method === 'HEAD' ? '' : data.payload.toString('base64'),
    };
  }
  if (url.pathname === '/__env') {
    return {
      status: 200,
      headers: [{ name: 'Content-Type', value: 'application/json; charset=utf-8' }, ...locked],
      body: method === 'HEAD' ? '' : Buffer.from(data.envJson).toString('base64'),
    };
  }
  return { ...TEXT(404, 'not found'), headers: [...TEXT(404, '').headers, ...cors] };
}
