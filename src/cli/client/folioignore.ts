// .folioignore: what `folio deploy` and `folio dev` leave out of a folder, in gitignore syntax (the `ignore`
// library, the matcher eslint uses). Defaults come first, so a `!pattern` in the file re-includes.
import fs from 'node:fs';
import path from 'node:path';
import ignore from 'ignore';
import type { IgnorePredicate } from '../../sdk/deploy-directory.js';

export const IGNORE_FILE = '.folioignore';

/**
 * Left out without a `.folioignore`: PDFs (earlier renders lying around), node_modules folders, and files
 * and folders whose name starts with "." (`.git`, `.env`, `.DS_Store`, the `.folioignore` itself).
 * `sample-payload.json` and `payload.schema.json` are ordinary files: uploaded.
 */
export function defaultIgnoreRules(opts: { includeDotfiles?: boolean; includeNodeModules?: boolean } = {}): string[] {
  return ['*.pdf', ...(opts.includeNodeModules ? [] : ['node_modules/']), ...(opts.includeDotfiles ? [] : ['.*'])];
}

/** The predicate for the SDK's deployDirectory / listDirectory: the defaults, then `dir/.folioignore`. */
export function folioIgnore(dir: string, opts: { includeDotfiles?: boolean; includeNodeModules?: boolean } = {}): IgnorePredicate {
  const rules = ignore().add(defaultIgnoreRules(opts));
  let text: string | null = null;
  try {
    text = fs.readFileSync(path.join(dir, IGNORE_FILE), 'utf8');
  } catch {
    // no .folioignore: the defaults alone
  }
  if (text !== null) rules.add(text);
  return (rel) => rules.ignores(rel);
}
