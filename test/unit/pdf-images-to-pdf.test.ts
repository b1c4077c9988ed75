// src/pdf/images-to-pdf.ts on images made with sharp, read back with @cantoo/pdf-lib after a save: one page
// per image in order, page sizes in points from each image's resolution, the cm matrix that places each
// image (and the clip of `cover`), a JPEG's own bytes kept, EXIF orientation applied (a JPEG's through the
// matrix, checked corner by corner against what sharp's `.rotate()` makes of the same file; a WebP's in its
// converted pixels), images declaring too many pixels refused from their header, bytes that are no image
// refused naming their field, and looksLikeImage.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, decodePDFRawStream, type PDFPage } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { imagesToPdf, type ImagesToPdfOptions } from '../../src/pdf/images-to-pdf.js';
import { looksLikeImage } from '../../src/domain/pdfs/image-formats.js';
import { isPdfError } from '../../src/pdf/errors.js';

const N = PDFName.of;
const natural: ImagesToPdfOptions = { page: null, margin: 0, fit: 'contain' };

const blank = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#ffffff' } });

/** A white image with a red 20 x 20 block in its top left corner. */
async function marked(width: number, height: number): Promise<sharp.Sharp> {
  const red = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp(
    await blank(width, height)
      .composite([{ input: red, left: 0, top: 0 }])
      .png()
      .toBuffer(),
  );
}

async function run(images: Array<{ bytes: Uint8Array; field: string }>, opts = natural): Promise<PDFDocument> {
  return PDFDocument.load(await (await imagesToPdf(images, opts)).save());
}

const decoded = (s: PDFRawStream) => Buffer.from(decodePDFRawStream(s).decode());

/** The page's one image: its cm matrix and its XObject. */
function drawn(page: PDFPage): { matrix: number[]; image: PDFRawStream; content: string } {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => page.doc.context.lookup(r)) : [contents];
  const content = streams.map((st) => decoded(st as PDFRawStream).toString('latin1')).join('\n');
  const all = [...content.matchAll(/((?:-?[\d.]+ ){6})cm\s+\/(\S+) Do/g)];
  assert.equal(all.length, 1, content);
  const image = page.node.Resources()!.lookup(N('XObject'), PDFDict).lookup(N(all[0][2]));
  assert.ok(image instanceof PDFRawStream, `${all[0][2]} is a stored stream`);
  assert.equal(image.dict.lookup(N('Subtype')), N('Image'));
  return { matrix: all[0][1].trim().split(' ').map(Number), image, content };
}

const num = (s: PDFRawStream, key: string) => s.dict.lookup(N(key), PDFNumber).asNumber();
const size = (p: PDFPage) => [Math.round(p.getWidth() * 100) / 100, Math.round(p.getHeight() * 100) / 100];

test('each format: one page per image, in order, sized from its resolution; a JPEG kept byte for byte', async () => {
  const gifFrame = (c: string) =>
    sharp({ create: { width: 20, height: 10, channels: 3, background: c } })
      .png()
      .toBuffer();
  const inputs: Array<[string, Buffer, number[], number[]]> = [
    ['png at 144 dpi', await blank(30, 20).withMetadata({ density: 144 }).png().toBuffer(), [30, 20], [15, 10]],
    ['jpeg at 72 dpi', await blank(40, 20).jpeg().toBuffer(), [40, 20], [40, 20]],
    ['jpeg at 300 dpi', await blank(300, 150).withMetadata({ density: 300 }).jpeg().toBuffer(), [300, 150], [72, 36]],
    ['webp without a resolution', await blank(50, 25).webp().toBuffer(), [50, 25], [50, 25]],
    ['tiff', await blank(60, 30).tiff().toBuffer(), [60, 30], [60, 30]],
    [
      'gif of two frames',
      await sharp([await gifFrame('#f00'), await gifFrame('#00f')], { join: { animated: true } })
        .gif()
        .toBuffer(),
      [20, 10],
      [20, 10],
    ],
    ['avif', await blank(24, 12).avif().toBuffer(), [24, 12], [24, 12]],
  ];
  const out = await run(inputs.map(([, bytes], i) => ({ bytes, field: `files[${i}]` })));
  assert.equal(out.getPageCount(), inputs.length);
  inputs.forEach(([what, bytes, pixels, points], i) => {
    const page = out.getPage(i);
    assert.deepEqual(size(page), points, `${what}: page size`);
    const { matrix, image } = drawn(page);
    assert.deepEqual([num(image, 'Width'), num(image, 'Height')], pixels, `${what}: image size`);
    assert.deepEqual(matrix, [points[0], 0, 0, points[1], 0, 0], `${what}: drawn over the whole page`);
    const filter = image.dict.lookup(N('Filter'));
    if (what.startsWith('jpeg')) {
      assert.equal(filter, N('DCTDecode'));
      assert.ok(Buffer.from(image.contents).equals(bytes), `${what}: the JPEG's own bytes`);
    } else assert.equal(filter, N('FlateDecode'), what);
  });
});

