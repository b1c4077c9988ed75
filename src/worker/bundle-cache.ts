import type { BlobStore } from '../blobs/blob-store.js';
import { decodePack } from '../domain/deploys/render-pack.js';
import type { RenderBundle } from '../render/types.js';

/**
 * Decoded render packs by key (one read per version, then memory). Bounded by total bytes, least recently
 * used first out: a worker serving many versions keeps the hot ones.
 */
export class BundleCache {
  private readonly entries = new Map<string, { bundle: RenderBundle; bytes: number }>();
  private total = 0;
  private readonly loading = new Map<string, Promise<RenderBundle>>();

  constructor(
    private readonly blobs: BlobStore,
    private readonly maxBytes = 256 * 1024 * 1024,
  ) {}

  async get(packKey: string): Promise<RenderBundle> {
    const hit = this.entries.get(packKey);
    if (hit) {
      this.entries.delete(packKey);
      this.entries.set(packKey, hit);
      return hit.bundle;
    }
    let pending = this.loading.get(packKey);
    if (!pending) {
      pending = this.load(packKey).finally(() => this.loading.delete(packKey));
      this.loading.set(packKey, pending);
    }
    return pending;
  }

  private async load(packKey: string): Promise<RenderBundle> {
    const buf = await this.blobs.getBuffer(packKey);
    const decoded = decodePack(buf);
    const files = new Map([...decoded.files].map(([path, f]) => [path, { body: f.body, mime: f.mime }]));
    const bundle: RenderBundle = { key: packKey, files };
    this.entries.set(packKey, { bundle, bytes: buf.length });
    this.total += buf.length;
    for (const [key, e] of this.entries) {
      if (this.total <= this.maxBytes || key === packKey) break;
      this.entries.delete(key);
      this.total -= e.bytes;
    }
    return bundle;
  }
}
