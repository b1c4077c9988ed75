// Which IP addresses Folio will never connect to on behalf of a tenant (rendering pages with external
// network allowed, webhooks later). Anything that is not a globally routable unicast address is refused:
// a tenant must never reach the machine itself, the private network it runs in, or a cloud metadata
// service. Input that does not parse as an IP address is refused too (fail closed).
import { isIPv4, isIPv6 } from 'node:net';

type Cidr4 = readonly [base: number, prefix: number];

const ipv4 = (a: number, b: number, c: number, d: number): number => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

const BLOCKED_V4: readonly Cidr4[] = [
  [ipv4(0, 0, 0, 0), 8], // "this network", includes 0.0.0.0 (unspecified: connects to localhost on Linux)
  [ipv4(10, 0, 0, 0), 8], // private
  [ipv4(100, 64, 0, 0), 10], // carrier-grade NAT (shared address space)
  [ipv4(127, 0, 0, 0), 8], // loopback
  [ipv4(169, 254, 0, 0), 16], // link-local, includes the 169.254.169.254 metadata service
  [ipv4(172, 16, 0, 0), 12], // private
  [ipv4(192, 0, 0, 0), 24], // IETF protocol assignments (includes 192.0.0.192 Oracle metadata)
  [ipv4(192, 0, 2, 0), 24], // documentation (TEST-NET-1)
  [ipv4(192, 88, 99, 0), 24], // 6to4 relay anycast (deprecated)
  [ipv4(192, 168, 0, 0), 16], // private
  [ipv4(198, 18, 0, 0), 15], // benchmarking
  [ipv4(198, 51, 100, 0), 24], // documentation (TEST-NET-2)
  [ipv4(203, 0, 113, 0), 24], // documentation (TEST-NET-3)
  [ipv4(224, 0, 0, 0), 4], // multicast
  [ipv4(240, 0, 0, 0), 4], // reserved, includes 255.255.255.255 broadcast
];

function inCidr4(addr: number, [base, prefix]: Cidr4): boolean {
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return (addr & mask) >>> 0 === (base & mask) >>> 0;
}

function parseIPv4(text: string): number | null {
  if (!isIPv4(text)) return null;
  const [a, b, c, d] = text.split('.').map(Number);
  return ipv4(a, b, c, d);
}

/** 16 bytes of an IPv6 address (zone id stripped), or null. Handles embedded dotted IPv4 ("::ffff:1.2.3.4"). */
function parseIPv6(text: string): Uint8Array | null {
  const zoneless = text.split('%')[0];
  if (!isIPv6(zoneless)) return null;
  let head = zoneless;
  const tailBytes: number[] = [];
  const lastColon = head.lastIndexOf(':');
  const maybeV4 = head.slice(lastColon + 1);
  if (maybeV4.includes('.')) {
    const v4 = parseIPv4(maybeV4);
    if (v4 === null) return null;
    tailBytes.push(v4 >>> 24, (v4 >>> 16) & 0xff, (v4 >>> 8) & 0xff, v4 & 0xff);
    head = head.slice(0, lastColon + 1) + '0:0'; // placeholder groups, replaced below
  }
  const [left, right] = head.includes('::') ? head.split('::') : [head, null];
  const leftGroups = left ? left.split(':') : [];
  const rightGroups = right ? right.split(':') : [];
  const missing = 8 - leftGroups.length - rightGroups.length;
  const groups = right === null ? leftGroups : [...leftGroups, ...Array<string>(missing).fill('0'), ...rightGroups];
  if (groups.length !== 8) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    const v = parseInt(g || '0', 16);
    bytes[i * 2] = v >> 8;
    bytes[i * 2 + 1] = v & 0xff;
  });
  if (tailBytes.length) bytes.set(tailBytes, 12);
  return bytes;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[]): boolean => prefix.every((b, i) => bytes[i] === b);
const v4At = (bytes: Uint8Array, offset: number): number => ipv4(bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3]);

function isBlockedV4(addr: number): boolean {
  return BLOCKED_V4.some((cidr) => inCidr4(addr, cidr));
}

function isBlockedV6(b: Uint8Array): boolean {
  const allZeroUpTo = (n: number) => b.subarray(0, n).every((x) => x === 0);
  if (allZeroUpTo(16)) return true; // :: unspecified
  if (allZeroUpTo(15) && b[15] === 1) return true; // ::1 loopback
  // IPv4-mapped ::ffff:a.b.c.d and IPv4-compatible ::a.b.c.d: judge the embedded IPv4 address, and refuse
  // the compatible form outright (deprecated, never needed to reach a public server).
  if (allZeroUpTo(10) && b[10] === 0xff && b[11] === 0xff) return isBlockedV4(v4At(b, 12));
  if (allZeroUpTo(12)) return true;
  // IPv4-translated ::ffff:0:a.b.c.d (SIIT)
  if (allZeroUpTo(8) && b[8] === 0xff && b[9] === 0xff && b[10] === 0 && b[11] === 0) return isBlockedV4(v4At(b, 12));
  // NAT64 64:ff9b::/96 and local-use 64:ff9b:1::/48 reach IPv4 through a translator: judge the IPv4 part.
  if (startsWith(b, [0x00, 0x64, 0xff, 0x9b]) && b.subarray(4, 12).every((x) => x === 0)) return isBlockedV4(v4At(b, 12));
  if (startsWith(b, [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01])) return true;
  if (startsWith(b, [0x20, 0x02])) return isBlockedV4(v4At(b, 2)); // 6to4 2002:a.b.c.d::/48
  if (startsWith(b, [0x20, 0x01, 0x00, 0x00])) return true; // Teredo 2001::/32 tunnels to arbitrary IPv4
  if (startsWith(b, [0x20, 0x01, 0x0d, 0xb8])) return true; // documentation 2001:db8::/32
  if (startsWith(b, [0x01, 0x00]) && b.subarray(2, 8).every((x) => x === 0)) return true; // discard 100::/64
  if (b[0] === 0xff) return true; // multicast ff00::/8
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0x80) return true; // link-local fe80::/10
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0xc0) return true; // site-local fec0::/10 (deprecated, private)
  if ((b[0] & 0xfe) === 0xfc) return true; // unique local fc00::/7, includes fd00:ec2::254 (AWS metadata)
  return false;
}

/** True when Folio must not connect to this address for a tenant. Non-IP input counts as blocked. */
export function isBlockedAddress(ip: string): boolean {
  const text = ip.trim().replace(/^\[(.*)\]$/, '$1');
  const v4 = parseIPv4(text);
  if (v4 !== null) return isBlockedV4(v4);
  const v6 = parseIPv6(text);
  if (v6 !== null) return isBlockedV6(v6);
  return true;
}
