// Counts the pages of a PDF while it streams past, without keeping it. A small PDF lexer follows the
// objects: it skips stream data by /Length, ignores everything inside strings and comments (a document
// titled "/Type /Pages /Count 999" must not change the count), remembers each /Type /Pages node's /Count
// and the catalog's /Pages reference, and at the end answers the root page tree's /Count. Chromium's
// (Skia's) output -- tagged or not -- writes plain objects with direct /Length and no object streams;
// for anything else it falls back to the largest /Count seen, then to the number of /Type /Page objects.

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
}

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
          i += take;
          this.#streamRemaining -= take;
          if (this.#streamRemaining === 0) this.#mode = Mode.Normal;
          continue;
        }
        case Mode.StreamScan: {
          // Length unknown (indirect): look for "endstream".
          const c = chunk[i++];
          this.#scanMatched = c === ENDSTREAM[this.#scanMatched] ? this.#scanMatched + 1 : c === ENDSTREAM[0] ? 1 : 0;
          if (this.#scanMatched === ENDSTREAM.length) {
            this.#scanMatched = 0;
            this.#mode = Mode.Normal;
            this.#handleToken('endstream');
          }
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
      const len = this.#dict.length;
      this.#streamRemaining = len ?? -1;
      this.#scanMatched = 0;
      this.#mode = Mode.StreamEol;
      if (len === 0) this.#streamRemaining = 0;
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
    this.#dict = emptyDict();
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
const READ_KEYS = new Set(['/Type', '/Count', '/Length', '/Pages', '/Root']);

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
  return { type: null, count: null, length: null, pagesRef: null, rootRef: null };
}

export function countPdfPages(pdf: Uint8Array): number {
  const c = new PdfPageCounter();
  c.push(pdf);
  return c.result();
}
