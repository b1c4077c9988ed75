// The steps of POST /v1/pdf-jobs: an ordered list applied to the PDF made of the job's sources. Pure: the
// shape of each step and the order rules are checked here, before any PDF is read, and each problem names
// its field (`steps[2].angle`). What a step does is src/pdf/pipeline.ts; the shapes of the steps that bring
// content from outside or seal the document are pdf-step-shapes.ts.
import { checkExtraStep, EXTRA_KEYS, inlineStepBytes, MAX_INLINE_STEP_BYTES, stampSource, type ExtraStep } from './pdf-step-shapes.js';
import { orderProblem } from './pdf-step-order.js';
import { checkContentStep, CONTENT_KEYS, type ContentStep } from './pdf-step-content.js';
import { MAX_KEYWORD_LENGTH, MAX_KEYWORDS, MAX_METADATA_TEXT } from './pdf-document.js';

/** Longest text a fillForm step puts into one field. */
export const MAX_FORM_VALUE_LENGTH = 10_000;

export const MAX_STEPS = 20;
/** JPEG quality of `optimize {images: true}` when the step gives none (Gotenberg's default too). */
export const DEFAULT_IMAGE_QUALITY = 80;
export const STAMP_POSITIONS = [
  'center',
  'top-left',
  'top',
  'top-right',
  'left',
  'right',
  'bottom-left',
  'bottom',
  'bottom-right',
] as const;
export type StampPosition = (typeof STAMP_POSITIONS)[number];

export interface StampStep {
  type: 'stamp' | 'watermark';
  /** Exactly one of text, image and pdf (pdf-step-shapes.ts). */
  text?: string;
  image?: { contentBase64: string; format: 'png' | 'jpeg' };
  /** A page of a managed PDF of the account, drawn as a form XObject. */
  pdf?: { pdfId: string; page: number };
  /** Size of an image or page stamp, points (default: the image at 72 dpi, the page's own size). */
  width?: number;
  height?: number;
  fontSize: number;
  /** `#rrggbb`. */
  color: string;
  opacity: number;
  /** Degrees, counter-clockwise. */
  rotation: number;
  position: StampPosition | { x: number; y: number };
  /** A page selection (`"1"`, `"2-"`, `"!1"`); null = every page. */
  pages: string | null;
  layer: 'over' | 'under';
}

export type PdfStep =
  | { type: 'select'; pages: string }
  | { type: 'rotate'; angle: 90 | 180 | 270; pages: string | null }
  | StampStep
  | { type: 'fillForm'; fields: Record<string, string | boolean | string[]> }
  | { type: 'flatten' }
  | MetadataStep
  | { type: 'split'; every?: number; ranges?: string[]; outline?: true }
  /** `images`: recompress images as JPEG at `quality` where that makes them smaller (lossy). */
  | { type: 'optimize'; images?: boolean; quality?: number }
  /** The document made PDF/A (and PDF/UA-1) as Folio's prints are, or the step fails naming why not. */
  | { type: 'conform'; standard?: 'pdf/a-2b' | 'pdf/a-3b'; accessibility?: 'pdf/ua-1' }
  | ExtraStep
  | ContentStep;

/** The document information a `metadata` step writes; dates are ISO 8601 (the modification date: now unless given). */
export interface MetadataStep {
  type: 'metadata';
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string[];
  creator?: string;
  producer?: string;
  creationDate?: string;
  modificationDate?: string;
  trapped?: 'True' | 'False' | 'Unknown';
  /** Other entries of the information dictionary (`Copyright`, `Marked`), by key. */
  custom?: Record<string, string | number | boolean>;
  /** The header's version is raised to this one (never lowered). */
  pdfVersion?: '1.4' | '1.5' | '1.6' | '1.7' | '2.0';
}

/** Keys of the information dictionary a `metadata` step sets by their own properties. */
const STANDARD_INFO_KEYS = ['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer', 'CreationDate', 'ModDate', 'Trapped'];
export const MAX_CUSTOM_METADATA = 50;