/** Where the red block sits in an upright image: `tl`, `tr`, `bl` or `br`. */
async function redCorner(image: sharp.Sharp): Promise<string> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  const red = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    return data[i] > 200 && data[i + 1] < 80 && data[i + 2] < 80;
  };
  const corners = { tl: [5, 5], tr: [info.width - 6, 5], bl: [5, info.height - 6], br: [info.width - 6, info.height - 6] };
  const found = Object.entries(corners).filter(([, [x, y]]) => red(x, y));
  assert.equal(found.length, 1, JSON.stringify(found));
  return found[0][0];
}

/** The corner of the page where the matrix puts the image's top left corner (unit square point 0 1). */
function cornerOf(m: number[], page: PDFPage): string {
  const [x, y] = [m[2] + m[4], m[3] + m[5]];
  return `${y > page.getHeight() / 2 ? 't' : 'b'}${x > page.getWidth() / 2 ? 'r' : 'l'}`;
}

test('EXIF orientation 1-8 of a JPEG: drawn turned or mirrored as sharp shows it, the bytes unchanged', async () => {
  for (let orientation = 1; orientation <= 8; orientation++) {
    const jpeg = await (await marked(200, 100)).withMetadata({ orientation }).jpeg({ quality: 95 }).toBuffer();
    const page = (await run([{ bytes: jpeg, field: 'f' }])).getPage(0);
    const turned = orientation >= 5;
    assert.deepEqual(size(page), turned ? [100, 200] : [200, 100], `orientation ${orientation}: page size`);
    const { matrix, image } = drawn(page);
    assert.ok(Buffer.from(image.contents).equals(jpeg), `orientation ${orientation}: not re-encoded`);
    assert.equal(cornerOf(matrix, page), await redCorner(sharp(jpeg).rotate()), `orientation ${orientation}: where the top left goes`);
    if (orientation === 6) assert.deepEqual(matrix, [0, -200, 100, 0, 0, 200]);
  }
});

test('EXIF orientation of a WebP: converted upright by sharp', async () => {
  const webp = await (await marked(200, 100)).withMetadata({ orientation: 6 }).webp({ lossless: true }).toBuffer();
  const page = (await run([{ bytes: webp, field: 'f' }])).getPage(0);
  assert.deepEqual(size(page), [100, 200]);
  const { matrix, image } = drawn(page);
  assert.deepEqual([num(image, 'Width'), num(image, 'Height')], [100, 200]);
  assert.deepEqual(matrix, [100, 0, 0, 200, 0, 0]);
  const pixels = await redCorner(sharp(decoded(image), { raw: { width: 100, height: 200, channels: 3 } }));
  assert.equal(pixels, 'tr', 'turned 90° clockwise: the top left block at the top right');
});

test('a page size: contain shows all of the image within the margin, cover fills it and is cut there', async () => {
  const png = await blank(50, 50).png().toBuffer();
  const page = { width: 200, height: 100 };
  const contain = (await run([{ bytes: png, field: 'f' }], { page, margin: 10, fit: 'contain' })).getPage(0);
  assert.deepEqual(size(contain), [200, 100]);
  assert.deepEqual(drawn(contain).matrix, [80, 0, 0, 80, 60, 10]);
  assert.doesNotMatch(drawn(contain).content, / W\s/);
  const cover = drawn((await run([{ bytes: png, field: 'f' }], { page, margin: 10, fit: 'cover' })).getPage(0));
  assert.deepEqual(cover.matrix, [180, 0, 0, 180, 10, -40]);
  assert.match(cover.content, /10 10 180 80 re\s+W\s+n\s/);
  await assert.rejects(imagesToPdf([{ bytes: png, field: 'f' }], { page, margin: 50, fit: 'contain' }), /margin \(50 pt\) leaves no room/);
});

