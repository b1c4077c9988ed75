#!/usr/bin/env node
// Builds @folio/cli (packages/cli), the `folio` command without the server: src/main/client-cli.ts and what it
// imports — the client commands (src/cli/client), `folio init`, `folio dev --server` and `folio test
// --server`, the SDK (src/sdk), the pure rules of src/domain, and their npm libraries — bundled by esbuild into packages/cli/dist, so the package has no
// dependencies to install. The package's `prepare` script runs it (`npm pack` in packages/cli, or
// `npm install -g <checkout>/packages/cli`); scripts/build.sh packs the result for the server to serve
// (scripts/pack-packages.mjs; GET /cli/folio-cli-<version>.tgz).
//
//   packages/cli/dist/folio.js                 the command (package.json "bin"), ES module
//   packages/cli/dist/chunks/*.js              what only some commands load (folio mcp, init, dev, test)
//   packages/cli/dist/THIRD-PARTY-NOTICES.md   name, version, license and license text of each bundled library
//
// The build refuses a source outside the client side (the server's code must never reach the package), and
// a Node built-in loaded with require() at run time (which an ES-module bundle cannot do).
//
// Usage: node scripts/build-cli.mjs             build
//        node scripts/build-cli.mjs --if-stale  build unless dist is complete and newer than its inputs
// Paths are the script's own, so it runs from any folder (npm runs `prepare` in packages/cli).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkgDir = path.join(root, 'packages', 'cli');
const dist = path.join(pkgDir, 'dist');
// The stamp lists the build's inputs: a later build is stale when one of them, the package's manifest, the
// lock file (the bundled libraries' versions) or this script is newer than it.
const stamp = path.join(dist, '.build-stamp');
const entry = path.join(root, 'src', 'main', 'client-cli.ts');
/**
 * The sources the package may contain: the client side of src/, `folio test --server` (cli/snapshots: its
 * local printer and the PDF library's tools import the renderer and src/pdf, so they are refused should
 * they ever be bundled) and `folio dev --server` (cli/dev's folder reader and server preview).
 */
const ALLOWED =
  /^src\/(sdk|domain|cli\/client|cli\/init|cli\/snapshots)\/[\w./-]+\.ts$|^src\/cli\/dev\/(local-bundle|server-preview)\.ts$|^src\/main\/client-cli\.ts$/;
const rel = (p) => path.relative(process.cwd(), p) || '.';

function stale() {
  if (!fs.existsSync(stamp) || !fs.existsSync(path.join(dist, 'folio.js'))) return true;
  const builtAt = fs.statSync(stamp).mtimeMs;
  let inputs;
  try {
    inputs = JSON.parse(fs.readFileSync(stamp, 'utf8')).inputs;
  } catch {
    return true;
  }
  const files = [...inputs.map((f) => path.join(root, f)), path.join(pkgDir, 'package.json'), path.join(root, 'package-lock.json')];
  files.push(fileURLToPath(import.meta.url));
  return files.some((f) => !fs.existsSync(f) || fs.statSync(f).mtimeMs > builtAt);
}

if (process.argv.includes('--if-stale') && !stale()) process.exit(0);

let esbuild;
try {
  esbuild = createRequire(path.join(pkgDir, 'package.json'))('esbuild');
} catch {
  console.error(
    `@folio/cli: building it needs the Folio checkout's dependencies (esbuild): run \`npm install\` in ${root} first.\n` +
      'Or install the CLI a Folio server builds and serves: npm install -g http://<folio-host>/cli/folio-cli.tgz (docs/cli.md).',
  );
  process.exit(1);
}

