import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { blobKey, renderIndexKey, renderPackKey } from '../../blobs/keys.js';
import { encodePackHeader, type PackEntry } from '../../domain/deploys/render-pack.js';
import type { ServiceContext } from '../context.js';

const PACK_READ_AHEAD = 16;
const PACK_WINDOW_BYTES = 64 * 1024 * 1024;

/** Where a version's render index and render pack are stored. */
export interface RenderPackKeys {
  indexKey: string;
  packKey: string;
}

/**
 * Stores the render index (`{version: 1, files}` as JSON) and the render pack of a version whose entries
 * are sorted by path; both are keyed by the sha256 of the index JSON (docs/architecture.md, glossary).
 * The commit's dominant cost: the pack copies every byte of the version, so it is skipped when a live
 * version already uses a stored pack of the same content.
 */
export async function writeRenderPack(ctx: Pick<ServiceContext, 'db' | 'blobs'>, entries: readonly PackEntry[]): Promise<RenderPackKeys> {
  const index = { version: 1, files: entries };
  const indexJson = Buffer.from(JSON.stringify(index));
  const indexHash = createHash('sha256').update(indexJson).digest('hex');
  const indexKey = renderIndexKey(indexHash);
  const packKey = renderPackKey(indexHash);
  // Packs are keyed by their content, so re-deploying the same files reuses the stored pack while a live
  // version uses it. An unused one may be due for garbage collection: write it again, which restarts its
  // grace period, rather than build on an object the collector may delete before our version row exists.
  const inUse = await ctx.db.selectFrom('deploy_versions').select('id').where('render_pack_key', '=', packKey).limit(1).executeTakeFirst();
  if (!inUse || !(await ctx.blobs.stat(packKey))) {
    await ctx.blobs.put(packKey, Readable.from(packChunks(ctx, entries)));
    await ctx.blobs.put(indexKey, indexJson);
  }
  return { indexKey, packKey };
}

/**
 * The pack's bytes in entry order. Blobs are read up to PACK_READ_AHEAD at a time (one after another,
 * a 1,000-file pack spent most of a commit waiting on reads), within a memory window of PACK_WINDOW_BYTES.
 */
async function* packChunks(ctx: Pick<ServiceContext, 'blobs'>, entries: readonly PackEntry[]): AsyncGenerator<Buffer> {
  yield encodePackHeader(entries);
  const pending: Promise<Buffer>[] = [];
  let next = 0;
  let windowBytes = 0;
  const fill = () => {
    while (
      next < entries.length &&
      pending.length < PACK_READ_AHEAD &&
      (pending.length === 0 || windowBytes + entries[next].size <= PACK_WINDOW_BYTES)
    ) {
      windowBytes += entries[next].size;
      pending.push(ctx.blobs.getBuffer(blobKey(entries[next].sha256)));
      next++;
    }
  };
  fill();
  while (pending.length > 0) {
    const buf = await pending.shift()!;
    windowBytes -= buf.length;
    fill();
    yield buf;
  }
}