export type StepProblem = { field: string; message: string };

type Raw = Record<string, unknown>;
const isObj = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, max: number) => typeof v === 'string' && v.length > 0 && v.length <= max;
const num = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

const STAMP_KEYS = ['text', 'image', 'pdf', 'width', 'height', 'fontSize', 'color', 'opacity', 'rotation', 'position', 'pages', 'layer'];

/** The keys each step type may have besides `type`. */
const KEYS: Record<PdfStep['type'], string[]> = {
  select: ['pages'],
  rotate: ['angle', 'pages'],
  stamp: STAMP_KEYS,
  watermark: STAMP_KEYS,
  fillForm: ['fields'],
  flatten: [],
  metadata: [
    'title',
    'author',
    'subject',
    'keywords',
    'creator',
    'producer',
    'creationDate',
    'modificationDate',
    'trapped',
    'custom',
    'pdfVersion',
  ],
  split: ['every', 'ranges', 'outline'],
  optimize: ['images', 'quality'],
  conform: ['standard', 'accessibility'],
  ...EXTRA_KEYS,
  ...CONTENT_KEYS,
};

/** Every step type, in the order the guide lists them (the API's enum, the MCP tool's). */
export const PDF_STEP_TYPES = [
  'select',
  'rotate',
  'stamp',
  'watermark',
  'merge',
  'fillForm',
  'flatten',
  'metadata',
  'attachments',
  'outline',
  'redact',
  'nUp',
  'conform',
  'extractText',
  'validate',
  'split',
  'optimize',
  'encrypt',
  'sign',
  'timestamp',
] as const satisfies ReadonlyArray<PdfStep['type']>;

/** One step checked and with its defaults, or the problem naming its field. */
function checkStep(raw: unknown, f: string): PdfStep | StepProblem {
  if (!isObj(raw) || typeof raw.type !== 'string' || !(raw.type in KEYS))
    return { field: `${f}.type`, message: `${f}.type must be one of ${Object.keys(KEYS).join(', ')}` };
  const type = raw.type as PdfStep['type'];
  const extra = Object.keys(raw).find((k) => k !== 'type' && !KEYS[type].includes(k));
  if (extra) return { field: `${f}.${extra}`, message: `${f}.${extra} is not a property of a ${type} step` };
  const pages = raw.pages === undefined ? null : raw.pages;
  if (pages !== null && !str(pages, 1000)) return { field: `${f}.pages`, message: `${f}.pages must be a page selection like "1-3,!2"` };
  switch (type) {
    case 'select':
      return pages === null ? { field: `${f}.pages`, message: `${f}.pages is required` } : { type, pages: pages as string };
    case 'rotate':
      if (raw.angle !== 90 && raw.angle !== 180 && raw.angle !== 270)
        return { field: `${f}.angle`, message: `${f}.angle must be 90, 180 or 270` };
      return { type, angle: raw.angle, pages: pages as string | null };
    case 'stamp':
    case 'watermark':
      return checkStampStep(raw, type, pages as string | null, f);
    case 'fillForm':
      return checkFillFormStep(raw, f);
    case 'metadata':
      return checkMetadataStep(raw, f);
    case 'split':
      return checkSplitStep(raw, f);
    case 'merge':
    case 'attachments':
    case 'outline':
    case 'encrypt':
    case 'sign':
    case 'timestamp':
      return checkExtraStep(raw, type, f);
    case 'redact':
    case 'nUp':
    case 'extractText':
    case 'validate':
      return checkContentStep(raw, type, f);
    case 'conform':
      if (raw.standard !== undefined && raw.standard !== 'pdf/a-2b' && raw.standard !== 'pdf/a-3b')
        return { field: `${f}.standard`, message: `${f}.standard must be pdf/a-2b or pdf/a-3b` };
      if (raw.accessibility !== undefined && raw.accessibility !== 'pdf/ua-1')
        return { field: `${f}.accessibility`, message: `${f}.accessibility must be pdf/ua-1 (or left out)` };
      if (raw.standard === undefined && raw.accessibility === undefined)
        return { field: `${f}.standard`, message: `${f} needs standard (pdf/a-2b, pdf/a-3b), accessibility (pdf/ua-1) or both` };
      return {
        type,
        ...(raw.standard !== undefined ? { standard: raw.standard } : {}),
        ...(raw.accessibility ? { accessibility: 'pdf/ua-1' as const } : {}),
      };
    case 'optimize':
      if (raw.images !== undefined && typeof raw.images !== 'boolean')
        return { field: `${f}.images`, message: `${f}.images must be true or false` };
      if (raw.quality !== undefined && !(raw.images === true && Number.isInteger(raw.quality) && num(raw.quality, 1, 100)))
        return { field: `${f}.quality`, message: `${f}.quality must be a whole number from 1 to 100, with images: true` };
      return raw.images ? { type, images: true, ...(raw.quality !== undefined ? { quality: raw.quality as number } : {}) } : { type };
    default:
      return { type } as PdfStep;
  }
}

