// An idle server holds only what serving needs. The PDF libraries (pdf-lib with its colour and font tables,
// ~30 MB of an idle server's memory; the ASN.1 and PKI libraries of signatures and timestamps, ~13 MB) are
// loaded by the jobs that use them, not at start. This test follows the imports that stay in the compiled
// JavaScript (not `import type`, not a named import of types only, not `await import()`) from the server's
// entry and fails if one reaches those packages, naming the chain of modules.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../helpers/server-process.js';

const LOADED_ON_USE = ['@cantoo/pdf-lib', 'pkijs', 'asn1js'];

const STATIC_IMPORT = /(?:^|\n)\s*(import|export)\s+([^;]*?)\s+from\s+'([^']+)'|(?:^|\n)\s*import\s+'([^']+)'/g;

/** The modules a file loads when it is loaded: relative paths (as .ts files of src/) and package names. */
function staticImports(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(STATIC_IMPORT)) {
    if (m[4]) {
      out.push(m[4]);
      continue;
    }
    const clause = m[2]!.trim();
    if (/^type\s/.test(clause)) continue;
    const named = /^\{([^}]*)\}$/.exec(clause);
    if (named && named[1]!.split(',').every((s) => s.trim() === '' || /^type\s/.test(s.trim()))) continue;
    out.push(m[3]!);
  }
  return out;
}

/** The chain of modules from `entry` to one of `packages`, or null when none is reached. */
function chainTo(entry: string, packages: string[]): string[] | null {
  const seen = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    for (const spec of staticImports(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) {
        const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
        if (packages.includes(pkg)) {
          const chain = [pkg];
          for (let f: string | null = file; f; f = seen.get(f)!) chain.unshift(path.relative(ROOT, f));
          return chain;
        }
        continue;
      }
      const target = path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts'));
      if (existsSync(target) && !seen.has(target)) {
        seen.set(target, file);
        queue.push(target);
      }
    }
  }
  return null;
}

test('the reading of imports skips types and dynamic imports and keeps side-effect imports', () => {
  const src = [
    "import type { A } from './a.js';",
    "import { type B, type C } from './b.js';",
    "import { type D, e } from './d.js';",
    "import * as pkijs from 'pkijs';",
    "export { f } from '../f.js';",
    "import './side-effect.js';",
    "const g = await import('./g.js');",
  ].join('\n');
  assert.deepEqual(staticImports(src), ['./d.js', 'pkijs', '../f.js', './side-effect.js']);
});

test('the server loads the PDF and PKI libraries only when a job needs them', () => {
  const chain = chainTo(path.join(ROOT, 'src/main/serve.ts'), LOADED_ON_USE);
  assert.equal(chain, null, `the server loads at start: ${chain?.join(' -> ')}`);
  // The reading finds the libraries where they are imported.
  assert.deepEqual(chainTo(path.join(ROOT, 'src/pdf/signing/tsp.ts'), LOADED_ON_USE), ['src/pdf/signing/tsp.ts', 'asn1js']);
});
