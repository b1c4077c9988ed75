// The PDF stream filters that expand data (ISO 32000-1, 7.4), decoded with a ceiling for `scanPdf`
// (src/pdf/syntax/limits.ts), which measures a PDF from outside Folio before any PDF library reads it. Each decoder
// takes the encoded bytes and a ceiling `cap`, and returns the decoded bytes, or null as soon as its output
// would pass `cap`: it never builds more than `cap` bytes, so a bomb costs the time to decode up to the
// limit, not its whole size. Data that stops being valid ends the output there (what a lenient reader such
// as qpdf or poppler would also have decoded up to that point).
//
// `decodeChain` applies a stream's filters in order, each level with the same ceiling: a filter inside a
// filter ([/FlateDecode /FlateDecode], [/ASCIIHexDecode /FlateDecode]) is a second expansion, so every
// level is measured, not only the first. The chain stops at a filter Folio does not decode (the image
// codecs DCT, JPX, CCITTFax and JBIG2, whose pixels scanPdf counts from the image's size; Crypt; an
// unknown name): what reached it is what it stores.
import { constants, inflateSync } from 'node:zlib';

/** A level's decoded bytes and the size it counts for (more than the bytes for damaged Flate data), or null past the ceiling. */
type Decoded = { data: Buffer; size: number } | null;

/** What of a filter's /DecodeParms changes the decoded size: LZW's /EarlyChange (default 1). */
export interface FilterParms {
  earlyChange?: number;
}

/** Bytes written up to a ceiling, in a buffer that grows as needed (never past `cap`). */
class Output {
  buf: Buffer;
  len = 0;
  constructor(
    private readonly cap: number,
    sizeHint: number,
  ) {
    this.buf = Buffer.alloc(Math.max(1, Math.min(cap, sizeHint)));
  }
  /** Makes room for `n` more bytes; false when they would pass the ceiling. */
  room(n: number): boolean {
    const need = this.len + n;
    if (need > this.cap) return false;
    if (need > this.buf.length) {
      const grown = Buffer.alloc(Math.min(this.cap, Math.max(need, this.buf.length * 2)));
      this.buf.copy(grown, 0, 0, this.len);
      this.buf = grown;
    }
    return true;
  }
  push(byte: number): boolean {
    if (!this.room(1)) return false;
    this.buf[this.len++] = byte;
    return true;
  }
  bytes(): Buffer {
    return this.buf.subarray(0, this.len);
  }
}

