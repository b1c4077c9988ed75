import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type BlobStore, type ObjectInfo, type PutLimits, type PutResult, type StagedObject } from './blob-store.js';
import { putStaged, stageToLocalFile } from './local-staging.js';

/**
 * Filesystem BlobStore. Writes go to `<root>/.tmp/<random>` and are published with rename(2), which is
 * atomic on one filesystem: a reader sees the old object, the new one, or none, never a partial file.
 */
export class FsBlobStore implements BlobStore {
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, '.tmp');
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  private pathOf(key: string): string {
    // Keys are built by keys.ts, never from user input; still refuse anything that could escape root.
    if (key.includes('..') || key.startsWith('/') || key.includes('\0')) throw new Error(`invalid storage key: ${key}`);
    return path.join(this.root, key);
  }

  stage(body: Readable, limits: PutLimits = {}): Promise<StagedObject> {
    return stageToLocalFile(this.tmpDir, body, limits, async (tmp, _size, key) => {
      const dest = this.pathOf(key);
      // Try the rename first and create the directory only when the rename says it is missing: content-
      // addressed blobs land in folders that exist; a job attempt's first file (keys.ts) pays one failed
      // rename and a mkdir. A delete emptying that directory may remove it between our mkdir and rename
      // (see delete), so retry.
      for (let tries = 1; ; tries++) {
        try {
          await fsp.rename(tmp, dest);
          return 'moved';
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || tries === 3) throw err;
          await fsp.mkdir(path.dirname(dest), { recursive: true });
        }
      }
    });
  }

  put(key: string, body: Readable | Buffer, limits?: PutLimits): Promise<PutResult> {
    return putStaged((b, l) => this.stage(b, l), key, body, limits);
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const p = this.pathOf(key);
    // Open first so a missing object rejects here rather than as a stream error later.
    const handle = await fsp.open(p, 'r');
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async getBuffer(key: string): Promise<Buffer> {
    return fsp.readFile(this.pathOf(key));
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const s = await fsp.stat(this.pathOf(key));
      return { key, size: s.size, modifiedAt: s.mtimeMs };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
    // Render jobs keep each attempt's files in a folder of their own (keys.ts): remove the folders the
    // delete left empty so they do not pile up, stopping at the first one still in use and never
    // removing a top-level folder. rmdir(2) refuses a non-empty directory, so nothing else can be lost.
    for (let dir = path.posix.dirname(key); dir.includes('/'); dir = path.posix.dirname(dir)) {
      try {
        await fsp.rmdir(this.pathOf(dir));
      } catch {
        return;
      }
    }
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    const base = this.pathOf(prefix.replace(/\/+$/, '') || '.');
    const walk = async function* (dir: string, rel: string): AsyncGenerator<ObjectInfo> {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const e of entries) {
        const childRel = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) yield* walk(path.join(dir, e.name), childRel);
        else if (e.isFile()) {
          // A file deleted since the readdir (a job's input after its end) is not listed.
          const s = await fsp.stat(path.join(dir, e.name)).catch((err: NodeJS.ErrnoException) => {
            if (err.code === 'ENOENT') return null;
            throw err;
          });
          if (s) yield { key: childRel, size: s.size, modifiedAt: s.mtimeMs };
        }
      }
    };
    const root = prefix.replace(/\/+$/, '');
    yield* walk(base, root);
  }

  async ping(): Promise<void> {
    await fsp.access(this.tmpDir, fs.constants.W_OK);
  }
}
