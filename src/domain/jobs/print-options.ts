// Print options (what Page.printToPDF gets): `render.metadata.pdf`'s print overrides of a version, and a
// one-shot job's `print` (POST /v1/render, the Gotenberg routes), checked by the same rules. Pure: no I/O,
// never throws on bad input. render/pdf-options.ts turns checked options into printToPDF parameters.
import { validateParts, type PartsOption } from './document-parts.js';

/** Print overrides (see shared/spec/decisions.md "The rendering page"). */
export interface PdfOverrides {
  format?: string;
  width?: string | number;
  height?: string | number;
  landscape?: boolean;
  margin?: { top?: string | number; right?: string | number; bottom?: string | number; left?: string | number };
  scale?: number;
  printBackground?: boolean;
  displayHeaderFooter?: boolean;
  headerTemplate?: string;
  footerTemplate?: string;
  pageRanges?: string;
  tagged?: boolean;
  outline?: boolean;
  /** Print more than once to give the page the numbers of the pages its references land on (page-references.ts). */
  pageReferences?: boolean;
  /** Emulate prefers-reduced-motion: reduce (the default of print defaults 2); false lets the page animate. */
  reducedMotion?: boolean;
  /** The CSS media type the page is laid out for: `print` (default: what printing always uses) or `screen`. */
  mediaType?: 'print' | 'screen';
  /** A long document: printed in parts of the payload's array, then joined (domain/jobs/document-parts.ts). */
  parts?: PartsOption;
}

export type PdfValidation = { ok: true; value: PdfOverrides } | { ok: false; message: string };

/** Paper sizes in inches, as Puppeteer defines them. */
export const FORMATS: Record<string, readonly [number, number]> = {
  letter: [8.5, 11],
  legal: [8.5, 14],
  tabloid: [11, 17],
  ledger: [17, 11],
  a0: [33.1102, 46.811],
  a1: [23.3858, 33.1102],
  a2: [16.5354, 23.3858],
  a3: [11.6929, 16.5354],
  a4: [8.2677, 11.6929],
  a5: [5.8268, 8.2677],
  a6: [4.1339, 5.8268],
};

const UNITS_PER_INCH: Record<string, number> = { px: 96, in: 1, cm: 2.54, mm: 25.4, pt: 72, pc: 6 };
export const PRINT_OPTION_KEYS = [
  'format',
  'width',
  'height',
  'landscape',
  'margin',
  'scale',
  'printBackground',
  'displayHeaderFooter',
  'headerTemplate',
  'footerTemplate',
  'pageRanges',
  'tagged',
  'outline',
  'pageReferences',
  'reducedMotion',
  'mediaType',
  'parts',
] as const;
const BOOLEAN_KEYS = [
  'landscape',
  'printBackground',
  'displayHeaderFooter',
  'tagged',
  'outline',
  'pageReferences',
  'reducedMotion',
] as const;
const MARGIN_KEYS = ['top', 'right', 'bottom', 'left'] as const;
// Bounds keep Chromium away from absurd allocations: 200 in is larger than any real paper (A0 is 46.8 in).
const MAX_PAPER_INCHES = 200;
const MAX_MARGIN_INCHES = 50;
const MAX_TEMPLATE_CHARS = 100_000;
const PAGE_RANGES = /^\s*(\d+\s*(-\s*\d*)?|-\s*\d+)\s*(,\s*(\d+\s*(-\s*\d*)?|-\s*\d+)\s*)*$/;

/** A CSS length (number = px, or "<n>px|in|cm|mm|pt|pc") in inches, or null if invalid. */
export function lengthToInches(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value / 96 : null;
  if (typeof value !== 'string') return null;
  const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(px|in|cm|mm|pt|pc)?\s*$/i.exec(value);
  if (!m) return null;
  return Number(m[1]) / UNITS_PER_INCH[(m[2] ?? 'px').toLowerCase()];
}

const isPlainObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export function validatePdfOverrides(x: unknown): PdfValidation {
  if (x === undefined || x === null) return { ok: true, value: {} };
  if (!isPlainObject(x)) return { ok: false, message: 'pdf must be an object' };
  const out: PdfOverrides = {};
  for (const key of Object.keys(x)) {
    if (!(PRINT_OPTION_KEYS as readonly string[]).includes(key))
      return { ok: false, message: `pdf.${key} is not a known option (allowed: ${PRINT_OPTION_KEYS.join(', ')})` };
  }
  if (x.format !== undefined) {
    if (typeof x.format !== 'string' || !(x.format.toLowerCase() in FORMATS))
      return { ok: false, message: `pdf.format must be one of ${Object.keys(FORMATS).join(', ')} (case-insensitive)` };
    out.format = x.format;
  }
  for (const key of ['width', 'height'] as const) {
    if (x[key] === undefined) continue;
    const inches = lengthToInches(x[key]);
    if (inches === null || inches <= 0 || inches > MAX_PAPER_INCHES)
      return {
        ok: false,
        message: `pdf.${key} must be a positive length (number of px, or a string with px, in, cm, mm, pt or pc) up to ${MAX_PAPER_INCHES}in`,
      };
    out[key] = x[key] as string | number;
  }
  for (const key of BOOLEAN_KEYS) {
    if (x[key] === undefined) continue;
    if (typeof x[key] !== 'boolean') return { ok: false, message: `pdf.${key} must be a boolean` };
    out[key] = x[key] as boolean;
  }
  if (x.margin !== undefined) {
    if (!isPlainObject(x.margin)) return { ok: false, message: 'pdf.margin must be an object with top, right, bottom, left' };
    const margin: NonNullable<PdfOverrides['margin']> = {};
    for (const key of Object.keys(x.margin)) {
      if (!(MARGIN_KEYS as readonly string[]).includes(key))
        return { ok: false, message: `pdf.margin.${key} is not a known side (allowed: ${MARGIN_KEYS.join(', ')})` };
      const v = x.margin[key];
      const inches = lengthToInches(v);
      if (inches === null || inches < 0 || inches > MAX_MARGIN_INCHES)
        return {
          ok: false,
          message: `pdf.margin.${key} must be a length >= 0 (number of px, or a string with px, in, cm, mm, pt or pc) up to ${MAX_MARGIN_INCHES}in`,
        };
      margin[key as (typeof MARGIN_KEYS)[number]] = v as string | number;
    }
    out.margin = margin;
  }
  if (x.scale !== undefined) {
    // Chromium's own accepted range for Page.printToPDF.
    if (typeof x.scale !== 'number' || !Number.isFinite(x.scale) || x.scale < 0.1 || x.scale > 2)
      return { ok: false, message: 'pdf.scale must be a number from 0.1 to 2' };
    out.scale = x.scale;
  }
  for (const key of ['headerTemplate', 'footerTemplate'] as const) {
    if (x[key] === undefined) continue;
    if (typeof x[key] !== 'string' || (x[key] as string).length > MAX_TEMPLATE_CHARS)
      return { ok: false, message: `pdf.${key} must be a string of at most ${MAX_TEMPLATE_CHARS} characters` };
    out[key] = x[key] as string;
  }
  if (x.pageRanges !== undefined) {
    if (typeof x.pageRanges !== 'string' || x.pageRanges.length > 1000 || (x.pageRanges.trim() !== '' && !PAGE_RANGES.test(x.pageRanges)))
      return { ok: false, message: 'pdf.pageRanges must look like "1-5, 8, 11-13"' };
    out.pageRanges = x.pageRanges;
  }
  if (x.mediaType !== undefined) {
    if (x.mediaType !== 'print' && x.mediaType !== 'screen') return { ok: false, message: 'pdf.mediaType must be "print" or "screen"' };
    out.mediaType = x.mediaType;
  }
  if (x.parts !== undefined) {
    const parts = validateParts(x.parts);
    if (!parts.ok) return parts;
    // Each part is printed on its own: Chromium's header and footer templates and page ranges would
    // number and pick the pages of each part, not of the document.
    if (out.displayHeaderFooter)
      return {
        ok: false,
        message:
          'pdf.parts cannot be combined with pdf.displayHeaderFooter: number the pages with CSS margin boxes (@page { @bottom-center { content: counter(page) } })',
      };
    if (out.pageRanges !== undefined && out.pageRanges.trim() !== '')
      return { ok: false, message: 'pdf.parts cannot be combined with pdf.pageRanges' };
    out.parts = parts.value;
  }
  return { ok: true, value: out };
}
