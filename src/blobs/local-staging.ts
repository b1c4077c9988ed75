import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { hashingCounter, type PutLimits, type PutResult, type StagedObject } from './blob-store.js';

/**
 * Both stores stage the same way: the body goes to a temporary local file while hashed and counted (and is
 * cut off past the limit), so nothing reaches its final place before the caller has verified it. Only
 * `publishFile` differs: a rename on the filesystem, an upload to S3. The temporary file is gone afterwards
 * whatever happens.
 */
export async function stageToLocalFile(dir: string, body: Readable, limits: PutLimits, publishFile: (tmp: string, size: number, key: string) => Promise<void>): Promise<StagedObject> {
  const tmp = path.join(dir, randomBytes(12).toString('hex'));
  const counter = hashingCounter(limits);
  try {
    await pipeline(body, counter.stream, fs.createWriteStream(tmp, { flags: 'wx' }));
  } catch (err) {
    await fsp.rm(tmp, { force: true });
    throw err;
  }
  const { size, sha256 } = counter.result();
  let done = false;
  return {
    size,
    sha256,
    publish: async (key: string) => {
      if (done) throw new Error('staged object already published or discarded');
      done = true;
      try {
        await publishFile(tmp, size, key);
      } finally {
        await fsp.rm(tmp, { force: true });
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
export async function putStaged(stage: (body: Readable, limits?: PutLimits) => Promise<StagedObject>, key: string, body: Readable | Buffer, limits?: PutLimits): Promise<PutResult> {
  const staged = await stage(Buffer.isBuffer(body) ? Readable.from([body]) : body, limits);
  await staged.publish(key);
  return { size: staged.size, sha256: staged.sha256 };
}
