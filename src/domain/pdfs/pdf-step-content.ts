// The shapes of the PDF-job steps that take content out or read it: `redact` (areas, strings and patterns
// removed from the content), `nUp` (several pages on one sheet), and the two steps that read the document
// where they stand and report rather than change it, `extractText` (plain text or Markdown) and `validate`
// (Folio's PDF/A and PDF/UA-1 checks). Pure; each problem names its field. pdf-steps.ts checks the rest.

export const MAX_REDACT_AREAS = 500;
export const MAX_REDACT_TEXTS = 100;
/** Longest string or pattern of a redact step. */
export const MAX_REDACT_TEXT_LENGTH = 500;
/** Longest text an extractText step reports (characters; what follows is cut at a line). */
export const MAX_EXTRACTED_CHARS = 5_000_000;

export const VALIDATION_STANDARDS = ['pdf/a-1b', 'pdf/a-2b', 'pdf/a-3b', 'pdf/ua-1'] as const;
export type ValidationStandard = (typeof VALIDATION_STANDARDS)[number];

/** Sheet sizes of nUp by name, in points (portrait). */
export const SHEETS: Record<string, { width: number; height: number }> = {
  a3: { width: 841.89, height: 1190.55 },
  a4: { width: 595.28, height: 841.89 },
  a5: { width: 419.53, height: 595.28 },
  letter: { width: 612, height: 792 },
  legal: { width: 612, height: 1008 },
  tabloid: { width: 792, height: 1224 },
};

export interface RedactStep {
  type: 'redact';
  /** Rectangles in points from the top-left corner of the page as shown. */
  areas: Array<{ page: number; x: number; y: number; width: number; height: number }>;
  /** Strings found literally (white space matches any white space). */
  text: string[];
  /** JavaScript regular expressions (Unicode mode). */
  patterns: string[];
  ignoreCase: boolean;
  /** Where text and patterns are searched (null: every page). */
  pages: string | null;
  /** `#rrggbb` of the box drawn where content went; null: none. */
  fill: string | null;
}

export interface NUpStep {
  type: 'nUp';
  columns: number;
  rows: number;
  /** Sheet size in points; null: the first page's own size. */
  sheet: { width: number; height: number } | null;
  order: 'across' | 'down';
  margin: number;
  gap: number;
  border: boolean;
}

export interface ExtractTextStep {
  type: 'extractText';
  format: 'text' | 'markdown';
  pages: string | null;
}

export interface ValidateStep {
  type: 'validate';
  standards: ValidationStandard[];
  /** The job fails when a standard has findings (default: they are reported). */
  failOnFindings: boolean;
}

export type ContentStep = RedactStep | NUpStep | ExtractTextStep | ValidateStep;
/** Steps that read the document and report, changing nothing. */
export const READ_STEPS = ['extractText', 'validate'];

export const CONTENT_KEYS: Record<ContentStep['type'], string[]> = {
  redact: ['areas', 'text', 'patterns', 'ignoreCase', 'pages', 'fill'],
  nUp: ['columns', 'rows', 'sheet', 'landscape', 'order', 'margin', 'gap', 'border'],
  extractText: ['format', 'pages'],
  validate: ['standards', 'failOnFindings'],
};

type Problem = { field: string; message: string };
type Raw = Record<string, unknown>;
const isObj = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
const int = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && num(v, min, max);

function strings(raw: unknown, f: string, what: string): string[] | Problem {
  if (raw === undefined) return [];
  if (
    !Array.isArray(raw) ||
    raw.length > MAX_REDACT_TEXTS ||
    raw.some((t) => typeof t !== 'string' || t.trim() === '' || t.length > MAX_REDACT_TEXT_LENGTH)
  )
    return { field: f, message: `${f} must be a list of up to ${MAX_REDACT_TEXTS} ${what} of 1–${MAX_REDACT_TEXT_LENGTH} characters` };
  return raw as string[];
}

function checkAreas(raw: unknown, f: string): RedactStep['areas'] | Problem {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.length > MAX_REDACT_AREAS)
    return { field: f, message: `${f} must be a list of up to ${MAX_REDACT_AREAS} areas` };
  const out: RedactStep['areas'] = [];
  for (const [k, a] of raw.entries()) {
    const at = `${f}[${k}]`;
    if (!isObj(a)) return { field: at, message: `${at} must be {page, x, y, width, height}` };
    const extra = Object.keys(a).find((key) => !['page', 'x', 'y', 'width', 'height'].includes(key));
    if (extra) return { field: `${at}.${extra}`, message: `${at}.${extra} is not a property of an area (page, x, y, width, height)` };
    if (!int(a.page, 1, 1_000_000)) return { field: `${at}.page`, message: `${at}.page must be a page number from 1` };
    for (const key of ['x', 'y'] as const)
      if (!num(a[key], -14_400, 14_400)) return { field: `${at}.${key}`, message: `${at}.${key} must be a number of points` };
    for (const key of ['width', 'height'] as const)
      if (!num(a[key], 0.01, 14_400)) return { field: `${at}.${key}`, message: `${at}.${key} must be a positive number of points` };
    out.push({ page: a.page, x: a.x as number, y: a.y as number, width: a.width as number, height: a.height as number });
  }
  return out;
}