const isWhite = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const tooLarge = (err: unknown) => (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError;

/** Deflate's largest expansion: a 258-byte match coded in two bits (one-bit length and distance codes). */
const DEFLATE_MAX_RATIO = 1032;

/**
 * FlateDecode: zlib's inflate with `maxOutputLength`. `size` is what the data decodes to: all of it, or for
 * data that turns corrupt after a while, what a lenient reader (qpdf) still gets out of it. zlib gives
 * nothing back on an error, so the longest prefix that inflates is searched by halving, each try under the
 * same ceiling, until the bytes left between that prefix and the damage could add at most an eighth more
 * (each byte of deflate data yields at most 1032 bytes): those are counted as if they did. The halving
 * costs about a dozen inflations of a stream, whose output is within the ceiling.
 */
function inflateMeasured(data: Buffer, cap: number): Decoded {
  const inflate = (input: Buffer) => inflateSync(input, { maxOutputLength: cap + 1, finishFlush: constants.Z_SYNC_FLUSH });
  try {
    const out = inflate(data);
    return out.length > cap ? null : { data: out, size: out.length };
  } catch (err) {
    if (tooLarge(err)) return null;
  }
  let good = Buffer.alloc(0);
  let lo = 0; // a prefix that inflates
  let hi = data.length; // a prefix that fails
  while (hi - lo > 1 && (hi - lo) * DEFLATE_MAX_RATIO * 8 > good.length) {
    const mid = Math.floor((lo + hi) / 2);
    try {
      const out = inflate(data.subarray(0, mid));
      if (out.length > cap) return null;
      good = out;
      lo = mid;
    } catch (err) {
      if (tooLarge(err)) return null;
      hi = mid;
    }
  }
  const size = good.length + (hi - lo - 1) * DEFLATE_MAX_RATIO;
  return size > cap ? null : { data: good, size };
}

/** FlateDecode within `cap`; corrupt data yields what inflated before the damage. */
export function flateDecode(data: Buffer, cap: number): Buffer | null {
  return inflateMeasured(data, cap)?.data ?? null;
}

/** The value of each byte as a hexadecimal digit, or -1. */
const HEX = Int8Array.from({ length: 256 }, (_, c) => {
  const digit = '0123456789abcdef'.indexOf(String.fromCharCode(c).toLowerCase());
  return c < 128 ? digit : -1;
});

/** ASCIIHexDecode: two hexadecimal digits a byte, white space ignored, `>` ends; a last lone digit is followed by 0. */
export function asciiHexDecode(data: Buffer, cap: number): Buffer | null {
  const out = new Output(cap, data.length / 2 + 1);
  let high = -1;
  for (let i = 0; i < data.length; i++) {
    const d = HEX[data[i]];
    if (d < 0) {
      if (isWhite(data[i])) continue;
      break; // `>`, or not hexadecimal: the data ends
    }
    if (high < 0) high = d;
    else {
      if (out.len === out.buf.length && !out.room(1)) return null;
      out.buf[out.len++] = high * 16 + d;
      high = -1;
    }
  }
  if (high >= 0 && !out.push(high * 16)) return null;
  return out.bytes();
}

/**
 * ASCII85Decode: five characters `!`..`u` are four bytes (base 85), `z` alone is four zero bytes, white
 * space is ignored, `~>` ends; a last group of n characters (2 to 4) is n - 1 bytes.
 */
export function ascii85Decode(data: Buffer, cap: number): Buffer | null {
  const out = new Output(cap, data.length);
  let group = 0;
  let n = 0;
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    if (c >= 0x21 && c <= 0x75) {
      group = group * 85 + (c - 0x21);
      if (++n < 5) continue;
    } else if (c === 0x7a && n === 0) {
      group = 0; // four zero bytes
    } else if (isWhite(c)) continue;
    else break; // `~>`, or not ASCII85: the data ends
    if (out.len + 4 > out.buf.length && !out.room(4)) return null;
    out.buf.writeUInt32BE(group >>> 0, out.len); // an overflowing group (above `s8W-!`) keeps its low 32 bits
    out.len += 4;
    group = 0;
    n = 0;
  }
  if (n > 1) {
    for (let k = n; k < 5; k++) group = group * 85 + 84;
    if (!out.room(n - 1)) return null;
    for (let k = 0; k < n - 1; k++) out.buf[out.len++] = Math.floor(group / 256 ** (3 - k)) & 0xff;
  }
  return out.bytes();
}

/** RunLengthDecode: a length byte L then L + 1 bytes to copy (L < 128), or one byte repeated 257 - L times (L > 128); 128 ends. */
export function runLengthDecode(data: Buffer, cap: number): Buffer | null {
  const out = new Output(cap, data.length * 2);
  let i = 0;
  while (i < data.length) {
    const l = data[i++];
    if (l === 128) break;
    const n = l < 128 ? Math.min(l + 1, data.length - i) : 257 - l;
    if (l > 128 && i >= data.length) break;
    if (out.len + n > out.buf.length && !out.room(n)) return null;
    const buf = out.buf;
    let at = out.len;
    out.len += n;
    // Short runs byte by byte: a call to copy or fill costs more than a few bytes.
    if (l < 128) {
      if (n > 32) data.copy(buf, at, i, i + n);
      else for (let k = 0; k < n; k++) buf[at++] = data[i + k];
      i += n;
    } else {
      const byte = data[i++];
      if (n > 32) buf.fill(byte, at, at + n);
      else for (let k = 0; k < n; k++) buf[at++] = byte;
    }
  }
  return out.bytes();
}

/** The size RunLengthDecode would give, without writing it (the last level of a chain is only measured), or null past `cap`. */
export function runLengthSize(data: Buffer, cap: number): number | null {
  let size = 0;
  let i = 0;
  while (i < data.length) {
    const l = data[i++];
    if (l === 128) break;
    if (l > 128 && i >= data.length) break;
    const n = l < 128 ? Math.min(l + 1, data.length - i) : 257 - l;
    size += n;
    if (size > cap) return null;
    i += l < 128 ? n : 1;
  }
  return size;
}

