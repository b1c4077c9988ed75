import path from 'node:path';
import type { Config } from '../config/load.js';
import type { BlobStore } from './blob-store.js';
import { FsBlobStore } from './fs-blob-store.js';

/**
 * The blob store FOLIO_STORAGE_URL names: `file:/dir` or `s3://bucket/prefix`. The S3 store (and the AWS
 * SDK, ~25 MB of a process's memory) is only loaded when the URL asks for it.
 */
export async function openBlobStore(config: Config): Promise<BlobStore> {
  const url = config.resolved.storageUrl;
  if (url.startsWith('file:')) return new FsBlobStore(path.resolve(url.slice('file:'.length).replace(/^\/\/(?=\/)/, '')));
  if (url.startsWith('s3://')) {
    const rest = url.slice('s3://'.length);
    const slash = rest.indexOf('/');
    const bucket = slash < 0 ? rest : rest.slice(0, slash);
    const prefix = slash < 0 ? '' : rest.slice(slash + 1);
    if (!bucket) throw new Error('FOLIO_STORAGE_URL s3://bucket/prefix needs a bucket');
    const { S3BlobStore } = await import('./s3-blob-store.js');
    return new S3BlobStore({
      bucket,
      prefix,
      endpoint: config.s3Endpoint ?? undefined,
      region: config.s3Region ?? undefined,
      forcePathStyle: config.s3ForcePathStyle,
      stagingDir: path.join(config.dataDir, 'staging'),
    });
  }
  throw new Error(`unsupported storage URL: ${url}`);
}
