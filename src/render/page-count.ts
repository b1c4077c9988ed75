// Counts the pages of a PDF while it streams past, without keeping it. A small PDF lexer follows the
// objects: it skips stream data by /Length, ignores everything inside strings and comments (a document
// titled "/Type /Pages /Count 999" must not change the count), remembers each /Type /Pages node's /Count
// and the catalog's /Pages reference, and at the end answers the root page tree's /Count (the catalog
// named by the last trailer or cross-reference stream's /Root). Chromium's (Skia's) output -- tagged or
// not -- writes plain objects with direct /Length and no object streams: that path copies nothing.
//
// PDF 1.5 object streams (/Type /ObjStm; pdf-lib, qpdf, Acrobat, a PDF a user appends) hold the catalog
// and the page tree compressed. Such a stream -- only that one stream, never the whole PDF -- is kept while
// it passes (at most MAX_OBJSTM_BYTES), inflated with node:zlib when its /Filter is /FlateDecode without
// /DecodeParms (or read as it is with no /Filter), and the objects in it are read like top-level ones. An
// object stream with any other filter (none seen in practice) is skipped; the count then falls back to
// the largest /Count seen outside object streams, then to the number of /Type /Page objects (0 if both
// are only inside such a stream).
import { constants, inflateSync } from 'node:zlib';

const enum Mode {
  Normal,
  LiteralString,
  HexString,
  Comment,
  StreamEol,
  StreamData,
  StreamScan,
}

// Byte classes: 1 = whitespace, 2 = delimiter, 0 = regular (part of a token).
const CLASS = new Uint8Array(256);
for (const c of [0x20, 0x0a, 0x0d, 0x09, 0x0c, 0x00]) CLASS[c] = 1;
for (const c of [0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]) CLASS[c] = 2;
const isWhite = (c: number) => CLASS[c] === 1;

const ENDSTREAM = Buffer.from('endstream');

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

/** An object stream being read: its compressed bytes so far. */
interface ObjStm {
  n: number;
  first: number;
  inflate: boolean;
  chunks: Buffer[];
  size: number;
}

/** Object streams larger than this (compressed, or once inflated) are skipped rather than kept in memory. */
const MAX_OBJSTM_BYTES = 16 * 1024 * 1024;
const MAX_OBJSTM_INFLATED = 64 * 1024 * 1024;

export class PdfPageCounter {
  #mode = Mode.Normal;
  #token = '';
  #stringDepth = 0;
  #escape = false;
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
  #streamRemaining = 0;
  #scanMatched = 0;
  #pagesCounts = new Map<number, number>();
  #catalogPages = new Map<number, number>();
  #rootRef: number | null = null;
  #pageObjects = 0;
  #maxCount = 0;
  /** The object stream whose data is passing now (null for every other stream: skipped, not kept). */
  #objStm: ObjStm | null = null;

