// Redaction's pass over a content stream: the operations are followed with the graphics and text state
// (ISO 32000-1 § 8.4, § 9.3, § 9.4.4) to place every glyph, image and path on the page, and the stream is
// written again without what is to go. A removed glyph becomes a TJ adjustment of its own advance, so the
// text after it keeps its place; an image entirely within an area is removed and one partly within is
// replaced by a copy with those pixels painted over (redact-images.ts); a path that lies entirely within an
// area is removed (a larger one, a table's frame, stays under the box drawn over it); an inline image that
// touches an area is removed. Form XObjects that reach an area are filtered the same way, into a copy. Every
// operation left alone is copied byte for byte.
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, decodePDFRawStream, type PDFContext } from '@cantoo/pdf-lib';
import { readOperations, isBytes, isName, writeOperand, type Operand, type Operation } from './content-tokens.js';
import { glyphFont, type GlyphFont } from './font-glyphs.js';
import { apply, boundsOf, IDENTITY, inside, intersects, mapRect, times, type Matrix, type Rect } from './geometry.js';

const N = PDFName.of;

export interface PlacedGlyph {
  /** Stable across passes: the form path, the operation's index and the glyph's index in it. */
  key: string;
  text: string;
  box: Rect;
  /** The font size in user space (for telling words apart). */
  size: number;
}

export interface FilterRules {
  /** Whether the glyph goes (a scan answers false and keeps the glyphs it is shown). */
  glyph(g: PlacedGlyph): boolean;
  /** Where images, paths and forms are redacted (user space of the page). */
  areas: Rect[];
  /** Forms are followed even outside the areas (a text search reads every glyph). */
  everyForm: boolean;
  /** A blanked copy of an image partly within the areas, by its new resource name; null: remove the image. */
  partialImage(image: PDFRawStream, ctm: Matrix, resources: PDFDict): Promise<string | null>;
  /** Registers a filtered copy of a form in `resources`: its new name. */
  formCopy(form: PDFRawStream, content: Uint8Array, resources: PDFDict): string;
}

interface State {
  ctm: Matrix;
  font: GlyphFont | null;
  size: number;
  tc: number;
  tw: number;
  th: number;
  tl: number;
  rise: number;
}

const nums = (ops: Operand[]) => ops.map((o) => (typeof o === 'number' ? o : 0));

/** The content bytes of a page or form (several streams joined by a newline). */
export function contentBytes(contents: unknown, ctx: PDFContext): Uint8Array {
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => ctx.lookup(r)) : [contents];
  const parts: Buffer[] = [];
  for (const s of streams) if (s instanceof PDFRawStream) parts.push(Buffer.from(decodePDFRawStream(s).decode()), Buffer.from('\n'));
  return Buffer.concat(parts);
}

class Walker {
  out: string[] = [];
  changed = false;
  gs: State;
  stack: State[] = [];
  tm: Matrix = IDENTITY;
  tlm: Matrix = IDENTITY;
  fonts = new Map<string, GlyphFont | null>();
  path: { from: number; pts: Array<[number, number]>; clip: boolean } | null = null;

  constructor(
    readonly bytes: Uint8Array,
    readonly resources: PDFDict | undefined,
    ctm: Matrix,
    readonly rules: FilterRules,
    readonly prefix: string,
  ) {
    this.gs = { ctm, font: null, size: 0, tc: 0, tw: 0, th: 1, tl: 0, rise: 0 };
  }

  resource(kind: string, name: string): unknown {
    const dict = this.resources?.lookup(N(kind));
    return dict instanceof PDFDict ? dict.lookup(N(name)) : undefined;
  }

  fontNamed(name: string): GlyphFont | null {
    if (!this.fonts.has(name)) {
      const f = this.resource('Font', name);
      this.fonts.set(name, f instanceof PDFDict ? glyphFont(f) : null);
    }
    return this.fonts.get(name)!;
  }

  keep(op: Operation): void {
    this.out.push(Buffer.from(this.bytes.subarray(op.start, op.end)).toString('latin1'));
  }

