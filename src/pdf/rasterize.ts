// PDF pages as PNG images, drawn by poppler's `pdftoppm` (package poppler-utils, installed by
// scripts/setup.sh). Used by `folio dev`'s printed-pages view; written to be reused wherever page images of
// a PDF are needed (issue 22: page images of render jobs), so it takes bytes and returns bytes.
//
// The PDF and the images live in a fresh folder under os.tmpdir() that is removed afterwards: never next to
// the caller's files (a watched template folder must not see stray files). pdftoppm runs without a shell,
// from an argument array, with a time limit, and the images it may produce are bounded in number and bytes.
import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface RasterizeOptions {
  /** First page to draw, 1-based (default 1). */
  firstPage?: number;
  /** Last page to draw (default: the last page of the PDF, within maxPages). */
  lastPage?: number;
  /** At most this many pages are drawn, from firstPage on (default 100). */
  maxPages?: number;
  /** Resolution in dots per inch (default 96: a CSS pixel per PDF pixel). Ignored when width is given. */
  dpi?: number;
  /** Width of every image in pixels; the height follows the page's aspect ratio. */
  width?: number;
  /** pdftoppm is killed after this long (default 30 s). */
  timeoutMs?: number;
  /** Total bytes of PNG accepted (default 64 MiB); more is a RasterizeError. */
  maxOutputBytes?: number;
  /** The pdftoppm executable (default: `pdftoppm` on the PATH). */
  command?: string;
}

export interface PageImage {
  /** 1-based page number in the PDF. */
  page: number;
  width: number;
  height: number;
  png: Buffer;
}

/** pdftoppm is not installed (or not at the given path): the caller says how to install it. */
export class RasterizerMissingError extends Error {
  readonly code = 'rasterizer_missing';
  constructor(readonly command: string) {
    super(`${command} was not found: install poppler's utilities (Debian/Ubuntu: apt-get install poppler-utils)`);
    this.name = 'RasterizerMissingError';
  }
}

/** pdftoppm ran but did not produce the images: a broken PDF, a time-out, too much output. */
export class RasterizeError extends Error {
  readonly code = 'rasterize_failed';
  constructor(message: string) {
    super(message);
    this.name = 'RasterizeError';
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const STDERR_LIMIT = 4096;

/** Width and height from a PNG's IHDR chunk (always the first chunk). */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || !png.subarray(0, 8).equals(PNG_SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR')
    throw new RasterizeError('pdftoppm produced something that is not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const positiveInt = (n: number | undefined, what: string): number | undefined => {
  if (n === undefined) return undefined;
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`${what} must be a positive integer`);
  return n;
};

export async function rasterizePdf(pdf: Buffer, opts: RasterizeOptions = {}): Promise<PageImage[]> {
  const command = opts.command ?? 'pdftoppm';
  const first = positiveInt(opts.firstPage, 'firstPage') ?? 1;
  const maxPages = positiveInt(opts.maxPages, 'maxPages') ?? 100;
  const last = Math.min(positiveInt(opts.lastPage, 'lastPage') ?? Number.MAX_SAFE_INTEGER, first + maxPages - 1);
  const width = positiveInt(opts.width, 'width');
  const dpi = opts.dpi ?? 96;
  if (!(dpi > 0 && dpi <= 1200)) throw new RangeError('dpi must be in (0, 1200]');
  const maxBytes = opts.maxOutputBytes ?? 64 * 1024 * 1024;

  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'folio-rasterize-'));
  try {
    const input = path.join(dir, 'in.pdf');
    await fsp.writeFile(input, pdf);
    const args = ['-png', '-forcenum', '-sep', '-', '-f', String(first), '-l', String(last)];
    // -scale-to-y -1 keeps the aspect ratio; -r still matters for how fonts are hinted, so keep it near.
    if (width !== undefined) args.push('-scale-to-x', String(width), '-scale-to-y', '-1');
    else args.push('-r', String(dpi));
    args.push(input, path.join(dir, 'page'));
    await run(command, args, opts.timeoutMs ?? 30_000);

    const images: PageImage[] = [];
    let total = 0;
    for (const name of await fsp.readdir(dir)) {
      const m = /^page-(\d+)\.png$/.exec(name);
      if (!m) continue;
      const png = await fsp.readFile(path.join(dir, name));
      total += png.length;
      if (total > maxBytes) throw new RasterizeError(`the page images exceed ${maxBytes} bytes`);
      images.push({ page: Number(m[1]), ...pngSize(png), png });
    }
    if (images.length === 0) throw new RasterizeError(`pdftoppm drew no page (pages ${first}–${last} of the PDF)`);
    return images.sort((a, b) => a.page - b.page);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    // Our own timer rather than spawn's `timeout`: that one stays armed when the spawn itself fails (ENOENT).
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < STDERR_LIMIT) stderr += d.toString('utf8').slice(0, STDERR_LIMIT - stderr.length);
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(err.code === 'ENOENT' ? new RasterizerMissingError(command) : new RasterizeError(`${command}: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve();
      const why = timedOut ? `took longer than ${timeoutMs} ms` : signal ? `was stopped by ${signal}` : `exited with ${code}`;
      reject(new RasterizeError(`${command} ${why}${stderr.trim() ? `: ${stderr.trim().split('\n').slice(0, 3).join('; ')}` : ''}`));
    });
  });
}
