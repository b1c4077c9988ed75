// What a snapshot check keeps of a printed PDF (`folio test`, and a version's checks on the server): its
// text as poppler's `pdftotext -layout` reads it and a PNG of each page drawn by poppler's `pdftoppm`
// (rasterize.ts) at a fixed resolution. The PDF is written to a fresh temporary folder and removed after.
import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isPdfError, PdfError } from '../errors.js';
import { rasterizePdf } from '../rasterize.js';

/** Page images are drawn at this resolution: an A4 page is 414 × 585 pixels, enough to see a layout move. */
export const SNAPSHOT_DPI = 50;
/** Pages past this many are counted and their text compared, but not drawn. */
export const MAX_DRAWN_PAGES = 200;

export interface Captured {
  text: string;
  /** PNG of each page drawn, page 1 first (at most MAX_DRAWN_PAGES). */
  images: Buffer[];
}

const POPPLER_HINT = "install poppler's utilities (Debian/Ubuntu: apt-get install poppler-utils, macOS: brew install poppler)";

function pdftotext(file: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'pdftotext',
      ['-layout', '-enc', 'UTF-8', file, '-'],
      { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
      (err, stdout, stderr) => {
        if (!err) return resolve(stdout);
        if ((err as NodeJS.ErrnoException).code === 'ENOENT')
          return reject(new PdfError('poppler_missing', `pdftotext was not found: ${POPPLER_HINT}`));
        reject(new PdfError('pdftotext_failed', `pdftotext failed: ${stderr.trim() || err.message}`));
      },
    );
  });
}

/** The text and page images of a PDF. */
export async function capturePdf(pdf: Buffer, timeoutMs = 60_000): Promise<Captured> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'folio-test-'));
  try {
    const file = path.join(dir, 'printed.pdf');
    await fsp.writeFile(file, pdf);
    const [text, pages] = await Promise.all([
      pdftotext(file, timeoutMs),
      rasterizePdf(pdf, {
        dpi: SNAPSHOT_DPI,
        maxPages: MAX_DRAWN_PAGES,
        parallel: Math.min(2, os.availableParallelism()),
        timeoutMs,
      }).catch((err: unknown) => {
        if (isPdfError(err, 'rasterizer_missing')) throw new PdfError('poppler_missing', `pdftoppm was not found: ${POPPLER_HINT}`);
        throw err;
      }),
    ]);
    return { text, images: pages.map((p) => p.data) };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
