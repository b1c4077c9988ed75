#!/usr/bin/env node
// Builds the Python client (packages/python) as a pure-Python wheel, folio_client-<version>-py3-none-any.whl,
// without setuptools, pip or a network: a wheel is a zip of the package's files and a
// <name>-<version>.dist-info folder (METADATA, WHEEL, the licence, RECORD). What goes in is what
// pyproject.toml declares: [project] (name, version, summary, readme, licence, requires-python,
// dependencies, keywords, classifiers), the packages of [tool.setuptools] (their .py files) and their
// [tool.setuptools.package-data]. scripts/pack-packages.mjs builds it beside the npm tarballs, for the server
// to serve (GET /sdk/<wheel>).
//
// The same sources give the same bytes: entries in a fixed order, each dated 1980-01-01 00:00 (the zip
// format's earliest date, in DOS fields only, so the time zone of the build does not enter) with mode 0644.
//
// Usage: node scripts/python-wheel.mjs [OUT_DIR]   (default: packages/python/dist, git-ignored)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import yazl from 'yazl';
import { readPyproject } from './pyproject-fields.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PYTHON_PACKAGE_DIR = path.join(root, 'packages', 'python');
const LICENSE = path.join(root, 'LICENSE');
const TAG = 'py3-none-any';
// A version in PEP 440's normalized form only (1.2.3, 1.0rc1, 1.0.post2, 1.0.dev3): the file name
// carries it as written, so a form pip would spell differently is refused rather than renamed.
const VERSION = /^\d+(\.\d+)*((a|b|rc)\d+)?(\.post\d+)?(\.dev\d+)?$/;
const NAME = /^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$/;

/** The distribution name as wheel file names and .dist-info folders spell it (PEP 427, PEP 503). */
export const wheelName = (name) => name.replace(/[-_.]+/g, '_').toLowerCase();

const fail = (what) => {
  throw new Error(`python-wheel: packages/python/pyproject.toml: ${what}`);
};
const strings = (value, what) => {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) fail(`${what} must be an array of strings`);
  return value;
};
const oneLine = (value, what) => {
  if (typeof value !== 'string' || /[\r\n]/.test(value)) fail(`${what} must be a string on one line`);
  return value;
};

/** The [project] fields a wheel's METADATA holds, checked. */
function projectOf(meta) {
  const project = meta.project ?? fail('no [project] table');
  if (project.dynamic !== undefined) fail('dynamic fields are not built here');
  const name = oneLine(project.name, 'name');
  if (!NAME.test(name)) fail(`name ${name} is not a valid distribution name`);
  const version = oneLine(project.version, 'version');
  if (!VERSION.test(version)) fail(`version ${version} is not in PEP 440's normalized form`);
  const license = project.license;
  if (license !== undefined && typeof license?.text !== 'string') fail('license must be { text = "…" }');
  if (project.readme !== undefined && typeof project.readme !== 'string') fail('readme must be a file name');
  return {
    name,
    version,
    summary: project.description === undefined ? undefined : oneLine(project.description, 'description'),
    readme: project.readme,
    license: license === undefined ? undefined : oneLine(license.text, 'license.text'),
    requiresPython: project['requires-python'] === undefined ? undefined : oneLine(project['requires-python'], 'requires-python'),
    dependencies: strings(project.dependencies, 'dependencies').map((d) => oneLine(d, 'a dependency')),
    keywords: strings(project.keywords, 'keywords'),
    classifiers: strings(project.classifiers, 'classifiers').map((c) => oneLine(c, 'a classifier')),
  };
}