const manifest = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
// Built into a temporary folder beside dist and swapped in with renames: a reader sees a whole build.
const tmp = path.join(pkgDir, `.dist-build-${process.pid}`);
const old = path.join(pkgDir, `.dist-old-${process.pid}`);
fs.rmSync(tmp, { recursive: true, force: true });
const startedAt = new Date();
let result;
try {
  result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { folio: entry },
    outdir: tmp,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Libraries by their path under node_modules/ even when that folder is a link: the bundle's comments
    // name them the same wherever the checkout's dependencies live.
    preserveSymlinks: true,
    define: { FOLIO_CLI_VERSION: JSON.stringify(manifest.version) },
    // Licenses are collected into THIRD-PARTY-NOTICES.md below.
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
} catch {
  fs.rmSync(tmp, { recursive: true, force: true });
  console.error('@folio/cli: esbuild failed');
  process.exit(1);
}

const inputs = Object.keys(result.metafile.inputs);
// Paths are relative to the repository; a library's path has node_modules/ in it (wherever that folder is:
// a linked node_modules resolves elsewhere).
const isLibrary = (f) => /(^|\/)node_modules\//.test(f);
const outside = inputs.filter((f) => !isLibrary(f) && !ALLOWED.test(f));
const requires = Object.keys(result.metafile.outputs).filter((f) => /\b__require\("/.test(fs.readFileSync(path.join(root, f), 'utf8')));
if (outside.length > 0 || requires.length > 0) {
  fs.rmSync(tmp, { recursive: true, force: true });
  if (outside.length > 0) console.error(`@folio/cli: the bundle would include code that is not the client's: ${outside.join(', ')}`);
  if (requires.length > 0) console.error(`@folio/cli: ${requires.join(', ')} call require() at run time, which an ES-module bundle cannot`);
  process.exit(1);
}

// A shebang on the command's file only (esbuild's banner would put it on every chunk too).
const bin = path.join(tmp, 'folio.js');
fs.writeFileSync(bin, `#!/usr/bin/env node\n${fs.readFileSync(bin, 'utf8')}`);
fs.chmodSync(bin, 0o755);

// One entry per bundled npm package: the folder after the last node_modules/ of a file's path (two segments
// for a scoped name), with the license text the package ships.
const libraries = new Set();
for (const f of inputs.filter(isLibrary)) {
  const parts = f.split('/');
  const at = parts.lastIndexOf('node_modules') + 1;
  libraries.add(parts.slice(0, at + (parts[at].startsWith('@') ? 2 : 1)).join('/'));
}
const notices = [...libraries]
  .map((folder) => {
    const dir = path.resolve(root, folder);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const file = fs.readdirSync(dir).find((n) => /^(licen[sc]e|copying)([.-][\w.-]+)?$/i.test(n));
    if (!file) throw new Error(`@folio/cli: ${pkg.name} ships no license file to copy into the notices`);
    return { name: pkg.name, version: pkg.version, license: pkg.license, text: fs.readFileSync(path.join(dir, file), 'utf8').trim() };
  })
  .sort((a, b) => a.name.localeCompare(b.name));
fs.writeFileSync(
  path.join(tmp, 'THIRD-PARTY-NOTICES.md'),
  `# Third-party notices\n\n@folio/cli ${manifest.version} bundles these libraries into dist/; each keeps its own license.\n\n` +
    notices.map((n) => `## ${n.name} ${n.version} (${n.license})\n\n\`\`\`\n${n.text}\n\`\`\`\n`).join('\n'),
);
// Written with the build's start time: a source saved while esbuild ran is newer, and the next build runs.
fs.writeFileSync(path.join(tmp, '.build-stamp'), JSON.stringify({ inputs: inputs.filter((f) => ALLOWED.test(f)) }) + '\n');
fs.utimesSync(path.join(tmp, '.build-stamp'), startedAt, startedAt);

fs.rmSync(old, { recursive: true, force: true });
if (fs.existsSync(dist)) fs.renameSync(dist, old);
fs.renameSync(tmp, dist);
fs.rmSync(old, { recursive: true, force: true });
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(
  `built @folio/cli ${manifest.version} into ${rel(dist)} (${Math.round(bytes / 1000)} KB, bundling ${notices.map((n) => n.name).join(', ')})`,
);
