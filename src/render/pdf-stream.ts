// Reads a printed PDF from Chromium's IO stream into a Node Readable, enforcing the plan's output limit
// chunk by chunk and computing the page count and sha256 on the way, so the PDF is never held whole in
// memory and never read twice.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { CdpSession } from './cdp-connection.js';
import { PdfPageCounter } from '../pdf/syntax/page-count.js';
import { RenderError } from './types.js';

// IO.read chunk size: each read is a base64 JSON round trip through the browser, so few big reads beat many
// small ones (a 2 MB tagged report took 8 reads at 256 KB). The limit is still enforced per chunk before
// anything reaches the sink.
export const PDF_READ_CHUNK = 1024 * 1024;

export interface PdfFacts {
  bytes: number;
  pageCount: number;
  sha256: string;
}

export class PdfReadStream {
  readonly output: Readable;
  #bytes = 0;
  #complete = false;
  #overLimit: RenderError | null = null;
  #hash = createHash('sha256');
  #counter = new PdfPageCounter();

  /**
   * @param race bounds every read by the job (its deadline, cancellation, a crash): a read never outlives it.
   */
  constructor(
    private readonly cdp: CdpSession,
    private readonly handle: string,
    private readonly limit: number | null,
    private readonly race: <T>(p: Promise<T>) => Promise<T>,
  ) {
    this.output = Readable.from(this.#chunks(), { objectMode: false, highWaterMark: PDF_READ_CHUNK });
  }

  /** The output-limit failure, once the PDF grew past the limit (the sink then saw only what fitted). */
  get overLimit(): RenderError | null {
    return this.#overLimit;
  }

  /** After the sink has finished: the PDF's size, page count and hash, or why it is not whole. */
  result(): PdfFacts {
    if (this.#overLimit) throw this.#overLimit;
    if (!this.#complete) {
      this.output.destroy();
      throw new RenderError('render_failed', 'the PDF sink finished before reading the whole PDF');
    }
    return { bytes: this.#bytes, pageCount: this.#counter.result(), sha256: this.#hash.digest('hex') };
  }

  #read(): Promise<{ data: string; base64Encoded?: boolean; eof: boolean }> {
    const p = this.race(this.cdp.send('IO.read', { handle: this.handle, size: PDF_READ_CHUNK }, 0));
    p.catch(() => {});
    return p;
  }

  // One read is always in flight ahead of the one being processed: the answer that says "end of stream"
  // (Chromium sends it as a separate, empty read) then costs no extra round trip, and a long PDF keeps the
  // pipe busy while Node hashes and stores the previous chunk. At most three chunks are in memory: the one
  // read ahead, the one being handed on and the stream's buffer.
  async *#chunks(): AsyncGenerator<Buffer> {
    try {
      for (let next = this.#read(); ;) {
        const r = await next;
        if (!r.eof) next = this.#read();
        const buf = Buffer.from(r.data, r.base64Encoded ? 'base64' : 'latin1');
        if (buf.length > 0) {
          // Checked before the chunk is handed on: the sink never sees a byte beyond the limit.
          if (this.limit !== null && this.#bytes + buf.length > this.limit) {
            this.#overLimit = new RenderError(
              'render_output_too_large',
              `PDF exceeds the plan's maximum output size of ${this.limit} bytes`,
            );
            throw this.#overLimit;
          }
          this.#bytes += buf.length;
          this.#hash.update(buf);
          this.#counter.push(buf);
          yield buf;
        }
        if (r.eof) break;
      }
      this.#complete = true;
    } finally {
      this.cdp.send('IO.close', { handle: this.handle }).catch(() => {});
    }
  }
}