/** A stamp or a watermark: text or an image, and how it is drawn (a watermark's defaults: large, grey, under, at 45°). */
function checkStampStep(raw: Raw, type: 'stamp' | 'watermark', pages: string | null, f: string): PdfStep | StepProblem {
  const under = type === 'watermark';
  const source = stampSource(raw, f);
  if ('field' in source) return source;
  const s = {
    type,
    ...source,
    fontSize: raw.fontSize ?? (under ? 72 : 36),
    color: raw.color ?? (under ? '#c0c0c0' : '#d00000'),
    opacity: raw.opacity ?? (under ? 0.5 : 1),
    rotation: raw.rotation ?? (under ? 45 : 0),
    position: raw.position ?? 'center',
    pages,
    layer: raw.layer ?? (under ? 'under' : 'over'),
    ...(typeof raw.width === 'number' ? { width: raw.width } : {}),
    ...(typeof raw.height === 'number' ? { height: raw.height } : {}),
  };
  if ('text' in source && (!str(source.text, 500) || /[^\x20-\x7e\u00a0-\u00ff]/.test(source.text)))
    return { field: `${f}.text`, message: `${f}.text must be 1–500 characters of Latin-1 (the standard Helvetica font)` };
  if (!num(s.fontSize, 1, 500)) return { field: `${f}.fontSize`, message: `${f}.fontSize must be a number of points from 1 to 500` };
  if (typeof s.color !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(s.color))
    return { field: `${f}.color`, message: `${f}.color must be #rrggbb` };
  if (!num(s.opacity, 0, 1)) return { field: `${f}.opacity`, message: `${f}.opacity must be from 0 to 1` };
  if (!num(s.rotation, -360, 360)) return { field: `${f}.rotation`, message: `${f}.rotation must be degrees from -360 to 360` };
  const p = s.position;
  const xy = isObj(p) && num(p.x, -100_000, 100_000) && num(p.y, -100_000, 100_000) && Object.keys(p).length === 2;
  if (!xy && !(STAMP_POSITIONS as readonly unknown[]).includes(p))
    return { field: `${f}.position`, message: `${f}.position must be one of ${STAMP_POSITIONS.join(', ')} or {x, y} in points` };
  if (s.layer !== 'over' && s.layer !== 'under') return { field: `${f}.layer`, message: `${f}.layer must be over or under` };
  return s as StampStep;
}

