// The input rules of PDF post-processing, without I/O: which conformance level a request ends
// up with, attachment names and media types, document metadata, and the combinations that are refused.
// A job's creation and a version's commit run them (through domain/pdfs/document-options.ts) and answer 400
// with the problem's `field` before anything is rendered; src/pdf/post-process.ts runs the same rules
// again before it touches a PDF.
// The checks that need a parser (XML well-formedness, a PDF that loads) live in src/pdf/checks.ts.

import { EINVOICE_PROFILES, type EInvoiceProfile } from '../einvoice/einvoice-profiles.js';

/**
 * Pages one document Folio builds may have: a merge, a batch's merged product, a printed document with the
 * PDFs joined to it. Joined PDFs from bundles are counted before they are read (src/pdf/syntax/limits.ts).
 */
export const MAX_DOCUMENT_PAGES = 5000;

export const PDF_STANDARDS = ['none', 'pdf/a-2b', 'pdf/a-3b'] as const;
export type PdfStandard = (typeof PDF_STANDARDS)[number];

/**
 * The accessibility level of the output, independent of the archival `standard`: `pdf/ua-1` (ISO 14289-1)
 * adds the PDF/UA identification and what it requires to Chromium's tagged PDF and checks the result
 * (src/pdf/ua/ua-check.ts); it combines with `none`, `pdf/a-2b` and `pdf/a-3b`.
 */
export const PDF_ACCESSIBILITY = ['none', 'pdf/ua-1'] as const;
export type PdfAccessibility = (typeof PDF_ACCESSIBILITY)[number];

export const AF_RELATIONSHIPS = ['Data', 'Source', 'Alternative', 'Supplement', 'Unspecified'] as const;
export type AfRelationship = (typeof AF_RELATIONSHIPS)[number];

/** The names Factur-X 1.09 and ZUGFeRD 2.5 give the embedded invoice XML (domain/einvoice: eInvoiceFileName). */
const EINVOICE_FILE_NAMES = ['factur-x.xml', 'xrechnung.xml'];

/** Longest attachment name, in UTF-8 bytes (what common filesystems allow for one name). */
export const MAX_ATTACHMENT_NAME_BYTES = 255;
/** Longest metadata string (title, author, subject, creator), in characters. */
export const MAX_METADATA_TEXT = 2000;
/** Most keywords, and the longest keyword. */
export const MAX_KEYWORDS = 100;
export const MAX_KEYWORD_LENGTH = 200;
/** Longest language tag (`lang`): BCP 47 asks for at least 35 characters; this leaves room for extensions. */
export const MAX_LANG_TAG_LENGTH = 100;
/** Longest part of a media type on either side of its `/`, so the longest media type is 255 characters. */
const MAX_MIME_PART = 127;
export const MAX_MIME_TYPE_LENGTH = 2 * MAX_MIME_PART + 1;

/** The fields of the document metadata (of a version's `render.metadata.pdf.metadata` and a job's `pdf.metadata`). */
export const DOCUMENT_METADATA_FIELDS = ['title', 'author', 'subject', 'keywords', 'creator', 'lang'] as const;

export interface DocumentMetadata {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string[];
  creator?: string;
  /** BCP 47 language tag for the catalog's /Lang (default: what Chromium wrote, from `<html lang>`). */
  lang?: string;
}

/** What the rules look at of an attachment (its bytes only by size). */
export interface AttachmentInput {
  name: string;
  mimeType: string;
  relationship: AfRelationship;
  description?: string;
  size: number;
}

export interface EInvoiceInput {
  standard: 'factur-x';
  /** Absent until read from the XML's guideline id (services/jobs/job-documents.ts). */
  profile?: EInvoiceProfile;
}

export interface PdfDocumentInput {
  standard?: PdfStandard;
  accessibility?: PdfAccessibility;
  metadata?: DocumentMetadata;
  attachments?: AttachmentInput[];
  eInvoice?: EInvoiceInput;
}

/** A refused input: the field it is about (`attachments[1].name`, `eInvoice.profile`) and why. */
export interface PdfInputProblem {
  field: string;
  message: string;
}

/**
 * The AFRelationship of `factur-x.xml` for a profile. Factur-X 1.0 (§ 6.2.2, and ZUGFeRD 2.x alike):
 * MINIMUM and BASIC WL are not a complete invoice, so the XML is `Data`; from BASIC up the XML is an
 * equivalent of the visible invoice, `Alternative`.
 */
export function facturXRelationship(profile: EInvoiceProfile): AfRelationship {
  return profile === 'MINIMUM' || profile === 'BASIC WL' ? 'Data' : 'Alternative';
}

/**
 * The level the output is made to: the requested one, except that an e-invoice is always PDF/A-3b
 * (Factur-X is defined on PDF/A-3). `pdf/a-2b` with an e-invoice is refused by the rules, not upgraded.
 */
