// The lexer under the page counter (page-count.ts): turns a PDF, pushed in chunks of any size, into the
// tokens the counter reads. It skips stream data by /Length (or, with no direct /Length, up to
// "endstream") and ignores everything inside strings and comments: a document titled
// "/Type /Pages /Count 999" must not change the count. Chromium's (Skia's) output -- tagged or not --
// writes plain objects with direct /Length and no object streams: that path copies nothing.

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

export const ENDSTREAM = Buffer.from('endstream');

/** What the lexer hands its tokens to. */
export interface TokenReader {
  /**
   * A token: a keyword or number, a name ("/Type"), "<<", ">>", "[", "]", "{", "}", ")", a string as
   * "(string)" or "<hex>" -- or a stand-in for a token whose text was not kept (see textMatters).
   */
  token(tok: string): void;
  /** Whether a token starting now needs its text (else a placeholder stands for it); `isName`: it starts with "/". */
  textMatters(isName: boolean): boolean;
  /** Bytes of a stream the reader asked to keep (startStream), in order; may be a view of the caller's buffer. */
  streamData(bytes: Uint8Array): void;
  /** The kept stream has passed: its last `trailing` bytes handed over are not data ("endstream"). */
  streamEnd(trailing: number): void;
}

export class PdfLexer {
  #mode = Mode.Normal;
  #token = '';
  #stringDepth = 0;
  #escape = false;
  #streamRemaining = 0;
  #scanMatched = 0;
  /** Whether the stream passing now goes to the reader (else it is skipped, not kept). */
  #keepStream = false;
  // A "<" or ">" that ended a chunk: resolved by the first byte of the next chunk.
  #pendingLt = false;
  #pendingGt = false;
  /** Whether the text of the token being read is kept (else a placeholder stands for it). */
  #tokenText = true;

  constructor(private readonly reader: TokenReader) {}

  /**
   * Called by the reader on the token "stream": the data that follows is `length` bytes (null: not given
   * directly, so it runs up to "endstream"); with `keep` it is handed to the reader.
   */
  startStream(length: number | null, keep: boolean): void {
    this.#streamRemaining = length ?? -1;
    this.#scanMatched = 0;
    this.#mode = Mode.StreamEol;
    if (length === 0) this.#streamRemaining = 0;
    this.#keepStream = keep;
  }

  push(chunk: Uint8Array): void {
    const reader = this.reader;
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
          if (this.#keepStream) reader.streamData(chunk.subarray(i, i + take));
          i += take;
          this.#streamRemaining -= take;
          if (this.#streamRemaining === 0) {
            this.#mode = Mode.Normal;
            if (this.#keepStream) reader.streamEnd(0);
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
          if (this.#keepStream) reader.streamData(chunk.subarray(start, i));
          if (matched === ENDSTREAM.length) {
            matched = 0;
            this.#mode = Mode.Normal;
            // What was kept ends with "endstream" (and the end of line before it, which inflate ignores).
            if (this.#keepStream) reader.streamEnd(ENDSTREAM.length);
            reader.token('endstream');
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
          if (this.#mode === Mode.Normal) reader.token('(string)');
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
          reader.token('<hex>');
          continue;
        }
        case Mode.Normal: {
          const c = chunk[i];
          if (this.#pendingLt) {
            this.#pendingLt = false;
            if (c === 0x3c) {
              reader.token('<<');
              i++;
            } else this.#mode = Mode.HexString;
            continue;
          }
          if (this.#pendingGt) {
            this.#pendingGt = false;
            if (c === 0x3e) {
              reader.token('>>');
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
            // TokenReader.textMatters); elsewhere a placeholder says "a token was here".
            let j = i + 1;
            while (j < n && CLASS[chunk[j]] === 0) j++;
            if (this.#token === '') this.#tokenText = reader.textMatters(false);
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
            this.#tokenText = reader.textMatters(true);
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
              reader.token('<<');
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
              reader.token('>>');
              i += 2;
            } else i++;
          } else {
            reader.token(String.fromCharCode(c)); // [ ] { } )
            i++;
          }
          continue;
        }
      }
    }
  }

  #flush(): void {
    if (this.#token === '') return;
    const t = this.#token;
    this.#token = '';
    this.reader.token(t);
  }
}

/**
 * Longer tokens are never ones the counter reads (keywords, keys, object and page numbers), so their text is
 * not kept: a stand-in that matches nothing replaces it. (A run of a few hundred kB would also overflow
 * String.fromCharCode.apply's argument list.)
 */
const MAX_TOKEN_TEXT = 64;
const tooLong = (token: string) => (token.startsWith('/') ? '/\u0000' : '\u0000');

/** chunk[i..j) as a Latin-1 string; short runs (most tokens) without creating a subarray view. */
function latin1(chunk: Uint8Array, i: number, j: number): string {
  if (j - i <= 16) {
    let s = '';
    for (let k = i; k < j; k++) s += String.fromCharCode(chunk[k]);
    return s;
  }
  return String.fromCharCode.apply(null, chunk.subarray(i, j) as unknown as number[]);
}
