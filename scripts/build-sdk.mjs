#!/usr/bin/env node
// Builds the SDK package @folio/sdk (packages/sdk) from the TypeScript sources in src/sdk, with the
// repository's own tsc (no bundler). The package's `prepare` script runs it, so `npm pack` in packages/sdk
// (or `npm pack ./packages/sdk` here) and `npm install <checkout>/packages/sdk` build what they need;
// `npm run build:sdk` here does it by hand. scripts/build.sh packs the result for the server to serve
// (scripts/pack-packages.mjs; GET /sdk/folio-sdk-<version>.tgz).
//
//   packages/sdk/dist/esm/   ES modules + .d.ts   (tsconfig.esm.json)  ← "import"
//   packages/sdk/dist/cjs/   CommonJS + .d.ts     (tsconfig.cjs.json)  ← "require"
//
// The package is "type": "module"; dist/cjs/package.json {"type": "commonjs"} makes Node read the .js files
// there as CommonJS and TypeScript read the .d.ts files there as CommonJS declarations, so each build has
// declarations of its own format (what TypeScript needs for "module": "NodeNext" consumers) without renaming
// files to .cjs / .d.cts. Both builds run in parallel.
//
// Usage: node scripts/build-sdk.mjs             build
//        node scripts/build-sdk.mjs --if-stale  build unless dist is complete and newer than its sources
//                                               (the package's `prepare`: a second pack rebuilds nothing)
//        node scripts/build-sdk.mjs --check     exit 1 unless dist is complete and newer than its sources
// Paths are the script's own, so it runs from any folder (npm runs `prepare` in packages/sdk).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkgDir = path.join(root, 'packages', 'sdk');
const dist = path.join(pkgDir, 'dist');
const stamp = path.join(dist, '.build-stamp');
const sources = () => [
  ...fs
    .readdirSync(path.join(root, 'src', 'sdk'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(root, 'src', 'sdk', f)),
  path.join(pkgDir, 'tsconfig.esm.json'),
  path.join(pkgDir, 'tsconfig.cjs.json'),
];
const outputs = ['esm/index.js', 'esm/index.d.ts', 'cjs/index.js', 'cjs/index.d.ts', 'cjs/package.json'];
const rel = (p) => path.relative(process.cwd(), p) || '.';

/** Why dist cannot be packed as it is, or null when it is complete and newer than every source. */
function staleness() {
  const missing = outputs.filter((f) => !fs.existsSync(path.join(dist, f)));
  const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  if (missing.length > 0 || builtAt === 0) return `${rel(dist)} is missing or incomplete`;
  const newer = sources().filter((f) => fs.statSync(f).mtimeMs > builtAt);
  return newer.length > 0 ? `changed since the build: ${newer.map(rel).join(', ')}` : null;
}

if (process.argv.includes('--check')) {
  const why = staleness();
  if (why) {
    console.error(`@folio/sdk: ${why}. Run \`npm run build:sdk\` first.`);
    process.exit(1);
  }
  process.exit(0);
}
if (process.argv.includes('--if-stale') && staleness() === null) process.exit(0);

// The compiler comes from the checkout's dependencies (found from the package folder upwards, as Node finds
// a package): a checkout nobody ran `npm install` in cannot build, and says so.
let tsc;
try {
  tsc = createRequire(path.join(pkgDir, 'package.json')).resolve('typescript/bin/tsc');
} catch {
  console.error(
    `@folio/sdk: building it needs the Folio checkout's dependencies (TypeScript): run \`npm install\` in ${root} first.\n` +
      'Or install the SDK a Folio server builds and serves: npm install http://<folio-host>/sdk/folio-sdk.tgz (docs/sdk.md).',
  );
  process.exit(1);
}

// Built into a temporary folder inside dist (ignored by git, outside the package's "files"), then each
// format is swapped in with a rename: a reader sees a complete old or a complete new build of each.
const tmp = path.join(dist, `.build-${process.pid}`);
const old = path.join(dist, `.old-${process.pid}`);
fs.rmSync(tmp, { recursive: true, force: true });
fs.mkdirSync(tmp, { recursive: true });
// Written before compiling: a source saved while tsc runs is newer than the stamp, so --check catches it.
fs.writeFileSync(path.join(tmp, '.build-stamp'), '');

const compile = (config, outDir) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', path.join(pkgDir, config), '--outDir', outDir], { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
const codes = await Promise.all([compile('tsconfig.esm.json', path.join(tmp, 'esm')), compile('tsconfig.cjs.json', path.join(tmp, 'cjs'))]);
if (codes.some((c) => c !== 0)) {
  fs.rmSync(tmp, { recursive: true, force: true });
  console.error('@folio/sdk: tsc failed');
  process.exit(1);
}
fs.writeFileSync(path.join(tmp, 'cjs', 'package.json'), JSON.stringify({ type: 'commonjs' }, null, 2) + '\n');

fs.mkdirSync(old, { recursive: true });
for (const format of ['esm', 'cjs']) {
  if (fs.existsSync(path.join(dist, format))) fs.renameSync(path.join(dist, format), path.join(old, format));
  fs.renameSync(path.join(tmp, format), path.join(dist, format));
}
fs.renameSync(path.join(tmp, '.build-stamp'), stamp);
fs.rmSync(tmp, { recursive: true, force: true });
fs.rmSync(old, { recursive: true, force: true });
const { version } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
console.log(`built @folio/sdk ${version} into ${rel(dist)} (esm + cjs + declarations)`);
