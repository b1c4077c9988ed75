// render.metadata.pdf overrides: validation (used at deploy commit time and again before each print) and
// translation into Page.printToPDF parameters. Pure: no I/O, never throws on bad input.
// render.metadata.pdf also holds the version's document options (`standard`, `metadata`,
// `append`, `prepend`), which are not print parameters: they are split off (`splitVersionPdf`), checked
// at commit (`validateVersionPdf`, then `versionPdfFilesProblem` against the version's files) and applied
// by the worker after printing (src/pdf/post-process.ts).
import type { VisibleSignature } from '../domain/pdfs/signature-appearance.js';
import type { Protocol } from 'devtools-protocol';
import { MAX_DOCUMENT_PAGES, type DocumentMetadata, type PdfAccessibility, type PdfStandard } from '../domain/pdfs/pdf-document.js';
import { documentOptionsProblem, VERSION_OPTION_NAMES } from '../domain/pdfs/document-options.js';
import { normalizeBundlePath } from '../domain/deploys/file-paths.js';
import { PRINT_DEFAULTS, UNSTATED_PRINT_DEFAULTS, type PrintDefaults } from '../domain/jobs/print-defaults.js';
import {
  FORMATS,
  lengthToInches,
  PRINT_OPTION_KEYS as KEYS,
  validatePdfOverrides,
  type PdfOverrides,
} from '../domain/jobs/print-options.js';

export { lengthToInches, validatePdfOverrides, type PdfValidation } from '../domain/jobs/print-options.js';

const MARGIN_KEYS = ['top', 'right', 'bottom', 'left'] as const;
const isPlainObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The document options of a version (`render.metadata.pdf.{standard, metadata, append, prepend}`). */
export interface VersionPdfDocument {
  standard?: PdfStandard;
  /** `pdf/ua-1`: every job of the version is made and checked as PDF/UA-1, unless the job says `none`. */
  accessibility?: PdfAccessibility;
  metadata?: DocumentMetadata;
  /** Bundle paths (normalised, "/terms.pdf") of PDFs joined after the printed pages, in order. */
  append?: string[];
  /** Bundle paths of PDFs joined before the printed pages, in order. */
  prepend?: string[];
  /** Every job of the version is signed with this certificate of the account, unless the job signs itself. */
  signature?: VersionSignature;
}

export interface VersionSignature {
  certificateId: string;
  reason?: string;
  location?: string;
  contactInfo?: string;
  visible?: VisibleSignature;
}

const DOCUMENT_KEYS = ['standard', 'accessibility', 'metadata', 'append', 'prepend', 'signature'] as const;
/** Most PDFs a version may append or prepend (each list). */
export const MAX_JOINED_PDFS = 20;

/**
 * `render.metadata.pdf` split into the print overrides (what Page.printToPDF gets, as before) and the
 * document options. Unvalidated: the caller validates (commit) or reads what a commit validated (worker).
 */
export function splitVersionPdf(pdf: unknown): { print: unknown; document: VersionPdfDocument } {
  if (!isPlainObject(pdf)) return { print: pdf, document: {} };
  const print: Record<string, unknown> = {};
  const document: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(pdf)) ((DOCUMENT_KEYS as readonly string[]).includes(k) ? document : print)[k] = v;
  return { print, document: document as VersionPdfDocument };
}

/** A refused version option: the field (`render.metadata.pdf.append[0]`) and why. */
export interface VersionPdfProblem {
  field: string;
  message: string;
}

const FIELD = 'render.metadata.pdf';

/**
 * Checks `render.metadata.pdf` of a commit: the print overrides (validatePdfOverrides), the document
 * options by the rules a job's are checked by (domain/pdfs/document-options.ts), and append/prepend as lists
 * of valid bundle paths. Whether the listed files exist and are PDFs is `versionPdfFilesProblem`.
 */
export function validateVersionPdf(pdf: unknown): VersionPdfProblem | null {
  if (pdf === undefined || pdf === null) return null;
  if (!isPlainObject(pdf)) return { field: FIELD, message: `${FIELD} must be an object` };
  const { print, document } = splitVersionPdf(pdf);
  const v = validatePdfOverrides(print);
  if (!v.ok) {
    const key = /^pdf\.([A-Za-z]+)/.exec(v.message)?.[1];
    const allowed = [...KEYS, ...DOCUMENT_KEYS].join(', ');
    const message = v.message.includes('is not a known option') ? `pdf.${key} is not a known option (allowed: ${allowed})` : v.message;
    return { field: key ? `${FIELD}.${key}` : FIELD, message: `render.metadata.${message}` };
  }
  const d = document as Record<string, unknown>;
  const { standard, accessibility, metadata, signature } = d;
  const tagged = (print as Record<string, unknown>).tagged;
  const problem = documentOptionsProblem({ standard, accessibility, metadata, signature, tagged }, VERSION_OPTION_NAMES);
  if (problem) return problem;
  for (const key of ['append', 'prepend'] as const) {
    const list = d[key];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length > MAX_JOINED_PDFS)
      return { field: `${FIELD}.${key}`, message: `${FIELD}.${key} must be an array of at most ${MAX_JOINED_PDFS} bundle paths` };
    for (const [i, path] of list.entries()) {
      const n = typeof path === 'string' ? normalizeBundlePath(path) : null;
      if (!n?.ok) return { field: `${FIELD}.${key}[${i}]`, message: `${FIELD}.${key}[${i}] must be a bundle path such as "/terms.pdf"` };
    }
  }
  return null;
}

