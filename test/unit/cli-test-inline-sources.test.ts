// What `folio test --server` and `folio dev --server` send a server (inline sources of a template folder:
// the entry with its template language) and when a drift names a difference of browsers; and the folder
// `folio render --assets DIR` sends, read by the rule `folio deploy` reads a folder with.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { inlineSources as assetSources } from '../../src/cli/client/inline-sources.js';
import { templateBundle } from '../../src/cli/snapshots/printer.js';
import { browserNote, chromiumMajor } from '../../src/cli/snapshots/producer.js';
import { inlineSources, namedAsInFolder } from '../../src/cli/snapshots/server-printer.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-inline-sources-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));

/** A folder with these files (path → content). */
function folder(name: string, files: Record<string, string>): string {
  const dir = path.join(work, name);
  for (const [rel, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), body);
  }
  return dir;
}
const settings = { route: '/', includeDotfiles: false, includeNodeModules: false };

describe('folio test --server: the inline sources of a template folder', () => {
  for (const [entry, engine] of [
    ['index.hbs', 'handlebars'],
    ['index.liquid', 'liquid'],
    ['index.njk', 'nunjucks'],
  ] as const)
    test(`${entry}: the entry as html with engine ${engine}, the other files beside it, the test's own files left out`, async () => {
      const dir = folder(engine, {
        [entry]: '<p>{{ number }}</p>',
        'style.css': 'p{color:red}',
        'partials/line.hbs': '<td>{{ x }}</td>',
        'sample-payload.json': '{"number":"INV-1"}',
        'tests/paid.json': '{"number":"INV-2"}',
        '__snapshots__/paid/meta.json': '{}',
        '.folio-test-report/index.html': '<p>{{#if}}</p>',
      });
      const sources = inlineSources(await templateBundle(dir, settings), '/', 'x');
      assert.equal(sources.engine, engine);
      assert.equal(sources.html, '<p>{{ number }}</p>');
      assert.deepEqual(Object.keys(sources.files ?? {}).sort(), ['partials/line.hbs', 'sample-payload.json', 'style.css']);
    });

  test('plain HTML goes without an engine', async () => {
    const dir = folder('plain', { 'index.html': '<p>hi</p>', 'style.css': 'p{}' });
    const sources = inlineSources(await templateBundle(dir, settings), '/', 'x');
    assert.equal(sources.engine, undefined);
    assert.equal(sources.html, '<p>hi</p>');
    assert.deepEqual(Object.keys(sources.files ?? {}), ['style.css']);
  });
});

describe("the server's errors name the folder's entry file", () => {
  test('index.html in a syntax or runtime error becomes the entry as the folder names it', () => {
    assert.equal(
      namedAsInFolder('index.html:20:1: tag {% if x %} not closed', '/index.liquid'),
      'index.liquid:20:1: tag {% if x %} not closed',
    );
    assert.equal(
      namedAsInFolder('template error in index.html:3:5: Missing helper: "mul"', '/card.hbs'),
      'template error in card.hbs:3:5: Missing helper: "mul"',
    );
    assert.equal(
      namedAsInFolder('template error in index.html: x is undefined', '/index.njk'),
      'template error in index.njk: x is undefined',
    );
  });

  test('other files, and a folder whose entry is index.html, keep their names', () => {
    assert.equal(namedAsInFolder('line.liquid:2:3: bad filter', '/index.liquid'), 'line.liquid:2:3: bad filter');
    assert.equal(namedAsInFolder('partials/index.html:2:1: x', '/index.liquid'), 'partials/index.html:2:1: x');
    assert.equal(namedAsInFolder('index.html:2:1: x', '/index.html'), 'index.html:2:1: x');
    assert.equal(namedAsInFolder('payload.customer is required', '/index.hbs'), 'payload.customer is required');
  });
});

describe('a drift names a difference of browsers as a possible cause only', () => {
  test("the local product string and a server PDF's producer name the same Chromium by its major version", () => {
    assert.equal(chromiumMajor('HeadlessChrome/156.0.8078.79'), 156);
    assert.equal(chromiumMajor('Skia/PDF m156'), 156);
    assert.equal(chromiumMajor('unknown'), null);
    const local = { browser: 'HeadlessChrome/156.0.8078.79', renderer: 'local' };
    assert.equal(browserNote(local, { browser: 'Skia/PDF m156', renderer: 'server' }), null);
    assert.equal(browserNote(local, local), null);
  });

  test('different versions: a possible cause, naming both', () => {
    const note = browserNote({ browser: 'HeadlessChrome/150.0.1.2', renderer: 'local' }, { browser: 'Skia/PDF m156', renderer: 'server' });
    assert.equal(
      note,
      'a possible cause: the snapshot was recorded by HeadlessChrome/150.0.1.2 (local), this run printed by Skia/PDF m156 (server)',
    );
  });
});

describe('folio render --assets DIR: the folder as folio deploy reads it', () => {
  test('dot files and folders, node_modules and PDFs are left out, and what .folioignore lists; the entry is not sent twice', async () => {
    const dir = folder('assets', {
      'invoice.hbs': '<p>{{ number }}</p>',
      'style.css': 'p{}',
      'img/logo.svg': '<svg/>',
      '.folio-test-report/index.html': '<p>{{#if}}</p>',
      '.env': 'SECRET=1',
      'node_modules/x/index.js': '1',
      'old.pdf': '%PDF',
      'drafts/a.txt': 'a',
      '.folioignore': 'drafts/\n',
    });
    const { entry, files } = await assetSources(path.join(dir, 'invoice.hbs'), dir, '--html');
    assert.equal(entry, '<p>{{ number }}</p>');
    assert.deepEqual(Object.keys(files ?? {}).sort(), ['img/logo.svg', 'style.css']);
    assert.equal(Buffer.from(files!['style.css']!, 'base64').toString(), 'p{}');
  });
});
