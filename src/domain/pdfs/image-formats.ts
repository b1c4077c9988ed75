// Which image formats an upload may be instead of a PDF, told by their first bytes: PNG, JPEG, WebP,
// TIFF (and BigTIFF), GIF, AVIF/HEIF. Pure: the upload routes ask it before anything is read, and
// src/pdf/images-to-pdf.ts makes the pages.

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'tiff' | 'gif' | 'heif';
export const FORMATS_READ = 'PNG, JPEG, WebP, TIFF, GIF or AVIF/HEIF';
/** The major brands of an ISO-BMFF file (`ftyp`) that is an AVIF or HEIF image. */
const HEIF_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);
const TIFF_HEADERS = new Set(['II*\0', 'MM\0*', 'II+\0', 'MM\0+']);

/** The image format the first bytes announce, or null. */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (from: number, to: number) => (b.length >= to ? b.toString('latin1', from, to) : '');
  if (text(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'webp';
  if (TIFF_HEADERS.has(text(0, 4))) return 'tiff';
  if (text(0, 6) === 'GIF87a' || text(0, 6) === 'GIF89a') return 'gif';
  if (text(4, 8) === 'ftyp' && HEIF_BRANDS.has(text(8, 12))) return 'heif';
  return null;
}

/** Whether the bytes start like a PNG, JPEG, WebP, TIFF, GIF or AVIF/HEIF image (an upload's image or PDF). */
export function looksLikeImage(bytes: Uint8Array): boolean {
  return imageFormatOf(bytes) !== null;
}
