// Reads a page content stream for one question of PDF/UA-1 (Matterhorn 01-005): is anything painted outside
// marked content, i.e. neither tagged as real content nor marked as an artifact? A tokenizer of the content
// stream syntax (ISO 32000-1 § 7.8.2): strings, hex strings, names, arrays, dictionaries and inline images
// are skipped as operands; BMC/BDC open a marked-content sequence, EMC closes one; the painting operators
// (text showing, XObjects, shadings, inline images, path painting) are counted where no sequence is open.
// An approximation, stated in docs/pdf.md: it does not follow a Form XObject's own content (the Do that
// paints it is what is judged) and does not ask whether a sequence's tag is connected to the structure tree.

/** Operators that paint something on the page (a clipping path ended by `n` paints nothing). */
const PAINTING = new Set(['Tj', 'TJ', "'", '"', 'Do', 'sh', 'BI', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'S', 's']);

const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIM = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

export interface ContentScan {
  /** Painting operators outside any marked-content sequence. */
  untagged: number;
  /** Marked-content sequences opened (BMC/BDC). */
  markedSequences: number;
}

/** Scans one page's decoded content (all of its streams, concatenated with a space between them). */
export function scanContent(bytes: Uint8Array): ContentScan {
  let depth = 0;
  let untagged = 0;
  let markedSequences = 0;
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const c = bytes[i];
    if (WHITE.has(c)) {
      i++;
    } else if (c === 0x25) {
      // % comment to the end of the line
      while (i < n && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    } else if (c === 0x28) {
      // (literal string), nesting parentheses, backslash escapes
      let level = 0;
      for (; i < n; i++) {
        const b = bytes[i];
        if (b === 0x5c) i++;
        else if (b === 0x28) level++;
        else if (b === 0x29 && --level === 0) break;
      }
      i++;
    } else if ((c === 0x3c && bytes[i + 1] === 0x3c) || (c === 0x3e && bytes[i + 1] === 0x3e)) {
      i += 2; // << or >> of a dictionary operand
    } else if (c === 0x3c) {
      // <hex string>
      while (i < n && bytes[i] !== 0x3e) i++;
      i++;
    } else if (DELIM.has(c)) {
      // << >> [ ] { } and the / of a name: the name's characters are read as a regular token below
      i++;
      if (c === 0x2f) while (i < n && !WHITE.has(bytes[i]) && !DELIM.has(bytes[i])) i++;
    } else {
      const start = i;
      while (i < n && !WHITE.has(bytes[i]) && !DELIM.has(bytes[i])) i++;
      const token = String.fromCharCode(...bytes.subarray(start, Math.min(i, start + 4)));
      if (i - start > 3) continue; // numbers and longer words are operands; operators are 1–3 characters
      if (token === 'BMC' || token === 'BDC') {
        depth++;
        markedSequences++;
      } else if (token === 'EMC') {
        depth = Math.max(0, depth - 1);
      } else if (PAINTING.has(token) && depth === 0) {
        untagged++;
      }
      if (token === 'ID') i = endOfInlineImage(bytes, i + 1);
    }
  }
  return { untagged, markedSequences };
}

/** The position after an inline image's data: the first `EI` between white space after `ID`. */
function endOfInlineImage(bytes: Uint8Array, from: number): number {
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