/** A PNG that is only its signature and an IHDR chunk declaring `width` x `height`. */
function pngHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').copy(b);
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b.set([8, 2, 0, 0, 0], 24);
  return b;
}

/** A real TIFF whose ImageWidth and ImageLength were changed to 20,000 (its pixel data stays 4 x 4). */
async function tiffDeclaring20000(): Promise<Buffer> {
  const t = await blank(4, 4).tiff().toBuffer();
  const ifd = t.readUInt32LE(4);
  for (let i = 0; i < t.readUInt16LE(ifd); i++) {
    const at = ifd + 2 + i * 12;
    const tag = t.readUInt16LE(at);
    if (tag !== 256 && tag !== 257) continue;
    if (t.readUInt16LE(at + 2) === 3) t.writeUInt16LE(20_000, at + 8);
    else t.writeUInt32LE(20_000, at + 8);
  }
  return t;
}

const refused = (images: Array<{ bytes: Uint8Array; field: string }>, field: string, message: RegExp) =>
  assert.rejects(imagesToPdf(images, natural), (e: unknown) => {
    assert.ok(isPdfError(e, 'step'), String(e));
    assert.equal(e.field, field);
    assert.match(e.message, message);
    return true;
  });

test('an image declaring more pixels than the limit is refused from its header, naming its field', async () => {
  const ok = { bytes: await blank(10, 10).png().toBuffer(), field: 'files[0]' };
  await refused(
    [ok, { bytes: pngHeader(20_000, 20_000), field: 'files[1]' }],
    'files[1]',
    /400,000,000 pixels \(20,000 x 20,000\), more than 100,000,000/,
  );
  const jpegHeader = Buffer.from('ffd8ffc0001108ffffffff03012200021101031101', 'hex'); // SOF0: 65,535 x 65,535
  await refused([{ bytes: jpegHeader, field: 'j' }], 'j', /4,294,836,225 pixels/);
  await refused([{ bytes: await tiffDeclaring20000(), field: 't' }], 't', /400,000,000 pixels/);
  // Just under the limit passes the check (then fails to decode: there are no pixels).
  await refused([{ bytes: pngHeader(10_000, 10_000), field: 'p' }], 'p', /cannot be read/);
});

test('bytes that are no image are refused naming the field and the formats read', async () => {
  const formats = /files\[0\]: is not an image Folio reads \(PNG, JPEG, WebP, TIFF, GIF or AVIF\/HEIF\)/;
  await refused([{ bytes: Buffer.from('hello, world'), field: 'files[0]' }], 'files[0]', formats);
  await refused([{ bytes: Buffer.from('%PDF-1.7\n%\xe2\xe3\n1 0 obj'), field: 'files[0]' }], 'files[0]', formats);
  await refused([{ bytes: new Uint8Array(0), field: 'files[0]' }], 'files[0]', formats);
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
  await refused([{ bytes: svg, field: 'files[0]' }], 'files[0]', formats);
  const brokenPng = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('not a chunk at all')]);
  await refused([{ bytes: brokenPng, field: 'files[2]' }], 'files[2]', /files\[2\]: the image cannot be read/);
  const brokenWebp = Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 garbage', 'latin1');
  await refused([{ bytes: brokenWebp, field: 'files[3]' }], 'files[3]', /files\[3\]: the image cannot be read/);
  await assert.rejects(imagesToPdf([], natural), /no images/);
});

test('looksLikeImage: the magic bytes of each format, not a PDF or text', async () => {
  for (const format of ['png', 'jpeg', 'webp', 'tiff', 'gif', 'avif'] as const)
    assert.equal(looksLikeImage(await blank(8, 8).toFormat(format).toBuffer()), true, format);
  const heic = Buffer.from('00000018667479706865696300000000', 'hex'); // ftyp heic
  assert.equal(looksLikeImage(heic), true);
  assert.equal(looksLikeImage(Buffer.from('MM\x00*\x00\x00\x00\x08', 'latin1')), true, 'big-endian TIFF');
  for (const bytes of ['%PDF-1.7', 'RIFF\x10\x00\x00\x00WAVEfmt ', 'GIF90a', '', '\xff\xd8', 'hello'])
    assert.equal(looksLikeImage(Buffer.from(bytes, 'latin1')), false, JSON.stringify(bytes));
  assert.equal(looksLikeImage(Buffer.from('000000186674797069736f6d00000200', 'hex')), false, 'an MP4');
});
