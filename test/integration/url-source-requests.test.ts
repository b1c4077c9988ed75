// URL sources refused at job creation, before anything is fetched or rendered: literal loopback, private and
// metadata addresses (unless allow-listed with FOLIO_URL_SOURCE_ALLOWED_HOSTS), bad source fields, and a
// plan without the external network. Each creates nothing. Nothing listens on the addresses used here:
// printing a URL source, and refusals that need a name resolved or a redirect followed, are
// test/e2e/url-source.test.ts. SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';

const ALLOWED = '127.0.0.1:47801';
const NOT_ALLOWED_PORT = 47802;

describe('URL sources refused at creation', () => {
  let app: TestApp;

  before(async () => {
    app = await createTestApp({ env: { FOLIO_URL_SOURCE_ALLOWED_HOSTS: ALLOWED } });
    await app.services.ctx.db.updateTable('accounts').set({ plan_key: 'pro' }).where('id', '=', app.accountId).execute();
  });
  after(() => app.close());

  const jobCount = async () => (await app.services.ctx.db.selectFrom('render_jobs').select('id').execute()).length;

  test('literal loopback, private and metadata addresses are refused at creation; nothing is created', async () => {
    const before = await jobCount();
    for (const url of [
      `http://127.0.0.1:${NOT_ALLOWED_PORT}/`,
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/',
      'http://[::1]:8080/',
    ]) {
      const r = await app.api('POST', '/v1/render-jobs', { source: { url } });
      assert.equal(r.status, 400, `${url}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.details.field, 'source.url');
    }
    assert.equal(await jobCount(), before);
  });

  test('bad input is a 400 naming the field; nothing is created', async () => {
    const before = await jobCount();
    const url = `http://${ALLOWED}/invoice`;
    const cases: Array<[unknown, string]> = [
      [{ source: { url }, deployId: 'dep_x' }, 'source'],
      [{ source: { url }, html: '<p>x</p>' }, 'source'],
      [{ source: { url: 'file:///etc/passwd' } }, 'source.url'],
      [{ source: { url: 'javascript:alert(1)' } }, 'source.url'],
      [{ source: { url: 'data:text/html,<p>x</p>' } }, 'source.url'],
      [{ source: { url: `https://example.com/${'a'.repeat(2100)}` } }, 'source.url'],
      [{ source: { url, headers: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`x-h${i}`, 'v'])) } }, 'source.headers'],
      [{ source: { url, cookies: Array.from({ length: 51 }, (_, i) => ({ name: `c${i}`, value: 'v' })) } }, 'source.cookies'],
      [{ source: { url, headers: { Host: 'evil.example' } } }, 'source.headers["Host"]'],
      [{ source: { url, headers: { Connection: 'close' } } }, 'source.headers["Connection"]'],
      [{ source: { url, headers: { Cookie: 'a=b' } } }, 'source.headers["Cookie"]'],
      [{ source: { url, cookies: [{ name: 'a', value: 'b', domain: 'example.com' }] } }, 'source.cookies[0].domain'],
    ];
    for (const [body, field] of cases) {
      const r = await app.api('POST', '/v1/render-jobs', body);
      assert.equal(r.status, 400, `${field}: ${JSON.stringify(r.body).slice(0, 300)}`);
      assert.equal(r.body.details?.field, field, JSON.stringify(r.body).slice(0, 300));
    }
    assert.equal(await jobCount(), before);
  });

  test('a plan without the external network: 403 url_source_not_allowed, nothing created', async () => {
    const before = await jobCount();
    await app.services.ctx.db.updateTable('accounts').set({ plan_key: 'free' }).where('id', '=', app.accountId).execute();
    try {
      const r = await app.api('POST', '/v1/render-jobs', { source: { url: `http://${ALLOWED}/invoice` } });
      assert.equal(r.status, 403, JSON.stringify(r.body));
      assert.equal(r.body.error, 'url_source_not_allowed');
      assert.equal(await jobCount(), before);
      const list = await app.api('GET', '/v1/render-jobs');
      assert.equal(list.body.items.length, before);
    } finally {
      await app.services.ctx.db.updateTable('accounts').set({ plan_key: 'pro' }).where('id', '=', app.accountId).execute();
    }
  });
});
