// The steps of POST /v1/pdf-jobs: an ordered list applied to the PDF made of the job's sources. Pure: the
// shape of each step and the order rules are checked here, before any PDF is read, and each problem names
// its field (`steps[2].angle`). What a step does is src/pdf/pipeline.ts.

export const MAX_STEPS = 20;
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
  text: string;
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
  | { type: 'metadata'; title?: string; author?: string; subject?: string; keywords?: string[] }
  | { type: 'split'; every?: number; ranges?: string[] }
  | { type: 'optimize' };

export type StepProblem = { field: string; message: string };

type Raw = Record<string, unknown>;
const isObj = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, max: number) => typeof v === 'string' && v.length > 0 && v.length <= max;
const num = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

/** The keys each step type may have besides `type`. */
const KEYS: Record<PdfStep['type'], string[]> = {
  select: ['pages'],
  rotate: ['angle', 'pages'],
  stamp: ['text', 'fontSize', 'color', 'opacity', 'rotation', 'position', 'pages', 'layer'],
  watermark: ['text', 'fontSize', 'color', 'opacity', 'rotation', 'position', 'pages', 'layer'],
  fillForm: ['fields'],
  flatten: [],
  metadata: ['title', 'author', 'subject', 'keywords'],
  split: ['every', 'ranges'],
  optimize: [],
};

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
    case 'watermark': {
      const under = type === 'watermark';
      const s = {
        type,
        text: raw.text,
        fontSize: raw.fontSize ?? (under ? 72 : 36),
        color: raw.color ?? (under ? '#c0c0c0' : '#d00000'),
        opacity: raw.opacity ?? (under ? 0.5 : 1),
        rotation: raw.rotation ?? (under ? 45 : 0),
        position: raw.position ?? 'center',
        pages: pages as string | null,
        layer: raw.layer ?? (under ? 'under' : 'over'),
      };
      if (!str(s.text, 500) || /[^\x20-\x7e\u00a0-\u00ff]/.test(s.text as string))
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
    case 'fillForm': {
      const fields = raw.fields;
      if (!isObj(fields) || Object.keys(fields).length === 0 || Object.keys(fields).length > 1000)
        return { field: `${f}.fields`, message: `${f}.fields must be an object of 1–1000 field names and values` };
      for (const [k, v] of Object.entries(fields)) {
        const ok =
          typeof v === 'boolean' ||
          (typeof v === 'string' && v.length <= 10_000) ||
          (Array.isArray(v) && v.every((x) => typeof x === 'string'));
        if (!ok) return { field: `${f}.fields.${k}`, message: `${f}.fields.${k} must be a string, a boolean or an array of strings` };
      }
      return { type, fields: fields as Record<string, string | boolean | string[]> };
    }
    case 'metadata': {
      for (const k of ['title', 'author', 'subject'])
        if (raw[k] !== undefined && !str(raw[k], 2000)) return { field: `${f}.${k}`, message: `${f}.${k} must be 1–2000 characters` };
      const kw = raw.keywords;
      if (kw !== undefined && (!Array.isArray(kw) || kw.length > 100 || !kw.every((k) => str(k, 200))))
        return { field: `${f}.keywords`, message: `${f}.keywords must be at most 100 strings of 1–200 characters` };
      return { type, ...(raw as object) } as PdfStep;
    }
    case 'split': {
      const every = raw.every;
      const ranges = raw.ranges;
      if ((every === undefined) === (ranges === undefined)) return { field: f, message: `${f} needs exactly one of every or ranges` };
      if (every !== undefined && !(Number.isInteger(every) && num(every, 1, 5000)))
        return { field: `${f}.every`, message: `${f}.every must be a whole number of pages from 1 to 5000` };
      if (
        ranges !== undefined &&
        (!Array.isArray(ranges) || ranges.length < 1 || ranges.length > 500 || !ranges.every((r) => str(r, 1000)))
      )
        return { field: `${f}.ranges`, message: `${f}.ranges must be 1–500 page selections` };
      return { type, ...(every !== undefined ? { every: every as number } : { ranges: ranges as string[] }) };
    }
    default:
      return { type } as PdfStep;
  }
}

/**
 * The steps checked one by one, then their order: `split` and `optimize` only at the end (split makes
 * several PDFs; optimize rewrites the file, so it is last), `fillForm` never after `flatten` (no field is
 * left to fill).
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
  const at = (t: PdfStep['type']) => steps.findIndex((s) => s.type === t);
  const optimize = at('optimize');
  if (optimize >= 0 && optimize !== steps.length - 1)
    return { problem: { field: `steps[${optimize}]`, message: 'optimize must be the last step' } };
  const split = at('split');
  const tail = steps.length - (optimize >= 0 ? 2 : 1);
  if (split >= 0 && split !== tail)
    return { problem: { field: `steps[${split}]`, message: 'split must be the last step (or followed only by optimize)' } };
  const flatten = at('flatten');
  const fill = steps.findIndex((s, i) => s.type === 'fillForm' && flatten >= 0 && i > flatten);
  if (fill >= 0) return { problem: { field: `steps[${fill}]`, message: 'fillForm cannot follow flatten: no form field is left to fill' } };
  return { steps };
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
