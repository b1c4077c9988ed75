// An HTTP(S) request that connects to an address decided in advance (by resolveAndCheckHost), never
// resolving the host again. TLS still verifies the certificate against the URL's host name (SNI and
// checkServerIdentity use the host, not the address). Redirects are NOT followed: the caller gets the 3xx
// and must run its policy on the Location target before going there.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import type { ResolvedAddress } from './resolve-host.js';

export interface PinnedRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
  address: ResolvedAddress;
  signal?: AbortSignal;
  /** The response body is refused beyond this many (decoded) bytes. */
  maxBodyBytes: number;
}

export interface PinnedResponse {
  status: number;
  /** Header pairs as received, minus hop-by-hop and content-encoding/length (the body is returned decoded). */
  headers: Array<[string, string]>;
  body: Buffer;
}

const DROPPED_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-encoding',
  'content-length',
  'proxy-authenticate',
  'upgrade',
  'trailer',
]);

function decoderFor(encoding: string | undefined): NodeJS.ReadWriteStream | null {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

export function requestPinned(req: PinnedRequest): Promise<PinnedResponse> {
  const { url, address } = req;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new Error(`unsupported scheme ${url.protocol}`));
  // The pinned lookup: whatever host the agent asks for, it gets the checked address.
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        { address: address.address, family: address.family },
      ]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PinnedResponse>((resolve, reject) => {
    const request = client.request(url, {
      method: req.method,
      headers: { ...req.headers, 'accept-encoding': 'gzip, deflate, br' },
      lookup,
      agent: false, // no pooled sockets: a socket must never be reused for a different pinning decision
      signal: req.signal,
    });
    request.on('error', reject);
    request.on('response', (res) => {
      const decoder = decoderFor(res.headers['content-encoding'] as string | undefined);
      const source: NodeJS.ReadableStream = decoder ? res.pipe(decoder) : res;
      const chunks: Buffer[] = [];
      let size = 0;
      source.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > req.maxBodyBytes) {
          const err = new Error(`response body over ${req.maxBodyBytes} bytes`);
          reject(err);
          request.destroy(err);
          return;
        }
        chunks.push(chunk);
      });
      source.on('error', reject);
      res.on('error', reject);
      source.on('end', () => {
        const headers: Array<[string, string]> = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i];
          if (!DROPPED_RESPONSE_HEADERS.has(name.toLowerCase())) headers.push([name, res.rawHeaders[i + 1]]);
        }
        resolve({ status: res.statusCode ?? 502, headers, body: Buffer.concat(chunks) });
      });
    });
    request.end(req.body);
  });
}
