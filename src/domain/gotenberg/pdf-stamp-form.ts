// Gotenberg's stamp and watermark fields (`stampSource`, `stampExpression`, `stampPages`, `stampOptions`,
// repeatable, and the `stamp` files) as Folio stamp steps. Gotenberg hands the options to pdfcpu; Folio
// honours the ones it has a stamp property for and names the others in a warning (they are cosmetic: the
// stamp is still drawn). The proposed stamp/bulk route's `stamps` JSON array is read entry by entry the same
// way. Pure: no I/O.
import { refuseField, type FormProblem } from './form.js';

/** What a route read from a form that a stamp needs. */
export interface StampForm {
  repeated: Map<string, string[]>;
  /** The `stamp` (or `watermark`) files, in the order sent. */
  files: Array<{ name: string; bytes: Buffer }>;
}

/** pdfcpu positions → Folio's. */
const POSITIONS: Record<string, string> = {
  tl: 'top-left',
  tc: 'top',
  tr: 'top-right',
  l: 'left',
  c: 'center',
  r: 'right',
  bl: 'bottom-left',
  bc: 'bottom',
  br: 'bottom-right',
};

/** pdfcpu options Folio honours, by every spelling pdfcpu accepts, and the Folio property each sets. */
const HONOURED: Record<string, 'rotation' | 'opacity' | 'color' | 'fontSize' | 'position'> = {
  rotation: 'rotation',
  rot: 'rotation',
  r: 'rotation',
  opacity: 'opacity',
  op: 'opacity',
  fillcolor: 'color',
  fillcol: 'color',
  fillc: 'color',
  color: 'color',
  points: 'fontSize',
  po: 'fontSize',
  position: 'position',
  pos: 'position',
};

/** pdfcpu options Folio draws without (named in a warning). */
const COSMETIC = new Set([
  'scale',
  'scalefactor',
  'sc',
  'font',
  'fontname',
  'fo',
  'offset',
  'off',
  'aligntext',
  'align',
  'strokecolor',
  'strokec',
  'backgroundcolor',
  'bgcolor',
  'bgcol',
  'mode',
  'rendermode',
  'mo',
  'margins',
  'ma',
  'border',
  'bo',
  'diagonal',
  'd',
  'url',
]);

export interface StampPlan {
  /** Folio stamp (or watermark) steps, the image and page stamps' content to be filled in by the caller. */
  steps: Array<Record<string, unknown>>;
  /** The `pdf` sources' files by the key their step names (`gotenberg:stamp:0`). */
  pdfs: Record<string, Buffer>;
  warnings: string[];
}

function option(kind: string, key: string, value: string, out: Record<string, unknown>): FormProblem | null {
  const f = `${kind}Options`;
  const prop = HONOURED[key.toLowerCase()];
  if (!prop) return null;
  if (prop === 'position') {
    const p = POSITIONS[value.toLowerCase()];
    if (!p) return refuseField(f, `${key} must be one of ${Object.keys(POSITIONS).join(', ')}`).problem;
    out.position = p;
  } else if (prop === 'color') {
    if (!/^#[0-9a-fA-F]{6}$/.test(value)) return refuseField(f, `${key} must be a colour as #rrggbb`).problem;
    out.color = value;
  } else {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n)) return refuseField(f, `${key} must be a number`).problem;
    out[prop] = n; // pdfcpu's rotation, like Folio's, is degrees counter-clockwise
  }
  return null;
}

/**
 * The stamps (kind `stamp`) or watermarks (kind `watermark`) of a form, in order: each `…Source` value is one,
 * its expression, pages and options the values at the same position. Image and PDF sources take the kind's
 * files in order.
 */
