// What each page of a PDF uses, as Folio's PDF/A checks (validate.ts) need it: the fonts its text is set in,
// the graphics states, XObjects, device colour spaces it paints with, and its inline images' filters. Read
// from the content streams (validate-content.ts) of the page, of the Form XObjects and tiling patterns they
// paint (each read once, depth-bounded) and of the annotations' normal appearances, so a resource a page
// lists but never uses is not held against it, as veraPDF (the reference validator) judges. Simplified: a
// Form XObject's content starts with no known colour (what it inherits from where it is painted is not
// followed); text render modes decide fill or stroke; Type 3 glyph procedures are not read. Not a validator.
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFStream, decodePDFRawStream } from '@cantoo/pdf-lib';
import type { PDFContext, PDFObject } from '@cantoo/pdf-lib';
import { inlineImageDict, scanOperators, type Operand } from './validate-content.js';

const N = PDFName.of;

export type DeviceFamily = 'RGB' | 'CMYK' | 'Gray';

/** What a content stream (and everything it paints) uses. */
export interface Usage {
  fonts: Set<PDFDict>;
  extGStates: Set<PDFDict>;
  /** Every XObject painted, Form XObjects' own ones included. */
  xobjects: Set<PDFStream>;
  device: Set<DeviceFamily>;
  /** Filter names (without slash) of inline images. */
  inlineFilters: Set<string>;
  inlineInterpolate: boolean;
}

/** Decoded content bytes read at most (all streams of the document); past it the reading stops, saying so. */
export const MAX_CONTENT_BYTES = 256 * 1024 * 1024;
const MAX_DEPTH = 16;

const emptyUsage = (): Usage => ({
  fonts: new Set(),
  extGStates: new Set(),
  xobjects: new Set(),
  device: new Set(),
  inlineFilters: new Set(),
  inlineInterpolate: false,
});

function merge(into: Usage, from: Usage): void {
  for (const k of ['fonts', 'extGStates', 'xobjects', 'device', 'inlineFilters'] as const)
    for (const v of from[k] as Set<never>) (into[k] as Set<never>).add(v);
  into.inlineInterpolate ||= from.inlineInterpolate;
}

const DEVICE_NAMES: Record<string, DeviceFamily> = {
  DeviceRGB: 'RGB',
  RGB: 'RGB',
  DeviceCMYK: 'CMYK',
  CMYK: 'CMYK',
  DeviceGray: 'Gray',
  G: 'Gray',
};

/**
 * The device colour families a colour space paints with: itself, an Indexed or Pattern space's base, a
 * Separation or DeviceN space's alternate; a name not a device space is looked up in `resources`.
 */
export function deviceFamilies(ctx: PDFContext, cs: PDFObject | undefined, resources?: PDFDict, depth = 0): DeviceFamily[] {
  const o = cs instanceof PDFRef ? ctx.lookup(cs) : cs;
  if (depth > 4 || o === undefined) return [];
  if (o instanceof PDFName) {
    const name = o.decodeText();
    if (DEVICE_NAMES[name]) return [DEVICE_NAMES[name]];
    const named = resources?.lookupMaybe(N('ColorSpace'), PDFDict)?.get(N(name));
    return named ? deviceFamilies(ctx, named, undefined, depth + 1) : [];
  }
  if (!(o instanceof PDFArray) || o.size() === 0) return [];
  const family = o.lookup(0);
  const kind = family instanceof PDFName ? family.decodeText() : '';
  if (DEVICE_NAMES[kind] && o.size() === 1) return [DEVICE_NAMES[kind]];
  if (kind === 'Indexed' || kind === 'I' || kind === 'Pattern') return deviceFamilies(ctx, o.get(1), resources, depth + 1);
  if (kind === 'Separation' || kind === 'DeviceN') return deviceFamilies(ctx, o.get(2), resources, depth + 1);
  return [];
}

/** The families a resource dictionary's DefaultRGB/DefaultCMYK/DefaultGray entries make device independent. */
function defaultsOf(resources: PDFDict | undefined): DeviceFamily[] {
  const spaces = resources?.lookupMaybe(N('ColorSpace'), PDFDict);
  if (!spaces) return [];
  return (['RGB', 'CMYK', 'Gray'] as const).filter((f) => spaces.has(N(`Default${f}`)));
}

interface Colour {
  fill: DeviceFamily | null;
  stroke: DeviceFamily | null;
  textMode: number;
}

