// An HTTP(S) request that connects to an address decided in advance (by resolveAndCheckHost), never
// resolving the host again. TLS still verifies the certificate against the URL's host name (SNI and
// checkServerIdentity use the host, not the address). Redirects are NOT followed: the caller gets the 3xx
// and must run its policy on the Location target before going there.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Transform } from 'node:stream';
import zlib from 'node:zlib';
import type { ResolvedAddress } from './resolve-host.js';

export interface PinnedRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
  address: ResolvedAddress;
  signal?: AbortSignal;
  /** The response body is refused beyond this many bytes, decoded or as sent. */
  maxBodyBytes: number;
  /** Counts the body's bytes as they arrive (fetch-budget.ts); a count that throws aborts the response with its error. */
  meter?: BodyMeter;
  /** How long the connection may go without a byte (default PINNED_IDLE_TIMEOUT_MS). */
  idleTimeoutMs?: number;
}

/** The longest a pinned request waits for the next byte of the server's. */
export const PINNED_IDLE_TIMEOUT_MS = 30_000;

export interface BodyMeter {
  /** Bytes of the body as sent (before its content-encoding is undone). */
  wire(n: number): void;
  /** Bytes of the decoded body. */
  decoded(n: number): void;
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

function decoderFor(encoding: string | undefined): Transform | null {
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
    // A server that stops sending (or never answers) is given up on: nothing holds a socket, and the bytes
    // counted against a budget, for longer than this without a byte.
    request.setTimeout(req.idleTimeoutMs ?? PINNED_IDLE_TIMEOUT_MS, () =>
      request.destroy(new Error(`no byte from the server for ${(req.idleTimeoutMs ?? PINNED_IDLE_TIMEOUT_MS) / 1000} s`)),
    );
    request.on('response', (res) => {
      const decoder = decoderFor(res.headers['content-encoding'] as string | undefined);
      const chunks: Buffer[] = [];
      let wire = 0;
      let size = 0;
      let failed = false;
      // Past a limit the response is aborted at once: its socket closed, its decoder stopped, and what
      // arrived dropped now rather than when the stream objects are collected.
      const fail = (err: Error) => {
        if (failed) return;
        failed = true;
        chunks.length = 0;
        reject(err);
        decoder?.destroy();
        request.destroy(err);
      };
      const counted = (count: () => void): boolean => {
        try {
          count();
          return true;
        } catch (err) {
          fail(err as Error);
          return false;
        }
      };
      // Bytes as sent are counted before the decoder sees them; the decoded bytes are counted again below
      // as they come out of it (the same bytes when the body has no content-encoding).
      res.on('data', (chunk: Buffer) => {
        if (failed) return;
        wire += chunk.length;
        if (req.meter && !counted(() => req.meter?.wire(chunk.length))) return;
        if (wire > req.maxBodyBytes) fail(new Error(`response body over ${req.maxBodyBytes} bytes as sent`));
      });
      const source: NodeJS.ReadableStream = decoder ? res.pipe(decoder) : res;
      source.on('data', (chunk: Buffer) => {
        if (failed) return;
        size += chunk.length;
        if (req.meter && !counted(() => req.meter?.decoded(chunk.length))) return;
        if (size > req.maxBodyBytes) {
          fail(new Error(`response body over ${req.maxBodyBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      source.on('error', fail);
      res.on('error', fail);
      source.on('end', () => {
        if (failed) return;
        const headers: Array<[string, string]> = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i];
          if (!DROPPED_RESPONSE_HEADERS.has(name.toLowerCase())) headers.push([name, res.rawHeaders[i + 1]]);
        }
        const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
        chunks.length = 0;
        resolve({ status: res.statusCode ?? 502, headers, body });
      });
    });
    request.end(req.body);
  });
}
