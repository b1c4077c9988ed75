import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { isOutOfSpace, outOfSpaceError } from '../errors/out-of-space.js';
import { sizeAndHash, type PutLimits, type PutResult, type StagedObject } from './blob-store.js';

/**
 * Both stores stage the same way: the body goes to a temporary local file while hashed and counted (and is
 * cut off past the limit), so nothing reaches its final place before the caller has verified it. Only
 * `publishFile` differs: a rename on the filesystem (which consumes the temporary file: it answers
 * 'moved'), an upload to S3. The temporary file is gone afterwards whatever happens.
 *
 * The chunks are written with one file handle rather than through a stream pipeline: a render's PDF is
 * usually one or two chunks, and the pipeline's machinery cost more than the writes.
 */
export async function stageToLocalFile(
  dir: string,
  body: Readable,
  limits: PutLimits,
  publishFile: (tmp: string, size: number, key: string) => Promise<'moved' | void>,
): Promise<StagedObject> {
  const tmp = path.join(dir, randomBytes(12).toString('hex'));
  const counter = sizeAndHash(limits);
  let file: fsp.FileHandle | null = null;
  // The body is read only once the file is open. A body destroyed with an error before that (a render
  // canceled as its PDF starts to stream) would emit 'error' with no listener, which crashes the process.
  // With this listener the error still reaches us: the loop below throws a destroyed stream's error.
  body.on('error', () => {});
  try {
    file = await fsp.open(tmp, 'wx');
    for await (const chunk of body) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      counter.add(buf);
      // write() may take fewer bytes than asked (a stream's writer loops the same way).
      for (let off = 0; off < buf.length;) off += (await file.write(buf, off, buf.length - off)).bytesWritten;
    }
    await file.close();
    file = null;
  } catch (err) {
    body.destroy();
    await file?.close().catch(() => {});
    await fsp.rm(tmp, { force: true });
    // Out of space is not the body's fault, though the body is what stopped being read: say so plainly,
    // before a caller mistakes the cut-off stream for a client that went away.
    throw isOutOfSpace(err) ? Object.assign(outOfSpaceError(), { cause: err }) : err;
  }
  const { size, sha256 } = counter.result();
  let done = false;
  return {
    size,
    sha256,
    publish: async (key: string) => {
      if (done) throw new Error('staged object already published or discarded');
      done = true;
      let moved = false;
      try {
        moved = (await publishFile(tmp, size, key)) === 'moved';
      } finally {
        if (!moved) await fsp.rm(tmp, { force: true });
      }
    },
    discard: async () => {
      if (done) return;
      done = true;
      await fsp.rm(tmp, { force: true });
    },
  };
}

/** put() of both stores: stage, then publish under the key. */
export async function putStaged(
  stage: (body: Readable, limits?: PutLimits) => Promise<StagedObject>,
  key: string,
  body: Readable | Buffer,
  limits?: PutLimits,
): Promise<PutResult> {
  const staged = await stage(Buffer.isBuffer(body) ? Readable.from([body]) : body, limits);
  await staged.publish(key);
  return { size: staged.size, sha256: staged.sha256 };
}