export function stampSteps(kind: 'stamp' | 'watermark', form: StampForm): StampPlan | { problem: FormProblem } {
  const at = (name: string, i: number) => form.repeated.get(`${kind}${name}`)?.[i] ?? '';
  const sources = form.repeated.get(`${kind}Source`) ?? [];
  const plan: StampPlan = { steps: [], pdfs: {}, warnings: [] };
  let file = 0;
  for (const [i, source] of sources.entries()) {
    const step: Record<string, unknown> = { type: kind };
    if (source === 'text') {
      const text = at('Expression', i);
      if (text === '') return refuseField(`${kind}Expression`, `a text ${kind} needs the text to draw`);
      step.text = text;
    } else if (source === 'image' || source === 'pdf') {
      const f = form.files[file++];
      if (!f) return refuseField(kind, `a ${kind} file is required for an image or pdf source`);
      if (source === 'image') step.image = { contentBase64: f.bytes.toString('base64') };
      else {
        const key = `gotenberg:${kind}:${file - 1}`;
        plan.pdfs[key] = f.bytes;
        step.pdf = { pdfId: key, page: 1 };
      }
    } else return refuseField(`${kind}Source`, `must be text, image or pdf (got ${JSON.stringify(source)})`);
    const pages = at('Pages', i).trim();
    if (pages !== '') step.pages = pages;
    const raw = at('Options', i);
    if (raw !== '') {
      let opts: unknown;
      try {
        opts = JSON.parse(raw);
      } catch {
        return refuseField(`${kind}Options`, 'must be a JSON object of pdfcpu options');
      }
      if (typeof opts !== 'object' || opts === null || Array.isArray(opts))
        return refuseField(`${kind}Options`, 'must be a JSON object of pdfcpu options');
      for (const [key, value] of Object.entries(opts)) {
        const problem = option(kind, key, String(value), step);
        if (problem) return { problem };
        if (HONOURED[key.toLowerCase()]) continue;
        if (!COSMETIC.has(key.toLowerCase()))
          return refuseField(
            `${kind}Options`,
            `${key} is not an option Folio knows (pdfcpu's ${Object.keys(HONOURED).join(', ')} are honoured)`,
          );
        plan.warnings.push(
          `${kind}Options.${key} is not honoured: Folio draws the ${kind} with its own ${key === 'scale' ? 'size' : 'style'}`,
        );
      }
    }
    plan.steps.push(step);
  }
  if (file < form.files.length) return refuseField(kind, `${form.files.length - file} ${kind} file(s) no image or pdf source uses`);
  return plan;
}

/** One entry of a bulk stamp's `stamps` array (pdfcpu options as a JSON object). */
interface BulkStampEntry {
  source?: unknown;
  expression?: unknown;
  file?: unknown;
  pages?: unknown;
  options?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/**
 * A bulk stamp (`stamps`: `[{source, expression, file, pages, options}]`, applied in order) as stamp steps:
 * each entry is read as the stamp fields would be, its `file` the `stamp` file of that name. A problem names
 * the field `stamps` and the entry.
 */
export function bulkStampSteps(raw: string, files: StampForm['files']): StampPlan | { problem: FormProblem } {
  if (raw.trim() === '') return refuseField('stamps', 'is required: a JSON array of stamps [{"source", "expression" or "file", …}]');
  let entries: unknown;
  try {
    entries = JSON.parse(raw);
  } catch {
    return refuseField('stamps', 'must be a JSON array of stamps [{"source", "expression" or "file", "pages", "options"}]');
  }
  if (!Array.isArray(entries) || entries.length === 0) return refuseField('stamps', 'must be a JSON array of at least one stamp');
  const byName = new Map<string, StampForm['files'][number]>();
  for (const f of files) {
    if (byName.has(f.name)) return refuseField('stamp', `two stamp files are named ${f.name}: name each one uniquely`);
    byName.set(f.name, f);
  }
  const used = new Set<string>();
  const plan: StampPlan = { steps: [], pdfs: {}, warnings: [] };
  for (const [i, e] of (entries as BulkStampEntry[]).entries()) {
    const entry = (message: string) => refuseField('stamps', `entry ${i}: ${message}`);
    if (typeof e !== 'object' || e === null || Array.isArray(e)) return entry('must be an object {"source", …}');
    const source = text(e.source);
    const name = text(e.file);
    const file = byName.get(name);
    if ((source === 'image' || source === 'pdf') && name === '')
      return entry(`${source === 'image' ? 'an image' : 'a pdf'} stamp names its stamp file in "file"`);
    if ((source === 'image' || source === 'pdf') && !file) return entry(`no stamp file is named ${JSON.stringify(name)}`);
    if (file) used.add(name);
    const options = e.options === undefined || e.options === null ? '' : JSON.stringify(e.options);
    const one = stampSteps('stamp', {
      repeated: new Map([
        ['stampSource', [source]],
        ['stampExpression', [text(e.expression)]],
        ['stampPages', [text(e.pages)]],
        ['stampOptions', [options]],
      ]),
      files: file && (source === 'image' || source === 'pdf') ? [file] : [],
    });
    if ('problem' in one)
      return entry(one.problem.message.replace(/^stamp(\w*): /, (_, k: string) => `${k === '' ? 'file' : k.toLowerCase()}: `));
    const [step] = one.steps;
    // Each entry's PDF page under a key of its own (one call keys its only file 0).
    const pdf = one.pdfs['gotenberg:stamp:0'];
    if (pdf) {
      plan.pdfs[`gotenberg:stamp:${i}`] = pdf;
      step.pdf = { pdfId: `gotenberg:stamp:${i}`, page: 1 };
    }
    plan.steps.push(step);
    plan.warnings.push(...one.warnings.map((w) => w.replace(/^stampOptions\./, `stamps[${i}].options.`)));
  }
  const unused = files.find((f) => !used.has(f.name));
  if (unused) return refuseField('stamp', `no entry of stamps names the stamp file ${unused.name}`);
  return plan;
}
