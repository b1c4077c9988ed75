#!/usr/bin/env node
// Builds the SDK (src/sdk) as a standalone npm package of plain JavaScript with type declarations, for
// programs that do not run TypeScript: `npm run build:sdk`, then `npm install /path/to/folio/dist/sdk`
// (or `npm pack dist/sdk` and install the tarball) and `import { createClient } from '@folio/sdk'`.
// Usage: node scripts/build-sdk.mjs [outDir]   (default dist/sdk)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.resolve(process.argv[2] ?? path.join(root, 'dist', 'sdk'));
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
// A tsconfig of its own (written next to the output, removed after): only src/sdk, emitting JS + .d.ts.
const tsconfig = path.join(out, 'tsconfig.build.json');
fs.writeFileSync(
  tsconfig,
  JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2023', 'DOM'],
      strict: true,
      skipLibCheck: true,
      declaration: true,
      sourceMap: false,
      rootDir: path.join(root, 'src', 'sdk'),
      outDir: out,
      types: ['node'],
      typeRoots: [path.join(root, 'node_modules', '@types')],
    },
    include: [path.join(root, 'src', 'sdk', '*.ts')],
  }),
);
const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', tsconfig], {
  stdio: 'inherit',
});
fs.rmSync(tsconfig);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

fs.writeFileSync(
  path.join(out, 'package.json'),
  JSON.stringify(
    {
      name: '@folio/sdk',
      version: pkg.version,
      description: 'Client for the Folio document rendering API: typed calls, deploy a folder, render and wait, verify webhooks.',
      type: 'module',
      exports: { '.': { types: './index.d.ts', default: './index.js' } },
      types: './index.d.ts',
      engines: pkg.engines,
      license: pkg.license ?? 'UNLICENSED',
    },
    null,
    2,
  ) + '\n',
);
// The SDK guide, with the package's own import path.
const guide = fs.readFileSync(path.join(root, 'docs', 'sdk.md'), 'utf8');
fs.writeFileSync(
  path.join(out, 'README.md'),
  `> This is the SDK built as plain JavaScript with type declarations (\`@folio/sdk\`). Where the guide says\n> \`import … from 'folio/sdk'\`, import from \`'@folio/sdk'\`; no TypeScript runner is needed.\n\n${guide}`,
);
console.log(`built @folio/sdk ${pkg.version} into ${path.relative(process.cwd(), out) || '.'}`);
