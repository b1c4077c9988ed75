// Malformed HTTP: requests Node's HTTP parser refuses before Fastify routes them (an unknown method,
// control characters, Transfer-Encoding with Content-Length, a bad chunk, oversized headers) used to get
// Fastify's default body ({"error":"Bad Request","message":"Client Error","statusCode":400}) and no
// x-request-id. They get the uniform error body with a documented code, an x-request-id that the one log
// line carries too, and the connection is closed. Real TCP: inject() never runs Node's parser.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import net from 'node:net';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { errorCodes } from '../../src/errors/codes.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { waitUntil } from '../helpers/wait.js';

interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  closed: boolean;
}

/** Sends bytes on a fresh connection and reads until the server closes it (or 5 s pass). */
function rawRequest(port: number, data: string | Buffer): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closed = false;
    const timer = setTimeout(() => sock.destroy(), 5000);
    sock.on('data', (d) => chunks.push(d));
    sock.on('error', () => {}); // a reset after the answer is fine: the answer was read
    sock.on('close', () => {
      clearTimeout(timer);
      closed = true;
      const text = Buffer.concat(chunks).toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n([\s\S]*)$/.exec(text);
      if (!m) return reject(new Error(`no HTTP response: ${JSON.stringify(text.slice(0, 300))}`));
      const headers: Record<string, string> = {};
      for (const line of m[2].split('\r\n')) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(m[1]), headers, body: m[3], closed });
    });
    sock.write(data);
  });
}

describe('malformed HTTP gets the uniform error body', () => {
  let app: TestApp;
  let port: number;
  let log = '';
  const sink = new Writable({ write: (c, _e, cb) => ((log += c), cb()) });
  /**
   * Every response the server began: a routed request's reply is the last thing that could still log. It
   * is over when it ended, or when its connection was destroyed under it (then it never ends).
   */
  const responses: ServerResponse[] = [];

  before(async () => {
    app = await createTestApp({ env: { FOLIO_LOG_LEVEL: 'info' }, logDestination: sink });
    app.server.server.on('request', (_req, res: ServerResponse) => responses.push(res));
    port = Number(new URL(await app.server.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  after(() => app.close());

  const auth = () => `Authorization: Bearer ${app.key}\r\n`;
  const cases: { name: string; request: () => string; status: number; code: keyof typeof errorCodes; routed?: boolean }[] = [
    { name: 'an unknown method', request: () => 'FOO /v1/deploys HTTP/1.1\r\nHost: x\r\n\r\n', status: 400, code: 'invalid_request' },
    {
      name: 'a control character in the request target',
      request: () => 'GET /v1/\x01deploys HTTP/1.1\r\nHost: x\r\n\r\n',
      status: 400,
      code: 'invalid_request',
    },
    {
      name: 'a control character in a header value',
      request: () => `GET /v1/deploys HTTP/1.1\r\nHost: x\r\n${auth()}X-Note: a\x01b\r\n\r\n`,
      status: 400,
      code: 'invalid_request',
    },
    {
      name: 'Transfer-Encoding together with Content-Length',
      request: () =>
        `POST /v1/render-jobs HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
      status: 400,
      code: 'invalid_request',
    },
    {
      name: 'a bad chunk size in the body of a routed request',
      request: () =>
        `POST /v1/render-jobs HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
      status: 400,
      code: 'invalid_request',
      routed: true,
    },
    {
      name: 'headers over 16 KiB',
      request: () => `GET /v1/deploys HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      status: 431,
      code: 'headers_too_large',
    },
  ];

  for (const c of cases) {
    test(`${c.name} → ${c.status} ${c.code}, uniform body, x-request-id, one log line, connection closed`, async () => {
      const before = log.length;
      const res = await rawRequest(port, c.request());
      assert.equal(res.status, c.status, JSON.stringify(res));
      assert.equal(errorCodes[c.code].status, c.status);
      assert.match(res.headers['content-type'] ?? '', /^application\/json/);
      const body = JSON.parse(res.body);
      assert.deepEqual(Object.keys(body).sort(), ['error', 'message']);
      assert.equal(body.error, c.code);
      assert.equal(typeof body.message, 'string');
      const id = res.headers['x-request-id'];
      assert.match(id ?? '', /^[0-9a-f-]{36}$/);
      assert.equal(res.headers.connection, 'close');
      assert.ok(res.closed);
      // The log line names the request id, so an operator can find the refusal a client quotes. Read the
      // log once the refusal is in it and every response the server began has ended.
      await waitUntil(
        () => `the refusal in the log, and every response ended: ${log.slice(before)}`,
        () => log.slice(before).includes('malformed HTTP request refused') && responses.every((r) => r.writableEnded || r.destroyed),
      );
      const lines = log
        .slice(before)
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { msg: string; reqId?: string; level: number });
      const refusals = lines.filter((l) => l.msg.startsWith('malformed HTTP request refused'));
      assert.equal(refusals.length, 1, log.slice(before));
      assert.equal(refusals[0].reqId, id);
      assert.equal(refusals[0].level, 30, 'a client mistake is logged at info, not as a server error');
      assert.ok(!lines.some((l) => l.level >= 50), `no error-level line: ${log.slice(before)}`);
      // A request already routed when its body turned out malformed keeps its own id.
      if (c.routed)
        assert.ok(
          lines.some((l) => l.msg === 'incoming request' && l.reqId === id),
          `the routed request's id: ${log.slice(before)}`,
        );
    });
  }

  test('the server keeps serving afterwards', async () => {
    const res = await rawRequest(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    assert.equal(res.status, 200);
  });
});
