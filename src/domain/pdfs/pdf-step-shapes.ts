// The shapes of the PDF-job steps that bring content from outside the document or seal it: the image and
// PDF-page sources of a stamp, `merge`, `attachments`, `outline`, `encrypt`, `sign` and `timestamp`. Pure;
// each problem names its field (`steps[1].image.contentBase64`). pdf-steps.ts checks the other steps and the
// order of all of them.
import { signatureTextProblem } from './signature-text.js';
import { certificateIdProblem } from './document-options.js';
import { base64ByteLength, isBase64 } from '../base64.js';
import { attachmentNameProblem, isAttachmentMimeType, MAX_METADATA_TEXT } from './pdf-document.js';
import { protectionProblems, permissionsOf, type PdfPermissions } from './pdf-protection.js';

/** Decoded bytes of one stamp image. */
export const MAX_STAMP_IMAGE_BYTES = 2 * 1024 * 1024;
/** Decoded bytes of everything a job's steps carry inline (stamp images and attachments together). */
export const MAX_INLINE_STEP_BYTES = 8 * 1024 * 1024;
/** The request body of POST /v1/pdf-jobs: the inline bytes as base64, plus room for the rest. */
export const PDF_JOB_BODY_LIMIT = Math.ceil((MAX_INLINE_STEP_BYTES * 4) / 3) + 256 * 1024;
export const MAX_MERGE_STEP_PDFS = 20;
export const MAX_STEP_ATTACHMENTS = 20;
export const MAX_OUTLINE_ENTRIES = 1000;
export const MAX_OUTLINE_DEPTH = 8;

export type StepProblem = { field: string; message: string };
type Raw = Record<string, unknown>;
const isObj = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const extraKey = (o: Raw, keys: string[]) => Object.keys(o).find((k) => !keys.includes(k));

/** What a stamp draws besides text: an image (PNG or JPEG, inline) or a page of a managed PDF. */
export type StampSource = { image: { contentBase64: string; format: 'png' | 'jpeg' } } | { pdf: { pdfId: string; page: number } };

/** An image stamp's base64 content: PNG or JPEG by its first bytes, at most MAX_STAMP_IMAGE_BYTES. */
function imageProblem(raw: unknown, f: string): StepProblem | { contentBase64: string; format: 'png' | 'jpeg' } {
  if (!isObj(raw)) return { field: f, message: `${f} must be an object {contentBase64}` };
  const extra = extraKey(raw, ['contentBase64']);
  if (extra) return { field: `${f}.${extra}`, message: `${f}.${extra} is not a property of a stamp image (give contentBase64)` };
  const b64 = raw.contentBase64;
  if (typeof b64 !== 'string' || b64.length === 0 || !isBase64(b64))
    return { field: `${f}.contentBase64`, message: `${f}.contentBase64 must be the PNG or JPEG file in standard padded base64` };
  if (base64ByteLength(b64) > MAX_STAMP_IMAGE_BYTES)
    return { field: `${f}.contentBase64`, message: `${f}.contentBase64 must decode to at most ${MAX_STAMP_IMAGE_BYTES} bytes` };
  const head = Buffer.from(b64.slice(0, 16), 'base64');
  const format = head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    ? 'png'
    : head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff
      ? 'jpeg'
      : null;
  if (!format) return { field: `${f}.contentBase64`, message: `${f}.contentBase64 is neither a PNG nor a JPEG file` };
  return { contentBase64: b64, format };
}

/**
 * The source of a stamp: exactly one of `text`, `image` or `pdf`; `fontSize` and `color` only with text,
 * `width`/`height` (points; default: the image at 72 dpi or the page's own size, one given scales the
 * other) only with an image or a page.
 */
