// A folder read the way a deploy sees it (same file selection as `folio deploy`, .folioignore included,
// same MIME types and path rules as a commit), as the RenderBundle the production renderer takes.
import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import { mimeForPath } from '../../domain/deploys/mime.js';
import { normalizeBundlePath, resolveRoute } from '../../domain/deploys/file-paths.js';
import { engineOfPath, type TemplateEngine } from '../../domain/deploys/template-engines.js';
import { treeHash } from '../../domain/deploys/tree-hash.js';
import type { BundleFile, RenderBundle } from '../../render/types.js';
import { listDirectory } from '../../sdk/index.js';
import { folioIgnore } from '../client/folioignore.js';

export interface LocalBundle extends RenderBundle {
  /** The route's entry file, or null when the route matches no file. */
  entryPath: string | null;
  /** The entry's template language (by its extension, as a commit infers it); absent for HTML. */
  engine?: TemplateEngine;
  /** Bytes of all files. */
  bytes: number;
}

export interface LocalBundleOptions {
  route: string;
  includeDotfiles?: boolean;
  includeNodeModules?: boolean;
}

export async function loadLocalBundle(dir: string, opts: LocalBundleOptions): Promise<LocalBundle> {
  // The folder's .folioignore is read again on every load, so editing it takes effect on the next reload.
  const listed = await listDirectory(dir, { ignore: folioIgnore(dir, opts) });
  const files = new Map<string, BundleFile>();
  const entries: Array<{ path: string; sha256: string; size: number }> = [];
  let bytes = 0;
  for (const f of listed) {
    const norm = normalizeBundlePath(f.path);
    if (!norm.ok) continue; // a name a commit would refuse (e.g. a control character): not served either
    const body = await fsp.readFile(f.abs).catch(() => null);
    if (!body) continue; // removed while we read
    files.set(norm.path, { body, mime: mimeForPath(norm.path) });
    entries.push({ path: norm.path, sha256: createHash('sha256').update(body).digest('hex'), size: body.length });
    bytes += body.length;
  }
  // Keyed by content like a render pack, so the renderer's per-bundle caches never serve stale files.
  const key = `dev-${treeHash(entries)}`;
  const entryPath = resolveRoute(opts.route, (p) => files.has(p));
  const engine = entryPath ? engineOfPath(entryPath) : null;
  return { key, files, bytes, entryPath, ...(engine ? { engine } : {}) };
}
