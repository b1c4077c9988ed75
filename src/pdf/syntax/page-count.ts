// Counts the pages of a PDF while it streams past, without keeping it. A small PDF lexer (pdf-lexer.ts)
// follows the objects: it skips stream data by /Length and ignores everything inside strings and comments
// (a document titled "/Type /Pages /Count 999" must not change the count). This reader remembers each
// /Type /Pages node's /Count and the catalog's /Pages reference, and at the end answers the root page
// tree's /Count (the catalog named by the last trailer or cross-reference stream's /Root).
//
// Objects inside PDF 1.5 object streams are read like top-level ones (pdf-object-stream.ts). When an
// object stream cannot be read (another filter, too large, not inflating), the count falls back to the
// largest /Count seen outside object streams, then to the number of /Type /Page objects (0 if both are
// only inside such a stream).
import { PdfLexer } from './pdf-lexer.js';
import { ObjectStream } from './pdf-object-stream.js';

interface DictState {
  type: string | null;
  count: number | null;
  length: number | null;
  pagesRef: number | null;
  rootRef: number | null;
  // Object streams: the number of objects, the offset of the first, the filter and whether decode
  // parameters (a predictor) are given.
  n: number | null;
  first: number | null;
  filter: string | null;
  decodeParms: boolean;
}