export function effectiveStandard(input: Pick<PdfDocumentInput, 'standard' | 'eInvoice'>): PdfStandard {
  if (input.eInvoice) return 'pdf/a-3b';
  return input.standard ?? 'none';
}

const RESERVED_WINDOWS = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why a name is not a safe file name for an embedded file, or null. The name is shown by PDF viewers and
 * becomes a file when a user saves the attachment, so it is held to what every filesystem accepts: no
 * path separators or control characters, none of `<>:"|?*`, no bidi controls (a name that displays in
 * another order than it is), not `.`/`..`, no leading dot or space, no trailing dot or space, no Windows
 * device name, at most 255 UTF-8 bytes.
 */
export function attachmentNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.length === 0) return 'must be a non-empty string';
  if (Buffer.byteLength(name, 'utf8') > MAX_ATTACHMENT_NAME_BYTES) return `must be at most ${MAX_ATTACHMENT_NAME_BYTES} bytes (UTF-8)`;
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'must not contain control characters';
  if (/[/\\]/.test(name)) return 'must be a file name, not a path (no / or \\)';
  if (/[<>:"|?*]/.test(name)) return 'must not contain any of < > : " | ? *';
  if (BIDI_CONTROLS.test(name)) return 'must not contain bidirectional control characters';
  if (name === '.' || name === '..') return 'must not be . or ..';
  if (/^[.\s]/.test(name)) return 'must not start with a dot or a space';
  if (/[.\s]$/.test(name)) return 'must not end with a dot or a space';
  if (RESERVED_WINDOWS.test(name)) return 'must not be a reserved device name (CON, NUL, COM1, …)';
  if (LONE_SURROGATE.test(name)) return 'must be valid Unicode';
  return null;
}

const MIME_PART = `[a-z0-9][a-z0-9!#$&^_.+-]{0,${MAX_MIME_PART - 1}}`;
const MIME_TYPE = new RegExp(`^${MIME_PART}/${MIME_PART}$`, 'i');

/** A bare media type (`application/xml`, no parameters): what /Subtype of an embedded file can hold. */
export function isAttachmentMimeType(mime: unknown): mime is string {
  return typeof mime === 'string' && MIME_TYPE.test(mime);
}

const LANG_TAG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;

function textProblem(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return 'must be a string';
  if (value.length > max) return `must be at most ${max} characters`;
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value)) return 'must not contain control characters';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode';
  return null;
}

const isPlainObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * The problems of the document metadata named `field` (empty when it is fine): an object of the known
 * fields, each string within its limit, free of control characters and valid Unicode, `lang` a BCP 47 tag.
 */
export function metadataProblems(metadata: unknown, field = 'metadata'): PdfInputProblem[] {
  const problems: PdfInputProblem[] = [];
  if (metadata === undefined) return problems;
  if (!isPlainObject(metadata)) return [{ field, message: `${field} must be an object` }];
  const unknown = Object.keys(metadata).find((k) => !(DOCUMENT_METADATA_FIELDS as readonly string[]).includes(k));
  if (unknown !== undefined)
    return [
      {
        field: `${field}.${unknown}`,
        message: `${field}.${unknown} is not a known field (allowed: ${DOCUMENT_METADATA_FIELDS.join(', ')})`,
      },
    ];
  for (const key of ['title', 'author', 'subject', 'creator'] as const) {
    if (metadata[key] === undefined) continue;
    const p = textProblem(metadata[key], MAX_METADATA_TEXT);
    if (p) problems.push({ field: `${field}.${key}`, message: `${field}.${key} ${p}` });
  }
  const { keywords, lang } = metadata;
  if (keywords !== undefined) {
    if (!Array.isArray(keywords)) problems.push({ field: `${field}.keywords`, message: `${field}.keywords must be an array of strings` });
    else if (keywords.length > MAX_KEYWORDS)
      problems.push({ field: `${field}.keywords`, message: `${field}.keywords must hold at most ${MAX_KEYWORDS} keywords` });
    else
      keywords.forEach((k: unknown, i) => {
        const p = textProblem(k, MAX_KEYWORD_LENGTH) ?? (typeof k === 'string' && k.trim() === '' ? 'must not be empty' : null);
        if (p) problems.push({ field: `${field}.keywords[${i}]`, message: `${field}.keywords[${i}] ${p}` });
      });
  }
  if (lang !== undefined && (typeof lang !== 'string' || lang.length > MAX_LANG_TAG_LENGTH || !LANG_TAG.test(lang)))
    problems.push({
      field: `${field}.lang`,
      message: `${field}.lang must be a BCP 47 language tag such as "en" or "de-CH" (at most ${MAX_LANG_TAG_LENGTH} characters)`,
    });
  return problems;
}

