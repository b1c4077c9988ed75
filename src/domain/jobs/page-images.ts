// Page images of a render job: the rules of a job's `images` and `outputFormat`, checked when
// the job is created, and which pages of the finished document they select. Pure: the worker draws the
// pages (worker/page-images-step.ts), the API serves them (services/jobs/page-images.ts).

export const IMAGE_FORMATS = ['png', 'jpeg', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const OUTPUT_FORMATS = ['pdf', ...IMAGE_FORMATS] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Width of an image in pixels: a favicon-sized thumbnail up to a 4K poster. */
export const IMAGE_WIDTH = { min: 16, max: 4096 } as const;
/** Resolution: a stamp-sized preview up to print quality (A4 at 600 dpi is 4961 × 7016 pixels). */
export const IMAGE_DPI = { min: 18, max: 600 } as const;
export const IMAGE_QUALITY = { min: 1, max: 100 } as const;
/** Pages one job may picture: a job asking for more (`all` of a longer document) fails, naming the count. */
export const MAX_IMAGE_PAGES = 200;
/** The resolution when neither width nor dpi is given: one image pixel per CSS pixel. */
export const DEFAULT_IMAGE_DPI = 96;

/** `images` as a job body gives it (the HTTP schema has checked the types). */
export interface PageImagesInput {
  format?: ImageFormat;
  pages?: string;
  width?: number;
  dpi?: number;
  quality?: number;
}

/** What the worker draws: pages `first` to `last` (null: to the end of the document). */
export interface PageImagesSpec {
  format: ImageFormat;
  /** As the job gave it (`1`, `2-4`, `3-`, `all`), for the job view. */
  pages: string;
  first: number;
  last: number | null;
  width?: number;
  dpi?: number;
  quality?: number;
}

export interface PageImagesProblem {
  field: string;
  message: string;
}

/** Options that only change the PDF: refused when the PDF is not kept (outputFormat is an image format). */
const PDF_ONLY = ['pdf', 'attachments', 'eInvoice', 'protection', 'signature'] as const;

/**
 * The page images a job asks for, or null for none. `images.format` defaults to an image `outputFormat`.
 * `images.pages` defaults to `all` beside a PDF, and to `1` when the job's product is an image (a social
 * card, a certificate, a thumbnail: one picture, which a synchronous render can answer as the body).
 */
export function pageImagesSpec(input: {
  images?: PageImagesInput;
  outputFormat?: OutputFormat;
  outputMode?: 'transient' | 'managed';
  /** Which PDF-only options the job sets (pdf, attachments, eInvoice, protection, signature). */
  pdfOptions?: readonly string[];
}): { spec: PageImagesSpec | null } | { problem: PageImagesProblem } {
  const { images, outputFormat = 'pdf' } = input;
  const imagesOnly = outputFormat !== 'pdf';
  if (imagesOnly) {
    if (input.outputMode === 'managed')
      return problem('outputFormat', `outputFormat "${outputFormat}" keeps no PDF, so it cannot be outputMode "managed"`);
    const pdfOnly = PDF_ONLY.find((k) => input.pdfOptions?.includes(k));
    if (pdfOnly)
      return problem(pdfOnly, `${pdfOnly} changes the PDF, which a job with outputFormat "${outputFormat}" does not keep: leave it out`);
  }
  if (!images) return { spec: imagesOnly ? { format: outputFormat, pages: '1', first: 1, last: 1 } : null };
  const format = images.format ?? (imagesOnly ? outputFormat : undefined);
  if (!format) return problem('images.format', 'images.format is required: png, jpeg or webp');
  if (imagesOnly && format !== outputFormat)
    return problem('images.format', `images.format "${format}" differs from outputFormat "${outputFormat}": give one of them`);
  const pages = images.pages ?? (imagesOnly ? '1' : 'all');
  const range = pageRange(pages);
  if ('problem' in range) return range;
  if (images.width !== undefined && images.dpi !== undefined)
    return problem('images.dpi', 'images takes width or dpi, not both: the width sets the resolution');
  if (images.width !== undefined && !inRange(images.width, IMAGE_WIDTH))
    return problem('images.width', `images.width must be an integer from ${IMAGE_WIDTH.min} to ${IMAGE_WIDTH.max} pixels`);
  if (images.dpi !== undefined && !inRange(images.dpi, IMAGE_DPI))
    return problem('images.dpi', `images.dpi must be an integer from ${IMAGE_DPI.min} to ${IMAGE_DPI.max}`);
  if (images.quality !== undefined) {
    if (format === 'png') return problem('images.quality', 'images.quality applies to jpeg and webp; png is lossless');
    if (!inRange(images.quality, IMAGE_QUALITY))
      return problem('images.quality', `images.quality must be an integer from ${IMAGE_QUALITY.min} to ${IMAGE_QUALITY.max}`);
  }
  return {
    spec: {
      format,
      pages,
      ...range,
      ...(images.width !== undefined ? { width: images.width } : {}),
      ...(images.dpi !== undefined ? { dpi: images.dpi } : {}),
      ...(images.quality !== undefined ? { quality: images.quality } : {}),
    },
  };
}

/** Whether `pages` (as a job gives it) always selects exactly one page: `N`, or `N-N`. */
export function isSinglePage(pages: string): boolean {
  const m = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(pages);
  return m !== null && (m[2] === undefined || m[1] === m[2]);
}

/** `all`, one page `N`, a range `N-M`, or `N-` to the end. */
function pageRange(pages: string): { first: number; last: number | null } | { problem: PageImagesProblem } {
  if (pages === 'all') return { first: 1, last: null };
  const m = /^(\d{1,6})(?:-(\d{1,6})?)?$/.exec(pages);
  const hint = 'images.pages must be "all", a page ("1"), a range ("1-3") or a page onwards ("2-")';
  if (!m) return problem('images.pages', hint);
  const first = Number(m[1]);
  const last = pages.includes('-') ? (m[2] !== undefined ? Number(m[2]) : null) : first;
  if (first < 1) return problem('images.pages', 'images.pages counts pages from 1');
  if (last !== null && last < first) return problem('images.pages', `images.pages ${pages} runs backwards`);
  if (last !== null && last - first + 1 > MAX_IMAGE_PAGES)
    return problem('images.pages', `images.pages selects ${last - first + 1} pages; at most ${MAX_IMAGE_PAGES} are pictured per job`);
  return { first, last };
}

/**
 * The pages of a document of `pageCount` pages that `spec` pictures, or why the job cannot have them (a
 * page past the end, more than MAX_IMAGE_PAGES).
 */
export function selectImagePages(spec: Pick<PageImagesSpec, 'pages' | 'first' | 'last'>, pageCount: number) {
  const last = spec.last ?? pageCount;
  if (spec.first > pageCount || last > pageCount)
    return {
      problem: `images.pages "${spec.pages}" names page ${Math.max(spec.first, last)}, but the document has ${pageCount} page${pageCount === 1 ? '' : 's'}`,
    };
  if (last - spec.first + 1 > MAX_IMAGE_PAGES)
    return {
      problem: `images.pages "${spec.pages}" selects ${last - spec.first + 1} pages; at most ${MAX_IMAGE_PAGES} are pictured per job`,
    };
  return { first: spec.first, last };
}

const inRange = (n: number, r: { min: number; max: number }) => Number.isInteger(n) && n >= r.min && n <= r.max;
const problem = (field: string, message: string) => ({ problem: { field, message } });
