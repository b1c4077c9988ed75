// The sources of `folio render --html FILE` / `--md FILE` [--assets DIR]: the entry document and the files
// under DIR, by their paths relative to DIR. DIR is read by the rule `folio deploy` and `folio dev` read a
// folder with (folioignore.ts): no files or folders whose name starts with "." (a `.git`, the report
// folder `folio test` leaves), no node_modules, no PDFs, and what DIR's .folioignore lists.
import fs from 'node:fs';
import path from 'node:path';
import { listDirectory } from '../../sdk/index.js';
import { folioIgnore } from './folioignore.js';
import { UsageError } from './output.js';

export async function inlineSources(
  entryFile: string,
  assetsDir: string | undefined,
  flag: string,
): Promise<{ entry: string; files?: Record<string, string> }> {
  if (!fs.existsSync(entryFile) || !fs.statSync(entryFile).isFile()) throw new UsageError(`${flag}: file not found: ${entryFile}`);
  const entry = fs.readFileSync(entryFile, 'utf8');
  if (assetsDir === undefined) return { entry };
  if (!fs.existsSync(assetsDir) || !fs.statSync(assetsDir).isDirectory()) throw new UsageError(`--assets: not a folder: ${assetsDir}`);
  const files: Record<string, string> = {};
  for (const f of await listDirectory(assetsDir, { ignore: folioIgnore(assetsDir) })) {
    if (path.resolve(f.abs) === path.resolve(entryFile)) continue;
    files[f.path] = fs.readFileSync(f.abs).toString('base64');
  }
  return { entry, files };
}
