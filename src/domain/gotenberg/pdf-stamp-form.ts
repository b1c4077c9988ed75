// Gotenberg's stamp and watermark fields (`stampSource`, `stampExpression`, `stampPages`, `stampOptions`,
// repeatable, and the `stamp` files) as Folio stamp steps. Gotenberg hands the options to pdfcpu; Folio
// honours the ones it has a stamp property for and names the others in a warning (they are cosmetic: the
// stamp is still drawn). Pure: no I/O.
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