export class PdfPageCounter {
  readonly #lexer = new PdfLexer({
    token: (tok) => this.#handleToken(tok),
    textMatters: (isName) => this.#textMatters(isName),
    streamData: (bytes) => this.#keep(bytes),
    streamEnd: (trailing) => this.#readObjStm(trailing),
  });
  #depth = 0; // << >> nesting
  #arrayDepth = 0;
  // The last two top-level tokens, to read "N G obj".
  #prev2: string | undefined;
  #prev1: string | undefined;
  #objNum: number | null = null;
  #inTrailer = false;
  #dict: DictState = emptyDict();
  #key: string | null = null;
  #value: string[] = [];
  #pagesCounts = new Map<number, number>();
  #catalogPages = new Map<number, number>();
  #rootRef: number | null = null;
  #pageObjects = 0;
  #maxCount = 0;
  /** The object stream whose data is passing now (null for every other stream: skipped, not kept). */
  #objStm: ObjectStream | null = null;

  push(chunk: Uint8Array): void {
    this.#lexer.push(chunk);
  }

  /**
   * Whether a token starting now needs its text: at the top level (object headers, trailer), and in a
   * top-level dictionary for its keys and the values of the keys read (#endKey). Everything else -- nested
   * dictionaries, arrays, values of other keys -- only needs to be seen as "a token", which spares building
   * a string for most of a tagged PDF's structure tree.
   */
  #textMatters(isName: boolean): boolean {
    if (this.#depth === 0) return true;
    if (this.#depth !== 1 || this.#arrayDepth > 0) return false;
    if (isName && (this.#key === null || this.#value.length > 0)) return true; // a key
    return this.#key !== null && READ_KEYS.has(this.#key);
  }

  #handleToken(tok: string): void {
    if (tok === '<<') {
      this.#depth++;
      if (this.#depth === 1) {
        this.#dict = emptyDict();
        this.#key = null;
        this.#value = [];
      } else if (this.#depth === 2 && this.#key !== null) this.#value.push('<<');
      return;
    }
    if (tok === '>>') {
      if (this.#depth === 1) this.#endKey();
      this.#depth = Math.max(0, this.#depth - 1);
      return;
    }
    if (this.#depth === 0) {
      this.#topLevel(tok);
      return;
    }
    if (tok === '[') this.#arrayDepth++;
    else if (tok === ']') this.#arrayDepth = Math.max(0, this.#arrayDepth - 1);
    if (this.#depth !== 1 || (this.#arrayDepth > 0 && tok !== '[')) {
      if (this.#key !== null && this.#value.length === 0) this.#value.push('complex');
      return;
    }
    if (tok.startsWith('/') && (this.#key === null || this.#value.length > 0)) {
      this.#endKey();
      this.#key = tok;
      this.#value = [];
      return;
    }
    if (this.#key !== null) this.#value.push(tok);
  }

  #endKey(): void {
    const key = this.#key;
    const v = this.#value;
    this.#key = null;
    this.#value = [];
    if (key === null) return;
    const d = this.#dict;
    if (key === '/Type' && v.length === 1) d.type = v[0];
    else if (key === '/Count' && v.length === 1 && /^\d+$/.test(v[0])) d.count = Number(v[0]);
    else if (key === '/Length' && v.length === 1 && /^\d+$/.test(v[0])) d.length = Number(v[0]);
    else if (key === '/Pages' && v.length === 3 && v[2] === 'R') d.pagesRef = Number(v[0]);
    else if (key === '/Root' && v.length === 3 && v[2] === 'R') d.rootRef = Number(v[0]);
    else if (key === '/N' && v.length === 1 && /^\d+$/.test(v[0])) d.n = Number(v[0]);
    else if (key === '/First' && v.length === 1 && /^\d+$/.test(v[0])) d.first = Number(v[0]);
    else if (key === '/Filter') d.filter = v.length === 1 ? v[0] : 'complex';
    else if (key === '/DecodeParms') d.decodeParms = !(v.length === 1 && v[0] === 'null');
  }

  #topLevel(tok: string): void {
    if (tok === 'obj') {
      const num = this.#prev2;
      this.#objNum = num !== undefined && /^\d+$/.test(num) ? Number(num) : null;
      this.#dict = emptyDict();
      this.#prev2 = this.#prev1 = undefined;
      return;
    }
    if (tok === 'stream') {
      const d = this.#dict;
      this.#objStm = ObjectStream.of(d, d.length);
      this.#lexer.startStream(d.length, this.#objStm !== null);
      return;
    }
    if (tok === 'endobj') {
      this.#finishObject();
      this.#objNum = null;
      return;
    }
    if (tok === 'trailer') {
      this.#inTrailer = true;
      this.#dict = emptyDict();
      return;
    }
    if (tok === 'startxref') {
      if (this.#inTrailer && this.#dict.rootRef !== null) this.#rootRef = this.#dict.rootRef;
      this.#inTrailer = false;
      return;
    }
    this.#prev2 = this.#prev1;
    this.#prev1 = tok;
  }

  #finishObject(): void {
    const d = this.#dict;
    if (d.type === '/Page') this.#pageObjects++;
    if (d.type === '/Pages' && d.count !== null) {
      if (this.#objNum !== null) this.#pagesCounts.set(this.#objNum, d.count);
      this.#maxCount = Math.max(this.#maxCount, d.count);
    }
    if (d.type === '/Catalog' && d.pagesRef !== null && this.#objNum !== null) this.#catalogPages.set(this.#objNum, d.pagesRef);
    // A cross-reference stream stands for the trailer (PDF 1.5): its dictionary names the catalog.
    if (d.type === '/XRef' && d.rootRef !== null) this.#rootRef = d.rootRef;
    this.#dict = emptyDict();
  }

  /** Keeps a piece of the object stream passing now; one that grows too large is skipped. */
  #keep(bytes: Uint8Array): void {
    if (this.#objStm && !this.#objStm.keep(bytes)) this.#objStm = null;
  }

  /** The object stream's data has passed: reads the objects in it as if they stood at the top level, "N 0 obj ... endobj". */
  #readObjStm(trailing: number): void {
    const s = this.#objStm;
    this.#objStm = null;
    const objects = s?.objects(trailing);
    if (!objects) return;
    // A counter of its own: whatever an object in here leaves open cannot swallow the rest of the PDF.
    const inner = new PdfPageCounter();
    for (const { num, bytes } of objects) {
      inner.push(Buffer.from(`\n${num} 0 obj\n`, 'latin1'));
      inner.push(bytes);
      inner.push(OBJ_END);
    }
    for (const [num, count] of inner.#pagesCounts) this.#pagesCounts.set(num, count);
    for (const [num, pagesRef] of inner.#catalogPages) this.#catalogPages.set(num, pagesRef);
    this.#pageObjects += inner.#pageObjects;
    this.#maxCount = Math.max(this.#maxCount, inner.#maxCount);
  }

  /** The page count of everything pushed so far (call after the last chunk). */
  result(): number {
    if (this.#rootRef !== null) {
      const pagesRef = this.#catalogPages.get(this.#rootRef);
      const count = pagesRef !== undefined ? this.#pagesCounts.get(pagesRef) : undefined;
      if (count !== undefined) return count;
    }
    if (this.#catalogPages.size === 1) {
      const [pagesRef] = this.#catalogPages.values();
      const count = this.#pagesCounts.get(pagesRef);
      if (count !== undefined) return count;
    }
    return this.#maxCount || this.#pageObjects;
  }
}

/** The dictionary keys #endKey reads; the values of all others are never looked at. */
const READ_KEYS = new Set(['/Type', '/Count', '/Length', '/Pages', '/Root', '/N', '/First', '/Filter', '/DecodeParms']);

const OBJ_END = Buffer.from('\nendobj\n', 'latin1');

function emptyDict(): DictState {
  return { type: null, count: null, length: null, pagesRef: null, rootRef: null, n: null, first: null, filter: null, decodeParms: false };
}

export function countPdfPages(pdf: Uint8Array): number {
  const c = new PdfPageCounter();
  c.push(pdf);
  return c.result();
}
