// The pixel size a PNG or JPEG file declares in its header, read before any library decodes it: a decoder
// allocates width x height x channels bytes whatever the file's own size (a 137 KB PNG of 12,000 x 12,000
// pixels is 1.59 GB of RGBA once decoded), so the size is checked against a limit first.

type Size = { width: number; height: number };

/**
 * Width and height from a PNG's IHDR chunk (the largest, should a file have several) or from a JPEG's first
 * start-of-frame marker (SOF0-SOF15, before the scan data); null when the bytes have neither.
 */
export function imageSize(bytes: Uint8Array): Size | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47) return pngSize(b);
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2; // a marker without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or the scan before any frame header
    // SOFn: 0xc0-0xcf except DHT (c4), JPG (c8) and DAC (cc); precision (1 byte), then height and width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return i + 9 <= b.length ? { width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5) } : null;
    i += 2 + b.readUInt16BE(i + 2);
  }
  return null;
}

function pngSize(b: Buffer): Size | null {
  let size: Size | null = null;
  for (let i = 8; i + 8 <= b.length;) {
    const length = b.readUInt32BE(i);
    const type = b.toString('latin1', i + 4, i + 8);
    if (type === 'IHDR' && i + 16 <= b.length) {
      const found = { width: b.readUInt32BE(i + 8), height: b.readUInt32BE(i + 12) };
      if (!size || found.width * found.height > size.width * size.height) size = found;
    }
    if (type === 'IEND') break;
    i += 12 + length;
  }
  return size;
}
