import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { requestPinned } from '../net/pinned-request.js';
import { isNetError } from '../net/net-error.js';
import { resolveAndCheckHost, type LookupAll, type ResolvedAddress } from '../net/resolve-host.js';
import type { AttemptResult } from '../domain/webhook-schedule.js';

export interface SendInput {
  url: string;
  headers: Record<string, string>;
  body: string | Buffer;
  /** POST unless given (Gotenberg's webhook mode may ask for PATCH or PUT). */
  method?: 'POST' | 'PATCH' | 'PUT';
  timeoutMs: number;
  /** FOLIO_ALLOW_INSECURE_WEBHOOKS: http and loopback/private hosts allowed (local development). */
  allowInsecure: boolean;
  lookup?: LookupAll;
}

async function resolveAnyHost(host: string, lookup?: LookupAll): Promise<ResolvedAddress> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(bare);
  if (literal) return { address: bare, family: literal === 6 ? 6 : 4 };
  if (lookup) return (await lookup(bare))[0];
  const r = await dnsLookup(bare);
  return { address: r.address, family: r.family === 6 ? 6 : 4 };
}

/**
 * One webhook request (POST unless `method` says otherwise). The host is resolved once and checked (loopback, private, link-local and metadata
 * addresses refused outside insecure mode), then the connection goes to exactly that address, so a DNS
 * answer that changes between check and connect (rebinding) cannot redirect it. Redirects are not followed.
 */
export async function sendWebhook(input: SendInput): Promise<{ result: AttemptResult; durationMs: number }> {
  const started = performance.now();
  const done = (result: AttemptResult) => ({ result, durationMs: Math.round(performance.now() - started) });
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return done({ kind: 'blocked', message: 'the webhook URL is not valid' });
  }
  if (url.protocol !== 'https:' && !(input.allowInsecure && url.protocol === 'http:'))
    return done({ kind: 'blocked', message: 'webhook URLs must use https' });
  let address: ResolvedAddress;
  try {
    address = input.allowInsecure
      ? await resolveAnyHost(url.hostname, input.lookup)
      : await resolveAndCheckHost(url.hostname, { lookup: input.lookup });
  } catch (err) {
    if (isNetError(err, 'blocked_address')) return done({ kind: 'blocked', message: `refused: ${err.message}` });
    return done({ kind: 'network_error', message: (err as Error).message });
  }
  const signal = AbortSignal.timeout(input.timeoutMs);
  try {
    const res = await requestPinned({
      url,
      method: input.method ?? 'POST',
      headers: input.headers,
      body: typeof input.body === 'string' ? Buffer.from(input.body) : input.body,
      address,
      signal,
      maxBodyBytes: 1024 * 1024,
    });
    const retryAfter = res.headers.find(([k]) => k.toLowerCase() === 'retry-after')?.[1] ?? null;
    return done({ kind: 'response', status: res.status, retryAfter });
  } catch (err) {
    if (signal.aborted) return done({ kind: 'timeout', message: `no response within ${input.timeoutMs} ms` });
    return done({ kind: 'network_error', message: (err as Error).message });
  }
}
