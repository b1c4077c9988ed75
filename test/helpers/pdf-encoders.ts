// Encoders for the PDF stream filters the tests build hostile and ordinary streams with (the decoders under
// test are in src/pdf/syntax/stream-decoders.ts), and a minimal PNG writer.
import { crc32, constants, deflateRawSync } from 'node:zlib';

const MiB = 1024 * 1024;

/** The zlib stream of `mib` MiB of zero bytes, built from one 1 MiB block repeated: about 1 KB a MiB, never `mib` MiB in memory. */
export function deflatedZeros(mib: number): Buffer {
  // A raw block ended with a full flush is byte-aligned and refers to nothing before it, so copies of it follow each other.
  const block = deflateRawSync(Buffer.alloc(MiB), { finishFlush: constants.Z_FULL_FLUSH });
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((((mib * MiB) % 65521) << 16) | 1) >>> 0); // Adler-32 of zeros: a stays 1, b adds 1 a byte
  // 0x78 0x9c: the zlib header; 0x03 0x00: a last, empty block with fixed codes.
  return Buffer.concat([Buffer.from([0x78, 0x9c]), ...Array.from({ length: mib }, () => block), Buffer.from([0x03, 0x00]), adler]);
}

export const asciiHex = (data: Buffer) => Buffer.from(data.toString('hex') + '>', 'latin1');

export function ascii85(data: Buffer): Buffer {
  let s = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = Buffer.alloc(4);
    data.copy(chunk, 0, i, i + 4);
    let v = chunk.readUInt32BE(0);
    const n = Math.min(4, data.length - i);
    if (v === 0 && n === 4) {
      s += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let k = 0; k < 5; k++) {
      digits.unshift(String.fromCharCode(33 + (v % 85)));
      v = Math.floor(v / 85);
    }
    s += digits.slice(0, n + 1).join('');
  }
  return Buffer.from(s + '~>', 'latin1');
}

/**
 * Packs LZW codes as PDF's LZWDecode reads them: most significant bit first, 9 bits after a clear (256),
 * one bit more once the decoder's next entry plus `early` reaches the next power of two (at most 12).
 */
export function packLzwCodes(codes: number[], early = 1): Buffer {
  const bytes: number[] = [];
  let acc = 0;
  let nbits = 0;
  let width = 9;
  let next = 258;
  let first = true;
  for (const code of codes) {
    acc = (acc << width) | code;
    nbits += width;
    while (nbits >= 8) {
      bytes.push((acc >>> (nbits - 8)) & 0xff);
      nbits -= 8;
    }
    acc &= (1 << nbits) - 1;
    if (code === 256) {
      width = 9;
      next = 258;
      first = true;
      continue;
    }
    if (!first && next < 4096) next++;
    first = false;
    if (width < 12 && next + early >= 1 << width) width++;
  }
  if (nbits > 0) bytes.push((acc << (8 - nbits)) & 0xff);
  return Buffer.from(bytes);
}

/** LZW of `data` (a plain dictionary encoder; a clear code before the table fills). */
export function lzw(data: Buffer, early = 1): Buffer {
  const codes: number[] = [256];
  let dict = new Map<string, number>();
  let next = 258;
  let w = '';
  for (const byte of data) {
    const c = String.fromCharCode(byte);
    if (w === '' || dict.has(w + c)) {
      w += c;
      continue;
    }
    codes.push(w.length === 1 ? w.charCodeAt(0) : dict.get(w)!);
    if (next < 4000) dict.set(w + c, next++);
    else {
      codes.push(256);
      dict = new Map();
      next = 258;
    }
    w = c;
  }
  if (w !== '') codes.push(w.length === 1 ? w.charCodeAt(0) : dict.get(w)!);
  codes.push(257);
  return packLzwCodes(codes, early);
}

/** LZW of at least `bytes` zero bytes: codes 0, 258, 259, … each one zero longer than the last, cleared before the table fills. */
export function lzwZeros(bytes: number): Buffer {
  const codes: number[] = [];
  let total = 0;
  while (total < bytes) {
    codes.push(256, 0);
    total += 1;
    for (let code = 258; code < 4000 && total < bytes; code++) {
      codes.push(code);
      total += code - 256;
    }
  }
  codes.push(257);
  return packLzwCodes(codes);
}

/** RunLength of `data` as literal runs of up to 128 bytes, then the end mark. */
export function runLength(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < data.length; i += 128) {
    const chunk = data.subarray(i, i + 128);
    parts.push(Buffer.from([chunk.length - 1]), chunk);
  }
  return Buffer.concat([...parts, Buffer.from([128])]);
}

/** RunLength of `runs` runs of 128 copies of a byte (two bytes each). */
export const runLengthRuns = (runs: number) => Buffer.alloc(runs * 2, Buffer.from([129, 0x20]));

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** A greyscale 8-bit PNG whose header says `width` x `height` and whose IDAT chunk is `idat` (zlib data of the rows). */
export function png(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
