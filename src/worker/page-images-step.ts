// The page-images step of a render: pictures of the finished document's pages, drawn by poppler
// from the same bytes as the stored PDF (before encryption and signing, which change no page).
import os from 'node:os';
import { DEFAULT_IMAGE_DPI, MAX_IMAGE_PAGES, selectImagePages, type PageImagesSpec } from '../domain/jobs/page-images.js';
import { isPdfError } from '../pdf/errors.js';
import { rasterizePdf, type PageImage } from '../pdf/rasterize.js';
import { countPdfPages } from '../pdf/syntax/page-count.js';
import { RenderError } from '../render/types.js';

/** Pages a pdftoppm process draws before a second one is worth its start-up (about 15 ms). */
const PAGES_PER_PROCESS = 8;

/**
 * The images `spec` asks for, within the job's time limit and the plan's output size (all images together);
 * RenderError('pdf_postprocess_failed') naming what went wrong (a page past the end, too many pixels, no
 * poppler).
 */
export async function drawPageImages(
  document: Buffer,
  spec: PageImagesSpec,
  limits: { timeoutMs: number; maxOutputBytes: number | null },
): Promise<PageImage[]> {
  const pages = selectImagePages(spec, countPdfPages(document));
  if ('problem' in pages) throw new RenderError('pdf_postprocess_failed', `page images: ${pages.problem}`);
  const count = pages.last - pages.first + 1;
  try {
    return await rasterizePdf(document, {
      firstPage: pages.first,
      lastPage: pages.last,
      maxPages: MAX_IMAGE_PAGES,
      format: spec.format,
      ...(spec.quality !== undefined ? { quality: spec.quality } : {}),
      ...(spec.width !== undefined ? { width: spec.width } : { dpi: spec.dpi ?? DEFAULT_IMAGE_DPI }),
      // A long document is split between the cores; a thumbnail takes one process.
      parallel: Math.max(1, Math.min(os.availableParallelism(), Math.ceil(count / PAGES_PER_PROCESS))),
      timeoutMs: limits.timeoutMs,
      ...(limits.maxOutputBytes !== null ? { maxOutputBytes: limits.maxOutputBytes } : {}),
    });
  } catch (err) {
    if (isPdfError(err, 'rasterizer_missing', 'rasterize_failed'))
      throw new RenderError('pdf_postprocess_failed', `page images: ${err.message}`);
    throw err;
  }
}