  /** Places the glyphs of shown strings and numbers; the TJ array to write when some go, else null. */
  show(items: Operand[], key: string): Operand[] | null {
    const { gs } = this;
    const out: Operand[] = [];
    let removed = false;
    let n = 0;
    // The glyphs move along the text matrix's x axis only: Trm = [size·Th 0 0 size x rise] × Tm × CTM.
    const placed = times(this.tm, gs.ctm);
    const [descent, ascent] = [(gs.font?.descent ?? -250) / 1000, (gs.font?.ascent ?? 900) / 1000];
    let x = 0;
    for (const item of items) {
      if (typeof item === 'number') {
        x += (-item / 1000) * gs.size * gs.th;
        out.push(item);
        continue;
      }
      if (!isBytes(item)) continue;
      const glyphs = gs.font
        ? gs.font.glyphs(item.bytes)
        : Array.from(item.bytes, (c, i) => ({ bytes: item.bytes.subarray(i, i + 1), code: c, width: 0, text: '' }));
      let run: number[] = [];
      const flush = () => {
        if (run.length) out.push({ bytes: Uint8Array.from(run) });
        run = [];
      };
      for (const g of glyphs) {
        const space = g.bytes.length === 1 && g.code === 32 ? gs.tw : 0;
        const trm = times([gs.size * gs.th, 0, 0, gs.size, x, gs.rise], placed);
        const box = mapRect(trm, { x0: 0, y0: descent, x1: g.width / 1000, y1: ascent });
        const goes = this.rules.glyph({ key: `${key}.${n++}`, text: g.text, box, size: Math.hypot(trm[2], trm[3]) });
        if (goes) {
          flush();
          removed = true;
          out.push(gs.size !== 0 ? -(g.width + ((gs.tc + space) * 1000) / gs.size) : 0);
        } else for (const byte of g.bytes) run.push(byte);
        x += ((g.width / 1000) * gs.size + gs.tc + space) * gs.th;
      }
      flush();
    }
    this.tm = times([1, 0, 0, 1, x, 0], this.tm);
    return removed ? out : null;
  }

  nextLine(): void {
    this.tlm = times([1, 0, 0, 1, 0, -this.gs.tl], this.tlm);
    this.tm = this.tlm;
  }

  async xobject(op: Operation, name: string, index: number): Promise<void> {
    const x = this.resource('XObject', name);
    if (!(x instanceof PDFRawStream) || !this.resources) return this.keep(op);
    const subtype = x.dict.lookup(N('Subtype'));
    const { areas } = this.rules;
    if (subtype === N('Image')) {
      const box = mapRect(this.gs.ctm, { x0: 0, y0: 0, x1: 1, y1: 1 });
      if (!areas.some((a) => intersects(box, a))) return this.keep(op);
      this.changed = true;
      if (areas.some((a) => inside(box, a))) return;
      const copy = await this.rules.partialImage(x, this.gs.ctm, this.resources);
      if (copy) this.out.push(`/${copy} Do`);
      return;
    }
    if (subtype !== N('Form')) return this.keep(op);
    const m = x.dict.lookup(N('Matrix'));
    const matrix =
      m instanceof PDFArray && m.size() === 6 ? (m.asArray().map((v) => (v instanceof PDFNumber ? v.asNumber() : 0)) as Matrix) : IDENTITY;
    const ctm = times(matrix, this.gs.ctm);
    const bb = x.dict.lookup(N('BBox'));
    const b = bb instanceof PDFArray ? bb.asArray().map((v) => (v instanceof PDFNumber ? v.asNumber() : 0)) : [0, 0, 0, 0];
    const box = mapRect(ctm, { x0: Math.min(b[0], b[2]), y0: Math.min(b[1], b[3]), x1: Math.max(b[0], b[2]), y1: Math.max(b[1], b[3]) });
    if (!this.rules.everyForm && !areas.some((a) => intersects(box, a))) return this.keep(op);
    const own = x.dict.lookup(N('Resources'));
    const res = own instanceof PDFDict ? own : this.resources;
    const r = await filterContent(decodePDFRawStream(x).decode(), res, ctm, this.rules, `${this.prefix}${index}/`);
    if (!r.changed) return this.keep(op);
    this.changed = true;
    this.out.push(`/${this.rules.formCopy(x, r.bytes, this.resources)} Do`);
  }

  pathOp(op: Operation): void {
    const v = nums(op.operands);
    const at = (x: number, y: number) => apply(this.gs.ctm, x, y);
    this.path ??= { from: this.out.length, pts: [], clip: false };
    if (op.op === 're') this.path.pts.push(at(v[0], v[1]), at(v[0] + v[2], v[1] + v[3]), at(v[0] + v[2], v[1]), at(v[0], v[1] + v[3]));
    else if (op.op !== 'h') for (let k = 0; k + 1 < v.length; k += 2) this.path.pts.push(at(v[k], v[k + 1]));
    this.keep(op);
  }

