import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

// Storage of immutable objects by key. Content-addressed blobs live under keys derived from their sha256
// (see keys.ts); render packs, indexes and outputs under their own prefixes. Every write is atomic:
// readers see the whole object or nothing.

export interface ObjectInfo {
  key: string;
  size: number;
  modifiedAt: number;
}

export interface PutResult {
  size: number;
  sha256: string;
}

export interface PutLimits {
  /** Stop and reject with BlobTooLargeError once more bytes arrive. */
  maxBytes?: number;
}

export class BlobTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`object exceeds ${limit} bytes`);
  }
}

/**
 * A staged upload: bytes written to a temporary place while hashing. The caller inspects size/sha256 and
 * then publishes it under a key or discards it. Nothing is visible under the final key until publish().
 */
export interface StagedObject extends PutResult {
  publish(key: string): Promise<void>;
  discard(): Promise<void>;
}

export interface BlobStore {
  /** Streams into a temporary object, hashing and counting; rejects (leaving nothing behind) past maxBytes. */
  stage(body: Readable, limits?: PutLimits): Promise<StagedObject>;
  /** Atomic write of a whole object from a stream (staged then published). */
  put(key: string, body: Readable | Buffer, limits?: PutLimits): Promise<PutResult>;
  get(key: string, range?: { start: number; end: number }): Promise<Readable>;
  getBuffer(key: string): Promise<Buffer>;
  stat(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
  list(prefix: string): AsyncIterable<ObjectInfo>;
  /** Cheap readiness probe. */
  ping(): Promise<void>;
}

/**
 * Hashes and counts the bytes of an object as they arrive, and throws BlobTooLargeError at the first
 * chunk past `maxBytes`, so a store never writes more than the limit. Read `result()` after the last chunk.
 */
export function sizeAndHash(limits: PutLimits = {}): { add(chunk: Buffer): void; result(): { size: number; sha256: string } } {
  const hash = createHash('sha256');
  let size = 0;
  return {
    add(chunk) {
      size += chunk.length;
      if (limits.maxBytes !== undefined && size > limits.maxBytes) throw new BlobTooLargeError(limits.maxBytes);
      hash.update(chunk);
    },
    result: () => ({ size, sha256: hash.digest('hex') }),
  };
}
