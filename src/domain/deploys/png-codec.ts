// PNG in and out of pixels in plain JavaScript (node:zlib): the one PNG writer of the rasterizer
// (pdf/rasterize.ts) and of the snapshot checks of @folio/cli, which bundles no native image library. Both
// encode the same way (8-bit, every row unfiltered, zlib level 1), so the same pixels make the same bytes
// whichever folio recorded them; decodes what PNG writers put in a snapshot: 8-bit greyscale, grey+alpha,
// RGB, RGBA or palette, any row filter, not interlaced.
import zlib from 'node:zlib';
import type { RawImage } from './snapshot-compare.js';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Channels of each colour type: 0 grey, 2 RGB, 3 palette index, 4 grey+alpha, 6 RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Pixels of one page accepted: an A0 page at the snapshot resolution is ~3.9 million; this leaves room. */
export const MAX_PNG_PIXELS = 16_000_000;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The rows of 8-bit pixels (3 channels RGB or 4 RGBA), each led by filter byte 0 (none): what IDAT compresses. */
export function unfilteredRows(width: number, height: number, channels: 3 | 4, pixels: Uint8Array): Buffer {
  const stride = width * channels;
  const rows = Buffer.alloc((stride + 1) * height);
  const from = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
  for (let y = 0; y < height; y++) from.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  return rows;
}

/** The PNG file of 8-bit RGB or RGBA pixels whose rows `idat` holds compressed (unfilteredRows, deflated). */
export function pngFile(width: number, height: number, channels: 3 | 4, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = channels === 3 ? 2 : 6; // colour type: RGB or RGBA
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** An 8-bit RGB (3 channels) or RGBA (4) PNG, every row unfiltered, at zlib level 1. */
export function encodePng(img: RawImage): Buffer {
  if (img.channels !== 3 && img.channels !== 4) throw new RangeError('encodePng takes RGB or RGBA pixels');
  const rows = unfilteredRows(img.width, img.height, img.channels, img.data);
  return pngFile(img.width, img.height, img.channels, zlib.deflateSync(rows, { level: 1 }));
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Undoes the row filters in place: `raw` holds a filter byte then `stride` bytes per row. */
function unfilter(raw: Buffer, stride: number, height: number, bpp: number): Buffer {
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const at = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? out[at + x - bpp]! : 0;
      const b = y > 0 ? out[at - stride + x]! : 0;
      const c = x >= bpp && y > 0 ? out[at - stride + x - bpp]! : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter!];
      if (predictor === undefined) throw new Error(`PNG row ${y} has an unknown filter ${filter}`);
      out[at + x] = (row[x]! + predictor) & 0xff;
    }
  }
  return out;
}

/** A PNG as RGBA pixels (4 channels); an error for what this decoder does not read. */
export function decodePng(png: Buffer): RawImage {
  if (png.length < 33 || !png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let ihdr: Buffer | null = null;
  let palette: Buffer | null = null;
  let alphas: Buffer | null = null;
  const idat: Buffer[] = [];
  for (let at = 8; at + 8 <= png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') ihdr = data;
    else if (type === 'PLTE') palette = data;
    else if (type === 'tRNS') alphas = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!ihdr || ihdr.length < 13) throw new Error('a PNG without its header');
  const [width, height, depth, colour, interlace] = [ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8]!, ihdr[9]!, ihdr[12]!];
  const channels = CHANNELS[colour];
  if (depth !== 8 || channels === undefined || interlace !== 0)
    throw new Error(`a PNG of depth ${depth}, colour type ${colour}, interlace ${interlace}`);
  if (width * height > MAX_PNG_PIXELS) throw new Error(`a PNG of ${width}×${height} pixels; at most ${MAX_PNG_PIXELS} are read`);
  const stride = width * channels;
  const raw = zlib.inflateSync(Buffer.concat(idat), { maxOutputLength: (stride + 1) * height });
  if (raw.length !== (stride + 1) * height) throw new Error('a truncated PNG');
  const px = unfilter(raw, stride, height, channels);
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const s = i * channels;
    let rgba: [number, number, number, number];
    if (colour === 0) rgba = [px[s]!, px[s]!, px[s]!, 255];
    else if (colour === 4) rgba = [px[s]!, px[s]!, px[s]!, px[s + 1]!];
    else if (colour === 2) rgba = [px[s]!, px[s + 1]!, px[s + 2]!, 255];
    else if (colour === 6) rgba = [px[s]!, px[s + 1]!, px[s + 2]!, px[s + 3]!];
    else {
      const k = px[s]!;
      if (!palette || k * 3 + 2 >= palette.length) throw new Error('a PNG palette index past its palette');
      rgba = [palette[k * 3]!, palette[k * 3 + 1]!, palette[k * 3 + 2]!, alphas && k < alphas.length ? alphas[k]! : 255];
    }
    data.set(rgba, i * 4);
  }
  return { width, height, channels: 4, data };
}
