// HTTP hygiene on a real server and real sockets: a request that arrives too slowly (headers, a JSON body, a
// multipart job, a streamed blob upload) is cut off with 408 in the uniform error body, and its connection
// closed; a malformed chunk (or a timeout) in the body of a request already answered closes the connection
// without a second, unsolicited answer; malformed multipart jobs (no boundary, cut short, non-UTF-8 part
// names, too many parts, an oversized text part) are 4xx naming what the client sent; PDF protection passwords
// with a lone surrogate and printHighQuality without print are refused before a job exists. Runs on SQLite
// and (FOLIO_TEST_ENGINE=postgres) PostgreSQL.
import assert from 'node:assert/strict';
import net from 'node:net';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_INLINE_FILES_CEILING } from '../../src/domain/accounts/plans.js';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { descriptors, file, sha256 } from '../helpers/bundle.js';
import { waitFor, waitUntil } from '../helpers/wait.js';

interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Every HTTP response in `text` (bodies framed by Content-Length, as the server sends them). */
function parseResponses(text: string): RawReply[] {
  const out: RawReply[] = [];
  let rest = text;
  for (;;) {
    const m = /^HTTP\/1\.1 (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n/.exec(rest);
    if (!m) break;
    const headers: Record<string, string> = {};
    for (const line of m[2].split('\r\n')) {
      const i = line.indexOf(':');
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const start = m[0].length;
    out.push({ status: Number(m[1]), headers, body: rest.slice(start, start + length) });
    rest = rest.slice(start + length);
  }
  return out;
}

/** A connection whose every received byte is kept. */
function connect(port: number) {
  const sock = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  let closed = false;
  sock.on('data', (d) => chunks.push(d));
  sock.on('error', () => {}); // a reset after the answer is fine: the answer was read
  sock.once('close', () => (closed = true));
  const connected = new Promise<void>((r) => sock.once('connect', () => r()));
  const text = () => Buffer.concat(chunks).toString('latin1');
  return {
    sock,
    connected,
    /** Waits for the server to close the connection (a hang guard only: what it answered is the check). */
    closedByServer: () =>
      waitUntil(
        () => `the server to close the connection; received: ${JSON.stringify(text())}`,
        () => closed,
        { timeoutMs: 30_000 },
      ),
    text,
    responses: () => parseResponses(text()),
  };
}

type Part = { name: string | Buffer; value: string | Buffer; filename?: string; type?: string };

/** A multipart/form-data body built byte by byte (so names may be any bytes). */
function multipart(parts: Part[], boundary: string, { close = true } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const name = typeof p.name === 'string' ? Buffer.from(p.name, 'utf8') : p.name;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="`),
      name,
      Buffer.from(
        `"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
        'utf8',
      ),
      typeof p.value === 'string' ? Buffer.from(p.value, 'utf8') : p.value,
      Buffer.from('\r\n'),
    );
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function assertUniform(body: any, code: string) {
  assert.equal(body.error, code, JSON.stringify(body));
  assert.equal(typeof body.message, 'string');
  assert.ok(
    Object.keys(body).every((k) => ['error', 'message', 'details'].includes(k)),
    JSON.stringify(body),
  );
}

describe('slow requests are cut off with 408 in the uniform error body', () => {
  const TIMEOUT_MS = 1000;
  let app: TestApp;
  let port: number;
  let log = '';
  const sink = new Writable({ write: (c, _e, cb) => ((log += c), cb()) });

  before(async () => {
    app = await createTestApp({ env: { FOLIO_REQUEST_TIMEOUT_MS: String(TIMEOUT_MS), FOLIO_LOG_LEVEL: 'info' }, logDestination: sink });
    port = Number(new URL(await app.server.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  after(() => app.close());

  /** The log's lines since `from` (an offset into it). */
  const logLines = (from: number) =>
    log
      .slice(from)
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: number; msg: string; reqId?: string; parserError?: string });

  /**
   * Sends `head` and the start of a body, then one byte every 200 ms (never finishing: the rest would take
   * far longer than any wait here), and expects one 408 request_timeout answer and the connection closed,
   * by Node's request timer (the log names ERR_HTTP_REQUEST_TIMEOUT for this request), not by anything else.
   */
  async function trickle(head: string, start: Buffer, rest: Buffer) {
    const before = log.length;
    const c = connect(port);
    await c.connected;
    c.sock.write(head);
    c.sock.write(start);
    let i = 0;
    const timer = setInterval(() => {
      if (i < rest.length && !c.sock.destroyed) c.sock.write(rest.subarray(i, ++i));
    }, 200);
    try {
      await c.closedByServer();
    } finally {
      clearInterval(timer);
      c.sock.destroy();
    }
    assert.ok(i < rest.length, `cut off while the body was still arriving (${i} of ${rest.length} bytes sent)`);
    const responses = c.responses();
    assert.equal(responses.length, 1, c.text());
    const [res] = responses;
    assert.equal(res.status, 408, c.text());
    assert.match(res.headers['content-type'] ?? '', /^application\/json/);
    assert.match(res.headers['x-request-id'] ?? '', /^[0-9a-f-]{36}$/);
    assert.equal(res.headers.connection, 'close');
    const body = JSON.parse(res.body);
    assert.deepEqual(Object.keys(body).sort(), ['error', 'message']);
    assert.equal(body.error, 'request_timeout');
    assert.deepEqual(
      logLines(before)
        .filter((l) => l.reqId === res.headers['x-request-id'] && l.parserError !== undefined)
        .map((l) => l.parserError),
      ['ERR_HTTP_REQUEST_TIMEOUT'],
      `the request timer cut it off: ${log.slice(before)}`,
    );
    // A slow client is the client's doing: nothing is logged as a server error. A later request's last line
    // marks the point by which what the refused request logs as it is torn down has been written.
    const marker = await fetch(`http://127.0.0.1:${port}/v1/deploys`, { headers: { authorization: `Bearer ${app.key}` } });
    await marker.arrayBuffer();
    const markerId = marker.headers.get('x-request-id');
    await waitUntil('the later request completed in the log', () =>
      logLines(before).some((l) => l.reqId === markerId && l.msg === 'request completed'),
    );
    assert.ok(!logLines(before).some((l) => l.level >= 50), `no error-level line: ${log.slice(before)}`);
  }

  test('a multipart job body trickled byte by byte', async () => {
    const boundary = 'slowboundary';
    const body = multipart([{ name: 'index.html', value: '<p>slow</p>'.repeat(20), filename: 'index.html', type: 'text/html' }], boundary);
    await trickle(
      `POST /v1/render-jobs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${app.key}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
      body.subarray(0, 80),
      body.subarray(80),
    );
  });

  test('a blob upload (PUT …/blobs/{sha256}) trickled byte by byte', async () => {
    const blob = file('slow.bin', Buffer.alloc(4096, 3));
    const s = await app.api('POST', '/v1/upload-sessions', { createDeploy: { slug: 'slow', name: 'Slow' }, files: descriptors([blob]) });
    assert.equal(s.status, 201, JSON.stringify(s.body));
    await trickle(
      `PUT /v1/upload-sessions/${s.body.uploadSession.id}/blobs/${sha256(blob.content)} HTTP/1.1\r\nHost: x\r\n` +
        `Authorization: Bearer ${app.key}\r\nX-Upload-Token: ${s.body.uploadToken}\r\n` +
        `Content-Type: application/octet-stream\r\nContent-Length: ${blob.content.length}\r\n\r\n`,
      blob.content.subarray(0, 100),
      blob.content.subarray(100),
    );
  });

  test('a JSON body trickled byte by byte', async () => {
    const body = Buffer.from(JSON.stringify({ html: '<p>slow</p>'.repeat(50) }));
    await trickle(
      `POST /v1/render-jobs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${app.key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body.subarray(0, 10),
      body.subarray(10),
    );
  });

  test('headers trickled byte by byte', async () => {
    const head = Buffer.from(
      `GET /v1/deploys HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${app.key}\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`,
    );
    await trickle('', head.subarray(0, 20), head.subarray(20));
  });

  test('a body still arriving after its answer (401) is cut off without a second answer', async () => {
    const c = connect(port);
    await c.connected;
    c.sock.write(`POST /v1/render-jobs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"html":`);
    const timer = setInterval(() => c.sock.destroyed || c.sock.write('a'), 200);
    try {
      await c.closedByServer();
    } finally {
      clearInterval(timer);
      c.sock.destroy();
    }
    const responses = c.responses();
    assert.equal(responses.length, 1, `exactly one answer: ${c.text()}`);
    assert.equal(responses[0].status, 401);
  });

  test('a request that arrives in time is served as usual', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    assert.equal(res.status, 200);
  });
});

describe('a body that stops arriving is cut off after the idle limit, long before the total', () => {
  let app: TestApp;
  let port: number;

  before(async () => {
    app = await createTestApp({ env: { FOLIO_REQUEST_TIMEOUT_MS: '600000', FOLIO_REQUEST_IDLE_TIMEOUT_MS: '1000' } });
    port = Number(new URL(await app.server.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  after(() => app.close());

  const head = (length: number) =>
    `POST /v1/render-jobs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${app.key}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  test('half a body, then silence: 408 request_timeout and the connection closed', async () => {
    const body = Buffer.from(JSON.stringify({ html: '<p>idle</p>' }));
    const c = connect(port);
    await c.connected;
    c.sock.write(head(body.length) + body.subarray(0, 10).toString('latin1'));
    try {
      await c.closedByServer();
    } finally {
      c.sock.destroy();
    }
    const responses = c.responses();
    assert.equal(responses.length, 1, c.text());
    assert.equal(responses[0].status, 408, c.text());
    assert.equal(JSON.parse(responses[0].body).error, 'request_timeout');
  });

  test('a request answered before its body is read keeps the keep-alive limit: the idle connection is closed', async () => {
    // The 401 is sent before the body is read; the connection then idles. Node's keep-alive timer (set
    // short here) must still close it: the body's idle timer must not have cleared it.
    const server = app.server.server;
    const keepAlive = server.keepAliveTimeout;
    server.keepAliveTimeout = 300;
    try {
      const body = '{"html":"<p>unauthenticated</p>"}';
      const c = connect(port);
      await c.connected;
      c.sock.write(
        `POST /v1/render-jobs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
      try {
        await c.closedByServer();
      } finally {
        c.sock.destroy();
      }
      assert.equal(c.responses()[0]?.status, 401, c.text());
    } finally {
      server.keepAliveTimeout = keepAlive;
    }
  });

  test('a body with pauses shorter than the limit is served', async () => {
    const body = Buffer.from(JSON.stringify({ html: '<p>pauses</p>' }));
    const c = connect(port);
    await c.connected;
    c.sock.write(head(body.length));
    for (let i = 0; i < body.length; i += 8) {
      c.sock.write(body.subarray(i, i + 8));
      await new Promise((r) => setTimeout(r, 300)); // a pause well inside the 1 s idle limit: the client's pace
    }
    await waitUntil('the answer', () => c.responses().length > 0, { timeoutMs: 30_000 });
    c.sock.destroy();
    assert.equal(c.responses()[0].status, 202, c.text());
  });
});

describe('a malformed chunk closes the connection after one answer', () => {
  let app: TestApp;
  let port: number;

  before(async () => {
    app = await createTestApp();
    port = Number(new URL(await app.server.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  after(() => app.close());

  test('a malformed chunk after the answer: no second, unsolicited answer', async () => {
    // Without a valid key the answer (401) is written before the body is read; the bad chunk that follows
    // belongs to that request and must not be answered a second time on the same connection.
    for (const auth of ['', 'Authorization: Bearer folio_sk_wrong000000000000000000000000000000\r\n']) {
      const c = connect(port);
      await c.connected;
      c.sock.write(
        `POST /v1/render-jobs HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n`,
      );
      // The answer to the request comes first; the malformed chunk arrives after it.
      await waitFor('the answer to the request', () => (c.responses().length > 0 ? true : undefined), { intervalMs: 10 });
      c.sock.write('zz\r\n{}\r\n0\r\n\r\n');
      await c.closedByServer();
      const responses = c.responses();
      assert.equal(responses.length, 1, `exactly one answer (${auth ? 'wrong key' : 'no key'}): ${c.text()}`);
      assert.equal(responses[0].status, 401);
      assert.equal(JSON.parse(responses[0].body).error, 'unauthorized');
    }
  });

  test('a malformed chunk in the same packet as the request: one answer, connection closed', async () => {
    const c = connect(port);
    await c.connected;
    c.sock.write(
      `POST /v1/render-jobs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    );
    await c.closedByServer();
    assert.equal(c.responses().length, 1, c.text());
  });

  test('a malformed request after a finished one on the same connection still gets its 400', async () => {
    const c = connect(port);
    await c.connected;
    c.sock.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await waitFor('the answer to the first request', () => (c.responses().length > 0 ? true : undefined), { intervalMs: 10 });
    c.sock.write('FOO / HTTP/1.1\r\nHost: x\r\n\r\n');
    await c.closedByServer();
    const responses = c.responses();
    assert.deepEqual(
      responses.map((r) => r.status),
      [200, 400],
      c.text(),
    );
    assert.equal(JSON.parse(responses[1].body).error, 'invalid_request');
  });
});

describe('malformed multipart jobs are 4xx naming what the client sent', () => {
  let app: TestApp;
  let base: string;
  let smallKey: string;

  before(async () => {
    const plansFile = path.join(tempDir(), 'plans.json');
    fs.writeFileSync(plansFile, JSON.stringify({ small: { name: 'Small', policy: { maxInlineHtmlBytes: 200, maxInlineFilesPerJob: 3 } } }));
    app = await createTestApp({ env: { FOLIO_PLANS_FILE: plansFile } });
    smallKey = (await app.services.accounts.create({ name: 'Small Co', plan: 'small' })).apiKey;
    base = await app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  const send = async (url: string, body: Buffer | string, contentType: string, key = app.key) => {
    const res = await fetch(base + url, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    const text = await res.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = { text };
    }
    return { status: res.status, body: json };
  };
  const jobCount = async () => (await app.services.ctx.db.selectFrom('render_jobs').select('id').execute()).length;
  /** A text part and a file part of the form each route reads. */
  const formOf = (url: string): [Part, Part] =>
    url === '/v1/pdfs'
      ? [
          { name: 'fileName', value: 'cut.pdf' },
          { name: 'file', value: '%PDF-1.4\n%%EOF\n', filename: 'cut.pdf', type: 'application/pdf' },
        ]
      : url === '/v1/pdf-jobs'
        ? [
            { name: 'job', value: JSON.stringify({ sources: [{ upload: 'a' }] }) },
            { name: 'a', value: '%PDF-1.4\n%%EOF\n', filename: 'a.pdf', type: 'application/pdf' },
          ]
        : [
            { name: 'index.html', value: '<p>cut</p>' },
            { name: 'style.css', value: 'h1 { color: red }', filename: 'style.css', type: 'text/css' },
          ];
  for (const url of [
    '/v1/render-jobs',
    '/v1/render',
    '/v1/pdfs',
    '/v1/pdf-jobs',
    '/forms/chromium/convert/html',
    '/forms/libreoffice/convert',
    '/forms/pdfengines/merge',
  ]) {
    test(`${url}: multipart/form-data without a boundary → 400 invalid_request naming the boundary`, async () => {
      const body = multipart(formOf(url), 'b0undary');
      for (const type of ['multipart/form-data', 'multipart/form-data; charset=utf-8', 'multipart/form-data; boundary=']) {
        const r = await send(url, body, type);
        assert.equal(r.status, 400, `${type}: ${JSON.stringify(r.body)}`);
        assertUniform(r.body, 'invalid_request');
        assert.match(r.body.message, /boundary/, r.body.message);
      }
    });

    test(`${url}: a multipart body that ends before its closing boundary → 400 invalid_request`, async () => {
      const jobs = await jobCount();
      const boundary = 'cutshort';
      const [text, file] = formOf(url);
      const whole = multipart([text, file], boundary, { close: false });
      const bodies = {
        'after its last part, without the closing delimiter': whole,
        'in the middle of a file part': whole.subarray(0, whole.length - 8),
        'in the middle of a text part': multipart([text], boundary, { close: false }).subarray(0, -6),
        'in the headers of a part': Buffer.concat([
          multipart([text], boundary, { close: false }),
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-da`),
        ]),
      };
      for (const [what, body] of Object.entries(bodies)) {
        const r = await send(url, body, `multipart/form-data; boundary=${boundary}`);
        assert.equal(r.status, 400, `${what}: ${JSON.stringify(r.body)}`);
        assertUniform(r.body, 'invalid_request');
        assert.match(r.body.message, /closing boundary|ends before/, `${what}: ${r.body.message}`);
      }
      assert.equal(await jobCount(), jobs, 'no job created from a body cut short');
    });
  }

  test('/v1/pdfs: a multipart password with a NUL or bytes that are not UTF-8 is 400 naming password; nothing stored', async () => {
    const pdfs = async () => (await app.services.ctx.db.selectFrom('managed_pdfs').select('id').execute()).length;
    const before = await pdfs();
    for (const password of [
      Buffer.from('Ses\u0000ame'),
      Buffer.concat([Buffer.from('Ses'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('ame')]),
    ]) {
      const body = multipart(
        [
          { name: 'password', value: password },
          { name: 'file', value: '%PDF-1.4\n%%EOF\n', filename: 'a.pdf', type: 'application/pdf' },
        ],
        'pw',
      );
      const r = await send('/v1/pdfs', body, 'multipart/form-data; boundary=pw');
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assertUniform(r.body, 'invalid_request');
      assert.equal(r.body.details?.field, 'password');
      assert.ok(!JSON.stringify(r.body).includes('Ses'), 'the password is not echoed');
    }
    assert.equal(await pdfs(), before);
  });

  test(`more than ${MAX_INLINE_FILES_CEILING} asset parts → the documented 413 body_too_large naming the parts`, async () => {
    const boundary = 'manyparts';
    const parts: Part[] = [{ name: 'index.html', value: '<p>many</p>' }];
    for (let i = 0; i <= MAX_INLINE_FILES_CEILING; i++)
      parts.push({ name: `a/${i}.css`, value: 'p{}', filename: `${i}.css`, type: 'text/css' });
    const jobs = await jobCount();
    const r = await send('/v1/render-jobs', multipart(parts, boundary), `multipart/form-data; boundary=${boundary}`);
    assert.equal(r.status, 413, JSON.stringify(r.body));
    assertUniform(r.body, 'body_too_large');
    assert.match(r.body.message, /parts/, r.body.message);
    assert.match(r.body.message, new RegExp(String(MAX_INLINE_FILES_CEILING)), r.body.message);
    assert.doesNotMatch(r.body.message, /must NOT have|properties/, 'not JSON-Schema wording');
    assert.equal(await jobCount(), jobs);
  });

  test('a part name that is not UTF-8 → 400 invalid_request naming the problem, nothing stored', async () => {
    const boundary = 'latin1name';
    const jobs = await jobCount();
    for (const name of [Buffer.from('caf\xe9.css', 'latin1'), Buffer.from([0x69, 0x6d, 0x67, 0x2f, 0xff, 0xfe, 0x2e, 0x70, 0x6e, 0x67])]) {
      const body = multipart(
        [
          { name: 'index.html', value: '<p>x</p>' },
          { name, value: 'p{}', filename: 'x.css', type: 'text/css' },
        ],
        boundary,
      );
      const r = await send('/v1/render-jobs', body, `multipart/form-data; boundary=${boundary}`);
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assertUniform(r.body, 'invalid_request');
      assert.match(r.body.message, /UTF-8/, r.body.message);
    }
    assert.equal(await jobCount(), jobs);
    // A name in proper UTF-8 is taken as it is.
    const ok = multipart(
      [
        { name: 'index.html', value: '<p>x</p>' },
        { name: 'café.css', value: 'p{}', filename: 'x.css', type: 'text/css' },
      ],
      boundary,
    );
    const r = await send('/v1/render-jobs', ok, `multipart/form-data; boundary=${boundary}`);
    assert.equal(r.status, 202, JSON.stringify(r.body));
  });

  test('an oversized part (a file, or the index.html text) → 413 whose message names the part, not an internal field', async () => {
    const boundary = 'bigtext';
    const cases: { parts: Part[]; part: string }[] = [
      {
        parts: [
          { name: 'index.html', value: '<p>x</p>' },
          { name: 'big.css', filename: 'big.css', value: 'a'.repeat(10 * 1024 * 1024 + 1) },
        ],
        part: 'big.css',
      },
      { parts: [{ name: 'index.html', value: 'a'.repeat(10 * 1024 * 1024 + 1) }], part: 'index.html' },
    ];
    for (const c of cases) {
      const r = await send('/v1/render-jobs', multipart(c.parts, boundary), `multipart/form-data; boundary=${boundary}`);
      assert.equal(r.status, 413, JSON.stringify(r.body));
      assertUniform(r.body, 'body_too_large');
      assert.equal(r.body.details?.field, c.part);
      assert.ok(r.body.message.includes(c.part), r.body.message);
      assert.doesNotMatch(r.body.message, /files\[|^html\b/, r.body.message);
    }
  });

  for (const url of ['/v1/render-jobs', '/v1/render']) {
    test(`${url}: a plan limit of a multipart job names the part in the message too`, async () => {
      const boundary = 'planlimit';
      const cases: { parts: Part[]; field: string; message: RegExp }[] = [
        { parts: [{ name: 'index.html', value: 'x'.repeat(201) }], field: 'index.html', message: /^part index\.html is 201 bytes/ },
        {
          parts: [
            { name: 'index.html', value: 'x' },
            ...['a', 'b', 'c', 'd'].map((n) => ({ name: `${n}.css`, filename: `${n}.css`, value: 'p{}' })),
          ],
          field: 'files',
          message: /^the job has 4 parts besides index\.html and job; the plan allows 3/,
        },
      ];
      for (const c of cases) {
        const r = await send(url, multipart(c.parts, boundary), `multipart/form-data; boundary=${boundary}`, smallKey);
        assert.equal(r.status, 413, JSON.stringify(r.body));
        assertUniform(r.body, 'body_too_large');
        assert.equal(r.body.details?.field, c.field);
        assert.match(r.body.message, c.message);
      }
    });
  }
});

describe('PDF protection is checked before a job is created', () => {
  let app: TestApp;
  let base: string;

  before(async () => {
    app = await createTestApp();
    base = await app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  const post = async (url: string, body: string) => {
    const res = await fetch(base + url, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json' },
      body,
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const jobCount = async () => (await app.services.ctx.db.selectFrom('render_jobs').select('id').execute()).length;

  for (const url of ['/v1/render-jobs', '/v1/render']) {
    test(`${url}: a password with a lone surrogate is 400 naming the field, and is never echoed`, async () => {
      const jobs = await jobCount();
      // Raw JSON: a \ud800 escape is how a lone surrogate arrives.
      const cases: [string, string][] = [
        ['{"html":"<p>x</p>","waitSeconds":0,"protection":{"ownerPassword":"Sesame\\ud800open"}}', 'protection.ownerPassword'],
        [
          '{"html":"<p>x</p>","waitSeconds":0,"protection":{"ownerPassword":"owner","userPassword":"\\udfffSesame"}}',
          'protection.userPassword',
        ],
      ];
      for (const [raw, field] of cases) {
        const body = url === '/v1/render' ? raw : raw.replace('"waitSeconds":0,', '');
        const r = await post(url, body);
        assert.equal(r.status, 400, JSON.stringify(r.body));
        assertUniform(r.body, 'invalid_request');
        assert.equal(r.body.details?.field, field);
        assert.match(r.body.message, /well-formed Unicode/, r.body.message);
        assert.ok(r.body.message.startsWith(field), r.body.message);
        assert.ok(!JSON.stringify(r.body).includes('Sesame'), `the password is not echoed: ${JSON.stringify(r.body)}`);
      }
      assert.equal(await jobCount(), jobs, 'no job created');
    });
  }

  test('a password outside the Basic Multilingual Plane (a surrogate pair) is accepted', async () => {
    const r = await post('/v1/render-jobs', JSON.stringify({ html: '<p>x</p>', protection: { ownerPassword: 'pässwörd 🔒' } }));
    assert.equal(r.status, 202, JSON.stringify(r.body));
  });

  test('printHighQuality true with print false is refused, naming both fields', async () => {
    const jobs = await jobCount();
    const r = await post(
      '/v1/render-jobs',
      JSON.stringify({ html: '<p>x</p>', protection: { ownerPassword: 'owner', permissions: { print: false, printHighQuality: true } } }),
    );
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assertUniform(r.body, 'invalid_request');
    assert.equal(r.body.details?.field, 'protection.permissions.printHighQuality');
    assert.match(r.body.message, /protection\.permissions\.printHighQuality/);
    assert.match(r.body.message, /protection\.permissions\.print\b/);
    assert.equal(await jobCount(), jobs, 'no job created');
    // print false alone still takes high-quality printing with it (left out, printHighQuality follows print).
    const ok = await post(
      '/v1/render-jobs',
      JSON.stringify({ html: '<p>x</p>', protection: { ownerPassword: 'owner', permissions: { print: false } } }),
    );
    assert.equal(ok.status, 202, JSON.stringify(ok.body));
    assert.deepEqual(
      { print: ok.body.job.document?.protection?.permissions?.print, hq: ok.body.job.document?.protection?.permissions?.printHighQuality },
      { print: false, hq: false },
    );
  });
});
