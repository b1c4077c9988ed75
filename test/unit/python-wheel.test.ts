// The Python client's wheel as scripts/python-wheel.mjs builds it from packages/python, read back at the
// zip level: the package's files, METADATA from pyproject.toml, WHEEL, and a RECORD whose digests and sizes
// are those of the entries; the same bytes from a build in another time zone. And the pyproject.toml reader
// behind it (scripts/pyproject-fields.mjs): the TOML it reads, and what it refuses rather than guesses.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import JSZip from 'jszip';
import { tempDir } from '../helpers/app.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCRIPT = path.join(ROOT, 'scripts/python-wheel.mjs');
const PACKAGE = path.join(ROOT, 'packages/python');

interface Built {
  name: string;
  version: string;
  file: string;
  bytes: number;
  sha256: string;
  requiresPython: string | null;
}
type Tables = Record<string, Record<string, unknown>>;
// Plain ES modules of the build (no type declarations): imported by URL, typed here.
const { buildWheel } = (await import(pathToFileURL(SCRIPT).href)) as { buildWheel: (pkgDir: string, outDir: string) => Promise<Built> };
const { readPyproject } = (await import(pathToFileURL(path.join(ROOT, 'scripts/pyproject-fields.mjs')).href)) as {
  readPyproject: (text: string, tables: string[]) => Tables;
};

const VERSION = /^__version__ = "([^"]+)"$/m.exec(fs.readFileSync(path.join(PACKAGE, 'folio_client/__init__.py'), 'utf8'))![1];
const b64sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('base64url');

describe('the Python wheel', () => {
  const out = tempDir('folio-wheel-');
  after(() => fs.rmSync(out, { recursive: true, force: true }));

  test('named by the spec, its files, METADATA, WHEEL and a RECORD that matches every entry', async () => {
    const built = await buildWheel(PACKAGE, out);
    const file = `folio_client-${VERSION}-py3-none-any.whl`;
    assert.equal(built.file, file);
    assert.deepEqual(fs.readdirSync(out), [file]);
    const bytes = fs.readFileSync(path.join(out, file));
    assert.deepEqual(
      { ...built },
      {
        name: 'folio-client',
        version: VERSION,
        file,
        bytes: bytes.length,
        sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
        requiresPython: '>=3.9',
      },
    );

    const zip = await JSZip.loadAsync(bytes);
    const names = Object.keys(zip.files);
    const distInfo = `folio_client-${VERSION}.dist-info`;
    const modules = fs
      .readdirSync(path.join(PACKAGE, 'folio_client'))
      .filter((f) => f.endsWith('.py') || f === 'py.typed')
      .map((f) => `folio_client/${f}`)
      .sort();
    assert.deepEqual(names, [...modules, ...['METADATA', 'WHEEL', 'LICENSE', 'RECORD'].map((f) => `${distInfo}/${f}`)]);
    for (const name of names) {
      const entry = zip.files[name];
      assert.equal(entry.dir, false, name);
      // DOS fields of 1980-01-01 00:00, read in the local zone as written.
      assert.deepEqual(
        [entry.date.getFullYear(), entry.date.getMonth(), entry.date.getDate(), entry.date.getHours()],
        [1980, 0, 1, 0],
        name,
      );
    }
    const text = (name: string) => zip.files[`${distInfo}/${name}`].async('string');

    const metadata = await text('METADATA');
    const [headers, body] = metadata.split(/\n\n([\s\S]*)/);
    const fields = headers.split('\n').map((l) => l.split(/: (.*)/).slice(0, 2));
    assert.deepEqual(fields.slice(0, 3), [
      ['Metadata-Version', '2.1'],
      ['Name', 'folio-client'],
      ['Version', VERSION],
    ]);
    assert.ok(fields.some(([k, v]) => k === 'Requires-Python' && v === '>=3.9'));
    assert.ok(fields.some(([k, v]) => k === 'License' && v === 'Apache-2.0'));
    assert.ok(fields.some(([k, v]) => k === 'Description-Content-Type' && v === 'text/markdown'));
    assert.ok(!fields.some(([k]) => k === 'Requires-Dist'), 'standard library only: no dependency');
    assert.equal(body, fs.readFileSync(path.join(PACKAGE, 'README.md'), 'utf8'));
    assert.match(await text('WHEEL'), /^Wheel-Version: 1\.0\n.*\nRoot-Is-Purelib: true\nTag: py3-none-any\n$/s);

    const record = (await text('RECORD')).split('\n');
    assert.equal(record.pop(), '', 'ends with a newline');
    assert.equal(record.at(-1), `${distInfo}/RECORD,,`);
    assert.equal(record.length, names.length);
    for (const [i, name] of names.slice(0, -1).entries()) {
      const content = await zip.files[name].async('nodebuffer');
      assert.equal(record[i], `${name},sha256=${b64sha256(content)},${content.length}`);
    }
    const module = await zip.files['folio_client/__init__.py'].async('nodebuffer');
    assert.deepEqual(module, fs.readFileSync(path.join(PACKAGE, 'folio_client/__init__.py')));
  });

  test('reproducible: the command in another time zone writes the same bytes', async () => {
    const here = path.join(out, 'here');
    const there = path.join(out, 'there');
    const built = await buildWheel(PACKAGE, here);
    const r = spawnSync(process.execPath, [SCRIPT, there], { env: { ...process.env, TZ: 'Pacific/Kiritimati' }, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), path.join(there, built.file));
    assert.deepEqual(fs.readFileSync(path.join(there, built.file)), fs.readFileSync(path.join(here, built.file)));
  });
});

