// PNG pages in and out of pixels for snapshot checks (`folio test`, and a version's checks on the server):
// decoded by sharp (libvips) to raw RGBA, compared by the rules of domain/deploys/snapshot-compare.ts, and the
// picture of the differences encoded back to PNG for the report. sharp is loaded on first use: a run whose
// pages are all byte-identical never loads libvips. A recorded page may come from an account's bundle, so
// it is decoded only within MAX_SNAPSHOT_PIXELS.
import { loadSharp, pngSize } from '../rasterize.js';
import { comparePixels, diffImage, type PixelComparison, type RawImage } from '../../domain/deploys/snapshot-compare.js';

/** Pixels of one snapshot page: an A0 page at the snapshot resolution is ~3.9 million; this leaves room. */
export const MAX_SNAPSHOT_PIXELS = 16_000_000;

/** A PNG as raw RGBA pixels (an error past MAX_SNAPSHOT_PIXELS or for bytes that are not an image). */
export async function decodePng(png: Buffer): Promise<RawImage> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(png, { limitInputPixels: MAX_SNAPSHOT_PIXELS })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data };
}

export async function encodePng(img: RawImage): Promise<Buffer> {
  const sharp = await loadSharp();
  const channels = img.channels as 1 | 2 | 3 | 4;
  return sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength), {
    raw: { width: img.width, height: img.height, channels },
  })
    .png()
    .toBuffer();
}

/** Two pages compared; identical bytes are identical pixels, and are not decoded. */
export async function comparePngs(
  expected: Buffer,
  actual: Buffer,
): Promise<{ comparison: PixelComparison; decoded?: [RawImage, RawImage] }> {
  if (expected.equals(actual)) {
    const size = pngSize(expected);
    const total = size.width * size.height;
    return { comparison: { sizeMismatch: false, expected: size, actual: size, differing: 0, total, ratio: 0 } };
  }
  const decoded: [RawImage, RawImage] = [await decodePng(expected), await decodePng(actual)];
  return { comparison: comparePixels(decoded[0], decoded[1]), decoded };
}

/** The report's picture of the differences (differing pixels red), as PNG. */
export async function diffPng(expected: RawImage, actual: RawImage): Promise<Buffer> {
  return encodePng(diffImage(expected, actual));
}