/** Reads content streams once each, within MAX_CONTENT_BYTES, memoising Form XObjects and patterns. */
export class UsageReader {
  readonly #memo = new Map<PDFStream, Usage>();
  readonly #busy = new Set<PDFStream>();
  #bytes = 0;
  /** Whether content was left unread because MAX_CONTENT_BYTES was reached. */
  stopped = false;

  constructor(private readonly ctx: PDFContext) {}

  /** The usage of a page's or an appearance's content streams (which start in the default graphics state). */
  read(streams: PDFObject[], resources: PDFDict | undefined): Usage {
    const parts: Uint8Array[] = [];
    for (const s of streams) {
      const bytes = this.#decode(this.ctx.lookup(s));
      if (bytes) parts.push(bytes, Buffer.from(' '));
    }
    return this.#scan(Buffer.concat(parts), resources, 'Gray', 0);
  }

  #decode(s: PDFObject | undefined): Uint8Array | null {
    if (this.stopped || !(s instanceof PDFStream)) return null;
    let bytes: Uint8Array;
    try {
      bytes = s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : s.getContents();
    } catch {
      return null; // an undecodable stream: nothing this reader can judge
    }
    this.#bytes += bytes.length;
    if (this.#bytes > MAX_CONTENT_BYTES) {
      this.stopped = true;
      return null;
    }
    return bytes;
  }

  /** A Form XObject's or tiling pattern's usage, read once. */
  #stream(s: PDFStream, parentResources: PDFDict | undefined, depth: number): Usage {
    const known = this.#memo.get(s);
    if (known) return known;
    if (this.#busy.has(s) || depth > MAX_DEPTH) return emptyUsage();
    this.#busy.add(s);
    const resources = s.dict.lookupMaybe(N('Resources'), PDFDict) ?? parentResources;
    const bytes = this.#decode(s);
    const usage = bytes ? this.#scan(bytes, resources, null, depth + 1) : emptyUsage();
    this.#busy.delete(s);
    this.#memo.set(s, usage);
    return usage;
  }

  #scan(bytes: Uint8Array, resources: PDFDict | undefined, initial: DeviceFamily | null, depth: number): Usage {
    const own = emptyUsage();
    const nested = emptyUsage();
    const stack: Colour[] = [];
    let colour: Colour = { fill: initial, stroke: initial, textMode: 0 };
    const paint = (fill: boolean, stroke: boolean) => {
      if (fill && colour.fill) own.device.add(colour.fill);
      if (stroke && colour.stroke) own.device.add(colour.stroke);
    };
    scanOperators(bytes, (op, args) => {
      if (op === 'q') stack.push({ ...colour });
      else if (op === 'Q') colour = stack.pop() ?? colour;
      else if (!this.#colourOperator(op, args, colour, resources, own, nested, depth))
        this.#otherOperator(op, args, { colour, paint, resources, own, nested, depth });
    });
    for (const f of defaultsOf(resources)) own.device.delete(f);
    merge(own, nested);
    return own;
  }

  /** Handles a colour-setting operator; false when `op` is not one. */
  #colourOperator(op: string, args: Operand[], c: Colour, resources: PDFDict | undefined, own: Usage, nested: Usage, depth: number) {
    const set: Record<string, ['fill' | 'stroke', DeviceFamily]> = {
      rg: ['fill', 'RGB'],
      RG: ['stroke', 'RGB'],
      k: ['fill', 'CMYK'],
      K: ['stroke', 'CMYK'],
      g: ['fill', 'Gray'],
      G: ['stroke', 'Gray'],
    };
    if (set[op]) {
      const [which, family] = set[op];
      if (which === 'fill') c.fill = family;
      else c.stroke = family;
      return true;
    }
    if (op === 'cs' || op === 'CS') {
      const name = args[0];
      const families = typeof name === 'string' ? deviceFamilies(this.ctx, N(name.slice(1)), resources) : [];
      const families1 = families.length === 1 ? families[0] : null;
      if (op === 'cs') c.fill = families1;
      else c.stroke = families1;
      // Several families (a DeviceN with a device alternate inside an Indexed space): count them at once.
      if (families.length > 1) for (const f of families) own.device.add(f);
      return true;
    }
    if ((op === 'scn' || op === 'SCN') && typeof args.at(-1) === 'string') {
      const pattern = resources?.lookupMaybe(N('Pattern'), PDFDict)?.lookup(N((args.at(-1) as string).slice(1)));
      if (pattern instanceof PDFStream) merge(nested, this.#stream(pattern, resources, depth));
      else if (pattern instanceof PDFDict)
        for (const f of deviceFamilies(this.ctx, pattern.lookupMaybe(N('Shading'), PDFDict)?.get(N('ColorSpace')))) own.device.add(f);
      return true;
    }
    return false;
  }

  #otherOperator(
    op: string,
    args: Operand[],
    s: {
      colour: Colour;
      paint: (fill: boolean, stroke: boolean) => void;
      resources: PDFDict | undefined;
      own: Usage;
      nested: Usage;
      depth: number;
    },
  ): void {
    const { colour, paint, resources, own } = s;
    const name = typeof args[0] === 'string' ? args[0].slice(1) : null;
    const resource = (kind: string) => (name === null ? undefined : resources?.lookupMaybe(N(kind), PDFDict)?.lookup(N(name)));
    if (op === 'f' || op === 'F' || op === 'f*') paint(true, false);
    else if (op === 'S' || op === 's') paint(false, true);
    else if (op === 'B' || op === 'B*' || op === 'b' || op === 'b*') paint(true, true);
    else if (op === 'Tj' || op === 'TJ' || op === "'" || op === '"') {
      const m = colour.textMode % 4;
      paint(m === 0 || m === 2, m === 1 || m === 2);
    } else if (op === 'Tr' && typeof args[0] === 'number') colour.textMode = args[0];
    else if (op === 'Tf') {
      const font = resource('Font');
      if (font instanceof PDFDict) own.fonts.add(font);
    } else if (op === 'gs') {
      const gs = resource('ExtGState');
      if (gs instanceof PDFDict) own.extGStates.add(gs);
    } else if (op === 'sh') {
      const sh = resource('Shading');
      const dict = sh instanceof PDFStream ? sh.dict : sh instanceof PDFDict ? sh : undefined;
      for (const f of deviceFamilies(this.ctx, dict?.get(N('ColorSpace')), resources)) own.device.add(f);
    } else if (op === 'Do') {
      const x = resource('XObject');
      if (x instanceof PDFStream) this.#paintXObject(x, s);
    } else if (op === 'ID') this.#inlineImage(args, s);
  }

  #paintXObject(x: PDFStream, s: { colour: Colour; resources: PDFDict | undefined; own: Usage; nested: Usage; depth: number }) {
    s.own.xobjects.add(x);
    const subtype = x.dict.get(N('Subtype'));
    if (subtype === N('Form')) merge(s.nested, this.#stream(x, s.resources, s.depth));
    else if (subtype === N('Image')) {
      if (x.dict.get(N('ImageMask'))?.toString() === 'true') {
        if (s.colour.fill) s.own.device.add(s.colour.fill);
      } else for (const f of deviceFamilies(this.ctx, x.dict.get(N('ColorSpace')), s.resources)) s.own.device.add(f);
    }
  }

  #inlineImage(args: Operand[], s: { colour: Colour; resources: PDFDict | undefined; own: Usage }) {
    const d = inlineImageDict(args);
    const filter = d.get('F') ?? d.get('Filter');
    for (const f of Array.isArray(filter) ? filter : typeof filter === 'string' ? [filter] : []) s.own.inlineFilters.add(f.slice(1));
    if ((d.get('I') ?? d.get('Interpolate')) === true) s.own.inlineInterpolate = true;
    const mask = (d.get('IM') ?? d.get('ImageMask')) === true;
    const cs = d.get('CS') ?? d.get('ColorSpace');
    if (mask && s.colour.fill) s.own.device.add(s.colour.fill);
    else if (typeof cs === 'string') for (const f of deviceFamilies(this.ctx, N(cs.slice(1)), s.resources)) s.own.device.add(f);
  }
}

/** A page's resources, inherited from its ancestors in the page tree when it has none of its own. */
export function pageResources(page: PDFDict): PDFDict | undefined {
  let node: PDFDict | undefined = page;
  for (let i = 0; node && i < 32; i++) {
    const r = node.lookupMaybe(N('Resources'), PDFDict);
    if (r) return r;
    node = node.lookupMaybe(N('Parent'), PDFDict);
  }
  return undefined;
}

/** The normal appearance streams of an annotation (one stream, or one per state). */
export function normalAppearances(ctx: PDFContext, annot: PDFDict): PDFStream[] {
  const n = annot.lookupMaybe(N('AP'), PDFDict)?.lookup(N('N'));
  if (n instanceof PDFStream) return [n];
  if (n instanceof PDFDict)
    return n.values().flatMap((v) => {
      const s = ctx.lookup(v);
      return s instanceof PDFStream ? [s] : [];
    });
  return [];
}

export const numberOf = (o: PDFObject | undefined) => (o instanceof PDFNumber ? o.asNumber() : undefined);