/**
 * The version's append/prepend files against the version: each path is a file of the version, and its
 * bytes (read through `read`, only for listed paths) are a PDF that can be joined. First problem, or null.
 */
export async function versionPdfFilesProblem(
  pdf: unknown,
  has: (path: string) => boolean,
  read: (path: string) => Promise<Buffer>,
  /** Reads one file within the limits: the server runs it in the sandbox (app.ts), never on its event loop. */
  inspect: JoinedPdfInspector,
): Promise<VersionPdfProblem | null> {
  const { document } = splitVersionPdf(pdf);
  // The joined PDFs together leave room for at least one printed page under the ceiling of a document.
  let pagesLeft = MAX_DOCUMENT_PAGES - 1;
  for (const key of ['prepend', 'append'] as const) {
    for (const [i, raw] of (document[key] ?? []).entries()) {
      const field = `${FIELD}.${key}[${i}]`;
      const n = normalizeBundlePath(raw);
      if (!n.ok || !has(n.path)) return { field, message: `${field}: ${raw} is not a file of this version` };
      const { problem, pages } = await inspect(await read(n.path), pagesLeft);
      if (problem) return { field, message: `${field}: ${raw} ${problem}` };
      pagesLeft -= pages;
    }
  }
  return null;
}

/** Reads a PDF to join within the limits (src/pdf/syntax/limits.ts): its problem, or its page count. */
export type JoinedPdfInspector = (bytes: Buffer, maxPages: number) => Promise<{ problem: string | null; pages: number }>;

/**
 * Page.printToPDF parameters for validated overrides, with the version's print defaults
 * (domain/jobs/print-defaults.ts) where the overrides say nothing (CSS @page wins over both).
 */
export function printParams(o: PdfOverrides, defaults: PrintDefaults): Protocol.Page.PrintToPDFRequest {
  const [formatW, formatH] = FORMATS[(o.format ?? 'letter').toLowerCase()] ?? FORMATS.letter;
  const fallback = PRINT_DEFAULTS[defaults].marginInches;
  const margin = (side: (typeof MARGIN_KEYS)[number]) => {
    const given = o.margin?.[side];
    return given === undefined ? fallback : (lengthToInches(given) ?? fallback);
  };
  return {
    transferMode: 'ReturnAsStream',
    preferCSSPageSize: true,
    landscape: o.landscape ?? false,
    displayHeaderFooter: o.displayHeaderFooter ?? false,
    headerTemplate: o.headerTemplate ?? '',
    footerTemplate: o.footerTemplate ?? '',
    printBackground: o.printBackground ?? true,
    scale: o.scale ?? 1,
    paperWidth: (o.width !== undefined ? lengthToInches(o.width) : null) ?? formatW,
    paperHeight: (o.height !== undefined ? lengthToInches(o.height) : null) ?? formatH,
    marginTop: margin('top'),
    marginRight: margin('right'),
    marginBottom: margin('bottom'),
    marginLeft: margin('left'),
    pageRanges: o.pageRanges ?? '',
    // Tagged PDF is on for accessibility; it roughly doubles print time on long documents and makes files
    // much larger. Opt out with pdf.tagged = false.
    generateTaggedPDF: o.tagged ?? true,
    generateDocumentOutline: o.outline ?? true,
  };
}

/** Whether the job's page is printed with prefers-reduced-motion: reduce (pdf.reducedMotion, else the print defaults). */
export function reducedMotionOf(req: { pdf: PdfOverrides; printDefaults?: PrintDefaults }): boolean {
  return req.pdf.reducedMotion ?? PRINT_DEFAULTS[req.printDefaults ?? UNSTATED_PRINT_DEFAULTS].reducedMotion;
}

/** The page's emulated media for a job: prefers-reduced-motion (reducedMotionOf) and the `screen` media type (pdf.mediaType). */
export function mediaOf(req: { pdf: PdfOverrides; printDefaults?: PrintDefaults }): { reducedMotion: boolean; screen: boolean } {
  return { reducedMotion: reducedMotionOf(req), screen: req.pdf.mediaType === 'screen' };
}