  push(chunk: Uint8Array): void {
    let i = 0;
    const n = chunk.length;
    while (i < n) {
      switch (this.#mode) {
        case Mode.StreamEol: {
          // "stream" is followed by CRLF or LF; the data starts after it.
          const c = chunk[i];
          if (c === 0x0d) {
            i++;
            continue;
          }
          if (c === 0x0a) i++;
          this.#mode = this.#streamRemaining >= 0 ? Mode.StreamData : Mode.StreamScan;
          continue;
        }
        case Mode.StreamData: {
          const take = Math.min(this.#streamRemaining, n - i);
          if (this.#objStm) this.#keep(chunk.subarray(i, i + take));
          i += take;
          this.#streamRemaining -= take;
          if (this.#streamRemaining === 0) {
            this.#mode = Mode.Normal;
            if (this.#objStm) this.#readObjStm(0);
          }
          continue;
        }
        case Mode.StreamScan: {
          // Length unknown (indirect): look for "endstream".
          const start = i;
          let matched = this.#scanMatched;
          while (i < n && matched < ENDSTREAM.length) {
            const c = chunk[i++];
            matched = c === ENDSTREAM[matched] ? matched + 1 : c === ENDSTREAM[0] ? 1 : 0;
          }
          if (this.#objStm) this.#keep(chunk.subarray(start, i));
          if (matched === ENDSTREAM.length) {
            matched = 0;
            this.#mode = Mode.Normal;
            // What was kept ends with "endstream" (and the end of line before it, which inflate ignores).
            if (this.#objStm) this.#readObjStm(ENDSTREAM.length);
            this.#handleToken('endstream');
          }
          this.#scanMatched = matched;
          continue;
        }
        case Mode.Comment: {
          while (i < n) {
            const c = chunk[i++];
            if (c === 0x0a || c === 0x0d) {
              this.#mode = Mode.Normal;
              break;
            }
          }
          continue;
        }
        case Mode.LiteralString: {
          // Byte by byte in a local loop: strings (titles, alt texts, link targets) are most of the bytes
          // outside streams in a tagged PDF.
          let escape = this.#escape;
          let depth = this.#stringDepth;
          while (i < n) {
            const c = chunk[i++];
            if (escape) escape = false;
            else if (c === 0x5c) escape = true;
            else if (c === 0x28) depth++;
            else if (c === 0x29 && --depth === 0) {
              this.#mode = Mode.Normal;
              break;
            }
          }
          this.#escape = escape;
          this.#stringDepth = depth;
          if (this.#mode === Mode.Normal) this.#handleToken('(string)');
          continue;
        }
        case Mode.HexString: {
          const end = chunk.indexOf(0x3e, i);
          if (end === -1) {
            i = n;
            continue;
          }
          i = end + 1;
          this.#mode = Mode.Normal;
          this.#handleToken('<hex>');
          continue;
        }
        case Mode.Normal: {
          const c = chunk[i];
          if (this.#pendingLt) {
            this.#pendingLt = false;
            if (c === 0x3c) {
              this.#handleToken('<<');
              i++;
            } else this.#mode = Mode.HexString;
            continue;
          }
          if (this.#pendingGt) {
            this.#pendingGt = false;
            if (c === 0x3e) {
              this.#handleToken('>>');
              i++;
            }
            continue;
          }
          if (isWhite(c)) {
            this.#flush();
            i++;
            continue;
          }
          if (CLASS[c] === 0) {
            // A run of regular bytes: taken in one go. Its text is only built where it can matter (see
            // #textMatters); elsewhere a placeholder says "a token was here".
            let j = i + 1;
            while (j < n && CLASS[chunk[j]] === 0) j++;
            if (this.#token === '') this.#tokenText = this.#textMatters(false);
            if (this.#tokenText)
              this.#token = this.#token.length + (j - i) > MAX_TOKEN_TEXT ? tooLong(this.#token) : this.#token + latin1(chunk, i, j);
            else if (this.#token === '') this.#token = 'x';
            i = j;
            continue;
          }
          // c is a delimiter.
          if (c === 0x2f) {
            // a name starts; it may continue in the next chunk
            this.#flush();
            this.#token = '/';
            this.#tokenText = this.#textMatters(true);
            i++;
            continue;
          }
          this.#flush();
          if (c === 0x25) {
            this.#mode = Mode.Comment;
            i++;
          } else if (c === 0x28) {
            this.#mode = Mode.LiteralString;
            this.#stringDepth = 1;
            this.#escape = false;
            i++;
          } else if (c === 0x3c) {
            // "<<" or a hex string; we may need the next byte, which can be in the next chunk
            if (i + 1 >= n) {
              this.#pendingLt = true;
              i++;
              continue;
            }
            if (chunk[i + 1] === 0x3c) {
              this.#handleToken('<<');
              i += 2;
            } else {
              this.#mode = Mode.HexString;
              i++;
            }
          } else if (c === 0x3e) {
            if (i + 1 >= n) {
              this.#pendingGt = true;
              i++;
              continue;
            }
            if (chunk[i + 1] === 0x3e) {
              this.#handleToken('>>');
              i += 2;
            } else i++;
          } else {
            this.#handleToken(String.fromCharCode(c)); // [ ] { } )
            i++;
          }
          continue;
        }
      }
    }
  }

  // A "<" or ">" that ended a chunk: resolved by the first byte of the next chunk.
  #pendingLt = false;
  #pendingGt = false;
  /** Whether the text of the token being read is kept (else a placeholder stands for it). */
  #tokenText = true;

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

  #flush(): void {
    if (this.#token === '') return;
    const t = this.#token;
    this.#token = '';
    this.#handleToken(t);
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
      const len = d.length;
      this.#streamRemaining = len ?? -1;
      this.#scanMatched = 0;
      this.#mode = Mode.StreamEol;
      if (len === 0) this.#streamRemaining = 0;
      this.#objStm =
        d.type === '/ObjStm' &&
        d.n !== null &&
        d.first !== null &&
        !d.decodeParms &&
        (d.filter === null || d.filter === '/FlateDecode') &&
        (len === null || len <= MAX_OBJSTM_BYTES)
          ? { n: d.n, first: d.first, inflate: d.filter !== null, chunks: [], size: 0 }
          : null;
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

  /** Keeps a piece of the object stream passing now (a copy: the caller may reuse its buffer). */
  #keep(bytes: Uint8Array): void {
    const s = this.#objStm!;
    if (s.size + bytes.length > MAX_OBJSTM_BYTES + ENDSTREAM.length) {
      this.#objStm = null;
      return;
    }
    s.chunks.push(Buffer.from(bytes));
    s.size += bytes.length;
  }

  /**
   * The object stream's data has passed (`trailing` bytes of it are not data): reads the objects in it as
   * if they stood at the top level, "N 0 obj ... endobj". A stream that does not inflate or whose header
   * does not parse is skipped, as a stream of another filter is.
   */
  #readObjStm(trailing: number): void {
    const s = this.#objStm!;
    this.#objStm = null;
    let data = Buffer.concat(s.chunks, s.size).subarray(0, Math.max(0, s.size - trailing));
    if (s.inflate) {
      try {
        // Z_SYNC_FLUSH: a stream cut short still gives what it holds, as PDF readers are lenient about.
        data = inflateSync(data, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: MAX_OBJSTM_INFLATED });
      } catch {
        return;
      }
    }
    if (s.first > data.length) return;
    const header = data.subarray(0, s.first).toString('latin1').trim().split(/\s+/);
    if (header.length < 2 * s.n) return;
    const objects: { num: string; offset: number }[] = [];
    for (let k = 0; k < s.n; k++) {
      const num = header[2 * k];
      const offset = Number(header[2 * k + 1]);
      if (!/^\d+$/.test(num) || !Number.isInteger(offset) || offset < 0 || s.first + offset > data.length) return;
      objects.push({ num, offset });
    }
    objects.sort((a, b) => a.offset - b.offset);
    // A counter of its own: whatever an object in here leaves open cannot swallow the rest of the PDF.
    const inner = new PdfPageCounter();
    objects.forEach(({ num, offset }, k) => {
      const end = k + 1 < objects.length ? objects[k + 1].offset : data.length - s.first;
      inner.push(Buffer.from(`\n${num} 0 obj\n`, 'latin1'));
      inner.push(data.subarray(s.first + offset, s.first + end));
      inner.push(OBJ_END);
    });
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

/**
 * Longer tokens are never ones the counter reads (keywords, keys, object and page numbers), so their text is
 * not kept: a stand-in that matches nothing replaces it. (A run of a few hundred kB would also overflow
 * String.fromCharCode.apply's argument list.)
 */
const MAX_TOKEN_TEXT = 64;
const tooLong = (token: string) => (token.startsWith('/') ? '/\u0000' : '\u0000');

/** The dictionary keys #endKey reads; the values of all others are never looked at. */
const READ_KEYS = new Set(['/Type', '/Count', '/Length', '/Pages', '/Root', '/N', '/First', '/Filter', '/DecodeParms']);

const OBJ_END = Buffer.from('\nendobj\n', 'latin1');

/** chunk[i..j) as a Latin-1 string; short runs (most tokens) without creating a subarray view. */
function latin1(chunk: Uint8Array, i: number, j: number): string {
  if (j - i <= 16) {
    let s = '';
    for (let k = i; k < j; k++) s += String.fromCharCode(chunk[k]);
    return s;
  }
  return String.fromCharCode.apply(null, chunk.subarray(i, j) as unknown as number[]);
}

function emptyDict(): DictState {
  return { type: null, count: null, length: null, pagesRef: null, rootRef: null, n: null, first: null, filter: null, decodeParms: false };
}

export function countPdfPages(pdf: Uint8Array): number {
  const c = new PdfPageCounter();
  c.push(pdf);
  return c.result();
}
