// An image partly under a redaction area is replaced by a copy whose pixels under the area are painted with
// the fill colour (black when none), so what was there is gone from the file, not covered: the area is taken
// to image space through the image's placement (the pixels of its bounding box there, so a turned image
// loses a little more than the area, never less). Read: 8-bit grey or RGB, raw, Flate without predictor or
// JPEG (decoded with sharp, as the optimize step does); the copy is Flate-compressed raw samples with the
// same colour space. Any other image (indexed, 1-bit, JPEG 2000, CCITT, a soft mask of its own that would
// keep the shape) cannot be blanked here: the caller removes it whole.
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, decodePDFRawStream, type PDFContext } from '@cantoo/pdf-lib';
import { invert, mapRect, type Matrix, type Rect } from './geometry.js';
import { MAX_PIXELS } from '../image-recompress.js';

const N = PDFName.of;

function channelsOf(d: PDFDict): 1 | 3 | null {
  const cs = d.lookup(N('ColorSpace'));
  if (cs === N('DeviceGray')) return 1;
  if (cs === N('DeviceRGB')) return 3;
  if (cs instanceof PDFArray && cs.lookup(0) === N('ICCBased')) {
    const s = cs.lookup(1);
    const n = s instanceof PDFRawStream ? s.dict.lookup(N('N')) : undefined;
    if (n instanceof PDFNumber && (n.asNumber() === 1 || n.asNumber() === 3)) return n.asNumber() as 1 | 3;
  }
  return null;
}

function filterName(d: PDFDict): string | null {
  if (d.has(N('DecodeParms'))) return null;
  const f = d.lookup(N('Filter'));
  if (f === undefined) return '';
  if (f instanceof PDFName) return f.decodeText();
  if (f instanceof PDFArray && f.size() === 1 && f.lookup(0) instanceof PDFName) return (f.lookup(0) as PDFName).decodeText();
  return null;
}

/** The image's samples (width × height × channels bytes), or null when Folio cannot read them. */
async function samples(img: PDFRawStream, w: number, h: number, ch: number): Promise<Buffer | null> {
  const filter = filterName(img.dict);
  try {
    if (filter === 'DCTDecode') {
      const { default: sharp } = await import('sharp');
      const { data, info } = await sharp(Buffer.from(img.contents), { limitInputPixels: MAX_PIXELS })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return info.width === w && info.height === h && info.channels === ch ? data : null;
    }
    if (filter !== '' && filter !== 'FlateDecode') return null;
    const raw = Buffer.from(filter === '' ? img.contents : decodePDFRawStream(img).decode());
    return raw.length >= w * h * ch ? raw.subarray(0, w * h * ch) : null;
  } catch {
    return null;
  }
}

/** The copy of `img` with the areas (user space) painted over, registered as an image resource; null: cannot. */
export async function blankImage(
  ctx: PDFContext,
  img: PDFRawStream,
  ctm: Matrix,
  areas: Rect[],
  fill: [number, number, number],
): Promise<PDFRawStream | null> {
  const d = img.dict;
  const [wv, hv, bpc] = [d.lookup(N('Width')), d.lookup(N('Height')), d.lookup(N('BitsPerComponent'))];
  const ch = channelsOf(d);
  if (!(wv instanceof PDFNumber) || !(hv instanceof PDFNumber) || !(bpc instanceof PDFNumber) || bpc.asNumber() !== 8 || ch === null)
    return null;
  if (d.has(N('SMask')) || d.has(N('Mask')) || d.has(N('Decode')) || d.has(N('ImageMask'))) return null;
  const [w, h] = [wv.asNumber(), hv.asNumber()];
  if (!Number.isInteger(w) || !Number.isInteger(h) || w < 1 || h < 1 || w * h > MAX_PIXELS) return null;
  const inv = invert(ctm);
  const data = inv ? await samples(img, w, h, ch) : null;
  if (!inv || !data) return null;
  const out = Buffer.from(data);
  const value = ch === 1 ? [Math.round(0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2])] : fill;
  for (const a of areas) {
    const u = mapRect(inv, a); // unit square: x right, y up; image rows run top to bottom
    const [x0, x1] = [Math.max(0, Math.floor(u.x0 * w)), Math.min(w, Math.ceil(u.x1 * w))];
    const [y0, y1] = [Math.max(0, Math.floor((1 - u.y1) * h)), Math.min(h, Math.ceil((1 - u.y0) * h))];
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) for (let c = 0; c < ch; c++) out[(y * w + x) * ch + c] = value[c];
  }
  const copy = ctx.flateStream(out, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: w,
    Height: h,
    BitsPerComponent: 8,
  });
  copy.dict.set(N('ColorSpace'), d.get(N('ColorSpace'))!);
  return copy;
}