export function stampSource(raw: Raw, f: string): StepProblem | StampSource | { text: string } {
  const given = (['text', 'image', 'pdf'] as const).filter((k) => raw[k] !== undefined);
  if (given.length !== 1)
    return {
      field: given.length ? `${f}.${given[1]}` : `${f}.text`,
      message: `${f} needs exactly one of text, image or pdf${given.length ? ` (it has ${given.join(' and ')})` : ''}`,
    };
  for (const k of ['width', 'height'])
    if (raw[k] !== undefined && (given[0] === 'text' || typeof raw[k] !== 'number' || !(raw[k] >= 1 && raw[k] <= 14_400)))
      return {
        field: `${f}.${k}`,
        message: given[0] === 'text' ? `${f}.${k} is only for an image or pdf stamp` : `${f}.${k} must be points from 1 to 14400`,
      };
  if (given[0] === 'text') return { text: raw.text as string };
  for (const k of ['fontSize', 'color'])
    if (raw[k] !== undefined) return { field: `${f}.${k}`, message: `${f}.${k} is only for a text stamp` };
  if (given[0] === 'image') {
    const img = imageProblem(raw.image, `${f}.image`);
    return 'field' in img ? img : { image: img };
  }
  const p = raw.pdf;
  if (!isObj(p)) return { field: `${f}.pdf`, message: `${f}.pdf must be an object {pdfId, page?}` };
  const extra = extraKey(p, ['pdfId', 'page']);
  if (extra) return { field: `${f}.pdf.${extra}`, message: `${f}.pdf.${extra} is not a property of a pdf stamp (pdfId, page)` };
  if (!str(p.pdfId, 100)) return { field: `${f}.pdf.pdfId`, message: `${f}.pdf.pdfId must be a managed PDF of the account (pdf_…)` };
  const page = p.page ?? 1;
  if (!Number.isInteger(page) || (page as number) < 1 || (page as number) > 100_000)
    return { field: `${f}.pdf.page`, message: `${f}.pdf.page must be a page number from 1` };
  return { pdf: { pdfId: p.pdfId, page: page as number } };
}

export interface OutlineEntry {
  title: string;
  /** 1-based page of the document at this step. */
  page: number;
  children?: OutlineEntry[];
}

/** How an embedded file relates to the document (ISO 32000-2, /AFRelationship). */
export const AF_RELATIONSHIPS = ['Source', 'Data', 'Alternative', 'Supplement', 'Unspecified'] as const;

export interface AttachmentAdd {
  name: string;
  contentBase64: string;
  mimeType: string;
  description?: string;
  /** Default Unspecified. */
  relationship?: (typeof AF_RELATIONSHIPS)[number];
}

export interface EncryptStep {
  type: 'encrypt';
  userPassword?: string;
  ownerPassword: string;
  permissions: PdfPermissions;
}

export interface SignStep {
  type: 'sign';
  certificateId: string;
  reason?: string;
  location?: string;
  contactInfo?: string;
  /** PAdES B-T: a signature time-stamp token from the timestamp authority in the CMS. */
  timestamp: boolean;
}

export type ExtraStep =
  | { type: 'merge'; pdfIds: string[] }
  | { type: 'attachments'; add: AttachmentAdd[] }
  | { type: 'outline'; entries: OutlineEntry[] }
  | EncryptStep
  | SignStep
  | { type: 'timestamp' };

/** The keys each of these step types may have besides `type`. */
export const EXTRA_KEYS: Record<ExtraStep['type'], string[]> = {
  merge: ['pdfIds'],
  attachments: ['add'],
  outline: ['entries'],
  encrypt: ['userPassword', 'ownerPassword', 'permissions'],
  sign: ['certificateId', 'reason', 'location', 'contactInfo', 'timestamp'],
  timestamp: [],
};

function outlineProblem(raw: unknown, f: string, depth: number, count: { n: number }): StepProblem | null {
  if (!Array.isArray(raw) || raw.length === 0) return { field: f, message: `${f} must be a non-empty list of {title, page, children?}` };
  for (const [i, e] of raw.entries()) {
    const g = `${f}[${i}]`;
    if (++count.n > MAX_OUTLINE_ENTRIES) return { field: g, message: `an outline has at most ${MAX_OUTLINE_ENTRIES} entries` };
    if (!isObj(e)) return { field: g, message: `${g} must be an object {title, page, children?}` };
    const extra = extraKey(e, ['title', 'page', 'children']);
    if (extra) return { field: `${g}.${extra}`, message: `${g}.${extra} is not a property of an outline entry` };
    if (!str(e.title, 500) || CONTROL.test(e.title)) return { field: `${g}.title`, message: `${g}.title must be 1–500 characters` };
    if (!Number.isInteger(e.page) || (e.page as number) < 1 || (e.page as number) > 100_000)
      return { field: `${g}.page`, message: `${g}.page must be a page number from 1` };
    if (e.children !== undefined) {
      if (depth >= MAX_OUTLINE_DEPTH) return { field: `${g}.children`, message: `an outline is at most ${MAX_OUTLINE_DEPTH} levels deep` };
      const p = outlineProblem(e.children, `${g}.children`, depth + 1, count);
      if (p) return p;
    }
  }
  return null;
}

