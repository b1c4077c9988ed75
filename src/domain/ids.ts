import { randomBytes } from 'node:crypto';

// TypeID-style ids: `<prefix>_<26 chars>` where the suffix is a UUIDv7 in Crockford base32 (lowercase),
// as the TypeID spec encodes it. UUIDv7 starts with the millisecond timestamp, so ids sort by creation
// time: cursor pagination and b-tree inserts stay cheap. Within one millisecond a process-local counter
// keeps ids strictly increasing, so a keyset cursor never skips a row created by this process.

export type IdPrefix =
  'acct' | 'usr' | 'key' | 'dep' | 'ver' | 'ups' | 'job' | 'out' | 'pdf' | 'lnk' | 'dlv' | 'sess' | 'bat' | 'scert' | 'img' | 'chk';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

let lastMs = 0;
let seq = 0;

function uuidv7Bytes(nowMs: number): Buffer {
  const b = randomBytes(16);
  let ms = nowMs;
  if (ms <= lastMs) {
    ms = lastMs;
    seq++;
    if (seq > 0xfff) {
      ms = ++lastMs;
      seq = 0;
    }
  } else {
    seq = 0;
  }
  lastMs = ms;
  b.writeUIntBE(ms, 0, 6);
  // version 7 + 12-bit sequence in rand_a keeps same-millisecond ids ordered
  b[6] = 0x70 | ((seq >> 8) & 0x0f);
  b[7] = seq & 0xff;
  b[8] = (b[8] & 0x3f) | 0x80;
  return b;
}

/** Encodes 128 bits as 26 base32 chars (the first char carries the top 3 bits), per the TypeID spec. */
function encodeBase32(bytes: Buffer): string {
  let value = BigInt('0x' + bytes.toString('hex'));
  const out: string[] = new Array(26);
  for (let i = 25; i >= 0; i--) {
    out[i] = ALPHABET[Number(value & 31n)];
    value >>= 5n;
  }
  return out.join('');
}

export function newId(prefix: IdPrefix, nowMs: number = Date.now()): string {
  return `${prefix}_${encodeBase32(uuidv7Bytes(nowMs))}`;
}

export function isId(prefix: IdPrefix, value: string): boolean {
  return (
    value.length === prefix.length + 27 &&
    value.startsWith(prefix + '_') &&
    /^[0-7][0-9a-hjkmnp-tv-z]{25}$/.test(value.slice(prefix.length + 1))
  );
}
