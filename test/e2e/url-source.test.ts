// URL sources end to end: real database, real Chromium, and a real HTTP server on loopback standing in for
// the team's internal app (allow-listed with FOLIO_URL_SOURCE_ALLOWED_HOSTS). The page prints with its CSS,
// the job's cookies and headers reach that server and no other host, and the network policy refuses a name
// resolving to loopback and a redirect to a private address when the job renders. Secrets never show in job
// views or the log. Refusals at creation (literal addresses, bad fields, the plan) are in
// test/integration/url-source-requests.test.ts.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { systemLookup, type LookupAll } from '../../src/net/resolve-host.js';
import { createClient } from '../../src/sdk/index.js';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { runFolio } from '../helpers/cli-run.js';
import { pdfText } from '../helpers/pdf.js';

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
}

/** A real HTTP server on 127.0.0.1; `routes` answers by path, everything it was asked is in `seen`. */
async function startServer(routes: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    routes(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, port, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The system resolver, except for names under .invalid (RFC 6761), answered as getaddrinfo answers NXDOMAIN. */
const resolver: LookupAll = async (host) => {
  if (host.endsWith('.invalid')) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND', hostname: host });
  return systemLookup(host);
};

const SECRET_COOKIE = 'cookie-secret-7f3a9c';
const SECRET_HEADER = 'Bearer header-secret-41d2e8';

describe('URL sources', () => {
  let app: TestApp;
  let appServer: Awaited<ReturnType<typeof startServer>>;
  let other: Awaited<ReturnType<typeof startServer>>;
  const logLines: string[] = [];

  before(async () => {
    // A host that is not allow-listed: whatever it is asked, it records (nothing must reach it with secrets).
    other = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/css' });
      res.end('h2 { color: red }');
    });
    appServer = await startServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      if (u.pathname === '/invoice') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><html><head><link rel="stylesheet" href="/style.css"><link rel="stylesheet" href="http://localhost:${other.port}/other.css"></head>` +
            `<body><h1>Internal invoice 42</h1></body></html>`,
        );
      } else if (u.pathname === '/style.css') {
        res.writeHead(200, { 'content-type': 'text/css' });
        res.end('h1::after { content: " styled by the app CSS" }');
      } else if (u.pathname === '/redirect') {
        res.writeHead(302, { location: `http://127.0.0.1:${other.port}/private` });
        res.end();
      } else {
        res.writeHead(404);
        res.end('not found');
      }
    });
    const sink = new Writable({
      write(chunk, _enc, cb) {
        logLines.push(String(chunk));
        cb();
      },
    });
    app = await createTestApp({
      env: { FOLIO_URL_SOURCE_ALLOWED_HOSTS: `127.0.0.1:${appServer.port}`, FOLIO_LOG_LEVEL: 'debug' },
      logDestination: sink,
      lookup: resolver,
    });
    await app.services.ctx.db.updateTable('accounts').set({ plan_key: 'pro' }).where('id', '=', app.accountId).execute();
    app.startBackground();
  });
  after(async () => {
    await app.close();
    await appServer.close();
    await other.close();
  });

  const pdfOf = async (jobId: string) => {
    const link = await app.api('POST', `/v1/render-jobs/${jobId}/output-download`, { expiresInSeconds: 60 });
    assert.equal(link.status, 200, JSON.stringify(link.body));
    const u = new URL(link.body.access.url);
    const r = await app.server.inject({ method: 'GET', url: u.pathname + u.search });
    assert.equal(r.statusCode, 200);
    return r.rawPayload;
  };

  let printedJobId = '';

  test('an allow-listed internal page prints with its CSS; cookies and headers reach its origin only', async () => {
    const created = await app.api('POST', '/v1/render-jobs', {
      source: {
        url: `http://127.0.0.1:${appServer.port}/invoice?token=query-secret-99`,
        cookies: [{ name: 'session', value: SECRET_COOKIE, httpOnly: true }],
        headers: { Authorization: SECRET_HEADER, 'X-Tenant': 'acme' },
      },
      print: { format: 'A5' },
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    printedJobId = created.body.job.id;
    assert.deepEqual(created.body.job.source, { type: 'url', url: `http://127.0.0.1:${appServer.port}/invoice` });
    const done = await app.api('GET', `/v1/render-jobs/${printedJobId}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'succeeded', JSON.stringify(done.body));
    const text = pdfText(await pdfOf(printedJobId));
    assert.match(text, /Internal invoice 42/);
    assert.match(text, /styled by the\s+app CSS/, 'the subresource (CSS) of the page loaded');

    const page = appServer.seen.find((s) => s.url.startsWith('/invoice'));
    assert.ok(page, 'the app server was asked for the page');
    assert.equal(page.url, '/invoice?token=query-secret-99');
    assert.equal(page.headers.cookie, `session=${SECRET_COOKIE}`);
    assert.equal(page.headers.authorization, SECRET_HEADER);
    assert.equal(page.headers['x-tenant'], 'acme');
    const css = appServer.seen.find((s) => s.url === '/style.css');
    assert.ok(css, 'the CSS was fetched from the app');
    assert.equal(css.headers.authorization, SECRET_HEADER, 'the same origin gets the headers for subresources too');
    // The other host (localhost, a different origin and not allow-listed) was refused by the policy; had it
    // been reached, it must not have got the secrets either.
    for (const s of other.seen) {
      assert.equal(s.headers.cookie, undefined);
      assert.equal(s.headers.authorization, undefined);
    }

    const diagnostics = await app.api('GET', `/v1/render-jobs/${printedJobId}/diagnostics`);
    assert.equal(diagnostics.status, 200);
    const views = JSON.stringify([done.body, diagnostics.body, (await app.api('GET', '/v1/render-jobs')).body]);
    for (const secret of [SECRET_COOKIE, 'header-secret-41d2e8', 'query-secret-99'])
      assert.ok(!views.includes(secret), `${secret} must not be shown`);
    // The sealed source is deleted with the payload when the job ends.
    const payload = await app.services.ctx.db
      .selectFrom('render_payloads')
      .selectAll()
      .where('job_id', '=', printedJobId)
      .executeTakeFirst();
    assert.equal(payload, undefined);
    const log = logLines.join('');
    assert.ok(log.length > 0, 'the log was captured');
    for (const secret of [SECRET_COOKIE, 'header-secret-41d2e8']) assert.ok(!log.includes(secret), `${secret} must not be logged`);
  });

  test('the same through POST /v1/render (one-shot, answered with the PDF)', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/v1/render',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ source: { url: `http://127.0.0.1:${appServer.port}/invoice` } }),
    });
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    assert.match(pdfText(res.rawPayload), /Internal invoice 42/);
  });

  test("Gotenberg's /forms/chromium/convert/url and screenshot/url: url, extraHttpHeaders and cookies", async () => {
    const base = await app.server.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('url', `http://127.0.0.1:${appServer.port}/invoice?from=gotenberg`);
    form.append('extraHttpHeaders', JSON.stringify({ 'X-Gotenberg': 'yes' }));
    form.append('cookies', JSON.stringify([{ name: 'gsession', value: 'gotenberg-cookie-1', domain: '127.0.0.1', sameSite: 'Lax' }]));
    form.append('landscape', 'true');
    const res = await fetch(`${base}/forms/chromium/convert/url`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.key}` },
      body: form,
    });
    assert.equal(res.status, 200, await res.clone().text());
    assert.match(pdfText(Buffer.from(await res.arrayBuffer())), /Internal invoice 42/);
    const page = appServer.seen.find((s) => s.url === '/invoice?from=gotenberg');
    assert.equal(page?.headers['x-gotenberg'], 'yes');
    assert.equal(page?.headers.cookie, 'gsession=gotenberg-cookie-1');
    const refused = new FormData();
    refused.append('url', 'file:///etc/passwd');
    const bad = await fetch(`${base}/forms/chromium/convert/url`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.key}` },
      body: refused,
    });
    assert.equal(bad.status, 400);
    assert.equal(((await bad.json()) as { details: { field: string } }).details.field, 'url');

    // The screenshot form of the same page: one PNG of the asked width.
    const shot = new FormData();
    shot.append('url', `http://127.0.0.1:${appServer.port}/invoice?from=screenshot`);
    shot.append('format', 'png');
    shot.append('width', '320');
    const png = await fetch(`${base}/forms/chromium/screenshot/url`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.key}` },
      body: shot,
    });
    assert.equal(png.status, 200, await png.clone().text());
    assert.equal(png.headers.get('content-type'), 'image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    assert.equal(bytes.subarray(0, 8).toString('hex'), '89504e470d0a1a0a');
    assert.equal(bytes.readUInt32BE(16), 320, 'width from the IHDR chunk');
    assert.ok(
      appServer.seen.some((x) => x.url === '/invoice?from=screenshot'),
      'the page was fetched',
    );
  });

  test('the SDK (client.render({source: {url}})) and the CLI (folio render --url --header --cookie)', async () => {
    const base = await app.server
      .listen({ port: 0, host: '127.0.0.1' })
      .catch(() => `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`);
    const client = createClient({ baseUrl: base, apiKey: app.key });
    const r = await client.render({ source: { url: `http://127.0.0.1:${appServer.port}/invoice?from=sdk` } });
    assert.equal(r.status, 'succeeded');
    assert.ok('pdf' in r && pdfText(r.pdf).includes('Internal invoice 42'));

    const work = tempDir('folio-url-cli-');
    try {
      const out = path.join(work, 'page.pdf');
      const run = await runFolio(
        [
          'render',
          '--url',
          `http://127.0.0.1:${appServer.port}/invoice?from=cli`,
          '--header',
          'X-Cli: 1',
          '--cookie',
          'cli=c00kie',
          '-o',
          out,
        ],
        { cwd: work, env: { ...process.env, XDG_CONFIG_HOME: path.join(work, 'config'), FOLIO_API_URL: base, FOLIO_API_KEY: app.key } },
      );
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /wrote/);
      assert.match(pdfText(fs.readFileSync(out)), /Internal invoice 42/);
      const page = appServer.seen.find((s) => s.url === '/invoice?from=cli');
      assert.equal(page?.headers['x-cli'], '1');
      assert.equal(page?.headers.cookie, 'cli=c00kie');
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  test('a host name that resolves to loopback fails the job with url_source_blocked', async () => {
    const created = await app.api('POST', '/v1/render-jobs', { source: { url: `http://localhost:${other.port}/page` } });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const done = await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'failed', JSON.stringify(done.body));
    assert.equal(done.body.job.errorCode, 'url_source_blocked');
    assert.equal(other.seen.filter((s) => s.url === '/page').length, 0, 'the refused host was never asked');
  });

  test('a host that does not exist fails the job at once with url_source_not_found, not retried', async () => {
    const created = await app.api('POST', '/v1/render-jobs', { source: { url: 'https://no-such-host.invalid/report' } });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const done = await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'failed', JSON.stringify(done.body));
    assert.equal(done.body.job.errorCode, 'url_source_not_found');
    assert.equal(done.body.job.attempt, 0, 'no retry: another attempt would get the same answer');
    assert.match(done.body.job.errorMessage, /the host no-such-host\.invalid does not exist/);
    assert.doesNotMatch(done.body.job.errorMessage, /network policy|did not load/);
  });

  test('an allow-listed page that redirects to a private address that is not allow-listed is refused', async () => {
    const created = await app.api('POST', '/v1/render-jobs', { source: { url: `http://127.0.0.1:${appServer.port}/redirect` } });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const done = await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'failed', JSON.stringify(done.body));
    assert.equal(done.body.job.errorCode, 'url_source_blocked');
    assert.equal(other.seen.filter((s) => s.url === '/private').length, 0, 'the redirect target was never asked');
  });
});