/** One of these steps checked (its type is in EXTRA_KEYS, its keys are known), or the problem. */
export function checkExtraStep(raw: Raw, type: ExtraStep['type'], f: string): ExtraStep | StepProblem {
  switch (type) {
    case 'merge': {
      const ids = raw.pdfIds;
      if (!Array.isArray(ids) || ids.length < 1 || ids.length > MAX_MERGE_STEP_PDFS || !ids.every((id) => str(id, 100)))
        return { field: `${f}.pdfIds`, message: `${f}.pdfIds must be 1–${MAX_MERGE_STEP_PDFS} managed PDF ids (pdf_…)` };
      return { type, pdfIds: ids as string[] };
    }
    case 'attachments': {
      const add = raw.add;
      if (!Array.isArray(add) || add.length < 1 || add.length > MAX_STEP_ATTACHMENTS)
        return { field: `${f}.add`, message: `${f}.add must be a list of 1–${MAX_STEP_ATTACHMENTS} files {name, contentBase64, mimeType}` };
      const seen = new Set<string>();
      for (const [i, a] of add.entries()) {
        const g = `${f}.add[${i}]`;
        if (!isObj(a)) return { field: g, message: `${g} must be an object {name, contentBase64, mimeType, description?}` };
        const extra = extraKey(a, ['name', 'contentBase64', 'mimeType', 'description', 'relationship']);
        if (extra) return { field: `${g}.${extra}`, message: `${g}.${extra} is not a property of an attachment` };
        const np = attachmentNameProblem(a.name);
        if (np) return { field: `${g}.name`, message: `${g}.name ${np}` };
        const key = (a.name as string).normalize('NFC').toLowerCase();
        if (seen.has(key)) return { field: `${g}.name`, message: `${g}.name is already the name of another attachment of this step` };
        seen.add(key);
        if (typeof a.contentBase64 !== 'string' || !isBase64(a.contentBase64))
          return { field: `${g}.contentBase64`, message: `${g}.contentBase64 must be the file in standard padded base64` };
        if (!isAttachmentMimeType(a.mimeType))
          return { field: `${g}.mimeType`, message: `${g}.mimeType must be a media type such as "text/csv" (no parameters)` };
        if (a.description !== undefined && (!str(a.description, MAX_METADATA_TEXT) || CONTROL.test(a.description)))
          return { field: `${g}.description`, message: `${g}.description must be 1–${MAX_METADATA_TEXT} characters` };
        if (a.relationship !== undefined && !(AF_RELATIONSHIPS as readonly unknown[]).includes(a.relationship))
          return { field: `${g}.relationship`, message: `${g}.relationship must be one of ${AF_RELATIONSHIPS.join(', ')}` };
      }
      return { type, add: add as AttachmentAdd[] };
    }
    case 'outline': {
      const p = outlineProblem(raw.entries, `${f}.entries`, 1, { n: 0 });
      return p ?? { type, entries: raw.entries as OutlineEntry[] };
    }
    case 'encrypt': {
      const input = { userPassword: raw.userPassword, ownerPassword: raw.ownerPassword, permissions: raw.permissions } as never;
      if (raw.permissions !== undefined && !isObj(raw.permissions))
        return { field: `${f}.permissions`, message: `${f}.permissions must be an object of permission: boolean` };
      const [p] = protectionProblems(input, f);
      if (p) return p;
      return {
        type,
        ...(raw.userPassword !== undefined ? { userPassword: raw.userPassword as string } : {}),
        ownerPassword: raw.ownerPassword as string,
        permissions: permissionsOf(raw.permissions as Raw | undefined),
      };
    }
    case 'sign': {
      const problem = certificateIdProblem(raw.certificateId, `${f}.certificateId`) ?? signatureTextProblem(raw, f);
      if (problem) return problem;
      if (raw.timestamp !== undefined && typeof raw.timestamp !== 'boolean')
        return { field: `${f}.timestamp`, message: `${f}.timestamp must be true or false` };
      const { reason, location, contactInfo } = raw as Record<string, string | undefined>;
      return {
        type,
        certificateId: raw.certificateId as string,
        ...(reason !== undefined ? { reason } : {}),
        ...(location !== undefined ? { location } : {}),
        ...(contactInfo !== undefined ? { contactInfo } : {}),
        timestamp: raw.timestamp === true,
      };
    }
    case 'timestamp':
      return { type };
  }
}

/** Decoded bytes the steps carry inline (stamp images, attachments). */
export function inlineStepBytes(steps: Array<{ type: string } & Raw>): number {
  let n = 0;
  for (const s of steps) {
    if (isObj(s.image) && typeof s.image.contentBase64 === 'string') n += base64ByteLength(s.image.contentBase64);
    if (s.type === 'attachments') for (const a of s.add as AttachmentAdd[]) n += base64ByteLength(a.contentBase64);
  }
  return n;
}
