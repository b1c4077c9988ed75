// PDF pages as PNG, JPEG or WebP images, drawn by poppler's `pdftoppm` (package poppler-utils, installed by
// scripts/setup.sh). Used by `folio dev`'s printed-pages view and by the page images of render jobs
// (worker/page-images-step.ts), so it takes bytes and returns bytes.
//
// pdftoppm writes raw pixels (PPM) and we encode the PNGs here: pdftoppm's own PNG output spends about 90 %
// of its time in libpng's compression (260 ms against 30 ms for three A4 pages at 96 dpi); zlib at level 1
// on unfiltered rows takes a few ms a page, off the main thread, and makes smaller files for text pages.
// JPEG and WebP are encoded from the same pixels by sharp (libvips with libjpeg-turbo and libwebp, prebuilt
// in its npm packages), loaded only when one is asked for.
//
// The PDF and the pixels live in a fresh folder under os.tmpdir(), removed afterwards: never next to the
// caller's files (a watched template folder must not see stray files). The tools run without a shell, from
// an argument array, within a time limit. The pixels are bounded before anything is drawn, the PNGs while
// they are encoded. The page sizes for that bound are read in this process from the page tree (page-tree.ts:
// Chromium's output and Folio's own updates, a few objects read) and asked of poppler's `pdfinfo` only for
// files the partial reader does not handle (object streams): its process costs about as much as drawing a
// thumbnail.
import { PdfError } from './errors.js';
import { outOfMemory, TOOL_MEMORY_BYTES, toolMissing, underMemoryLimit } from './tool-memory.js';
import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { ImageFormat } from '../domain/jobs/page-images.js';
import { pngFile, unfilteredRows } from '../domain/deploys/png-codec.js';

export type { ImageFormat };

export interface RasterizeOptions {
  /** First page to draw, 1-based (default 1). */
  firstPage?: number;
  /** Last page to draw (default: the last page of the PDF, within maxPages); past the end means the end. */
  lastPage?: number;
  /** At most this many pages are drawn, from firstPage on (default 100). */
  maxPages?: number;
  /** Resolution in dots per inch (default 96: a CSS pixel per PDF pixel). Ignored when width is given. */
  dpi?: number;
  /** Width of every image in pixels; the height follows the page's aspect ratio. */
  width?: number;
  /** pdftoppm processes at once, each drawing a contiguous share of the pages (default 1): one uses one core. */
  parallel?: number;
  /** Everything must be done within this long (default 30 s); a process still running then is killed. */
  timeoutMs?: number;
  /** Total bytes of PNG accepted (default 64 MiB); more is a PdfError of kind rasterize_failed. */
  maxOutputBytes?: number;
  /** Raw pixels of one page accepted, 3 bytes a pixel (default 128 MiB, about 6,500 × 6,500 pixels). */
  maxPagePixelBytes?: number;
  /** Raw pixels of all pages drawn, held on disk until encoded (default 1 GiB). */
  maxPixelBytes?: number;
  /** The pdftoppm executable (default: `pdftoppm` on the PATH). */
  command?: string;
  /** The pdfinfo executable (default: `pdfinfo` next to `command`). */
  pdfinfoCommand?: string;
  /** The encoding of the images (default png). */
  format?: ImageFormat;
  /** JPEG and WebP quality, 1–100 (default 85); PNG is lossless and ignores it. */
  quality?: number;
}

export interface PageImage {
  /** 1-based page number in the PDF. */
  page: number;
  width: number;
  height: number;
  format: ImageFormat;
  /** The encoded image. */
  data: Buffer;
}

/** pdftoppm or pdfinfo is not installed (or not at the given path): the message says how to install it. */
const rasterizerMissing = (command: string) =>
  new PdfError(
    'rasterizer_missing',
    `${command} was not found: install poppler's utilities (Debian/Ubuntu: apt-get install poppler-utils)`,
  );

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const STDERR_LIMIT = 4096;
const deflate = promisify(zlib.deflate);
/** Pages one pdftoppm process draws before its pages are encoded (each process parses the PDF again). */
const CHUNK_PAGES = 8;

/** Width and height from a PNG's IHDR chunk (always the first chunk). */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || !png.subarray(0, 8).equals(PNG_SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR')
    throw new PdfError('rasterize_failed', 'not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const positiveInt = (n: number | undefined, what: string): number | undefined => {
  if (n === undefined) return undefined;
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`${what} must be a positive integer`);
  return n;
};

