// Gotenberg's `/forms/pdfengines/convert/image` form (a route proposed to Gotenberg: PDF pages drawn by
// poppler's pdftoppm): `format` (png, jpeg, tiff), `dpi`, `quality` (JPEG), `firstPage` and `lastPage`, read
// within the bounds of Folio's page images (domain/jobs/page-images.ts), and the names of the images. Pure.
import { IMAGE_DPI, IMAGE_QUALITY, MAX_IMAGE_PAGES } from '../jobs/page-images.js';
import { refuseField, type FormProblem } from './form.js';

export const PDF_IMAGE_FORMATS = ['png', 'jpeg', 'tiff'] as const;
export type PdfImageFormat = (typeof PDF_IMAGE_FORMATS)[number];

/** The route's fields. */
export const PDF_IMAGE_FIELDS = ['format', 'dpi', 'quality', 'firstPage', 'lastPage'];
/** Gotenberg's defaults: 150 dpi, JPEG at quality 100. */
export const PDF_IMAGE_DEFAULTS = { dpi: 150, quality: 100 } as const;

export const IMAGE_CONTENT_TYPES: Record<PdfImageFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', tiff: 'image/tiff' };

export interface PdfImageForm {
  format: PdfImageFormat;
  dpi: number;
  quality: number;
  /** First page of each file, 1-based. */
  first: number;
  /** Last page of each file (past its end: its last page), or null for its last page. */
  last: number | null;
  warnings: string[];
}

/** A whole number field within [min, max]; Gotenberg's 0 (and an empty value) is "not given". */
function whole(fields: Map<string, string>, name: string, min: number, max: number): number | null | FormProblem {
  const v = (fields.get(name) ?? '').trim();
  if (v === '' || v === '0') return null;
  if (!/^\d{1,7}$/.test(v) || Number(v) < min || Number(v) > max)
    return refuseField(name, `must be a whole number from ${min} to ${max} (got ${JSON.stringify(v)})`).problem;
  return Number(v);
}
const isProblem = (v: unknown): v is FormProblem => typeof v === 'object' && v !== null;

/** The form's options, or the first field Folio cannot honour. */
export function pdfImageForm(fields: Map<string, string>): PdfImageForm | { problem: FormProblem } {
  for (const name of fields.keys())
    if (!PDF_IMAGE_FIELDS.includes(name)) return refuseField(name, 'not a field of /forms/pdfengines/convert/image');
  const format = (fields.get('format') ?? '') || 'png';
  if (!(PDF_IMAGE_FORMATS as readonly string[]).includes(format))
    return refuseField('format', `must be png, jpeg or tiff (got ${JSON.stringify(format)})`);
  const dpi = whole(fields, 'dpi', IMAGE_DPI.min, IMAGE_DPI.max);
  const quality = whole(fields, 'quality', IMAGE_QUALITY.min, IMAGE_QUALITY.max);
  const first = whole(fields, 'firstPage', 1, 1_000_000);
  const last = whole(fields, 'lastPage', 1, 1_000_000);
  for (const v of [dpi, quality, first, last]) if (isProblem(v)) return { problem: v };
  if (first !== null && last !== null && last < first)
    return refuseField('lastPage', `must not come before firstPage (${first}), got ${last}`);
  const warnings =
    quality !== null && format !== 'jpeg' ? [`quality is not honoured: ${format} images are lossless (quality applies to jpeg)`] : [];
  return {
    format: format as PdfImageFormat,
    dpi: (dpi as number | null) ?? PDF_IMAGE_DEFAULTS.dpi,
    quality: (quality as number | null) ?? PDF_IMAGE_DEFAULTS.quality,
    first: (first as number | null) ?? 1,
    last: last as number | null,
    warnings,
  };
}

/**
 * The pages each file gives (first to last, within its page count), at most MAX_IMAGE_PAGES for the whole
 * form; or the field to change.
 */
export function imagePages(
  form: Pick<PdfImageForm, 'first' | 'last'>,
  files: Array<{ name: string; pages: number }>,
): Array<{ first: number; last: number }> | { problem: FormProblem } {
  const out = [];
  for (const f of files) {
    if (form.first > f.pages)
      return refuseField('firstPage', `is ${form.first}, but file ${f.name} has ${f.pages} page${f.pages === 1 ? '' : 's'}`);
    out.push({ first: form.first, last: Math.min(form.last ?? f.pages, f.pages) });
  }
  const total = out.reduce((n, p) => n + p.last - p.first + 1, 0);
  if (total > MAX_IMAGE_PAGES)
    return refuseField(
      'lastPage',
      `the files give ${total} pages to draw; at most ${MAX_IMAGE_PAGES} are drawn per request: choose fewer with firstPage and lastPage`,
    );
  return out;
}

/** Gotenberg's names: `<name>-1.png`, `<name>-2.png`… for the images of one file, in page order. */
export const imageName = (pdfName: string, index: number, format: PdfImageFormat) =>
  `${pdfName.replace(/\.pdf$/i, '')}-${index + 1}.${format}`;