function checkRedact(raw: Raw, f: string): RedactStep | Problem {
  const areas = checkAreas(raw.areas, `${f}.areas`);
  if ('field' in areas) return areas;
  const text = strings(raw.text, `${f}.text`, 'strings');
  if ('field' in text) return text;
  const patterns = strings(raw.patterns, `${f}.patterns`, 'regular expressions');
  if ('field' in patterns) return patterns;
  for (const [k, p] of patterns.entries()) {
    try {
      new RegExp(p, 'u');
    } catch (err) {
      return { field: `${f}.patterns[${k}]`, message: `${f}.patterns[${k}] is not a regular expression: ${(err as Error).message}` };
    }
  }
  if (areas.length + text.length + patterns.length === 0)
    return { field: f, message: `${f} needs areas, text or patterns: what to remove` };
  if (raw.ignoreCase !== undefined && typeof raw.ignoreCase !== 'boolean')
    return { field: `${f}.ignoreCase`, message: `${f}.ignoreCase must be true or false` };
  if (raw.pages !== undefined && (typeof raw.pages !== 'string' || raw.pages.length === 0 || raw.pages.length > 1000))
    return { field: `${f}.pages`, message: `${f}.pages must be a page selection like "1-3,!2"` };
  const fill = raw.fill === undefined ? '#000000' : raw.fill;
  if (fill !== null && (typeof fill !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(fill)))
    return { field: `${f}.fill`, message: `${f}.fill must be #rrggbb, or null for no box` };
  return {
    type: 'redact',
    areas,
    text,
    patterns,
    ignoreCase: raw.ignoreCase === true,
    pages: (raw.pages as string | undefined) ?? null,
    fill,
  };
}

function checkNUp(raw: Raw, f: string): NUpStep | Problem {
  const columns = raw.columns ?? 2;
  const rows = raw.rows ?? 1;
  if (!int(columns, 1, 10)) return { field: `${f}.columns`, message: `${f}.columns must be a whole number from 1 to 10` };
  if (!int(rows, 1, 10)) return { field: `${f}.rows`, message: `${f}.rows must be a whole number from 1 to 10` };
  let sheet: NUpStep['sheet'] = null;
  if (typeof raw.sheet === 'string') {
    sheet = SHEETS[raw.sheet.toLowerCase()] ?? null;
    if (!sheet)
      return { field: `${f}.sheet`, message: `${f}.sheet must be one of ${Object.keys(SHEETS).join(', ')} or {width, height} in points` };
  } else if (raw.sheet !== undefined) {
    const s = raw.sheet;
    if (!isObj(s) || !num(s.width, 72, 14_400) || !num(s.height, 72, 14_400) || Object.keys(s).length !== 2)
      return { field: `${f}.sheet`, message: `${f}.sheet must be a size name or {width, height} in points (72–14400)` };
    sheet = { width: s.width as number, height: s.height as number };
  }
  if (raw.landscape !== undefined && (typeof raw.landscape !== 'boolean' || !sheet))
    return { field: `${f}.landscape`, message: `${f}.landscape must be true or false, with sheet` };
  if (sheet && raw.landscape === true) sheet = { width: Math.max(sheet.width, sheet.height), height: Math.min(sheet.width, sheet.height) };
  const order = raw.order ?? 'across';
  if (order !== 'across' && order !== 'down') return { field: `${f}.order`, message: `${f}.order must be across or down` };
  for (const key of ['margin', 'gap'] as const)
    if (raw[key] !== undefined && !num(raw[key], 0, 144)) return { field: `${f}.${key}`, message: `${f}.${key} must be 0 to 144 points` };
  if (raw.border !== undefined && typeof raw.border !== 'boolean')
    return { field: `${f}.border`, message: `${f}.border must be true or false` };
  return {
    type: 'nUp',
    columns,
    rows,
    sheet,
    order,
    margin: (raw.margin as number) ?? 0,
    gap: (raw.gap as number) ?? 0,
    border: raw.border === true,
  };
}

/** One content or read step checked, with its defaults. */
export function checkContentStep(raw: Raw, type: ContentStep['type'], f: string): ContentStep | Problem {
  switch (type) {
    case 'redact':
      return checkRedact(raw, f);
    case 'nUp':
      return checkNUp(raw, f);
    case 'extractText': {
      const format = raw.format ?? 'text';
      if (format !== 'text' && format !== 'markdown') return { field: `${f}.format`, message: `${f}.format must be text or markdown` };
      if (raw.pages !== undefined && (typeof raw.pages !== 'string' || raw.pages.length === 0 || raw.pages.length > 1000))
        return { field: `${f}.pages`, message: `${f}.pages must be a page selection like "1-3,!2"` };
      return { type, format, pages: (raw.pages as string | undefined) ?? null };
    }
    case 'validate': {
      const s = raw.standards;
      if (
        !Array.isArray(s) ||
        s.length === 0 ||
        s.some((x) => !VALIDATION_STANDARDS.includes(x as ValidationStandard)) ||
        new Set(s).size !== s.length
      )
        return { field: `${f}.standards`, message: `${f}.standards must list one or more of ${VALIDATION_STANDARDS.join(', ')}` };
      if (raw.failOnFindings !== undefined && typeof raw.failOnFindings !== 'boolean')
        return { field: `${f}.failOnFindings`, message: `${f}.failOnFindings must be true or false` };
      return { type, standards: s as ValidationStandard[], failOnFindings: raw.failOnFindings === true };
    }
  }
}
