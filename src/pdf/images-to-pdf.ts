// Images to PDF: a new document with one page per image, in order. Rules:
//   - Formats are told by their first bytes (looksLikeImage): PNG, JPEG, WebP, TIFF, GIF, AVIF/HEIF. Anything
//     else (an SVG, a PDF, text) is refused naming its field, whatever sharp could read.
//   - PNG and JPEG are embedded as they are: a JPEG's own bytes become the DCTDecode stream (never
//     re-encoded), a PNG goes through pdf-lib's embedPng. Their EXIF orientation (2-8) is applied by the
//     matrix that draws the image (turned and/or mirrored), so nothing is decoded for it.
//   - WebP, TIFF, GIF (its first frame), AVIF and HEIF (when this libvips reads it) are converted to PNG
//     with sharp first, their EXIF orientation applied by sharp's `.rotate()`.
//   - The pixel size is read before anything decodes the pixels (PNG and JPEG headers, sharp's metadata,
//     which reads headers only, for the rest): more than DEFAULT_PDF_LIMITS.maxImagePixels is refused, and
//     sharp gets the same limit when it converts.
//   - Page size: without one, each page is its image's size at its own resolution (72 dpi when it declares
//     none, a pixel a point). With one, the image goes in the page less `margin` on each side: `contain`
//     shows all of it, `cover` fills that area and is cut at its edge; centred either way.
//   - A failure about an image is a PdfError of kind step naming its field. Each image is written into the
//     document as soon as it is drawn: decoded pixels are not kept until the save.
import {
  PDFDocument,
  clip,
  concatTransformationMatrix,
  drawObject,
  endPath,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  type PDFImage,
  type PDFName,
  type PDFOperator,
} from '@cantoo/pdf-lib';
import { PdfError } from './errors.js';
import { FORMATS_READ, imageFormatOf as formatOf, type ImageFormat as Format } from '../domain/pdfs/image-formats.js';
import { imageSize } from './syntax/image-size.js';
import { DEFAULT_PDF_LIMITS } from './syntax/limits.js';

export interface ImagesToPdfOptions {
  /** null: each page is the image's size at its own resolution (72 dpi when it has none) */
  page: { width: number; height: number } | null;
  /** points; only with a page size */
  margin: number;
  fit: 'contain' | 'cover';
}

type Box = { left: number; bottom: number; width: number; height: number };
type Matrix = [number, number, number, number, number, number];

type Sharp = typeof import('sharp');
let sharpModule: Promise<Sharp> | undefined;

/** sharp, loaded on first use with its cache off (the sandbox's memory is what bounds it). */
function loadSharp(): Promise<Sharp> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

const count = (n: number) => n.toLocaleString('en-US');

function unreadable(field: string, why: string, cause?: unknown): PdfError {
  return new PdfError('step', `${field}: the image cannot be read: ${why}`, { field, cause });
}

function refuseLarge(width: number, height: number, field: string): void {
  const max = DEFAULT_PDF_LIMITS.maxImagePixels;
  if (width * height > max)
    throw new PdfError(
      'step',
      `${field}: the image has ${count(width * height)} pixels (${count(width)} x ${count(height)}), more than ${count(max)} (the limit)`,
      { field },
    );
}

type Info = { format: Format; density: number | undefined; orientation: number };

/** The image's format, resolution and EXIF orientation, read from its headers; refused when too large. */
async function readInfo(bytes: Buffer, field: string): Promise<Info> {
  const format = formatOf(bytes);
  if (!format) throw new PdfError('step', `${field}: is not an image Folio reads (${FORMATS_READ})`, { field });
  if (format === 'png' || format === 'jpeg') {
    const size = imageSize(bytes);
    if (!size) throw unreadable(field, `its ${format.toUpperCase()} header has no image size`);
    refuseLarge(size.width, size.height, field);
  }
  const sharp = await loadSharp();
  let meta: Awaited<ReturnType<ReturnType<Sharp>['metadata']>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw unreadable(field, (err as Error).message, err);
  }
  if (format !== 'png' && format !== 'jpeg') {
    if (!meta.width || !meta.height) throw unreadable(field, 'its header has no image size');
    refuseLarge(meta.width, meta.height, field);
  }
  return { format, density: meta.density, orientation: meta.orientation ?? 1 };
}

/** The image embedded in `doc`, and the EXIF orientation still to apply when drawing it. */
async function embed(doc: PDFDocument, bytes: Buffer, info: Info, field: string): Promise<{ image: PDFImage; orientation: number }> {
  try {
    if (info.format === 'jpeg') return { image: await doc.embedJpg(bytes), orientation: info.orientation };
    if (info.format === 'png') return { image: await doc.embedPng(bytes), orientation: info.orientation };
    const sharp = await loadSharp();
    const png = await sharp(bytes, { limitInputPixels: DEFAULT_PDF_LIMITS.maxImagePixels }).rotate().png().toBuffer();
    return { image: await doc.embedPng(png), orientation: 1 };
  } catch (err) {
    throw unreadable(field, (err as Error).message, err);
  }
}