export async function rasterizePdf(pdf: Buffer, opts: RasterizeOptions = {}): Promise<PageImage[]> {
  const command = opts.command ?? 'pdftoppm';
  const pdfinfo = opts.pdfinfoCommand ?? path.join(path.dirname(command), 'pdfinfo');
  const first = positiveInt(opts.firstPage, 'firstPage') ?? 1;
  const maxPages = Math.min(positiveInt(opts.maxPages, 'maxPages') ?? 100, 100_000);
  const last = Math.min(positiveInt(opts.lastPage, 'lastPage') ?? Number.MAX_SAFE_INTEGER, first + maxPages - 1);
  const width = positiveInt(opts.width, 'width');
  const parallel = positiveInt(opts.parallel, 'parallel') ?? 1;
  const dpi = opts.dpi ?? 96;
  if (!(dpi > 0 && dpi <= 1200)) throw new RangeError('dpi must be in (0, 1200]');
  const format = opts.format ?? 'png';
  const quality = positiveInt(opts.quality, 'quality') ?? 85;
  if (quality > 100) throw new RangeError('quality must be at most 100');
  const maxBytes = opts.maxOutputBytes ?? 64 * 1024 * 1024;
  const maxPagePixelBytes = opts.maxPagePixelBytes ?? 128 * 1024 * 1024;
  const maxPixelBytes = opts.maxPixelBytes ?? 1024 * 1024 * 1024;
  const limit = { deadline: performance.now() + (opts.timeoutMs ?? 30_000), ms: opts.timeoutMs ?? 30_000 };

  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'folio-rasterize-'));
  try {
    const input = path.join(dir, 'in.pdf');
    await fsp.writeFile(input, pdf);
    // pdfinfo clamps -l to the page count, and refuses a -f past it.
    const sizes =
      (await import('./page-tree.js')).pageSizes(pdf, first, last)?.sizes ??
      pdfinfoSizes((await run(pdfinfo, ['-box', '-f', String(first), '-l', String(last), input], limit)).toString('utf8'));
    if (sizes.size === 0) throw new PdfError('rasterize_failed', `the PDF has no page ${first}`);
    let pixelBytes = 0;
    for (const [page, pt] of sizes) {
      // pdftoppm's size, rounded up (and the longer side for a width, as a rotated page swaps them).
      const w = width ?? Math.ceil((pt.w * dpi) / 72) + 1;
      const h = width ? Math.ceil(width * Math.max(pt.h / pt.w, pt.w / pt.h)) + 1 : Math.ceil((pt.h * dpi) / 72) + 1;
      const bytes = w * h * 3;
      if (bytes > maxPagePixelBytes)
        throw new PdfError('rasterize_failed', `page ${page} would be ${bytes} bytes of pixels; at most ${maxPagePixelBytes} are allowed`);
      pixelBytes += bytes;
    }
    if (pixelBytes > maxPixelBytes)
      throw new PdfError('rasterize_failed', `the pages would be ${pixelBytes} bytes of pixels; at most ${maxPixelBytes} are allowed`);
    const pages = [...sizes.keys()].sort((x, y) => x - y);

    // Each process writes page-<n>.ppm into the folder: the numbers (and their zero padding, which follows
    // the PDF's page count) do not depend on the range a process draws. A long range is drawn in chunks,
    // and each chunk's pages are encoded (zlib or libvips, on their own threads) while the next chunk is
    // drawn: drawing and encoding overlap, and the raw pixels on disk stay a chunk's worth.
    const size = width !== undefined ? ['-scale-to-x', String(width), '-scale-to-y', '-1'] : ['-r', String(dpi)];
    const index = new Map(pages.map((p, i) => [p, i]));
    const images: PageImage[] = new Array(pages.length);
    let total = 0;
    const encodes: Promise<void>[] = [];
    let failed: { err: unknown } | null = null;
    const encodePage = async (page: number, file: string) => {
      const { width: w, height: h, pixels } = parsePpm(await fsp.readFile(file), page);
      await fsp.rm(file);
      const data = await encode(format, quality, w, h, pixels);
      total += data.length;
      if (total > maxBytes) throw new PdfError('rasterize_failed', `the page images exceed ${maxBytes} bytes`);
      images[index.get(page)!] = { page, width: w, height: h, format, data };
    };
    const chunks = split(pages, Math.max(parallel, Math.ceil(pages.length / CHUNK_PAGES)));
    await eachLimited(chunks, parallel, async ([f, l]) => {
      if (failed) return;
      await run(command, ['-forcenum', '-sep', '-', '-f', String(f), '-l', String(l), ...size, input, path.join(dir, 'page')], limit);
      const drawn = new Map<number, string>();
      for (const name of await fsp.readdir(dir)) {
        const m = /^page-(\d+)\.ppm$/.exec(name);
        if (m && Number(m[1]) >= f && Number(m[1]) <= l) drawn.set(Number(m[1]), path.join(dir, name));
      }
      for (const page of pages.slice(index.get(f), index.get(l)! + 1)) {
        const file = drawn.get(page);
        if (!file) throw new PdfError('rasterize_failed', `pdftoppm drew no image for page ${page}`);
        encodes.push(encodePage(page, file).catch((err) => void (failed ??= { err })));
      }
    });
    await Promise.all(encodes);
    if (failed) throw (failed as { err: unknown }).err;
    return images;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The media boxes `pdfinfo -box` reports, in points, by page ("Page    2 MediaBox:   0.00   0.00 612.00
 * 792.00"): what pdftoppm draws. (Its "size" lines give the crop box.)
 */
function pdfinfoSizes(info: string): Map<number, { w: number; h: number }> {
  const out = new Map<number, { w: number; h: number }>();
  // A document title could contain such a line: the real ones come last, so later lines win.
  for (const m of info.matchAll(/^Page\s+(\d+) MediaBox:\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s*$/gm)) {
    const [x0, y0, x1, y1] = m.slice(2, 6).map(Number);
    out.set(Number(m[1]), { w: Math.abs(x1 - x0), h: Math.abs(y1 - y0) });
  }
  return out;
}

/** Sorted page numbers as at most n ranges [first, last] of nearly equal length. */
function split(pages: number[], n: number): Array<[number, number]> {
  const k = Math.min(n, pages.length);
  const out: Array<[number, number]> = [];
  for (let i = 0, at = 0; i < k; i++) {
    const len = Math.floor(pages.length / k) + (i < pages.length % k ? 1 : 0);
    out.push([pages[at], pages[at + len - 1]]);
    at += len;
  }
  return out;
}

/** Runs `f` on every item, at most `limit` at once; after a failure starts no more, waits for those running, throws the first error. */
async function eachLimited<T>(items: T[], limit: number, f: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failed: { err: unknown } | null = null;
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        await f(items[i], i);
      } catch (err) {
        failed ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failed) throw (failed as { err: unknown }).err;
}

/** Binary PPM (P6, maxval 255) as pdftoppm writes it. */
function parsePpm(ppm: Buffer, page: number): { width: number; height: number; pixels: Buffer } {
  const m = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, Math.min(ppm.length, 64)));
  if (!m) throw new PdfError('rasterize_failed', `pdftoppm wrote no image for page ${page}`);
  const width = Number(m[1]);
  const height = Number(m[2]);
  const pixels = ppm.subarray(m[0].length);
  if (pixels.length !== width * height * 3) throw new PdfError('rasterize_failed', `pdftoppm wrote a truncated image for page ${page}`);
  return { width, height, pixels };
}

