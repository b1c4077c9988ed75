// The unit a per-address limit counts: one IPv4 address, or one IPv6 /64. A single IPv6 client is normally
// handed a whole /64 and can use any address in it, so counting full IPv6 addresses would let it
// start afresh with every request. IPv4-mapped IPv6 (::ffff:a.b.c.d, how a dual-stack socket reports an
// IPv4 peer) counts as the IPv4 address.
import { isIPv4, isIPv6 } from 'node:net';

export function addressBucket(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without a zone, as lower-case hex without leading zeros. */
function expandIPv6(address: string): string[] {
  const bare = address.split('%')[0].toLowerCase();
  const [head, tail] = bare.includes('::') ? bare.split('::') : [bare, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4 is handled above; other forms are rare) takes two groups.
  const groups = tail === null ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((g) => (g.includes('.') ? g : parseInt(g, 16).toString(16)));
}
