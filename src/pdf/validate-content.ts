// The content-stream reader of Folio's PDF/A checks (validate.ts; not a validator — veraPDF is the
// reference): a tokenizer of the content stream syntax (ISO 32000-1 § 7.8.2) that hands each operator to a
// callback with its operands, simplified to what the checks ask about: names ("/F1"), numbers, booleans,
// arrays as the names they hold (a filter array), and null for strings, dictionaries and null. Comments are skipped; an inline
// image's key/value pairs are the operands of its ID operator, and its binary data is skipped up to EI. The
// same syntax rules as ua/ua-content.ts, which only counts marked content.

/** An operand as the checks see it: a name with its slash, a number, a boolean, an array's names, or null (anything else). */
export type Operand = string | number | boolean | string[] | null;

const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIM = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
/** Operands kept per operator at most (no operator takes more; an inline image dictionary has a dozen). */
const MAX_OPERANDS = 64;

/** The position after a literal string starting at `i` (nesting parentheses, backslash escapes). */
function skipString(bytes: Uint8Array, i: number): number {
  let level = 0;
  for (; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x5c) i++;
    else if (b === 0x28) level++;
    else if (b === 0x29 && --level === 0) return i + 1;
  }
  return bytes.length;
}

/** The position after an inline image's data: past the first `EI` between white space after `ID`. */
function skipInlineImage(bytes: Uint8Array, from: number): number {
  for (let i = from; i + 1 < bytes.length; i++)
    if (
      bytes[i] === 0x45 &&
      bytes[i + 1] === 0x49 &&
      WHITE.has(bytes[i - 1]) &&
      (i + 2 >= bytes.length || WHITE.has(bytes[i + 2]) || DELIM.has(bytes[i + 2]))
    )
      return i + 2;
  return bytes.length;
}

/** A name's text after `/`, with #xx escapes decoded; `end` is the position after it. */
function readName(bytes: Uint8Array, start: number): { name: string; end: number } {
  let i = start;
  while (i < bytes.length && !WHITE.has(bytes[i]) && !DELIM.has(bytes[i])) i++;
  const raw = Buffer.from(bytes.subarray(start, i)).toString('latin1');
  return { name: raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), end: i };
}

/**
 * Calls `onOperator(operator, operands)` for each operator of `bytes` (decoded content), in order. The
 * operands array is fresh for each call.
 */
export function scanOperators(bytes: Uint8Array, onOperator: (operator: string, operands: Operand[]) => void): void {
  let operands: Operand[] = [];
  let array: string[] | null = null;
  let arrayDepth = 0;
  let dictDepth = 0;
  const push = (v: Operand) => {
    if (dictDepth > 0) return;
    if (arrayDepth > 0) {
      if (typeof v === 'string') array?.push(v);
    } else if (operands.length < MAX_OPERANDS) operands.push(v);
  };
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const c = bytes[i];
    if (WHITE.has(c)) i++;
    else if (c === 0x25) while (i < n && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    else if (c === 0x28) {
      i = skipString(bytes, i);
      push(null);
    } else if (c === 0x3c && bytes[i + 1] === 0x3c) {
      dictDepth++;
      i += 2;
    } else if (c === 0x3e && bytes[i + 1] === 0x3e) {
      i += 2;
      if (dictDepth > 0 && --dictDepth === 0) push(null);
    } else if (c === 0x3c) {
      while (i < n && bytes[i] !== 0x3e) i++;
      i++;
      push(null);
    } else if (c === 0x5b) {
      if (arrayDepth++ === 0) array = [];
      i++;
    } else if (c === 0x5d) {
      i++;
      if (arrayDepth > 0 && --arrayDepth === 0) {
        const done = array ?? [];
        array = null;
        push(done);
      }
    } else if (c === 0x2f) {
      const { name, end } = readName(bytes, i + 1);
      i = end;
      push(`/${name}`);
    } else if (DELIM.has(c)) i++;
    else {
      const start = i;
      while (i < n && !WHITE.has(bytes[i]) && !DELIM.has(bytes[i])) i++;
      const token = Buffer.from(bytes.subarray(start, Math.min(i, start + 32))).toString('latin1');
      if (NUMBER.test(token)) push(Number(token));
      else if (token === 'true' || token === 'false') push(token === 'true');
      else if (token === 'null' || dictDepth > 0 || arrayDepth > 0) push(null);
      else {
        onOperator(token, operands);
        operands = [];
        if (token === 'ID') i = skipInlineImage(bytes, i + 1);
      }
    }
  }
}

/** An inline image's dictionary (the operands of its ID operator) as key → value, abbreviations kept. */
export function inlineImageDict(operands: Operand[]): Map<string, Operand> {
  const out = new Map<string, Operand>();
  for (let k = 0; k + 1 < operands.length; k += 2) {
    const key = operands[k];
    if (typeof key === 'string') out.set(key.slice(1), operands[k + 1]);
  }
  return out;
}