/**
 * From the image's unit square (its top row at y = 1) to the unit square as shown, for each EXIF
 * orientation: 2 mirrored, 3 turned 180°, 4 flipped, 5 transposed, 6 turned 90° clockwise, 7 transversed,
 * 8 turned 90° counter-clockwise.
 */
const ORIENTATIONS: Record<number, Matrix> = {
  1: [1, 0, 0, 1, 0, 0],
  2: [-1, 0, 0, 1, 1, 0],
  3: [-1, 0, 0, -1, 1, 1],
  4: [1, 0, 0, -1, 0, 1],
  5: [0, -1, -1, 0, 1, 1],
  6: [0, -1, 1, 0, 0, 1],
  7: [0, 1, 1, 0, 0, 0],
  8: [0, 1, -1, 0, 1, 0],
};

type Layout = { page: { width: number; height: number }; place: Box; clip: Box | undefined };

/** The page's size, where the image goes on it, and the area it is cut to (cover). */
function layout(image: PDFImage, orientation: number, density: number | undefined, opts: ImagesToPdfOptions): Layout {
  const turned = orientation >= 5 && orientation <= 8;
  const dpi = density && density > 0 ? density : 72;
  const width = ((turned ? image.height : image.width) * 72) / dpi;
  const height = ((turned ? image.width : image.height) * 72) / dpi;
  if (!opts.page) return { page: { width, height }, place: { left: 0, bottom: 0, width, height }, clip: undefined };
  const m = opts.margin;
  const area = { left: m, bottom: m, width: opts.page.width - 2 * m, height: opts.page.height - 2 * m };
  const s = (opts.fit === 'cover' ? Math.max : Math.min)(area.width / width, area.height / height);
  const place = {
    left: area.left + (area.width - width * s) / 2,
    bottom: area.bottom + (area.height - height * s) / 2,
    width: width * s,
    height: height * s,
  };
  return { page: opts.page, place, clip: opts.fit === 'cover' ? area : undefined };
}

/** Draws image `name` into `place`, oriented, cut to `area` when given. */
function drawOperators(name: PDFName, orientation: number, place: Box, area: Box | undefined): PDFOperator[] {
  const [a, b, c, d, e, f] = ORIENTATIONS[orientation] ?? ORIENTATIONS[1];
  const { left: x, bottom: y, width: w, height: h } = place;
  return [
    pushGraphicsState(),
    ...(area ? [rectangle(area.left, area.bottom, area.width, area.height), clip(), endPath()] : []),
    concatTransformationMatrix(a * w, b * h, c * w, d * h, e * w + x, f * h + y),
    drawObject(name),
    popGraphicsState(),
  ];
}

function checkOptions(opts: ImagesToPdfOptions): void {
  if (opts.fit !== 'contain' && opts.fit !== 'cover') throw new PdfError('step', 'fit must be contain or cover');
  if (!opts.page) return;
  const { width, height } = opts.page;
  if (!(width > 0 && height > 0 && Number.isFinite(width * height)))
    throw new PdfError('step', 'the page width and height must be numbers of points above 0');
  if (!(opts.margin >= 0 && 2 * opts.margin < Math.min(width, height)))
    throw new PdfError('step', `the margin (${opts.margin} pt) leaves no room on a ${width} x ${height} pt page`);
}

/** A new document with one page per image. Throws a PdfError of kind step naming the image's field. */
export async function imagesToPdf(images: Array<{ bytes: Uint8Array; field: string }>, opts: ImagesToPdfOptions): Promise<PDFDocument> {
  checkOptions(opts);
  if (images.length === 0) throw new PdfError('step', 'there are no images to make a PDF of');
  const doc = await PDFDocument.create({ updateMetadata: false });
  for (const { bytes, field } of images) {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const info = await readInfo(buffer, field);
    const { image, orientation } = await embed(doc, buffer, info, field);
    const where = layout(image, orientation, info.density, opts);
    const page = doc.addPage([where.page.width, where.page.height]);
    const name = page.node.newXObject('Image', image.ref);
    page.pushOperators(...drawOperators(name, orientation, where.place, where.clip));
    try {
      await image.embed(); // written now, so its decoded pixels are not held until the save
    } catch (err) {
      throw unreadable(field, (err as Error).message, err);
    }
  }
  return doc;
}
