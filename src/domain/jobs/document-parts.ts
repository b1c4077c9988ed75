// Long documents printed in parts (docs/long-documents.md). `pdf.parts` says where the document splits:
// - `items`: an array of the payload. Every part is the same template printed with the payload whose array
//   holds only that part's items, plus `_part` (which part it is);
// - `marks`: elements of the printed page (a CSS selector, `[data-folio-part]` by default). Every part is
//   the whole page with only its marked elements kept (render/part-marks.ts).
// `size` is how many items or marked elements one part prints. The parts' PDFs are joined with page
// numbers that continue across them. Pure: no I/O, never throws on bad input.

/** `pdf.parts` splitting the payload: its array at `items` (a dot path from the payload's top), `size` items per part. */
export interface ItemParts {
  items: string;
  size: number;
}

/** `pdf.parts` splitting the page: the elements matching `marks` (outermost ones), `size` per part. */
export interface MarkedParts {
  marks: string;
  size: number;
}

export type PartsOption = ItemParts | MarkedParts;

export const isMarkedParts = (p: PartsOption): p is MarkedParts => 'marks' in p;

/** The elements `marks: true` names. */
export const DEFAULT_PART_MARK = '[data-folio-part]';
const MAX_MARK_SELECTOR = 500;

/** What a part's payload says about the part (`_part`). */
export interface PartInfo {
  index: number;
  count: number;
  first: boolean;
  last: boolean;
  /** Items of the array before this part's first one. */
  itemOffset: number;
  /** Items of the array in all parts. */
  itemTotal: number;
}

export const DEFAULT_PART_SIZE = 1000;
export const MAX_PART_SIZE = 100_000;
/** Most parts one job prints (with the default size: a million items). */
export const MAX_PARTS = 1000;
const PATH = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*){0,9}$/;

const isPlainObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export type PartsValidation = { ok: true; value: PartsOption } | { ok: false; message: string };

export function validateParts(x: unknown): PartsValidation {
  if (!isPlainObject(x))
    return { ok: false, message: 'pdf.parts must be an object: {"items": "rows", "size": 1000} or {"marks": true, "size": 1}' };
  for (const key of Object.keys(x))
    if (key !== 'items' && key !== 'marks' && key !== 'size')
      return { ok: false, message: `pdf.parts.${key} is not a known option (allowed: items, marks, size)` };
  if ((x.items === undefined) === (x.marks === undefined))
    return { ok: false, message: 'pdf.parts needs exactly one of items (a payload array) and marks (elements of the page)' };
  const marked = x.marks !== undefined;
  const size = x.size ?? (marked ? 1 : DEFAULT_PART_SIZE);
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > MAX_PART_SIZE)
    return { ok: false, message: `pdf.parts.size must be an integer from 1 to ${MAX_PART_SIZE}` };
  if (marked) {
    const marks = x.marks === true ? DEFAULT_PART_MARK : x.marks;
    if (typeof marks !== 'string' || marks.trim() === '' || marks.length > MAX_MARK_SELECTOR)
      return {
        ok: false,
        message: `pdf.parts.marks must be true (elements with data-folio-part) or a CSS selector of at most ${MAX_MARK_SELECTOR} characters`,
      };
    return { ok: true, value: { marks: marks.trim(), size } };
  }
  if (typeof x.items !== 'string' || !PATH.test(x.items))
    return { ok: false, message: 'pdf.parts.items must name an array of the payload by its path, e.g. "rows" or "report.lines"' };
  return { ok: true, value: { items: x.items, size } };
}

export type PartsSplit = { ok: true; parts: Array<{ payload: Record<string, unknown>; info: PartInfo }> } | { ok: false; message: string };

/**
 * The payloads of the parts: the job's payload with the named array cut to each part's items and `_part`
 * added. An empty array is one part. A payload without that array is refused (the message says why).
 */
export function splitPayload(payload: unknown, opt: ItemParts): PartsSplit {
  if (!isPlainObject(payload)) return { ok: false, message: `pdf.parts needs a JSON object payload with an array at ${opt.items}` };
  const keys = opt.items.split('.');
  let at: unknown = payload;
  for (const k of keys) at = isPlainObject(at) && Object.prototype.hasOwnProperty.call(at, k) ? at[k] : undefined;
  if (!Array.isArray(at)) return { ok: false, message: `pdf.parts.items: the payload has no array at ${opt.items}` };
  const items = at;
  const count = Math.max(1, Math.ceil(items.length / opt.size));
  if (count > MAX_PARTS)
    return { ok: false, message: `pdf.parts: ${items.length} items make ${count} parts; at most ${MAX_PARTS} (raise pdf.parts.size)` };
  const parts = [];
  for (let index = 0; index < count; index++) {
    const itemOffset = index * opt.size;
    const info: PartInfo = { index, count, first: index === 0, last: index === count - 1, itemOffset, itemTotal: items.length };
    parts.push({ payload: { ...withItems(payload, keys, items.slice(itemOffset, itemOffset + opt.size)), _part: info }, info });
  }
  return { ok: true, parts };
}

/** A copy of `obj` whose value at the path is `value` (the objects on the way copied, the rest shared). */
function withItems(obj: Record<string, unknown>, keys: string[], value: unknown): Record<string, unknown> {
  const [k, ...rest] = keys;
  return { ...obj, [k!]: rest.length === 0 ? value : withItems(obj[k!] as Record<string, unknown>, rest, value) };
}

/** How many parts `marked` elements make, `size` to a part (none: one part, the whole page). */
export function markedPartCount(marked: number, size: number): number {
  return Math.max(1, Math.ceil(marked / size));
}

/** Why `marked` elements cannot be printed in parts of `size`, or null. */
export function markedPartsProblem(marked: number, opt: MarkedParts): string | null {
  const count = markedPartCount(marked, opt.size);
  return count > MAX_PARTS
    ? `pdf.parts: ${marked} elements match ${opt.marks} and make ${count} parts; at most ${MAX_PARTS} (raise pdf.parts.size)`
    : null;
}

/**
 * Where every part's pages start, from the pages each printed: `offsets[k]` pages come before part k.
 * `total` is the joined document's page count.
 */
export function partOffsets(pages: readonly number[]): { offsets: number[]; total: number } {
  const offsets: number[] = [];
  let total = 0;
  for (const n of pages) {
    offsets.push(total);
    total += n;
  }
  return { offsets, total };
}

/**
 * The parts option a job prints by: its own `print.parts`, else its version's `render.metadata.pdf.parts`
 * (as a commit validated it), else none.
 */
export function effectiveParts(print: { parts?: PartsOption } | undefined, versionMetadataJson: string | null): PartsOption | null {
  if (print?.parts) return print.parts;
  if (!versionMetadataJson) return null;
  try {
    const pdf = (JSON.parse(versionMetadataJson) as { pdf?: { parts?: unknown } }).pdf;
    const v = pdf?.parts === undefined ? null : validateParts(pdf.parts);
    return v?.ok ? v.value : null;
  } catch {
    return null;
  }
}

/** Why a job's payload cannot be printed in parts (400 naming `payload`), or null. */
export function partsPayloadProblem(parts: PartsOption, payload: Buffer, json: boolean): string | null {
  if (isMarkedParts(parts)) return null;
  let value: unknown;
  try {
    value = json ? JSON.parse(payload.toString('utf8')) : undefined;
  } catch {
    value = undefined;
  }
  const split = splitPayload(value, parts);
  return split.ok ? null : split.message;
}