/** A package-data pattern (a file name, `*` for any run of characters but `/`) as a test of a name. */
const patternOf = (glob) => new RegExp(`^${glob.replace(/[.+^${}()|[\]\\?]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);

/** [archive path, absolute path] of each package file: its modules and declared data, sorted. */
function packageFiles(pkgDir, meta) {
  const packages = strings(meta['tool.setuptools']?.packages, '[tool.setuptools] packages');
  if (packages.length === 0) fail('[tool.setuptools] lists no packages');
  const data = meta['tool.setuptools.package-data'] ?? {};
  const files = [];
  for (const pkg of packages) {
    if (!/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/.test(pkg)) fail(`package ${pkg} is not an import name`);
    const rel = pkg.replace(/\./g, '/');
    const dir = path.join(pkgDir, rel);
    if (!fs.existsSync(path.join(dir, '__init__.py'))) fail(`package ${pkg} has no ${rel}/__init__.py`);
    const globs = [...strings(data[pkg], `package-data ${pkg}`), ...strings(data['*'], 'package-data *')].map(patternOf);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isFile() && (entry.name.endsWith('.py') || globs.some((g) => g.test(entry.name))))
        files.push([`${rel}/${entry.name}`, path.join(dir, entry.name)]);
    }
  }
  return files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** METADATA (core metadata 2.1): one header per line, the README as the body. */
function metadataOf(p, readme) {
  const lines = ['Metadata-Version: 2.1', `Name: ${p.name}`, `Version: ${p.version}`];
  if (p.summary) lines.push(`Summary: ${p.summary}`);
  if (p.keywords.length) lines.push(`Keywords: ${p.keywords.join(',')}`);
  if (p.license) lines.push(`License: ${p.license}`);
  for (const c of p.classifiers) lines.push(`Classifier: ${c}`);
  if (p.requiresPython) lines.push(`Requires-Python: ${p.requiresPython}`);
  for (const d of p.dependencies) lines.push(`Requires-Dist: ${d}`);
  if (readme !== undefined) lines.push('Description-Content-Type: text/markdown', '', readme);
  return lines.join('\n') + (readme?.endsWith('\n') ? '' : '\n');
}

const digest = (bytes) => crypto.createHash('sha256').update(bytes).digest('base64url');

/** The zip of [archive path, bytes] entries, in the order given, with fixed dates and modes. */
function zip(entries) {
  const file = new yazl.ZipFile();
  // Local-time fields of 1980-01-01 00:00 whatever the zone; no Info-ZIP extended timestamp (UTC seconds).
  const mtime = new Date(1980, 0, 1, 0, 0, 0);
  for (const [name, bytes] of entries) file.addBuffer(bytes, name, { mtime, mode: 0o100644, compress: true, forceDosTimestamp: true });
  file.end();
  return new Promise((resolve, reject) => {
    const chunks = [];
    file.outputStream.on('data', (c) => chunks.push(c));
    file.outputStream.on('error', reject);
    file.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * Builds the wheel of the Python package in pkgDir into outDir. Returns what index.json records of it:
 * { name, version, file, bytes, sha256, requiresPython }.
 */
export async function buildWheel(pkgDir, outDir) {
  const meta = readPyproject(fs.readFileSync(path.join(pkgDir, 'pyproject.toml'), 'utf8'), [
    'project',
    'tool.setuptools',
    'tool.setuptools.package-data',
  ]);
  const project = projectOf(meta);
  const stem = `${wheelName(project.name)}-${project.version}`;
  const distInfo = `${stem}.dist-info`;
  const readme = project.readme === undefined ? undefined : fs.readFileSync(path.join(pkgDir, project.readme), 'utf8');
  const entries = packageFiles(pkgDir, meta).map(([name, from]) => [name, fs.readFileSync(from)]);
  entries.push(
    [`${distInfo}/METADATA`, Buffer.from(metadataOf(project, readme))],
    [
      `${distInfo}/WHEEL`,
      Buffer.from(`Wheel-Version: 1.0\nGenerator: folio scripts/python-wheel.mjs\nRoot-Is-Purelib: true\nTag: ${TAG}\n`),
    ],
    [`${distInfo}/LICENSE`, fs.readFileSync(LICENSE)],
  );
  for (const [name] of entries) if (/[,"\r\n]/.test(name)) fail(`a file name RECORD cannot hold: ${name}`);
  const record = [...entries.map(([name, bytes]) => `${name},sha256=${digest(bytes)},${bytes.length}`), `${distInfo}/RECORD,,`];
  entries.push([`${distInfo}/RECORD`, Buffer.from(record.join('\n') + '\n')]);

  const wheel = await zip(entries);
  const file = `${stem}-${TAG}.whl`;
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, file), wheel);
  return {
    name: project.name,
    version: project.version,
    file,
    bytes: wheel.length,
    sha256: crypto.createHash('sha256').update(wheel).digest('hex'),
    requiresPython: project.requiresPython ?? null,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const out = path.resolve(process.argv[2] ?? path.join(PYTHON_PACKAGE_DIR, 'dist'));
  const built = await buildWheel(PYTHON_PACKAGE_DIR, out);
  console.log(path.join(out, built.file));
}
