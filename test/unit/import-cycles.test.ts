// No import circles in src/, type-only imports included. ESLint's import-x/no-cycle (eslint.config.mjs)
// refuses a circle of value imports at lint time; it skips `import type`, which still ties two modules'
// shapes together, so this test reads every relative import of src/ and fails on any strongly connected
// group of modules, naming the files and their imports within it.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../helpers/server-process.js';

type Graph = Map<string, Set<string>>;

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'|\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;

/** Every .ts file under `dir` and the files of src/ it imports by a relative path (`.js` names its `.ts`). */
function importGraph(dir: string): Graph {
  const graph: Graph = new Map();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts')) {
        const deps = new Set<string>();
        for (const m of readFileSync(p, 'utf8').matchAll(IMPORT)) {
          const target = path.resolve(path.dirname(p), (m[1] ?? m[2]).replace(/\.js$/, '.ts'));
          if (existsSync(target)) deps.add(path.relative(ROOT, target));
        }
        graph.set(path.relative(ROOT, p), deps);
      }
    }
  };
  walk(dir);
  return graph;
}

/** Groups of two or more modules that reach each other (Tarjan's strongly connected components). */
function circles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

test('the check finds a circle closed by a type-only import', () => {
  const graph: Graph = new Map([
    ['a.ts', new Set(['b.ts'])],
    ['b.ts', new Set(['c.ts'])],
    ['c.ts', new Set(['a.ts'])], // as `import type { A } from './a.js'`
    ['d.ts', new Set(['a.ts'])],
  ]);
  assert.deepEqual(circles(graph), [['a.ts', 'b.ts', 'c.ts']]);
  const imports = [...`import type { A } from './a.js';\nexport { b } from '../b.js';\nconst c = await import('./c.js');`.matchAll(IMPORT)];
  assert.deepEqual(
    imports.map((m) => m[1] ?? m[2]),
    ['./a.js', '../b.js', './c.js'],
  );
});

test('src/ has no import circles', () => {
  const graph = importGraph(path.join(ROOT, 'src'));
  assert.ok(graph.size > 200, `read ${graph.size} modules`);
  const found = circles(graph).map((g) => g.map((f) => `${f} -> ${[...graph.get(f)!].filter((d) => g.includes(d)).join(', ')}`).join('\n'));
  assert.deepEqual(found, [], `import circles:\n${found.join('\n\n')}`);
});
