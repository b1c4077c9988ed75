// Response bodies as Node streams that check what they carry: the bytes are hashed as they pass and, at
// the end, compared with the sha256 (and byte count) the server announced. A body cut short or altered
// makes the stream error instead of ending cleanly, so a caller piping it to a file or an HTTP response
// learns of it from the pipeline's rejection rather than from a damaged PDF later.
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { FolioApiError } from './errors.js';

export interface Expected {
  /** sha256 hex of the whole body; not checked when empty. */
  sha256?: string;
  /** Byte count of the whole body; not checked when undefined. */
  bytes?: number;
  /** Names the body in the error message ("render job job_…", "batch bat_… merged PDF"). */
  what: string;
}

/** The body of `res` as a Node Readable that errors (FolioApiError `integrity_error`) when it does not match `expected`. */
export function verifiedStream(res: Response, expected: Expected): Readable {
  const hash = createHash('sha256');
  let seen = 0;
  const check = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      hash.update(chunk);
      seen += chunk.length;
      callback(null, chunk);
    },
    flush(callback) {
      const sha = hash.digest('hex');
      if (expected.bytes !== undefined && seen !== expected.bytes)
        return callback(integrityError(`${expected.what}: received ${seen} bytes, expected ${expected.bytes}`));
      if (expected.sha256 && sha !== expected.sha256.toLowerCase())
        return callback(integrityError(`${expected.what}: the received bytes hash to ${sha}, expected ${expected.sha256}`));
      callback();
    },
  });
  if (!res.body) {
    check.end();
    return check;
  }
  const body = Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>);
  // Errors travel downstream (a cut connection errors the stream the caller holds); a caller destroying
  // the stream it holds releases the connection.
  body.on('error', (err) => check.destroy(err));
  check.on('close', () => {
    if (!body.readableEnded) body.destroy();
  });
  body.pipe(check);
  return check;
}

/** Reads a verified stream to the end. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function integrityError(message: string): FolioApiError {
  return new FolioApiError({ status: 200, code: 'integrity_error', message });
}

/** The file name of a Content-Disposition header (its RFC 5987 `filename*`, else `filename`), or null. */
export function dispositionFileName(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      return null;
    }
  }
  const plain = /filename="([^"]*)"/i.exec(disposition) ?? /filename=([^;]+)/i.exec(disposition);
  return plain ? plain[1]!.trim() : null;
}

/** `{sha256}` from an ETag that is a quoted sha256 (what Folio's file answers carry); nothing otherwise. */
export function etagHash(res: Response): { sha256?: string } {
  const m = /^"([0-9a-f]{64})"$/i.exec(res.headers.get('etag') ?? '');
  return m ? { sha256: m[1]! } : {};
}

/** Reads a response body to the end; a connection that breaks off mid-body is a FolioApiError `network_error` naming what was read. */
export async function readBody(stream: Readable, what: string): Promise<Buffer> {
  try {
    return await readAll(stream);
  } catch (err) {
    if (err instanceof FolioApiError || (err as Error).name === 'AbortError') throw err;
    const cause = err as Error & { cause?: { code?: string; message?: string } };
    throw new FolioApiError({
      status: 0,
      code: 'network_error',
      message: `${what}: the download broke off (${cause.cause?.code ?? cause.cause?.message ?? cause.message})`,
      cause: err,
    });
  }
}
