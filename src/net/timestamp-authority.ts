// The HTTP exchange with an RFC 3161 timestamp authority (RFC 3161 § 3.4): a POST of the DER request as
// `application/timestamp-query`, the DER answer read back. The host is resolved once, checked against the
// outbound address policy (loopback, private, link-local and other reserved addresses are refused unless
// the operator allow-listed the host: FOLIO_TIMESTAMP_ALLOWED_HOSTS) and pinned; redirects are not
// followed; the whole exchange has a time limit and the answer a size limit.
import { isAllowListed } from '../domain/jobs/url-source.js';
import { requestPinned } from './pinned-request.js';
import { isNetError, NetError } from './net-error.js';
import { resolveAndCheckHost, type LookupAll } from './resolve-host.js';

export const TIMESTAMP_TIMEOUT_MS = 10_000;
export const MAX_TIMESTAMP_RESPONSE_BYTES = 64 * 1024;

/** The authority's DER answer (a TimeStampResp) to `query`. */
export async function postTimestampQuery(
  authorityUrl: string,
  query: Buffer,
  opts: { lookup: LookupAll; allowedHosts: readonly string[]; timeoutMs?: number; maxBytes?: number },
): Promise<Buffer> {
  const url = new URL(authorityUrl);
  const timeoutMs = opts.timeoutMs ?? TIMESTAMP_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let address;
  try {
    address = await resolveAndCheckHost(url.hostname, { lookup: opts.lookup, allowBlocked: isAllowListed(url, opts.allowedHosts) });
  } catch (err) {
    if (isNetError(err, 'invalid_host', 'blocked_address', 'dns_failed', 'host_not_found'))
      throw new NetError(
        'timestamp_authority',
        err.kind === 'blocked_address'
          ? `${url.host} is a loopback, private, link-local or otherwise reserved address, which Folio does not connect to (an operator may allow it with FOLIO_TIMESTAMP_ALLOWED_HOSTS)`
          : err.message,
      );
    throw err;
  }
  let res;
  try {
    res = await requestPinned({
      url,
      method: 'POST',
      headers: {
        'content-type': 'application/timestamp-query',
        accept: 'application/timestamp-reply',
        'content-length': String(query.length),
      },
      body: query,
      address,
      signal,
      maxBodyBytes: opts.maxBytes ?? MAX_TIMESTAMP_RESPONSE_BYTES,
    });
  } catch (err) {
    const why = signal.aborted ? `no answer within ${timeoutMs} ms` : (err as Error).message;
    throw new NetError('timestamp_authority', `${url.host}: ${why}`);
  }
  if (res.status !== 200) throw new NetError('timestamp_authority', `${url.host} answered HTTP ${res.status}`);
  return res.body;
}
