// What a compared server is: its checkout's commit, whether it runs the compiled dist/ or src/ through tsx
// (bin/folio picks by the build's age), the Node.js that runs it; and whether two servers document the
// API operations a bench calls the same way (their OpenAPI documents, GET /v1/openapi.json).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Variant } from './serve-variants.js';

export function describeVariant(v: Variant, root: string): string {
  const rev = execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no', '--', 'src'], {
    encoding: 'utf8',
  }).trim();
  const argv = readFileSync(`/proc/${v.server.child.pid}/cmdline`, 'utf8').split('\0');
  const node = execFileSync(argv[0]!, ['--version'], { encoding: 'utf8' }).trim();
  const runs = argv.some((a) => a.endsWith('dist/main/cli.js')) ? 'dist/ (compiled)' : 'src/ through tsx';
  return `${v.name} = ${rev}${dirty ? ' + uncommitted changes in src/' : ''} in ${root}: ${runs}, node ${node}`;
}

/** The operations (`METHOD /path` as in the OpenAPI document) whose request or answers differ between the two servers. */
export async function apiDifferences(a: Variant, b: Variant, operations: string[]): Promise<string[]> {
  const docs = await Promise.all([a, b].map((v) => fetch(`${v.server.url}/v1/openapi.json`).then((r) => r.json())));
  return operations.filter((op) => {
    const [method, path] = op.split(' ') as [string, string];
    const [x, y] = docs.map((d) => shape(d, d.paths?.[path]?.[method.toLowerCase()]));
    return !x || x !== y;
  });
}

/** An operation as JSON with its schema references resolved and its prose left out (reworded docs are no API change). */
function shape(doc: any, operation: unknown): string | undefined {
  if (!operation) return undefined;
  const resolve = (node: unknown, depth: number): unknown => {
    if (Array.isArray(node)) return node.map((n) => resolve(n, depth));
    if (!node || typeof node !== 'object') return node;
    const ref = (node as { $ref?: string }).$ref;
    if (ref?.startsWith('#/') && depth < 12)
      return resolve(
        ref
          .slice(2)
          .split('/')
          .reduce((o, k) => o?.[k], doc),
        depth + 1,
      );
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if ((k === 'description' || k === 'summary') && typeof v === 'string') continue; // prose, not a property named so
      out[k] = resolve(v, depth);
    }
    return out;
  };
  return JSON.stringify(resolve(operation, 0));
}
