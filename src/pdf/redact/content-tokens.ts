// A page content stream (ISO 32000-1 § 7.8.2) read as operations: each operator with its operands as values
// and the byte range it covers (from its first operand to the end of the operator), so that a rewrite can
// copy every untouched operation byte for byte. Operands: numbers, names, literal and hex strings (as bytes),
// arrays, dictionaries, booleans and null. An inline image (BI … ID data EI) is one operation `BI` whose
// operand is its dictionary; its data is skipped up to an `EI` that stands alone between white space.

export type Operand = number | boolean | null | { name: string } | { bytes: Uint8Array } | Operand[] | { dict: Map<string, Operand> };

export interface Operation {
  op: string;
  operands: Operand[];
  start: number;
  end: number;
}

const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIM = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const ESCAPES: Record<number, number> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c };

export const isName = (v: Operand | undefined): v is { name: string } => typeof v === 'object' && v !== null && 'name' in v;
export const isBytes = (v: Operand | undefined): v is { bytes: Uint8Array } => typeof v === 'object' && v !== null && 'bytes' in v;

class Reader {
  i = 0;
  constructor(readonly b: Uint8Array) {}

  skipSpace(): void {
    const { b } = this;
    while (this.i < b.length) {
      if (WHITE.has(b[this.i])) this.i++;
      else if (b[this.i] === 0x25) while (this.i < b.length && b[this.i] !== 0x0a && b[this.i] !== 0x0d) this.i++;
      else break;
    }
  }

  word(): string {
    const s = this.i;
    while (this.i < this.b.length && !WHITE.has(this.b[this.i]) && !DELIM.has(this.b[this.i])) this.i++;
    return Buffer.from(this.b.subarray(s, this.i)).toString('latin1');
  }

  literal(): Uint8Array {
    const out: number[] = [];
    const { b } = this;
    let level = 0;
    this.i++;
    while (this.i < b.length) {
      const c = b[this.i++];
      if (c === 0x5c) {
        const e = b[this.i++];
        if (e in ESCAPES) out.push(ESCAPES[e]);
        else if (e >= 0x30 && e <= 0x37) {
          let v = e - 0x30;
          for (let k = 0; k < 2 && b[this.i] >= 0x30 && b[this.i] <= 0x37; k++) v = v * 8 + b[this.i++] - 0x30;
          out.push(v & 0xff);
        } else if (e === 0x0d) {
          if (b[this.i] === 0x0a) this.i++;
        } else if (e !== 0x0a) out.push(e);
      } else if (c === 0x28) {
        level++;
        out.push(c);
      } else if (c === 0x29) {
        if (level-- === 0) break;
        out.push(c);
      } else out.push(c);
    }
    return Uint8Array.from(out);
  }

  hex(): Uint8Array {
    const s = this.i + 1;
    const close = this.b.indexOf(0x3e, s);
    const end = close < 0 ? this.b.length : close;
    this.i = end + 1;
    const digits = Buffer.from(this.b.subarray(s, end))
      .toString('latin1')
      .replace(/[^0-9a-fA-F]/g, '');
    return Uint8Array.from(Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex'));
  }

  /** The next value, or an operator word (`{ op }`), or null at the end. */
  value(): Operand | { op: string } | undefined {
    this.skipSpace();
    const { b } = this;
    if (this.i >= b.length) return undefined;
    const c = b[this.i];
    if (c === 0x28) return { bytes: this.literal() };
    if (c === 0x3c && b[this.i + 1] === 0x3c) return this.dict();
    if (c === 0x3c) return { bytes: this.hex() };
    if (c === 0x2f) {
      this.i++;
      return { name: this.word().replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) };
    }
    if (c === 0x5b) {
      this.i++;
      const arr: Operand[] = [];
      for (;;) {
        this.skipSpace();
        if (this.i >= b.length) return arr;
        if (b[this.i] === 0x5d) {
          this.i++;
          return arr;
        }
        const v = this.value();
        if (v === undefined) return arr;
        if (typeof v === 'object' && v !== null && 'op' in v) continue; // a stray word inside an array
        arr.push(v);
      }
    }
    if (c === 0x5d || c === 0x3e || c === 0x29 || c === 0x7b || c === 0x7d) {
      this.i++;
      return { op: String.fromCharCode(c) };
    }
    const w = this.word();
    if (w === 'true' || w === 'false') return w === 'true';
    if (w === 'null') return null;
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(w)) return Number(w);
    return { op: w };
  }

  dict(): Operand {
    this.i += 2;
    const map = new Map<string, Operand>();
    for (;;) {
      this.skipSpace();
      if (this.i >= this.b.length) break;
      if (this.b[this.i] === 0x3e && this.b[this.i + 1] === 0x3e) {
        this.i += 2;
        break;
      }
      const k = this.value();
      const v = this.value();
      if (k === undefined || v === undefined) break;
      if (isName(k as Operand) && !(typeof v === 'object' && v !== null && 'op' in v)) map.set((k as { name: string }).name, v as Operand);
    }
    return { dict: map };
  }

  /** Skips an inline image's data after ID up to an EI between white space. */
  inlineImageEnd(): void {
    const { b } = this;
    this.i++; // the single white-space byte after ID
    for (; this.i < b.length - 1; this.i++)
      if (
        b[this.i] === 0x45 &&
        b[this.i + 1] === 0x49 &&
        WHITE.has(b[this.i - 1]) &&
        (this.i + 2 >= b.length || WHITE.has(b[this.i + 2]))
      ) {
        this.i += 2;
        return;
      }
    this.i = b.length;
  }
}

/** The operations of decoded content, in order. */
export function readOperations(bytes: Uint8Array): Operation[] {
  const r = new Reader(bytes);
  const ops: Operation[] = [];
  let operands: Operand[] = [];
  let start = -1;
  for (;;) {
    r.skipSpace();
    const at = r.i;
    const v = r.value();
    if (v === undefined) break;
    if (start < 0) start = at;
    if (typeof v === 'object' && v !== null && 'op' in v) {
      if (v.op === 'BI') {
        const dict = new Map<string, Operand>();
        for (;;) {
          const k = r.value();
          if (k === undefined || (typeof k === 'object' && k !== null && 'op' in k && k.op === 'ID')) break;
          const val = r.value();
          if (isName(k as Operand) && val !== undefined && !(typeof val === 'object' && val !== null && 'op' in val))
            dict.set((k as { name: string }).name, val as Operand);
        }
        r.inlineImageEnd();
        ops.push({ op: 'BI', operands: [{ dict }], start, end: r.i });
      } else ops.push({ op: v.op, operands, start, end: r.i });
      operands = [];
      start = -1;
    } else operands.push(v);
  }
  return ops;
}

/** An operand written back as content-stream syntax. */
export function writeOperand(v: Operand): string {
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Number(v.toFixed(6)));
  if (typeof v === 'boolean') return String(v);
  if (v === null) return 'null';
  if (Array.isArray(v)) return `[${v.map(writeOperand).join(' ')}]`;
  if ('name' in v) return `/${v.name.replace(/[^!-~]|[()<>[\]{}/%#]/g, (c) => `#${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}`;
  if ('bytes' in v) return `<${Buffer.from(v.bytes).toString('hex')}>`;
  return `<<${[...v.dict].map(([k, x]) => `${writeOperand({ name: k })} ${writeOperand(x)}`).join(' ')}>>`;
}