describe('the pyproject.toml reader', () => {
  test('strings, multi-line arrays with comments, inline tables, booleans and numbers; other tables skipped', () => {
    const text = [
      '[build-system]',
      'requires = ["setuptools>=61"]',
      '[project]',
      'name = "folio-client"  # the distribution',
      "version = '0.2.0'",
      'description = "tab\\there \\u00e9"',
      'license = { text = "Apache-2.0" }',
      'dependencies = [',
      '  "a>=1",  # first',
      '  # nothing here',
      "  'b',",
      ']',
      'typed = true',
      'size = 1_000',
      '[tool.other]',
      'x = """anything',
      'goes"""',
    ].join('\n');
    assert.deepEqual(readPyproject(text, ['project', 'tool.setuptools']), {
      project: {
        name: 'folio-client',
        version: '0.2.0',
        description: 'tab\there é',
        license: { text: 'Apache-2.0' },
        dependencies: ['a>=1', 'b'],
        typed: true,
        size: 1000,
      },
    });
  });

  test('the real file: what the wheel is built from', () => {
    const meta = readPyproject(fs.readFileSync(path.join(PACKAGE, 'pyproject.toml'), 'utf8'), ['project', 'tool.setuptools']);
    assert.equal(meta.project.name, 'folio-client');
    assert.equal(meta.project.version, VERSION);
    assert.deepEqual(meta.project.dependencies, []);
    assert.deepEqual(meta['tool.setuptools'].packages, ['folio_client']);
  });

  test('refused with its line, never guessed: a multi-line string, a dotted key, two entries on a line, a repeated key', () => {
    for (const [body, message] of [
      ['name = """x"""', /line 2: a multi-line string is not read here/],
      ['urls.home = "x"', /line 2: "=" was expected after urls/],
      ['name = "x" version = "1"', /line 2: one entry per line/],
      ['name = "x"\nname = "y"', /line 3: name is set twice/],
      ['name = "x', /line 2: an unterminated string/],
      ['name = 2024-01-01', /line 2: a string, array, inline table, boolean or number was expected/],
    ] as const)
      assert.throws(() => readPyproject(`[project]\n${body}\n`, ['project']), message, body);
    assert.throws(() => readPyproject('[[project]]\nname = "x"\n', ['project']), /line 1: \[\[project\]\] is an array of tables/);
  });
});
