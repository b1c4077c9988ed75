// PDF 1.5 object streams (/Type /ObjStm; pdf-lib, qpdf, Acrobat, a PDF a user appends) hold the catalog
// and the page tree compressed. The page counter (page-count.ts) keeps such a stream -- only that one
// stream, never the whole PDF -- while it passes (at most MAX_OBJSTM_BYTES), inflates it with node:zlib
// when its /Filter is /FlateDecode without /DecodeParms (or reads it as it is with no /Filter), and reads
// the objects in it like top-level ones. An object stream with any other filter (none seen in practice)
// is skipped.
import { constants, inflateSync } from 'node:zlib';
import { ENDSTREAM } from './pdf-lexer.js';

/** Object streams larger than this (compressed, or once inflated) are skipped rather than kept in memory. */
const MAX_OBJSTM_BYTES = 16 * 1024 * 1024;
const MAX_OBJSTM_INFLATED = 64 * 1024 * 1024;

/** What the counter read of a stream's dictionary (n, first: the number of objects and the offset of the first). */
export interface StreamDict {
  type: string | null;
  n: number | null;
  first: number | null;
  filter: string | null;
  decodeParms: boolean;
}

/** An object stream being read: its compressed bytes so far. */
export class ObjectStream {
  readonly #chunks: Buffer[] = [];
  #size = 0;

  private constructor(
    readonly n: number,
    readonly first: number,
    readonly inflate: boolean,
  ) {}

  /** The object stream a stream with this dictionary and /Length is, or null when it is skipped. */
  static of(d: StreamDict, length: number | null): ObjectStream | null {
    return d.type === '/ObjStm' &&
      d.n !== null &&
      d.first !== null &&
      !d.decodeParms &&
      (d.filter === null || d.filter === '/FlateDecode') &&
      (length === null || length <= MAX_OBJSTM_BYTES)
      ? new ObjectStream(d.n, d.first, d.filter !== null)
      : null;
  }

  /** Keeps a piece of the stream (a copy: the caller may reuse its buffer); false once it grew too large to keep. */
  keep(bytes: Uint8Array): boolean {
    if (this.#size + bytes.length > MAX_OBJSTM_BYTES + ENDSTREAM.length) return false;
    this.#chunks.push(Buffer.from(bytes));
    this.#size += bytes.length;
    return true;
  }

  /**
   * The objects in the stream, once its data has passed (`trailing` bytes of what was kept are not data),
   * each with its object number, in the order of their offsets. Null when the stream does not inflate or
   * its header does not parse: it is then skipped, as a stream of another filter is.
   */
  objects(trailing: number): Array<{ num: string; bytes: Buffer }> | null {
    const first = this.first;
    let data = Buffer.concat(this.#chunks, this.#size).subarray(0, Math.max(0, this.#size - trailing));
    if (this.inflate) {
      try {
        // Z_SYNC_FLUSH: a stream cut short still gives what it holds, as PDF readers are lenient about.
        data = inflateSync(data, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: MAX_OBJSTM_INFLATED });
      } catch {
        return null;
      }
    }
    if (first > data.length) return null;
    const header = data.subarray(0, first).toString('latin1').trim().split(/\s+/);
    if (header.length < 2 * this.n) return null;
    const objects: { num: string; offset: number }[] = [];
    for (let k = 0; k < this.n; k++) {
      const num = header[2 * k];
      const offset = Number(header[2 * k + 1]);
      if (!/^\d+$/.test(num) || !Number.isInteger(offset) || offset < 0 || first + offset > data.length) return null;
      objects.push({ num, offset });
    }
    objects.sort((a, b) => a.offset - b.offset);
    return objects.map(({ num, offset }, k) => {
      const end = k + 1 < objects.length ? objects[k + 1].offset : data.length - first;
      return { num, bytes: data.subarray(first + offset, first + end) };
    });
  }
}
