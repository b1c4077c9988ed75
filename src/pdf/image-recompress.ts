// The `optimize` step's image work (`images: true`): each 8-bit grey or RGB image of the document — raw,
// Flate-compressed or already JPEG — is encoded again as JPEG at `quality` with sharp (libvips), and kept only
// when that makes it smaller. Lossy by design, like Gotenberg's `imageQuality`. Runs in the sandbox: sharp's
// memory counts against the process's limits, and an image over MAX_PIXELS is left as it is, never decoded.
import { PDFArray, PDFName, PDFNumber, PDFRawStream, decodePDFRawStream, type PDFDocument, type PDFRef } from '@cantoo/pdf-lib';

const N = PDFName.of;
/** Largest image decoded (pixels): 50 megapixels, about 150 MB as RGB. */
export const MAX_PIXELS = 50_000_000;

/** The colour components of an image's colour space Folio re-encodes (grey or RGB), else null. */
function components(stream: PDFRawStream): 1 | 3 | null {
  const cs = stream.dict.lookup(N('ColorSpace'));
  if (cs === N('DeviceGray')) return 1;
  if (cs === N('DeviceRGB')) return 3;
  // An ICC-based space keeps its profile: JPEG's components are read in it as the raw samples were.
  if (cs instanceof PDFArray && cs.lookup(0) === N('ICCBased')) {
    const n = cs.lookup(1);
    const count = n && 'dict' in n ? (n as PDFRawStream).dict.lookup(N('N')) : undefined;
    if (count instanceof PDFNumber && (count.asNumber() === 1 || count.asNumber() === 3)) return count.asNumber() as 1 | 3;
  }
  return null;
}

/** The one filter of a stream (`FlateDecode`, `DCTDecode`), '' for none, null for a chain or parameters. */
function filterOf(stream: PDFRawStream): string | null {
  if (stream.dict.has(N('DecodeParms'))) return null;
  const f = stream.dict.lookup(N('Filter'));
  if (f === undefined) return '';
  if (f instanceof PDFName) return f.decodeText();
  if (f instanceof PDFArray && f.size() === 1 && f.lookup(0) instanceof PDFName) return (f.lookup(0) as PDFName).decodeText();
  return null;
}

/** Re-encodes the document's images at `quality` (1–100) where that makes them smaller; how many changed. */
export async function recompressImages(doc: PDFDocument, quality: number): Promise<number> {
  const { default: sharp } = await import('sharp');
  sharp.concurrency(1);
  sharp.cache(false);
  let changed = 0;
  const images: Array<[PDFRef, PDFRawStream]> = [];
  for (const [ref, obj] of doc.context.enumerateIndirectObjects())
    if (obj instanceof PDFRawStream && obj.dict.lookup(N('Subtype')) === N('Image')) images.push([ref, obj]);
  for (const [ref, stream] of images) {
    const d = stream.dict;
    const width = d.lookup(N('Width'));
    const height = d.lookup(N('Height'));
    const bpc = d.lookup(N('BitsPerComponent'));
    const channels = components(stream);
    const filter = filterOf(stream);
    if (!(width instanceof PDFNumber) || !(height instanceof PDFNumber) || !(bpc instanceof PDFNumber) || bpc.asNumber() !== 8) continue;
    if (channels === null || filter === null || d.has(N('Decode')) || d.has(N('ImageMask'))) continue;
    const [w, h] = [width.asNumber(), height.asNumber()];
    if (!Number.isInteger(w) || !Number.isInteger(h) || w < 1 || h < 1 || w * h > MAX_PIXELS) continue;
    let jpeg: Buffer;
    try {
      if (filter === 'DCTDecode')
        jpeg = await sharp(Buffer.from(stream.contents), { limitInputPixels: MAX_PIXELS }).jpeg({ quality, mozjpeg: false }).toBuffer();
      else if (filter === '' || filter === 'FlateDecode') {
        const raw = filter === '' ? stream.contents : decodePDFRawStream(stream).decode();
        if (raw.length !== w * h * channels) continue;
        jpeg = await sharp(Buffer.from(raw.buffer, raw.byteOffset, raw.length), { raw: { width: w, height: h, channels } })
          .jpeg({ quality })
          .toBuffer();
      } else continue;
    } catch {
      continue; // an image sharp cannot read stays as it is
    }
    if (jpeg.length >= stream.contents.length) continue;
    const dict = d.clone();
    dict.delete(N('DecodeParms'));
    dict.set(N('Filter'), N('DCTDecode'));
    dict.set(N('Length'), PDFNumber.of(jpeg.length));
    doc.context.assign(ref, PDFRawStream.of(dict, jpeg));
    changed++;
  }
  return changed;
}
