// How a conversion's options become LibreOffice's PDF export settings (the FilterData of writer_pdf_Export,
// calc_pdf_Export, impress_pdf_Export), and the checks on options a request sends. Pure.

import { secretTextProblem } from '../secret-text.js';

export interface OfficeConversionOptions {
  /** Pages to keep, LibreOffice's PageRange syntax ("1-3,5"). */
  pageRanges?: string;
  /** Landscape paper for documents that do not set their own (spreadsheets and text files). */
  landscape?: boolean;
  pdfa?: 'PDF/A-1b' | 'PDF/A-2b' | 'PDF/A-3b';
  /** Tagged PDF (structure for assistive technology; PDF/UA-ish). */
  tagged?: boolean;
  exportFormFields?: boolean;
  exportBookmarks?: boolean;
  exportNotes?: boolean;
  exportHiddenSlides?: boolean;
  /** One page per sheet of a spreadsheet, as large as its used area. */
  singlePageSheets?: boolean;
  /** JPEG quality of images, 1-100. */
  quality?: number;
  /** Images are downsampled to this resolution (DPI). */
  maxImageResolution?: 75 | 150 | 300 | 600 | 1200;
  /** Opens password-protected input; never stored or logged. */
  password?: string;
}

export const PDFA_LEVELS = { 'PDF/A-1b': 1, 'PDF/A-2b': 2, 'PDF/A-3b': 3 } as const;
export const MAX_IMAGE_RESOLUTIONS = [75, 150, 300, 600, 1200] as const;

/** LibreOffice's PageRange: numbers and ranges separated by commas ("1-3,5", "2-"). */
const PAGE_RANGES = /^\s*\d+\s*(-\s*\d*\s*)?(,\s*\d+\s*(-\s*\d*\s*)?)*$/;

/** The PDF export FilterData for these options (only what they set; LibreOffice's defaults otherwise). */
export function officeFilterData(o: OfficeConversionOptions): Record<string, boolean | number | string> {
  const d: Record<string, boolean | number | string> = {};
  if (o.pageRanges) d.PageRange = o.pageRanges.replace(/\s+/g, '');
  if (o.pdfa) d.SelectPdfVersion = PDFA_LEVELS[o.pdfa];
  // PDF/A needs tags in LibreOffice's PDF/A-2b and -3b output only when asked; tagged stands on its own.
  if (o.tagged) d.UseTaggedPDF = true;
  if (o.exportFormFields !== undefined) d.ExportFormFields = o.exportFormFields;
  if (o.exportBookmarks !== undefined) d.ExportBookmarks = o.exportBookmarks;
  if (o.exportNotes !== undefined) d.ExportNotes = o.exportNotes;
  if (o.exportHiddenSlides !== undefined) d.ExportHiddenSlides = o.exportHiddenSlides;
  if (o.singlePageSheets !== undefined) d.SinglePageSheets = o.singlePageSheets;
  if (o.quality !== undefined) d.Quality = o.quality;
  if (o.maxImageResolution !== undefined) {
    d.ReduceImageResolution = true;
    d.MaxImageResolution = o.maxImageResolution;
  }
  return d;
}

/** A problem with options a request sent (the field it names first), or null. */
export function officeOptionsProblem(o: OfficeConversionOptions, field = 'office'): string | null {
  if (o.pageRanges !== undefined && !PAGE_RANGES.test(o.pageRanges))
    return `${field}.pageRanges must be page numbers and ranges separated by commas, like "1-3,5"; got ${JSON.stringify(o.pageRanges)}`;
  if (o.pdfa !== undefined && !Object.hasOwn(PDFA_LEVELS, o.pdfa))
    return `${field}.pdfa must be one of ${Object.keys(PDFA_LEVELS).join(', ')}`;
  if (o.quality !== undefined && (!Number.isInteger(o.quality) || o.quality < 1 || o.quality > 100))
    return `${field}.quality must be an integer from 1 to 100`;
  if (o.maxImageResolution !== undefined && !(MAX_IMAGE_RESOLUTIONS as readonly number[]).includes(o.maxImageResolution))
    return `${field}.maxImageResolution must be one of ${MAX_IMAGE_RESOLUTIONS.join(', ')}`;
  if (o.password !== undefined && (o.password.length === 0 || o.password.length > 1024))
    return `${field}.password must be 1 to 1024 characters`;
  if (o.password !== undefined) return secretTextProblem(o.password, `${field}.password`);
  return null;
}
