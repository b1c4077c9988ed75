// Template sources refused before anything renders: a commit whose template has a syntax error (400
// template_syntax_error with file, line and column), names an unknown engine or two engines, or has
// Markdown over the size limit writes no version; inline sources on POST /v1/render are refused the same
// way, naming the field, and create no job. The syntax checks run in the sandbox at commit. Rendering
// templates is test/e2e/template-engines.test.ts. SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file, type BundleFile } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { MAX_TEMPLATE_NESTING } from '../../src/domain/deploys/template-nesting.js';

describe('template sources refused at commit and on inline jobs', () => {
  let app: TestApp;

  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  async function inline(body: Record<string, unknown>) {
    const res = await app.server.inject({
      method: 'POST',
      url: '/v1/render',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  }

  test('a syntax error is refused at commit with file, line and column; nothing is created', async () => {
    const before = (await app.api('GET', '/v1/deploys')).body.items.length;
    const bad = await deployFiles(app, { createDeploy: { slug: 'broken', name: 'Broken' } }, [
      file('index.njk', '<p>ok</p>'),
      file('partials/row.njk', '<tr>\n  {% for x in y %}\n  {% endfro %}'),
    ]);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, 'template_syntax_error');
    assert.match(bad.body.message, /^partials\/row\.njk:3:\d+: unknown block tag: endfro/);
    assert.deepEqual([bad.body.details.file, bad.body.details.line], ['partials/row.njk', 3]);
    assert.match(bad.body.message, /nothing was committed; the upload session is closed and the deploy it created removed/);
    // The refused commit leaves no empty deploy behind, and the slug is free for the fixed files.
    assert.equal((await app.api('GET', `/v1/deploys/${bad.deployId}`)).status, 404);
    assert.equal((await app.api('GET', '/v1/deploys')).body.items.length, before);
    const fixed = await deployFiles(app, { createDeploy: { slug: 'broken', name: 'Broken' } }, [file('index.njk', '<p>ok</p>')]);
    assert.equal(fixed.status, 201, JSON.stringify(fixed.body));
  });

  test('a refused commit to an existing deploy closes its session and keeps the deploy', async () => {
    const first = await deployFiles(app, { createDeploy: { slug: 'kept', name: 'Kept' } }, [file('index.hbs', '<p>{{x}}</p>')]);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const bad = await deployFiles(app, { deployId: first.deployId }, [file('index.hbs', '<p>{{#each x}}</p>')]);
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /nothing was committed; the upload session is closed: fix the files/);
    assert.equal((await app.api('GET', `/v1/deploys/${first.deployId}/versions`)).body.items.length, 1);
  });

  test('bad input at commit: an unknown engine, two engines, Markdown over the size limit; nothing created', async () => {
    const cases: Array<[string, BundleFile[], Record<string, unknown>, RegExp, string]> = [
      ['ejs', [file('index.html', '<p>x</p>')], { engine: 'ejs' }, /render\.engine must be one of html, handlebars/, 'invalid_request'],
      [
        'two',
        [file('index.hbs', '<p>{{x}}</p>')],
        { engine: 'nunjucks' },
        /render\.engine is nunjucks but the entry index\.hbs is a handlebars template/,
        'invalid_request',
      ],
      [
        'huge-md',
        [file('index.md', `# Big\n\n${'word '.repeat(230_000)}`)],
        {},
        /the template sources reach \d+ bytes at index\.md/,
        'deploy_commit_policy_limit_exceeded',
      ],
    ];
    for (const [slug, files, render, message, code] of cases) {
      const r = await deployFiles(app, { createDeploy: { slug, name: slug } }, files, { route: '/', title: slug, ...render });
      assert.equal(r.status, 400, `${slug}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.error, code);
      assert.match(r.body.message, message);
      if (code === 'invalid_request') {
        // Refused for the commit's body: the session stays open for a corrected commit.
        const versions = await app.api('GET', `/v1/deploys/${r.deployId}/versions`);
        assert.equal(versions.body.items.length, 0, `${slug}: no version`);
      } else assert.equal((await app.api('GET', `/v1/deploys/${r.deployId}`)).status, 404, `${slug}: no empty deploy left`);
    }
  });

  test('inline sources refused with the field: a syntax error, a missing toHTML file, html with markdown, an unknown engine', async () => {
    const jobsBefore = (await app.api('GET', '/v1/render-jobs?limit=100')).body.items.length;
    const syntax = await inline({ html: '<p>\n{{#each x}}</p>', engine: 'handlebars' });
    assert.equal(syntax.status, 400, JSON.stringify(syntax.body));
    assert.equal(syntax.body.error, 'template_syntax_error');
    assert.equal(syntax.body.details.file, 'index.html');
    assert.equal(syntax.body.details.line, 2);
    const missing = await inline({ html: '<main>\n  {{ toHTML "nope.md" }}</main>', engine: 'markdown' });
    assert.equal(missing.status, 400, JSON.stringify(missing.body));
    assert.equal(missing.body.error, 'template_syntax_error');
    assert.match(missing.body.message, /^index\.html:2:3: toHTML names nope\.md, which is not a file of the bundle/);
    const both = await inline({ html: '<p>x</p>', markdown: '# x' });
    assert.equal(both.status, 400);
    assert.equal(both.body.details.field, 'markdown');
    const unknown = await inline({ html: '<p>x</p>', engine: 'ejs' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.details.field, 'engine');
    const clash = await inline({ markdown: '# x', engine: 'liquid' });
    assert.equal(clash.status, 400, JSON.stringify(clash.body));
    assert.equal(clash.body.details.field, 'engine');
    assert.match(clash.body.message, /^engine is liquid but the entry index\.md is a markdown template/);
    const big = await inline({ markdown: `# Big\n\n${'word '.repeat(1_100_000)}` });
    assert.equal(big.status, 413, JSON.stringify(big.body).slice(0, 300));
    assert.equal(big.body.details.field, 'markdown');
    assert.equal((await app.api('GET', '/v1/render-jobs?limit=100')).body.items.length, jobsBefore, 'no job was created');
  });

  test('a template nested 60,000 levels deep is refused at once, naming the limit, at commit and inline', async () => {
    const deep = `${'{{#if a}}'.repeat(60_000)}x${'{{/if}}'.repeat(60_000)}`;
    const committed = await deployFiles(app, { createDeploy: { slug: 'deep', name: 'Deep' } }, [file('index.hbs', deep)]);
    assert.equal(committed.status, 400, JSON.stringify(committed.body).slice(0, 300));
    assert.equal(committed.body.error, 'template_syntax_error');
    assert.match(
      committed.body.message,
      new RegExp(
        `^index\\.hbs:1:\\d+: blocks and expressions nest ${MAX_TEMPLATE_NESTING + 1} levels deep here; a template may nest at most ${MAX_TEMPLATE_NESTING} \\(nothing was committed`,
      ),
    );
    assert.equal(committed.body.details.limit, MAX_TEMPLATE_NESTING);
    const sub = await inline({ html: `<p>{{${'(f '.repeat(60_000)}x${')'.repeat(60_000)}}}</p>`, engine: 'handlebars' });
    assert.equal(sub.status, 400, JSON.stringify(sub.body).slice(0, 300));
    assert.equal(sub.body.error, 'template_syntax_error');
    assert.equal(sub.body.details.file, 'index.html');
    assert.match(sub.body.message, /a template may nest at most/);
  });
});
