import { createHash } from 'node:crypto';

export interface BundleFile {
  path: string;
  content: Buffer;
}

export const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

export function file(path: string, content: string | Buffer): BundleFile {
  return { path, content: Buffer.isBuffer(content) ? content : Buffer.from(content) };
}

export const descriptors = (files: BundleFile[]) => files.map((f) => ({ path: f.path, sha256: sha256(f.content), size: f.content.length }));
export const entries = (files: BundleFile[]) => files.map((f) => ({ path: f.path, blobHash: sha256(f.content), size: f.content.length }));

/** A small three-file bundle. */
export function sampleBundle(tag = 'a'): BundleFile[] {
  return [
    file(
      'index.html',
      `<!doctype html><html><head><link rel="stylesheet" href="style.css"></head><body><h1>Invoice ${tag}</h1><script src="app.js"></script></body></html>`,
    ),
    file('style.css', `h1 { color: #123; } /* ${tag} */`),
    file('app.js', `document.title = 'invoice ${tag}';`),
  ];
}
