// A template's own helpers.js at commit (services/deploys/template-sources.ts): compiled in the sandbox
// with the templates, a syntax error is 400 template_syntax_error naming helpers.js, its line and column,
// and nothing is committed; a valid one is committed with the version; Nunjucks' Jinja2-only
// `{% set ns.x = … %}` is refused naming its file and line. Rendering with helpers.js is
// test/render/template-codes.test.ts. SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

describe("a template's helpers.js and Nunjucks' Jinja2 forms at commit", () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  test('a syntax error in helpers.js is refused with its line and column; a valid one is committed', async () => {
    const bad = await deployFiles(app, { createDeploy: { slug: 'own-helpers', name: 'Own helpers' } }, [
      file('index.hbs', '<p>{{mul 2 3}}</p>'),
      file('helpers.js', "Handlebars.registerHelper('mul', (a, b) => a * b);\nHandlebars.registerHelper('x', (a) => a +);"),
    ]);
    assert.equal(bad.status, 400, JSON.stringify(bad.body));
    assert.equal(bad.body.error, 'template_syntax_error');
    assert.match(bad.body.message, /^helpers\.js:2:\d+: SyntaxError: /);
    assert.deepEqual([bad.body.details.file, bad.body.details.line], ['helpers.js', 2]);
    const good = await deployFiles(app, { createDeploy: { slug: 'own-helpers', name: 'Own helpers' } }, [
      file('index.hbs', '<p>{{mul 2 3}}</p>'),
      file('helpers.js', "Handlebars.registerHelper('mul', (a, b) => a * b);"),
    ]);
    assert.equal(good.status, 201, JSON.stringify(good.body));
  });

  test('Nunjucks: {% set ns.sum = … %} is refused naming the file and line, with what to write instead', async () => {
    const r = await deployFiles(app, { createDeploy: { slug: 'jinja', name: 'Jinja' } }, [
      file('index.njk', '<p>{% include "partials/sum.njk" %}</p>'),
      file('partials/sum.njk', '{% set ns = {sum: 0} %}\n{% for l in lines %}{% set ns.sum = ns.sum + l %}{% endfor %}'),
    ]);
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.equal(r.body.error, 'template_syntax_error');
    assert.match(r.body.message, /^partials\/sum\.njk:2:21: Nunjucks does not support setting an attribute/);
    assert.deepEqual([r.body.details.file, r.body.details.line, r.body.details.column], ['partials/sum.njk', 2, 21]);
  });
});