  paint(op: Operation): void {
    const p = this.path;
    this.path = null;
    if (!p || p.clip || op.op === 'n' || p.pts.length === 0) return this.keep(op);
    const box = boundsOf(p.pts);
    if (!this.rules.areas.some((a) => inside(box, a))) return this.keep(op);
    this.out.length = p.from;
    this.changed = true;
  }

  /** The graphics and text state operators (true: `op` was one). */
  state(op: Operation): boolean {
    const o = op.operands;
    const v = nums(o);
    switch (op.op) {
      case 'q':
        this.stack.push({ ...this.gs });
        return true;
      case 'Q':
        this.gs = this.stack.pop() ?? this.gs;
        return true;
      case 'cm':
        this.gs.ctm = times(v as Matrix, this.gs.ctm);
        return true;
      case 'BT':
        this.tm = this.tlm = IDENTITY;
        return true;
      case 'Tf':
        this.gs.font = isName(o[0]) ? this.fontNamed(o[0].name) : null;
        this.gs.size = v[1] ?? 0;
        return true;
      case 'Tc':
      case 'Tw':
      case 'Tz':
      case 'TL':
      case 'Ts':
        if (op.op === 'Tz') this.gs.th = v[0] / 100;
        else this.gs[({ Tc: 'tc', Tw: 'tw', TL: 'tl', Ts: 'rise' } as const)[op.op]] = v[0];
        return true;
      case 'Td':
      case 'TD':
        if (op.op === 'TD') this.gs.tl = -v[1];
        this.tlm = times([1, 0, 0, 1, v[0], v[1]], this.tlm);
        this.tm = this.tlm;
        return true;
      case 'Tm':
        this.tm = this.tlm = v as Matrix;
        return true;
      case 'T*':
        this.nextLine();
        return true;
    }
    return false;
  }

  async run(): Promise<void> {
    const ops = readOperations(this.bytes);
    for (const [i, op] of ops.entries()) {
      const o = op.operands;
      const v = nums(o);
      const key = `${this.prefix}${i}`;
      if (this.state(op)) {
        this.keep(op);
        continue;
      }
      switch (op.op) {
        case 'Tj':
        case 'TJ':
        case "'":
        case '"': {
          let pre = '';
          if (op.op === '"') {
            [this.gs.tw, this.gs.tc] = [v[0], v[1]];
            pre = `${writeOperand(v[0])} Tw ${writeOperand(v[1])} Tc T* `;
          }
          if (op.op === "'" || op.op === '"') {
            this.nextLine();
            pre ||= 'T* ';
          }
          const shown = op.op === 'TJ' ? (Array.isArray(o[0]) ? o[0] : []) : [o[o.length - 1]];
          const tj = this.show(shown, key);
          if (tj) {
            this.changed = true;
            this.out.push(`${pre}${writeOperand(tj)} TJ`);
          } else this.keep(op);
          continue;
        }
        case 'Do':
          if (isName(o[0])) {
            await this.xobject(op, o[0].name, i);
            continue;
          }
          break;
        case 'BI': {
          const box = mapRect(this.gs.ctm, { x0: 0, y0: 0, x1: 1, y1: 1 });
          if (this.rules.areas.some((a) => intersects(box, a))) {
            this.changed = true;
            continue;
          }
          break;
        }
        case 'm':
        case 'l':
        case 'c':
        case 'v':
        case 'y':
        case 're':
        case 'h':
          this.pathOp(op);
          continue;
        case 'W':
        case 'W*':
          if (this.path) this.path.clip = true;
          break;
        case 'S':
        case 's':
        case 'f':
        case 'F':
        case 'f*':
        case 'B':
        case 'B*':
        case 'b':
        case 'b*':
        case 'n':
          this.paint(op);
          continue;
      }
      this.keep(op);
    }
  }
}

/** The content without what the rules remove (`changed`: whether anything went). */
export async function filterContent(
  bytes: Uint8Array,
  resources: PDFDict | undefined,
  ctm: Matrix,
  rules: FilterRules,
  prefix = '',
): Promise<{ bytes: Uint8Array; changed: boolean }> {
  const w = new Walker(bytes, resources, ctm, rules, prefix);
  await w.run();
  return { bytes: w.changed ? Buffer.from(w.out.join('\n'), 'latin1') : bytes, changed: w.changed };
}
