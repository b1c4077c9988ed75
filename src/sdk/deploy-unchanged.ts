// Whether a deploy would repeat the deploy's latest version: every commit makes a new version on the server
// (and counts as a deploy commit), so deployDirectory compares the folder's tree hash and render settings
// with the latest version first and uploads nothing when they match.
import { createHash } from 'node:crypto';
import type { DeployVersion } from './api-types.js';
import type { HttpCore } from './http.js';

/**
 * The server's `treeHash` of a version with these files (folder-relative paths): sha256 over the entries sorted
 * by path, one line `/path\0sha256\0size\n` each, the path in its stored form (with its leading `/`).
 */
export function treeHashOf(files: ReadonlyArray<{ path: string; sha256: string; size: number }>): string {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return createHash('sha256')
    .update(sorted.map((f) => `/${f.path}\0${f.sha256}\0${f.size}\n`).join(''))
    .digest('hex');
}

/** The deploy's version with the highest number, or null before its first commit. */
export async function latestVersion(http: HttpCore, deployId: string, signal?: AbortSignal): Promise<DeployVersion | null> {
  const page = await http.call('GET /v1/deploys/{deployId}/versions', { path: { deployId }, query: { limit: 1 }, signal });
  return page.items[0] ?? null;
}

/** JSON with object keys sorted, so two equal values read the same whatever their key order. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  );

interface RenderSettings {
  route: string;
  title: string;
  engine?: string;
  renderTimeoutMs?: number;
  metadata?: Record<string, unknown>;
  failOn?: readonly string[];
}

/**
 * Whether committing files of this tree hash with these settings would repeat `latest`: the same files,
 * route, title, timeout, metadata, failOn and engine. Without an engine the server infers it from the
 * entry's extension; a latest version whose engine was declared for an HTML or .docx entry would change.
 */
export function sameAsLatest(latest: DeployVersion, tree: string, render: RenderSettings): boolean {
  const engineSame =
    render.engine !== undefined ? latest.engine === render.engine : latest.engine === 'html' || !/(\/|\.html?|\.docx)$/i.test(render.route);
  const metadataBefore = latest.metadataJson === undefined ? undefined : (JSON.parse(latest.metadataJson) as unknown);
  return (
    latest.treeHash === tree &&
    latest.route === render.route &&
    latest.title === render.title &&
    (latest.renderTimeoutMs ?? null) === (render.renderTimeoutMs ?? null) &&
    canonical(metadataBefore ?? null) === canonical(render.metadata ?? null) &&
    canonical([...(latest.failOn ?? [])].sort()) === canonical([...(render.failOn ?? [])].sort()) &&
    engineSame
  );
}