/** Form field values by name: strings, booleans or lists of strings. */
function checkFillFormStep(raw: Raw, f: string): PdfStep | StepProblem {
  const type = 'fillForm';
  const fields = raw.fields;
  if (!isObj(fields) || Object.keys(fields).length === 0 || Object.keys(fields).length > 1000)
    return { field: `${f}.fields`, message: `${f}.fields must be an object of 1–1000 field names and values` };
  for (const [k, v] of Object.entries(fields)) {
    const ok =
      typeof v === 'boolean' ||
      (typeof v === 'string' && v.length <= MAX_FORM_VALUE_LENGTH) ||
      (Array.isArray(v) && v.every((x) => typeof x === 'string'));
    if (!ok)
      return {
        field: `${f}.fields.${k}`,
        message: `${f}.fields.${k} must be a string of at most ${MAX_FORM_VALUE_LENGTH} characters, a boolean or an array of strings`,
      };
  }
  return { type, fields: fields as Record<string, string | boolean | string[]> };
}

function checkMetadataStep(raw: Raw, f: string): PdfStep | StepProblem {
  const type = 'metadata';
  for (const k of ['title', 'author', 'subject', 'creator', 'producer'])
    if (raw[k] !== undefined && !str(raw[k], MAX_METADATA_TEXT))
      return { field: `${f}.${k}`, message: `${f}.${k} must be 1–${MAX_METADATA_TEXT} characters` };
  const kw = raw.keywords;
  if (kw !== undefined && (!Array.isArray(kw) || kw.length > MAX_KEYWORDS || !kw.every((k) => str(k, MAX_KEYWORD_LENGTH))))
    return {
      field: `${f}.keywords`,
      message: `${f}.keywords must be at most ${MAX_KEYWORDS} strings of 1–${MAX_KEYWORD_LENGTH} characters`,
    };
  for (const k of ['creationDate', 'modificationDate'])
    if (raw[k] !== undefined && !(typeof raw[k] === 'string' && ISO_DATE.test(raw[k]) && !Number.isNaN(Date.parse(raw[k]))))
      return { field: `${f}.${k}`, message: `${f}.${k} must be an ISO 8601 date and time such as 2026-01-31T12:00:00Z` };
  if (raw.trapped !== undefined && !['True', 'False', 'Unknown'].includes(raw.trapped as string))
    return { field: `${f}.trapped`, message: `${f}.trapped must be True, False or Unknown` };
  if (raw.pdfVersion !== undefined && !['1.4', '1.5', '1.6', '1.7', '2.0'].includes(raw.pdfVersion as string))
    return { field: `${f}.pdfVersion`, message: `${f}.pdfVersion must be 1.4, 1.5, 1.6, 1.7 or 2.0` };
  if (raw.custom !== undefined) {
    if (!isObj(raw.custom) || Object.keys(raw.custom).length > MAX_CUSTOM_METADATA)
      return { field: `${f}.custom`, message: `${f}.custom must be an object of at most ${MAX_CUSTOM_METADATA} entries` };
    for (const [k, v] of Object.entries(raw.custom)) {
      const g = `${f}.custom.${k}`;
      if (!/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/.test(k) || STANDARD_INFO_KEYS.includes(k))
        return {
          field: g,
          message: `${g}: a custom key is 1–64 letters, digits, _ . - (starting with a letter), not one of ${STANDARD_INFO_KEYS.join(', ')}`,
        };
      const ok =
        typeof v === 'boolean' ||
        (typeof v === 'number' && Number.isFinite(v)) ||
        (typeof v === 'string' && v.length > 0 && v.length <= MAX_METADATA_TEXT && !/[\u0000-\u001f\u007f]/.test(v));
      if (!ok)
        return {
          field: g,
          message: `${g} must be a string of 1–${MAX_METADATA_TEXT} characters without control characters, a number or a boolean`,
        };
    }
  }
  return { type, ...(raw as object) } as PdfStep;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A split: every N pages, page ranges, or the outline's top-level entries; exactly one. */
function checkSplitStep(raw: Raw, f: string): PdfStep | StepProblem {
  const type = 'split';
  const every = raw.every;
  const ranges = raw.ranges;
  const outline = raw.outline;
  if (outline !== undefined && outline !== true) return { field: `${f}.outline`, message: `${f}.outline must be true (or left out)` };
  if ([every, ranges, outline].filter((x) => x !== undefined).length !== 1)
    return { field: f, message: `${f} needs exactly one of every, ranges or outline` };
  if (outline) return { type, outline: true };
  if (every !== undefined && !(Number.isInteger(every) && num(every, 1, 5000)))
    return { field: `${f}.every`, message: `${f}.every must be a whole number of pages from 1 to 5000` };
  if (ranges !== undefined && (!Array.isArray(ranges) || ranges.length < 1 || ranges.length > 500 || !ranges.every((r) => str(r, 1000))))
    return { field: `${f}.ranges`, message: `${f}.ranges must be 1–500 page selections` };
  return { type, ...(every !== undefined ? { every: every as number } : { ranges: ranges as string[] }) };
}

/**
 * The steps checked one by one, then their order (RANK): `fillForm` never after `flatten` (no field is
 * left to fill); a document timestamp cannot follow `encrypt` (its update would have to be encrypted with
 * the document's key, which Folio does not keep).
 */
export function checkSteps(raw: unknown): { steps: PdfStep[] } | { problem: StepProblem } {
  if (!Array.isArray(raw) || raw.length > MAX_STEPS)
    return { problem: { field: 'steps', message: `steps must be a list of at most ${MAX_STEPS} steps` } };
  const steps: PdfStep[] = [];
  for (const [i, r] of raw.entries()) {
    const s = checkStep(r, `steps[${i}]`);
    if ('message' in s) return { problem: s };
    steps.push(s);
  }
  const inline = inlineStepBytes(steps as never);
  if (inline > MAX_INLINE_STEP_BYTES)
    return {
      problem: {
        field: 'steps',
        message: `the steps carry ${inline} bytes of images and attachments; at most ${MAX_INLINE_STEP_BYTES} are allowed`,
      },
    };
  const order = orderProblem(steps);
  return order ? { problem: order } : { steps };
}

/**
 * A page selection of a document of `pageCount` pages as 0-based indices in the order written: ranges as in
 * page-ranges.ts (`"1-3,5"`, `"8-"`), and exclusions `!n` or `!a-b` that remove pages from it (only
 * exclusions: from every page). `"all"` is every page.
 */
export function selectPages(spec: string, pageCount: number): { pages: number[] } | { problem: string } {
  const parts = spec.split(',').map((p) => p.trim());
  const include: number[] = [];
  const exclude = new Set<number>();
  for (const part of parts) {
    const neg = part.startsWith('!');
    const body = neg ? part.slice(1).trim() : part;
    if (body === 'all' && !neg) {
      for (let p = 0; p < pageCount; p++) include.push(p);
      continue;
    }
    const m = /^(\d{1,6})(?:\s*(-)\s*(\d{1,6})?)?$/.exec(body);
    if (!m) return { problem: `must be a list like "1-3,!2,8-" (1-based pages, ranges, !exclusions); "${part.slice(0, 40)}" is not one` };
    const from = Number(m[1]);
    const to = m[2] ? (m[3] !== undefined ? Number(m[3]) : pageCount) : from;
    if (from < 1) return { problem: 'counts pages from 1' };
    if (to < from) return { problem: `has the range ${from}-${to}, which runs backwards` };
    if (to > pageCount) return { problem: `names page ${to}, but the PDF has ${pageCount} page${pageCount === 1 ? '' : 's'}` };
    if (include.length + (to - from + 1) > 5000) return { problem: 'selects more than 5000 pages' };
    for (let p = from; p <= to; p++) {
      if (neg) exclude.add(p - 1);
      else include.push(p - 1);
    }
  }
  const base = parts.every((p) => p.startsWith('!')) ? Array.from({ length: pageCount }, (_, i) => i) : include;
  const pages = base.filter((p) => !exclude.has(p));
  return pages.length === 0 ? { problem: 'selects no page' } : { pages };
}
