// Templates in the languages teams write them in, rendered by real Chromium: for Handlebars, Liquid,
// Nunjucks and Mustache an invoice with a partial, a loop of 200 lines and the number, currency, date,
// percent and plural helpers prints the same text as the hand-written HTML + JS page that builds the same
// markup with the same Intl calls, in two locales; Markdown prints its tables and code. A runtime error
// fails the job with the location; the known escape patterns of each engine (prototype and constructor
// access, process, require, includes outside the bundle) reach nothing. SQLite and (FOLIO_TEST_ENGINE=postgres)
// PostgreSQL + S3. Templates refused at commit or on inline jobs are test/integration/template-engine-refusals.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file, type BundleFile } from '../helpers/bundle.js';
import { handWritten, invoice, templates } from '../fixtures/template-invoices.js';
import { deployFiles } from '../helpers/deploy.js';
import { pdfText } from '../helpers/pdf.js';

describe('template languages: rendered in the page, the same text as hand-written HTML', () => {
  let app: TestApp;
  const deployIds: Record<string, string> = {};

  before(async () => {
    app = await createTestApp();
    app.startBackground();
    for (const [slug, files] of [['html', handWritten], ...Object.entries(templates)] as const) {
      const v = await deployFiles(app, { createDeploy: { slug, name: slug } }, files);
      assert.equal(v.status, 201, JSON.stringify(v.body));
      assert.equal(v.body.deployVersion.engine, slug);
      deployIds[slug] = v.deployId;
    }
  });
  after(() => app.close());

  async function render(deployId: string, payload: unknown) {
    const res = await app.server.inject({
      method: 'POST',
      url: '/v1/render',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ deployId, deployVersionId: 'latest', payload }),
    });
    return { status: res.statusCode, pdf: res.rawPayload, body: res.statusCode === 200 ? null : JSON.parse(res.body) };
  }
  async function text(deployId: string, payload: unknown) {
    const r = await render(deployId, payload);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return pdfText(r.pdf);
  }

  for (const locale of ['de-DE', 'en-US']) {
    test(`an invoice of 200 lines in every engine, ${locale}`, async () => {
      const payload = { ...invoice(locale), lineCount: 200 };
      const expected = await text(deployIds.html!, payload);
      assert.match(expected, locale === 'de-DE' ? /Total: 123\.456,78 €/ : /Total: €123,456\.78/);
      assert.match(expected, locale === 'de-DE' ? /Date: 27\. November 2026/ : /Date: November 27, 2026/);
      assert.match(expected, /Item 200/);
      for (const engine of Object.keys(templates))
        assert.equal(await text(deployIds[engine]!, payload), expected, `${engine} prints what the hand-written page prints`);
    });
  }

  test('Markdown: front matter, a table, highlighted code, the default page numbers', async () => {
    const v = await deployFiles(app, { createDeploy: { slug: 'notes', name: 'Notes' } }, [
      file(
        'index.md',
        '---\ntitle: Release notes\nlang: en\n---\n# Release 4.2\n\n| Area | Change |\n|---|---|\n| API | faster |\n\n```js\nconst answer = 42;\n```\n',
      ),
    ]);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    assert.equal(v.body.deployVersion.engine, 'markdown');
    const t = await text(v.deployId, {});
    assert.match(t, /Release 4\.2/);
    assert.match(t, /Area\s+Change\s+API\s+faster/);
    assert.match(t, /const answer = 42;/);
    assert.match(t, /\b1\s*\/\s*1\b/, 'the default stylesheet numbers the pages');
  });

  test('a runtime error fails the job with template_render_failed and the location', async () => {
    const v = await deployFiles(app, { createDeploy: { slug: 'throws', name: 'Throws' } }, [
      file('index.liquid', '<h1>{{ title }}</h1>\n<p>{{ total | formatCurrency: "EUR" | nosuchfilter }}</p>'),
    ]);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    const r = await render(v.deployId, { title: 'x', total: 1 });
    assert.equal(r.status, 422);
    assert.equal(r.body.details.jobErrorCode, 'template_render_failed');
    assert.match(r.body.message, /^template error in index\.liquid:2:\d+: undefined filter: nosuchfilter/);
  });

  test('known escape patterns of each engine reach nothing', async () => {
    const attempts: Record<string, BundleFile[]> = {
      handlebars: [
        file(
          'index.hbs',
          // The prototype-access pattern of the Handlebars advisories, and the Node globals.
          '<p id="a">{{#with "s" as |s|}}{{#with (lookup s "constructor") as |c|}}[{{c.name}}]{{/with}}{{/with}}</p><p>[{{process.env.HOME}}][{{require}}][{{__proto__.polluted}}]</p>',
        ),
      ],
      liquid: [file('index.liquid', '<p>[{{ "" | constructor }}][{{ process.env.HOME }}][{{ this.constructor.name }}]</p>')],
      nunjucks: [
        file(
          'index.njk',
          // The classic Nunjucks escape: reach Function through a range's constructor and run code.
          '<p>[{{ range.constructor("return typeof process + \'/\' + typeof require")() }}][{{ process }}]</p>',
        ),
      ],
      mustache: [file('index.mustache', '<p>[{{constructor.constructor}}][{{process.env.HOME}}]</p>')],
    };
    for (const [engine, files] of Object.entries(attempts)) {
      const v = await deployFiles(app, { createDeploy: { slug: `escape-${engine}`, name: engine } }, files);
      assert.equal(v.status, 201, `${engine}: ${JSON.stringify(v.body)}`);
      const r = await render(v.deployId, {});
      // Whatever a template can run, it runs in the sandboxed page: there is no process or require to reach.
      if (r.status === 200) {
        const t = pdfText(r.pdf);
        assert.doesNotMatch(t, /\/(home|root)\b|object\/function|function\/|Object \{/, `${engine} printed: ${t}`);
        if (engine === 'nunjucks') assert.match(t, /\[undefined\/undefined\]/, 'Function runs in the page: no process, no require');
      } else assert.equal(r.body.details.jobErrorCode, 'template_render_failed', `${engine}: ${JSON.stringify(r.body)}`);
    }
    // An include outside the bundle is an error, not a file of the server.
    const outside = await deployFiles(app, { createDeploy: { slug: 'outside', name: 'outside' } }, [
      file('index.njk', '{% include "../../../../etc/passwd" %}'),
    ]);
    assert.equal(outside.status, 201);
    const r = await render(outside.deployId, {});
    assert.equal(r.status, 422);
    assert.match(r.body.message, /template not found in the bundle: \.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd/);
    assert.doesNotMatch(r.body.message, /root:/);
  });

  async function inline(body: Record<string, unknown>) {
    const res = await app.server.inject({
      method: 'POST',
      url: '/v1/render',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, pdf: res.rawPayload, body: res.statusCode === 200 ? null : JSON.parse(res.body) };
  }
  const b64 = (t: string) => Buffer.from(t).toString('base64');

  test('inline sources: html with an engine and its partials, Markdown, and an HTML page placing Markdown files', async () => {
    const hbs = await inline({
      html: '<h1>{{customer}}</h1><table>{{#each lines}}{{> row}}{{/each}}</table><p>{{formatCurrency total "EUR"}}</p>',
      engine: 'handlebars',
      files: { 'partials/row.hbs': b64('<tr><td>{{name}}</td></tr>') },
      payload: { customer: 'ACME GmbH', lines: [{ name: 'Widget' }, { name: 'Gadget' }], total: 1234.5, locale: 'de-DE' },
    });
    assert.equal(hbs.status, 200, JSON.stringify(hbs.body));
    assert.match(pdfText(hbs.pdf), /ACME GmbH\s+Widget\s+Gadget\s+1\.234,50 €/);
    // The same html without the engine is a plain page: the same tree is another version.
    const plain = await inline({
      html: '<h1>{{customer}}</h1><table>{{#each lines}}{{> row}}{{/each}}</table><p>{{formatCurrency total "EUR"}}</p>',
      files: { 'partials/row.hbs': b64('<tr><td>{{name}}</td></tr>') },
    });
    assert.equal(plain.status, 200);
    assert.match(pdfText(plain.pdf), /\{\{customer\}\}/);

    const md = await inline({
      markdown: '---\ntitle: Notes\n---\n# Notes\n\n| A | B |\n|---|---|\n| 1 | 2 |\n',
      files: { 'style.css': b64('h1 { color: rgb(200, 0, 0) }') },
    });
    assert.equal(md.status, 200, JSON.stringify(md.body));
    assert.match(pdfText(md.pdf), /Notes\s+A\s+B\s+1\s+2/);

    const page = await inline({
      html: '<!doctype html><style>body{font-family:sans-serif}</style><main>{{ toHTML "intro.md" }}<hr>{{toHTML `docs/more.md`}}</main>',
      engine: 'markdown',
      files: { 'intro.md': b64('# Intro\n\n*one*'), 'docs/more.md': b64('## More\n\n- two') },
    });
    assert.equal(page.status, 200, JSON.stringify(page.body));
    assert.match(pdfText(page.pdf), /Intro\s+one\s+More\s+•?\s*two/);
  });

  test('a multipart job with an index.md part renders it as Markdown', async () => {
    const boundary = 'folioMdBoundary';
    const part = (name: string, filename: string, body: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n\r\n${body}\r\n`;
    const res = await app.server.inject({
      method: 'POST',
      url: '/v1/render',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${part('files', 'index.md', '# From a form\n\nSome *text*.')}${part('files', 'style.css', 'p { color: #333 }')}--${boundary}--\r\n`,
    });
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    assert.match(pdfText(res.rawPayload), /From a form\s+Some text\./);
  });
});
