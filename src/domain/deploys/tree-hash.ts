import { createHash } from 'node:crypto';

export interface TreeEntry {
  path: string;
  sha256: string;
  size: number;
}

/** sha256 hex over the entries sorted by path, one line each `path\0sha256\0size\n` (decisions.md). */
export function treeHash(entries: readonly TreeEntry[]): string {
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const h = createHash('sha256');
  for (const e of sorted) h.update(`${e.path}\0${e.sha256}\0${e.size}\n`);
  return h.digest('hex');
}

/** `v<versionNo>-<first 7 hex of treeHash>` */
export function displayId(versionNo: number, tree: string): string {
  return `v${versionNo}-${tree.slice(0, 7)}`;
}
