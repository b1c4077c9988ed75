// Gotenberg's /health and /version (docs/gotenberg.md), in Gotenberg's shapes: /health without
// authentication, one check per converter of the process (200 all up, 503 with why when one is down, HEAD
// too); /version Folio's version as plain text, behind the API key like the other Gotenberg routes.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { packageVersion } from '../../src/config/package-version.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe("Gotenberg's /health and /version", () => {
  let app: TestApp;
  let broken: TestApp;

  before(async () => {
    app = await createTestApp();
    broken = await createTestApp({ env: { FOLIO_CHROMIUM_PATH: '/nonexistent/chromium' } });
  });
  after(async () => {
    await app.close();
    await broken.close();
  });

  test('/health answers without a key: every converter up, each with when it was checked', async () => {
    const r = await app.server.inject({ method: 'GET', url: '/health' });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.headers['cache-control'], 'no-cache');
    const body = r.json();
    assert.equal(body.status, 'up');
    assert.equal(body.details.chromium.status, 'up');
    assert.ok(!Number.isNaN(Date.parse(body.details.chromium.timestamp)));
    const head = await app.server.inject({ method: 'HEAD', url: '/health' });
    assert.equal(head.statusCode, 200);
    assert.equal(head.body, '');
  });

  test('/health is 503 naming the converter that cannot work', async () => {
    const r = await broken.server.inject({ method: 'GET', url: '/health' });
    assert.equal(r.statusCode, 503, r.body);
    const body = r.json();
    assert.equal(body.status, 'down');
    assert.deepEqual(Object.keys(body.details.chromium).sort(), ['error', 'status', 'timestamp']);
    assert.equal(body.details.chromium.error, 'Chromium is unhealthy');
  });

  test("/version is Folio's version as plain text, for a key sent as Bearer or as the Basic password", async () => {
    assert.equal((await app.server.inject({ method: 'GET', url: '/version' })).statusCode, 401);
    const bearer = await app.server.inject({ method: 'GET', url: '/version', headers: { authorization: `Bearer ${app.key}` } });
    assert.equal(bearer.statusCode, 200, bearer.body);
    assert.match(String(bearer.headers['content-type']), /^text\/plain/);
    assert.equal(bearer.body, packageVersion());
    const basic = await app.server.inject({
      method: 'GET',
      url: '/version',
      headers: { authorization: `Basic ${Buffer.from(`gotenberg:${app.key}`).toString('base64')}` },
    });
    assert.equal(basic.statusCode, 200, basic.body);
  });
});
