// GET /sdk/… and /cli/…: the client packages a server hands out (src/http/routes/packages.ts), on a folder
// of this test's own making — a built one (index.json and tarballs, as scripts/pack-packages.mjs writes them)
// and an empty one (a server whose checkout never ran the build); the Python client's wheel and pip's index
// of it (src/http/routes/python-index.ts) on a folder that has one and one that has none. Through the app's error handling, so a
// refusal is the uniform error body; and on the whole app, where the routes take no API key and stay out of
// the OpenAPI document.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { after, before, describe, test } from 'node:test';
import { registerErrorHandling } from '../../src/http/plugins/error-handler.js';
import { packageRoutes } from '../../src/http/routes/packages.js';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

async function appOn(dir: string): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandling(app, []);
  packageRoutes(app, dir);
  await app.ready();
  return app;
}

describe('client package routes', () => {
  const built = tempDir('folio-packages-built-');
  const empty = tempDir('folio-packages-empty-');
  const sdk = crypto.randomBytes(3000);
  const cli = crypto.randomBytes(5000);
  let app: FastifyInstance;
  let unbuilt: FastifyInstance;

  before(async () => {
    fs.writeFileSync(path.join(built, 'folio-sdk-1.2.3.tgz'), sdk);
    fs.writeFileSync(path.join(built, 'folio-cli-1.2.3.tgz'), cli);
    const entry = (name: string, file: string, bytes: Buffer) => ({
      name,
      version: '1.2.3',
      file,
      bytes: bytes.length,
      sha256: sha256(bytes),
    });
    fs.writeFileSync(
      path.join(built, 'index.json'),
      JSON.stringify({
        packages: { sdk: entry('@folio/sdk', 'folio-sdk-1.2.3.tgz', sdk), cli: entry('@folio/cli', 'folio-cli-1.2.3.tgz', cli) },
      }),
    );
    app = await appOn(built);
    unbuilt = await appOn(empty);
  });
  after(async () => {
    await app.close();
    await unbuilt.close();
    fs.rmSync(built, { recursive: true, force: true });
    fs.rmSync(empty, { recursive: true, force: true });
  });

  test('the versioned name and the alias answer the tarball: gzip, ETag, revalidated caching, its name', async () => {
    for (const [kind, bytes] of [
      ['sdk', sdk],
      ['cli', cli],
    ] as const) {
      for (const url of [`/${kind}/folio-${kind}-1.2.3.tgz`, `/${kind}/folio-${kind}.tgz`]) {
        const res = await app.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 200, url);
        assert.deepEqual(res.rawPayload, bytes, url);
        assert.equal(res.headers['content-type'], 'application/gzip', url);
        assert.equal(res.headers['content-length'], String(bytes.length), url);
        assert.equal(res.headers.etag, `"${sha256(bytes)}"`, url);
        assert.equal(res.headers['cache-control'], 'public, no-cache', url);
        assert.equal(res.headers['content-disposition'], `attachment; filename="folio-${kind}-1.2.3.tgz"`, url);
      }
    }
  });

  test('HEAD: the headers with the real length; If-None-Match with the ETag: 304 without a body', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/cli/folio-cli.tgz' });
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers['content-length'], String(cli.length));
    assert.equal(head.body, '');
    const etag = head.headers.etag as string;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const res = await app.inject({ method: 'GET', url: '/cli/folio-cli-1.2.3.tgz', headers: { 'if-none-match': ifNoneMatch } });
      assert.equal(res.statusCode, 304, ifNoneMatch);
      assert.equal(res.body, '');
      assert.equal(res.headers.etag, etag);
    }
    const changed = await app.inject({ method: 'GET', url: '/cli/folio-cli-1.2.3.tgz', headers: { 'if-none-match': '"other"' } });
    assert.equal(changed.statusCode, 200);
  });

  test('another version or name: 404 route_not_found naming what this server serves', async () => {
    for (const url of ['/sdk/folio-sdk-1.2.2.tgz', '/sdk/folio-cli-1.2.3.tgz', '/cli/index.json', '/sdk/..%2Findex.json']) {
      const res = await app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.deepEqual(res.json(), {
        error: 'route_not_found',
        message: url.startsWith('/sdk/')
          ? 'this server serves @folio/sdk 1.2.3: GET /sdk/folio-sdk-1.2.3.tgz (or /sdk/folio-sdk.tgz)'
          : 'this server serves @folio/cli 1.2.3: GET /cli/folio-cli-1.2.3.tgz (or /cli/folio-cli.tgz)',
      });
    }
  });

  test('not built: 404 route_not_found in the uniform error body, saying what builds it', async () => {
    for (const url of ['/sdk/folio-sdk.tgz', '/sdk/folio-sdk-0.1.0.tgz', '/cli/folio-cli.tgz']) {
      const res = await unbuilt.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.match(res.headers['content-type'] as string, /^application\/json/);
      const body = res.json();
      assert.deepEqual(Object.keys(body), ['error', 'message']);
      assert.equal(body.error, 'route_not_found');
      assert.match(body.message, /^this server has no folio-(sdk|cli) tarball: it is built by `npm run build` \(and `npm start`\)/);
    }
    // An index that lists a tarball no longer there is the same answer, not a 500.
    fs.writeFileSync(
      path.join(empty, 'index.json'),
      JSON.stringify({ packages: { sdk: { name: '@folio/sdk', version: '0.1.0', file: 'folio-sdk-0.1.0.tgz', bytes: 1, sha256: 'x' } } }),
    );
    const gone = await unbuilt.inject({ method: 'GET', url: '/sdk/folio-sdk.tgz' });
    assert.equal(gone.statusCode, 404);
    assert.equal(gone.json().error, 'route_not_found');
  });
});