async function encode(format: ImageFormat, quality: number, width: number, height: number, pixels: Buffer): Promise<Buffer> {
  if (format === 'png') return encodePng(width, height, pixels);
  const sharp = await loadSharp();
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  // libvips runs these on its own threads: the event loop only waits.
  return format === 'jpeg' ? image.jpeg({ quality }).toBuffer() : image.webp({ quality }).toBuffer();
}

type Sharp = typeof import('sharp');
let sharpModule: Promise<Sharp> | null = null;
/** sharp on first use (libvips is ~17 MB of shared libraries a render service without images never needs). */
export function loadSharp(): Promise<Sharp> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // Each image is encoded once: sharp's operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

/** An 8-bit RGB PNG; every row unfiltered (filter byte 0), which compresses text pages well and fast. */
async function encodePng(width: number, height: number, pixels: Buffer): Promise<Buffer> {
  // Level 1: a 150-dpi page of text in ~8 ms, ~5–20 % larger than at levels 3–6 (~18–75 ms a page).
  return pngFile(width, height, 3, await deflate(unfilteredRows(width, height, 3, pixels), { level: 1 }));
}

/** Runs a poppler tool; resolves with its standard output, at most `maxStdout` bytes (more is an error). */
function run(command: string, args: string[], limit: { deadline: number; ms: number }, maxStdout = 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const timeoutMs = Math.max(0, Math.round(limit.deadline - performance.now()));
    // Under the tools' address-space limit (tool-memory.ts), like qpdf: a page poppler cannot draw within it fails.
    const limited = underMemoryLimit(command, args);
    const child = spawn(limited.command, limited.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    // Our own timer rather than spawn's `timeout`: that one stays armed when the spawn itself fails (ENOENT).
    let stopped: string | null = null;
    const stop = (why: string) => {
      stopped ??= why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop(`took longer than ${limit.ms} ms`), timeoutMs);
    const out: Buffer[] = [];
    let outBytes = 0;
    child.stdout.on('data', (d: Buffer) => {
      outBytes += d.length;
      if (outBytes > maxStdout) return stop(`wrote more than ${maxStdout} bytes`);
      out.push(d);
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < STDERR_LIMIT) stderr += d.toString('utf8').slice(0, STDERR_LIMIT - stderr.length);
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(err.code === 'ENOENT' ? rasterizerMissing(command) : new PdfError('rasterize_failed', `${command}: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0 && !stopped) return resolve(Buffer.concat(out));
      if (toolMissing(code, stderr)) return reject(rasterizerMissing(command));
      if (outOfMemory(stderr)) stopped ??= `needed more than the ${TOOL_MEMORY_BYTES / 1024 ** 3} GiB of memory a tool may use`;
      const why = stopped ?? (signal ? `was stopped by ${signal}` : `exited with ${code}`);
      reject(
        new PdfError(
          'rasterize_failed',
          `${path.basename(command)} ${why}${stderr.trim() ? `: ${stderr.trim().split('\n').slice(0, 3).join('; ')}` : ''}`,
        ),
      );
    });
  });
}
