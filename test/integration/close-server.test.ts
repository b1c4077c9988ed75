// Closing the HTTP server while a request is being answered (src/http/close-server.ts): the answer
// completes, and the close does not then wait for the client's keep-alive connection to time out.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { closeWithoutKeepAlive } from '../../src/http/close-server.js';

/** A server whose answer takes 300 ms, keep-alive for a minute (as Fastify's 72 s), and a keep-alive client. */
async function slowServer() {
  const server = http.createServer((_req, res) => setTimeout(() => res.end('answered'), 300));
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const agent = new http.Agent({ keepAlive: true });
  const port = (server.address() as AddressInfo).port;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, agent }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', reject);
  });
  await new Promise((r) => setTimeout(r, 100)); // the request is being answered
  const close = () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
  return { server, agent, answer, close };
}

test('a close that begins mid-answer lets the answer finish and ends soon after it', async () => {
  const { server, agent, answer, close } = await slowServer();
  try {
    const t0 = Date.now();
    const closed = closeWithoutKeepAlive(server, close);
    assert.deepEqual(await answer, { status: 200, body: 'answered' });
    const answeredAt = Date.now() - t0;
    await closed;
    assert.ok(Date.now() - t0 - answeredAt < 2000, `closed ${Date.now() - t0 - answeredAt} ms after the answer`);
  } finally {
    agent.destroy();
    server.closeAllConnections();
  }
});

test("without it, Node's close waits on the client's keep-alive connection (the case above guards)", async () => {
  const { server, agent, answer, close } = await slowServer();
  try {
    let closed = false;
    const closing = close().then(() => (closed = true));
    assert.equal((await answer).status, 200);
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(closed, false, 'still waiting 1.5 s after the answer');
    server.closeAllConnections();
    await closing;
  } finally {
    agent.destroy();
  }
});
