// Resolve a host name once, refuse it if ANY address it resolves to is blocked, and return the address to
// connect to. Callers must connect to exactly that address (see pinned-request.ts): resolving again at
// connect time would let a rebinding DNS server answer "public" to the check and "127.0.0.1" to the
// connection. Refusing when any address is blocked (not just the first) stops a name that mixes a public
// and a private address from being steered to the private one by a retrying client.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isBlockedAddress } from './address-policy.js';
import { NetError } from './net-error.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** DNS edge, injectable so tests can play a hostile resolver. Same shape as dns.promises.lookup(host, {all: true}). */
export type LookupAll = (host: string) => Promise<ResolvedAddress[]>;

export const systemLookup: LookupAll = async (host) => {
  const rows = await dnsLookup(host, { all: true, verbatim: true });
  return rows.map((r) => ({ address: r.address, family: r.family === 6 ? 6 : 4 }));
};

/**
 * `allowBlocked`: the operator allow-listed this host for URL sources (FOLIO_URL_SOURCE_ALLOWED_HOSTS): it is
 * resolved and pinned the same way, but its addresses are not refused.
 */
export async function resolveAndCheckHost(
  host: string,
  opts: { lookup?: LookupAll; allowBlocked?: boolean } = {},
): Promise<ResolvedAddress> {
  const bare = host.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (bare === '') throw new NetError('invalid_host', 'empty host');
  const literal = isIP(bare.split('%')[0]);
  if (literal) {
    if (!opts.allowBlocked && isBlockedAddress(bare)) throw new NetError('blocked_address', `address ${bare} is not allowed`);
    return { address: bare, family: literal === 6 ? 6 : 4 };
  }
  // Names that are loopback by definition (RFC 6761) are refused without asking DNS.
  if (!opts.allowBlocked && /(^|\.)localhost$/i.test(bare)) throw new NetError('blocked_address', `host ${bare} is not allowed`);
  let addresses: ResolvedAddress[];
  try {
    addresses = await (opts.lookup ?? systemLookup)(bare);
  } catch (err) {
    // getaddrinfo's EAI_NONAME (Node's ENOTFOUND) and EAI_NODATA are answers: the name has no address.
    // EAI_AGAIN and the rest say the resolver could not answer now.
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') throw new NetError('host_not_found', `the host ${bare} does not exist (DNS: ${code})`);
    throw new NetError('dns_failed', `could not resolve ${bare}: ${(err as Error).message}`);
  }
  if (addresses.length === 0) throw new NetError('host_not_found', `the host ${bare} has no address`);
  const blocked = opts.allowBlocked ? undefined : addresses.find((a) => isBlockedAddress(a.address));
  if (blocked) throw new NetError('blocked_address', `host ${bare} resolves to a blocked address`);
  return addresses[0];
}