/** Why `standard` (named `${under}standard`: `pdf.standard`, `render.metadata.pdf.standard`) is not a conformance level, or null. */
function standardProblem(standard: unknown, under: string): PdfInputProblem | null {
  if (standard === undefined || (PDF_STANDARDS as readonly unknown[]).includes(standard)) return null;
  const field = `${under}standard`;
  const ua = standard === 'pdf/ua-1' ? ` (PDF/UA-1 is ${under}accessibility: "pdf/ua-1", which combines with a standard)` : '';
  return { field, message: `${field} must be one of ${PDF_STANDARDS.join(', ')}${ua}` };
}

/** Why `accessibility` (named `${under}accessibility`) is not an accessibility level, or null. */
function accessibilityProblem(accessibility: unknown, under: string): PdfInputProblem | null {
  if (accessibility === undefined || (PDF_ACCESSIBILITY as readonly unknown[]).includes(accessibility)) return null;
  const field = `${under}accessibility`;
  return {
    field,
    message: `${field} must be one of ${PDF_ACCESSIBILITY.join(', ')} (the PDF/A level is ${under}standard; the two combine)`,
  };
}

/**
 * Every problem of a post-processing request, in field order (empty when it may be rendered). The
 * combination rules:
 * - an e-invoice needs PDF/A-3b: `standard` may be left out or `pdf/a-3b` (or `none`, which it raises);
 *   `pdf/a-2b` is refused;
 * - PDF/A-2b carries no attachments: ISO 19005-2 allows only embedded files that are PDF/A themselves, and
 *   Folio cannot verify that of a file it is given. Use `pdf/a-3b` to attach anything;
 * - attachment names are unique (case-insensitively, as a user's filesystem may be) and, with an
 *   e-invoice, none is `factur-x.xml`;
 * - an attachment with `relationship` outside the five PDF/A-3 names, or a bad media type, is refused.
 * `standard`, `accessibility` and `metadata` are named under `pdfField` when given (`pdf` for a job's
 * body, `render.metadata.pdf` for a version's), attachments and the e-invoice as in a job's body.
 */
export function checkPdfDocumentRequest(input: PdfDocumentInput, pdfField?: string): PdfInputProblem[] {
  const under = pdfField === undefined ? '' : `${pdfField}.`;
  const problems: PdfInputProblem[] = [];
  for (const p of [standardProblem(input.standard, under), accessibilityProblem(input.accessibility, under)]) if (p) problems.push(p);
  problems.push(...metadataProblems(input.metadata, `${under}metadata`));
  const seen = new Map<string, number>();
  (input.attachments ?? []).forEach((a, i) => {
    const f = `attachments[${i}]`;
    const nameProblem = attachmentNameProblem(a.name);
    if (nameProblem) problems.push({ field: `${f}.name`, message: `${f}.name ${nameProblem}` });
    else {
      const key = a.name.normalize('NFC').toLowerCase();
      const first = seen.get(key);
      if (first !== undefined)
        problems.push({ field: `${f}.name`, message: `${f}.name "${a.name}" is already the name of attachments[${first}]` });
      else seen.set(key, i);
      if (input.eInvoice && EINVOICE_FILE_NAMES.includes(key))
        problems.push({ field: `${f}.name`, message: `${f}.name "${a.name}" is reserved for the e-invoice XML` });
    }
    if (!isAttachmentMimeType(a.mimeType))
      problems.push({ field: `${f}.mimeType`, message: `${f}.mimeType must be a media type such as "application/xml" (no parameters)` });
    if (!AF_RELATIONSHIPS.includes(a.relationship))
      problems.push({ field: `${f}.relationship`, message: `${f}.relationship must be one of ${AF_RELATIONSHIPS.join(', ')}` });
    if (a.description !== undefined) {
      const p = textProblem(a.description, MAX_METADATA_TEXT);
      if (p) problems.push({ field: `${f}.description`, message: `${f}.description ${p}` });
    }
  });
  if ((input.attachments?.length ?? 0) > 0 && input.standard === 'pdf/a-2b')
    problems.push({
      field: 'attachments',
      message: `PDF/A-2b allows only PDF/A files as attachments, which Folio cannot verify: use ${under}standard "pdf/a-3b" to attach files`,
    });
  if (input.eInvoice) {
    if (input.eInvoice.standard !== 'factur-x')
      problems.push({ field: 'eInvoice.standard', message: 'eInvoice.standard must be "factur-x" (Factur-X 1.0 / ZUGFeRD 2.x)' });
    if (input.eInvoice.profile !== undefined && !EINVOICE_PROFILES.includes(input.eInvoice.profile))
      problems.push({ field: 'eInvoice.profile', message: `eInvoice.profile must be one of ${EINVOICE_PROFILES.join(', ')}` });
    if (input.standard === 'pdf/a-2b')
      problems.push({
        field: `${under}standard`,
        message: `an e-invoice is a PDF/A-3b document: leave ${under}standard out or set it to "pdf/a-3b"`,
      });
  }
  return problems;
}

/** Whether bytes start like a PDF (`%PDF-1.x` or `%PDF-2.x` within the first 1024 bytes, as readers allow). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('latin1');
  return /%PDF-[12]\.\d/.test(head);
}
