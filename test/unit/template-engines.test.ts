// Which template language a version's entry is written in (domain/deploys/template-engines.ts), how a route finds
// a template entry, and the commit-time syntax check each engine's own package makes (sandbox/template-check.ts,
// run here directly: the sandbox thread runs the same function).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkCommit } from '../../src/domain/deploys/commit-check.js';
import { resolveRoute } from '../../src/domain/deploys/file-paths.js';
import {
  engineOfPath,
  lineColumn,
  resolveEngine,
  templateRunsNoScripts,
  templateSourcePaths,
} from '../../src/domain/deploys/template-engines.js';
import { checkTemplates } from '../../src/sandbox/template-check.js';

const UNLIMITED = { maxFilesPerDeployCommit: null, maxBytesPerDeployCommit: null, maxRenderTimeoutMs: null };

describe('template engines', () => {
  test('the engine of an entry: declared, or by its extension; html means none', () => {
    assert.equal(engineOfPath('/index.hbs'), 'handlebars');
    assert.equal(engineOfPath('/x/letter.NJK'), 'nunjucks');
    assert.equal(engineOfPath('/index.html'), null);
    assert.deepEqual(resolveEngine(undefined, '/index.liquid'), { engine: 'liquid' });
    assert.deepEqual(resolveEngine('handlebars', '/index.html'), { engine: 'handlebars' });
    assert.deepEqual(resolveEngine('html', '/index.html'), { engine: null });
    assert.ok('problem' in resolveEngine('html', '/index.md'), 'html declared for a Markdown entry names two engines');
  });

  test('a route finds index.html first, then a template entry', () => {
    const has = (files: string[]) => (p: string) => files.includes(p);
    assert.equal(resolveRoute('/', has(['/index.hbs', '/index.html'])), '/index.html');
    assert.equal(resolveRoute('/', has(['/index.njk'])), '/index.njk');
    assert.equal(resolveRoute('/letter', has(['/letter.md'])), '/letter.md');
    assert.equal(resolveRoute('/docs/', has(['/docs/index.mustache'])), '/docs/index.mustache');
    const commit = checkCommit(
      { entries: [{ path: 'index.liquid', blobHash: 'a'.repeat(64), size: 3 }], render: { route: '/', title: 't' } },
      UNLIMITED,
      null,
    );
    assert.ok(commit.ok);
    assert.deepEqual([commit.entryPath, commit.engine], ['/index.liquid', 'liquid']);
  });

  test('the files a template may include: its engine’s, and HTML when the entry is HTML', () => {
    const paths = ['/index.hbs', '/partials/line.hbs', '/style.css', '/x.html', '/y.liquid'];
    assert.deepEqual(templateSourcePaths('handlebars', '/index.hbs', paths), ['/index.hbs', '/partials/line.hbs']);
    assert.deepEqual(templateSourcePaths('handlebars', '/x.html', paths), ['/index.hbs', '/partials/line.hbs', '/x.html']);
    assert.deepEqual(templateSourcePaths('markdown', '/doc.md', ['/doc.md', '/other.md']), ['/doc.md']);
    assert.deepEqual(lineColumn('ab\ncd\nef', 4), { line: 2, column: 2 });
  });

  test('a syntax error is found at commit, with its file, line and column, in every engine', () => {
    const cases = [
      ['handlebars', '<p>\n{{#each items}}\n{{/eachh}}', { line: 2, message: /each doesn't match eachh/ }],
      ['liquid', '<p>\n{% for x in y %}\n{% endfo %}', { line: 3, column: 1, message: /tag "endfo" not found/ }],
      ['nunjucks', '<p>\n{% if x %}\n{% endfo %}', { line: 3, message: /unknown block tag: endfo/ }],
      ['mustache', '<p>\n{{#items}}\n<b>', { line: 3, message: /Unclosed section "items"/ }],
    ] as const;
    for (const [engine, text, want] of cases) {
      const p = checkTemplates(engine, [
        { path: 'partials/ok.x', text: 'fine' },
        { path: 'index.x', text },
      ]);
      assert.ok(p, `${engine} finds the error`);
      assert.equal(p.path, 'index.x', engine);
      assert.equal(p.line, want.line, `${engine}: ${JSON.stringify(p)}`);
      if ('column' in want) assert.equal(p.column, want.column);
      assert.ok(typeof p.column === 'number' && p.column >= 1, `${engine} names a column: ${JSON.stringify(p)}`);
      assert.match(p.message, want.message);
    }
    assert.equal(checkTemplates('handlebars', [{ path: 'index.hbs', text: '{{#each a}}{{this}}{{/each}}' }]), null);
    assert.equal(checkTemplates('markdown', [{ path: 'index.md', text: '{{ not a template' }]), null);
  });
});

test('a template runs no scripts unless a source writes one or the bundle holds a file that could hold one', () => {
  const sources = { 'index.hbs': '<p>{{name}}</p>{{> line}}', 'partials/line.hbs': '<p>{{total}}</p>' };
  const paths = ['/index.hbs', '/partials/line.hbs', '/style.css', '/logo.svg', '/terms.html', '/fonts/a.woff2'];
  assert.equal(templateRunsNoScripts(paths, sources), true);
  assert.equal(templateRunsNoScripts([...paths, '/chart.js'], sources), false, 'a script file');
  assert.equal(templateRunsNoScripts([...paths, '/wasm/lib.wasm'], sources), false, 'a WebAssembly module');
  for (const markup of ['<SCRIPT src="x">', '<img onerror = "x">', '<a href="javascript:x">', '<iframe src="/">', '<object data="x">'])
    assert.equal(templateRunsNoScripts(paths, { ...sources, 'partials/line.hbs': markup }), false, markup);
  assert.equal(templateRunsNoScripts(['/index.html'], { 'index.html': '<p>Common = {{x}}</p>' }), true, 'text is not a handler');
});