describe("the Python client's wheel and pip's index", () => {
  const built = tempDir('folio-packages-wheel-');
  // A packages folder inside a folder of its own, which holds a wheel outside the packages folder.
  const outside = tempDir('folio-packages-outside-');
  const sdkOnly = path.join(outside, 'packages');
  const WHEEL = 'folio_client-1.2.3-py3-none-any.whl';
  const wheel = crypto.randomBytes(4000);
  const sdk = crypto.randomBytes(3000);
  const entry = (name: string, file: string, bytes: Buffer, extra: object = {}) => ({
    name,
    version: '1.2.3',
    file,
    bytes: bytes.length,
    sha256: sha256(bytes),
    ...extra,
  });
  let app: FastifyInstance;
  let noWheel: FastifyInstance;

  /** As the server builds it: the router takes a path with or without its trailing slash. */
  async function serverLike(dir: string): Promise<FastifyInstance> {
    const a = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    registerErrorHandling(a, []);
    packageRoutes(a, dir);
    await a.ready();
    return a;
  }

  before(async () => {
    fs.writeFileSync(path.join(built, WHEEL), wheel);
    fs.writeFileSync(path.join(built, 'folio-sdk-1.2.3.tgz'), sdk);
    const python = entry('folio-client', WHEEL, wheel, { requiresPython: '>=3.9' });
    fs.writeFileSync(
      path.join(built, 'index.json'),
      JSON.stringify({ packages: { sdk: entry('@folio/sdk', 'folio-sdk-1.2.3.tgz', sdk), python } }),
    );
    fs.mkdirSync(sdkOnly);
    fs.writeFileSync(path.join(sdkOnly, 'folio-sdk-1.2.3.tgz'), sdk);
    // An entry whose file is not the wheel name of its name and version is no wheel at all.
    fs.writeFileSync(path.join(outside, 'evil.whl'), wheel);
    fs.writeFileSync(
      path.join(sdkOnly, 'index.json'),
      JSON.stringify({
        packages: { sdk: entry('@folio/sdk', 'folio-sdk-1.2.3.tgz', sdk), python: { ...python, file: '../evil.whl' } },
      }),
    );
    app = await serverLike(built);
    noWheel = await serverLike(sdkOnly);
  });
  after(async () => {
    await app.close();
    await noWheel.close();
    fs.rmSync(built, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  test('GET /sdk/<wheel>: the wheel under its versioned name, beside the SDK tarball; HEAD and If-None-Match too', async () => {
    const res = await app.inject({ method: 'GET', url: `/sdk/${WHEEL}` });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.rawPayload, wheel);
    assert.equal(res.headers['content-type'], 'application/zip');
    assert.equal(res.headers['content-length'], String(wheel.length));
    assert.equal(res.headers.etag, `"${sha256(wheel)}"`);
    assert.equal(res.headers['cache-control'], 'public, no-cache');
    assert.equal(res.headers['content-disposition'], `attachment; filename="${WHEEL}"`);
    const head = await app.inject({ method: 'HEAD', url: `/sdk/${WHEEL}` });
    assert.equal(head.headers['content-length'], String(wheel.length));
    assert.equal(head.body, '');
    const cached = await app.inject({ method: 'GET', url: `/sdk/${WHEEL}`, headers: { 'if-none-match': res.headers.etag as string } });
    assert.equal(cached.statusCode, 304);
    assert.deepEqual((await app.inject({ method: 'GET', url: '/sdk/folio-sdk.tgz' })).rawPayload, sdk);
  });

  test('another wheel name: 404 naming both packages of /sdk/, and where pip finds the wheel', async () => {
    for (const url of [
      '/sdk/folio_client-1.2.2-py3-none-any.whl',
      '/sdk/folio_client-latest-py3-none-any.whl',
      '/sdk/folio-client-1.2.3-py3-none-any.whl',
      '/sdk/folio-sdk-1.0.0.tgz',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.deepEqual(res.json(), {
        error: 'route_not_found',
        message:
          'this server serves @folio/sdk 1.2.3: GET /sdk/folio-sdk-1.2.3.tgz (or /sdk/folio-sdk.tgz); ' +
          `folio-client 1.2.3: GET /sdk/${WHEEL} (or pip's index /sdk/python/simple/)`,
      });
    }
  });

  test("pip's index: the project, then its page linking the wheel with its sha256 and Requires-Python", async () => {
    const root = await app.inject({ method: 'GET', url: '/sdk/python/simple/' });
    assert.equal(root.statusCode, 200);
    assert.equal(root.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(root.body, /<meta name="pypi:repository-version" content="1\.0">/);
    assert.deepEqual(
      [...root.body.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]),
      [['folio-client/', 'folio-client']],
    );

    for (const project of ['folio-client', 'Folio_Client', 'folio.client']) {
      const url = `/sdk/python/simple/${project}/`;
      const res = await app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
      const links = [...res.body.matchAll(/<a href="([^"]*)" data-requires-python="([^"]*)">([^<]*)<\/a>/g)];
      assert.equal(links.length, 1, res.body);
      const [, href, requires, text] = links[0];
      assert.equal(requires, '&gt;=3.9');
      assert.equal(text, WHEEL);
      // The link, resolved against the page as pip does, is the wheel, and its fragment its sha256.
      const target = new URL(href, `http://folio.test${url}`);
      assert.equal(target.pathname, `/sdk/${WHEEL}`);
      assert.equal(target.hash, `#sha256=${sha256(wheel)}`);
      assert.deepEqual((await app.inject({ method: 'GET', url: target.pathname })).rawPayload, wheel);
    }
  });

  test("pip's index: a page without its trailing slash is redirected to it; another project is 404", async () => {
    for (const [url, location] of [
      ['/sdk/python/simple', 'simple/'],
      ['/sdk/python/simple/folio-client', 'folio-client/'],
    ]) {
      const res = await app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 301, url);
      assert.equal(res.headers.location, location);
      assert.equal(new URL(location, `http://folio.test${url}`).pathname, `${url}/`);
    }
    const other = await app.inject({ method: 'GET', url: '/sdk/python/simple/requests/' });
    assert.equal(other.statusCode, 404);
    assert.deepEqual(other.json(), {
      error: 'route_not_found',
      message: 'this index has one project, folio-client: GET /sdk/python/simple/folio-client/',
    });
  });

  test('no wheel built (or an index entry naming another file): 404 route_not_found saying what builds it', async () => {
    for (const url of [
      `/sdk/${WHEEL}`,
      '/sdk/folio_client-0.1.0-py3-none-any.whl',
      '/sdk/python/simple/',
      '/sdk/python/simple/folio-client/',
    ]) {
      const res = await noWheel.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.deepEqual(Object.keys(res.json()), ['error', 'message']);
      assert.equal(res.json().error, 'route_not_found');
      assert.match(res.json().message, /^this server has no folio-client wheel: it is built by `npm run build`/, url);
    }
    // The SDK's own tarball is still served, and a 404 there names only what is built.
    assert.equal((await noWheel.inject({ method: 'GET', url: '/sdk/folio-sdk.tgz' })).statusCode, 200);
    assert.equal(
      (await noWheel.inject({ method: 'GET', url: '/sdk/folio-sdk-0.0.1.tgz' })).json().message,
      'this server serves @folio/sdk 1.2.3: GET /sdk/folio-sdk-1.2.3.tgz (or /sdk/folio-sdk.tgz)',
    );
  });
});

describe('client package routes in the app', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  test('no API key is asked for, and the OpenAPI document leaves them out', async () => {
    // Whether this checkout built its packages or not, the answer is never 401.
    const res = await t.server.inject({ method: 'GET', url: '/sdk/folio-sdk.tgz' });
    assert.ok([200, 404].includes(res.statusCode), `${res.statusCode} ${res.body.slice(0, 200)}`);
    const doc = (await t.server.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as { paths: Record<string, unknown> };
    assert.deepEqual(
      Object.keys(doc.paths).filter((p) => p.startsWith('/sdk') || p.startsWith('/cli')),
      [],
    );
  });
});
