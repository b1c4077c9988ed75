#!/usr/bin/env node
// Packs the client packages a Folio server hands out (src/http/routes/packages.ts): @folio/sdk and
// @folio/cli, each built when stale (scripts/build-sdk.mjs, scripts/build-cli.mjs), packed by npm into
// OUT_DIR as folio-sdk-<version>.tgz and folio-cli-<version>.tgz, and the Python client (packages/python)
// as the wheel folio_client-<version>-py3-none-any.whl (scripts/python-wheel.mjs: no setuptools, no
// network), with OUT_DIR/index.json describing them (name, version, file, bytes, sha256; the wheel's
// requiresPython too) — what the server reads. scripts/build.sh runs it into a temporary folder and swaps
// that in as build/packages (git-ignored).
//
// Each package is packed from a staged copy of its files whose package.json has no "scripts": the
// `prepare` script that builds a package from the checkout means nothing in a tarball (npm never runs it
// there), yet npm ≥ 11 lists any `prepare` of a tarball it installs as an install script awaiting approval.
//
// Usage: node scripts/pack-packages.mjs OUT_DIR
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWheel, PYTHON_PACKAGE_DIR } from './python-wheel.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2] ? path.resolve(process.argv[2]) : null;
if (!out) {
  console.error('usage: node scripts/pack-packages.mjs OUT_DIR');
  process.exit(2);
}

/** Key in index.json (and the route's first path segment) → the package's folder and its builder. */
const PACKAGES = {
  sdk: { dir: 'packages/sdk', build: 'scripts/build-sdk.mjs' },
  cli: { dir: 'packages/cli', build: 'scripts/build-cli.mjs' },
};

// npm as a user runs it: none of the npm_* settings of an enclosing `npm start` / `npm pack`.
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_'))),
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};

function run(command, args, cwd) {
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? '');
    console.error(
      `pack-packages: ${command} ${args.join(' ')} failed in ${path.relative(root, cwd) || '.'} (exit ${r.status ?? r.signal})`,
    );
    process.exit(1);
  }
  return r.stdout;
}

fs.mkdirSync(out, { recursive: true });
const index = { packages: {} };
for (const [key, { dir, build }] of Object.entries(PACKAGES)) {
  const pkgDir = path.join(root, dir);
  process.stdout.write(run(process.execPath, [path.join(root, build), '--if-stale'], root));

  const manifest = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const stage = path.join(out, `.stage-${key}`);
  fs.rmSync(stage, { recursive: true, force: true });
  fs.mkdirSync(stage, { recursive: true });
  for (const entry of [...manifest.files, 'README.md', 'LICENSE']) {
    if (/[*?[\]!]/.test(entry)) throw new Error(`pack-packages: ${dir}/package.json "files" has a pattern (${entry}); list paths`);
    const from = path.join(pkgDir, entry);
    if (!fs.existsSync(from)) throw new Error(`pack-packages: ${dir}/${entry} is missing`);
    fs.cpSync(from, path.join(stage, entry), { recursive: true });
  }
  const { scripts, devDependencies, ...published } = manifest;
  void scripts;
  void devDependencies;
  fs.writeFileSync(path.join(stage, 'package.json'), JSON.stringify(published, null, 2) + '\n');

  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--loglevel=error', '--pack-destination', out], stage));
  fs.rmSync(stage, { recursive: true, force: true });
  const bytes = fs.readFileSync(path.join(out, packed.filename));
  index.packages[key] = {
    name: manifest.name,
    version: manifest.version,
    file: packed.filename,
    bytes: bytes.length,
    sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
  };
  console.log(`packed ${manifest.name} ${manifest.version}: ${packed.filename} (${Math.round(bytes.length / 1000)} KB)`);
}
const wheel = await buildWheel(PYTHON_PACKAGE_DIR, out);
index.packages.python = wheel;
console.log(`built ${wheel.name} ${wheel.version}: ${wheel.file} (${Math.round(wheel.bytes / 1000)} KB)`);
// Written last: a folder with an index.json is complete.
fs.writeFileSync(path.join(out, 'index.json'), JSON.stringify(index, null, 2) + '\n');
