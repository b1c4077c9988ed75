// Gotenberg's `metadata` and `bookmarks` fields of the PDF engine routes as Folio steps. Gotenberg writes
// metadata with exiftool, so its keys are exiftool's tag names; Folio writes the document information
// dictionary and takes the keys that live there. Pure: no I/O.
import { refuseField, type FormProblem } from './form.js';

export interface GotenbergBookmark {
  title: string;
  page: number;
  children?: GotenbergBookmark[];
}

/** exiftool tag names → the Folio metadata step's properties. */
const KEYS: Record<string, string> = {
  Title: 'title',
  Author: 'author',
  Subject: 'subject',
  Keywords: 'keywords',
  Creator: 'creator',
  Producer: 'producer',
  CreationDate: 'creationDate',
  CreateDate: 'creationDate',
  ModDate: 'modificationDate',
  ModifyDate: 'modificationDate',
  Trapped: 'trapped',
};

/** exiftool's date (`2006:09:18 16:27:50-04:00`) or an ISO 8601 one, as ISO 8601 with its offset. */
function isoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})[:-](\d{2})[:-](\d{2})[T ](\d{2}):(\d{2}):(\d{2})(Z|[+-]\d{2}:\d{2})?$/.exec(value.trim());
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? 'Z'}`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The `metadata` field (a JSON object of exiftool tags) as a Folio `metadata` step, and the tags it does not
 * write (XMP-only tags such as Copyright, file-system tags such as System:FileName), for a warning.
 */
export function metadataStep(raw: string): { step: Record<string, unknown>; ignored: string[] } | { problem: FormProblem } {
  let meta: unknown;
  try {
    meta = JSON.parse(raw);
  } catch {
    return refuseField('metadata', 'must be a JSON object such as {"Title": "…", "Author": "…"}');
  }
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta))
    return refuseField('metadata', 'must be a JSON object such as {"Title": "…", "Author": "…"}');
  const step: Record<string, unknown> = { type: 'metadata' };
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(meta)) {
    const prop = KEYS[key];
    if (key === 'PDFVersion' && ['1.4', '1.5', '1.6', '1.7', '2.0'].includes(String(value))) {
      step.pdfVersion = Number(value).toFixed(1);
      continue;
    }
    if (!prop) {
      // Another key that is a plain name goes into the information dictionary as it is (Copyright,
      // Marked); an exiftool group (`System:FileName`, `XMP-dc:Rights`) is not the document's to write.
      const plain = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/.test(key) && ['string', 'number', 'boolean'].includes(typeof value);
      if (!plain || Object.keys((step.custom as object | undefined) ?? {}).length >= 50) ignored.push(key);
      else step.custom = { ...(step.custom as object | undefined), [key]: value };
      continue;
    }
    if (typeof value === 'string' && CONTROL.test(value))
      return refuseField(
        `metadata.${key}`,
        'The requested metadata could not be written: a value may not hold control characters (line breaks)',
      );
    if (prop === 'keywords')
      step.keywords = Array.isArray(value)
        ? value.map(String)
        : String(value)
            .split(/\s*,\s*/)
            .filter(Boolean);
    else if (prop === 'creationDate' || prop === 'modificationDate') {
      const d = isoDate(value);
      if (!d) return refuseField(`metadata.${key}`, 'must be a date such as 2006-09-18T16:27:50-04:00');
      step[prop] = d;
    } else if (prop === 'trapped') {
      if (!['True', 'False', 'Unknown'].includes(String(value))) return refuseField('metadata.Trapped', 'must be True, False or Unknown');
      step.trapped = String(value);
    } else if (typeof value !== 'string') return refuseField(`metadata.${key}`, 'must be a string');
    else step[prop] = value;
  }
  return { step, ignored };
}

function bookmarkProblem(list: unknown, field: string): FormProblem | null {
  if (!Array.isArray(list)) return { field, message: `${field}: must be a list of {"title", "page", "children"}` };
  for (const b of list) {
    if (typeof b !== 'object' || b === null || typeof b.title !== 'string' || !Number.isInteger(b.page))
      return { field, message: `${field}: each bookmark needs a title and a page` };
    if (b.children !== undefined && b.children !== null) {
      const p = bookmarkProblem(b.children, field);
      if (p) return p;
    }
  }
  return null;
}

/** Gotenberg's bookmarks as Folio outline entries (no empty `children`). */
export function toOutline(list: GotenbergBookmark[], shift = 0): Array<Record<string, unknown>> {
  return list.map((b) => ({
    title: b.title,
    page: b.page + shift,
    ...(b.children && b.children.length > 0 ? { children: toOutline(b.children, shift) } : {}),
  }));
}

/**
 * The `bookmarks` field: a list (the outline of the result) or, on a merge, an object of lists by input
 * file name (each file's bookmarks, shifted to where its pages land).
 */
export function outlineEntries(
  raw: string,
  byFile: boolean,
): { entries: Array<Record<string, unknown>> | Record<string, GotenbergBookmark[]> } | { problem: FormProblem } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return refuseField('bookmarks', 'must be a JSON list of {"title", "page", "children"}');
  }
  if (Array.isArray(value)) {
    const p = bookmarkProblem(value, 'bookmarks');
    if (p) return { problem: p };
    return { entries: toOutline(value as GotenbergBookmark[]) };
  }
  if (!byFile || typeof value !== 'object' || value === null)
    return refuseField('bookmarks', 'must be a JSON list of {"title", "page", "children"}');
  for (const list of Object.values(value)) {
    const p = bookmarkProblem(list, 'bookmarks');
    if (p) return { problem: p };
  }
  return { entries: value as Record<string, GotenbergBookmark[]> };
}

/** A PDF date (`D:20060918162750-04'00'`) as exiftool shows it (`2006:09:18 16:27:50-04:00`). */
export function exiftoolDate(pdfDate: string): string {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(pdfDate);
  if (!m) return pdfDate;
  const zone = m[7] === undefined ? '' : m[7] === 'Z' ? 'Z' : `${m[7].slice(0, 3)}:${m[7].replace(/'/g, '').slice(3, 5)}`;
  return `${m[1]}:${m[2] ?? '01'}:${m[3] ?? '01'} ${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}${zone}`;
}

/** exiftool's names of the information dictionary's keys that differ from the key itself. */
const EXIF_NAMES: Record<string, string> = { CreationDate: 'CreateDate', ModDate: 'ModDate' };

/** What `metadata/read` answers for one PDF: the document information in exiftool's names and forms. */
export function exiftoolView(d: {
  version: string;
  pageCount: number;
  info: Record<string, string | number | boolean>;
}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(d.info)) {
    const name = EXIF_NAMES[key] ?? key;
    if (typeof value !== 'string') out[name] = value;
    else if (key === 'CreationDate' || key === 'ModDate') out[name] = exiftoolDate(value);
    else if (key === 'Keywords') {
      const list = value.split(/\s*[,;]\s*/).filter(Boolean);
      out.Keywords = list.length > 1 ? list : value;
    } else out[name] = value;
  }
  out.PageCount = d.pageCount;
  if (d.version !== '') out.PDFVersion = Number(d.version);
  return out;
}