/**
 * LZWDecode as PDF defines it: codes of 9 to 12 bits, most significant bit first; 256 clears the table,
 * 257 ends; the code width grows one code early unless /EarlyChange is 0. Each table entry is kept as a
 * place in the output (the previous code's bytes and the first byte after them follow each other there),
 * so an entry costs two integers and a long string is copied within the output, never rebuilt.
 */
export function lzwDecode(data: Buffer, cap: number, parms: FilterParms = {}): Buffer | null {
  const early = parms.earlyChange === 0 ? 0 : 1;
  const out = new Output(cap, data.length * 2);
  const start = new Int32Array(4096);
  const length = new Int32Array(4096);
  let bits = 0;
  let nbits = 0;
  let i = 0;
  let width = 9;
  let next = 258;
  let prev = -1; // where the previous code's bytes start in the output; -1 right after a clear
  let prevLength = 0;
  for (;;) {
    while (nbits < width) {
      if (i >= data.length) return out.bytes();
      bits = ((bits << 8) | data[i++]) & 0xffffff;
      nbits += 8;
    }
    const code = (bits >>> (nbits - width)) & ((1 << width) - 1);
    nbits -= width;
    if (code === 256) {
      width = 9;
      next = 258;
      prev = -1;
      continue;
    }
    if (code === 257) break;
    const at = out.len;
    let n: number;
    if (code < 256) {
      n = 1;
      if (!out.push(code)) return null;
    } else if (code < next && prev >= 0) {
      n = length[code];
      if (!out.room(n)) return null;
      out.buf.copyWithin(at, start[code], start[code] + n);
      out.len += n;
    } else if (code === next && prev >= 0) {
      // The entry being defined: the previous bytes and their own first byte.
      n = prevLength + 1;
      if (!out.room(n)) return null;
      out.buf.copyWithin(at, prev, prev + prevLength);
      out.buf[at + prevLength] = out.buf[prev];
      out.len += n;
    } else break; // a code the table does not have: the data ends here
    if (prev >= 0 && next < 4096) {
      start[next] = prev;
      length[next] = prevLength + 1;
      next++;
    }
    prev = at;
    prevLength = n;
    if (width < 12 && next + early >= 1 << width) width++;
  }
  return out.bytes();
}

type Decoder = (data: Buffer, cap: number, parms: FilterParms) => Decoded;
const whole =
  (decode: (data: Buffer, cap: number, parms: FilterParms) => Buffer | null): Decoder =>
  (data, cap, parms) => {
    const out = decode(data, cap, parms);
    return out && { data: out, size: out.length };
  };
const DECODERS: Record<string, Decoder> = {
  FlateDecode: inflateMeasured,
  Fl: inflateMeasured,
  LZWDecode: whole(lzwDecode),
  LZW: whole(lzwDecode),
  ASCIIHexDecode: whole(asciiHexDecode),
  AHx: whole(asciiHexDecode),
  ASCII85Decode: whole(ascii85Decode),
  A85: whole(ascii85Decode),
  RunLengthDecode: whole(runLengthDecode),
  RL: whole(runLengthDecode),
};

/**
 * Decodes `data` through `filters` in order, each level within `cap`. Returns the largest level's size
 * (the stored bytes included) and whether a level passed `cap`. The chain stops at the first filter Folio
 * does not decode; `parms[i]` goes with `filters[i]`.
 */
export function decodeChain(data: Buffer, filters: string[], parms: FilterParms[], cap: number): { largest: number; over: boolean } {
  let level = data;
  let largest = data.length;
  for (const [i, name] of filters.entries()) {
    if (i === filters.length - 1 && (name === 'RunLengthDecode' || name === 'RL')) {
      // The last level is only measured: a RunLength stream's size is known from its run headers.
      const size = runLengthSize(level, cap);
      if (size === null) return { largest: cap + 1, over: true };
      return { largest: Math.max(largest, size), over: false };
    }
    const decode = Object.hasOwn(DECODERS, name) ? DECODERS[name] : undefined;
    if (!decode) break;
    const out = decode(level, cap, parms[i] ?? {});
    if (!out) return { largest: cap + 1, over: true };
    largest = Math.max(largest, out.size);
    level = out.data;
  }
  return { largest, over: false };
}
