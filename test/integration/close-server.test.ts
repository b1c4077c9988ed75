// Closing the HTTP server while a request is being answered (src/http/close-server.ts): the answer
// completes, and the close does not then wait for the client's keep-alive connection to time out.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { test } from 'node:test';
import { closeWithoutKeepAlive } from '../../src/http/close-server.js';
import { waitUntil } from '../helpers/wait.js';

/**
 * A server whose answer takes 300 ms, keep-alive for ten minutes (longer than any wait of a test: a close
 * that waited for it would not end while the test looks), and a keep-alive client whose request is being
 * answered when this returns.
 */
async function slowServer() {
  let received!: () => void;
  const answering = new Promise<void>((r) => (received = r));
  const server = http.createServer((_req, res) => {
    received();
    setTimeout(() => res.end('answered'), 300);
  });
  server.keepAliveTimeout = 600_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const agent = new http.Agent({ keepAlive: true });
  const port = (server.address() as AddressInfo).port;
  const get = () =>
    new Promise<{ status: number; body: string; socket: Socket }>((resolve, reject) => {
      let socket!: Socket;
      http
        .get({ host: '127.0.0.1', port, agent }, (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode!, body, socket }));
        })
        .on('socket', (s) => (socket = s))
        .on('error', reject);
    });
  const answer = get();
  await answering;
  const close = () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
  return { server, agent, answer, get, close };
}

test('a close that begins mid-answer lets the answer finish and ends soon after it', async () => {
  const { server, agent, answer, close } = await slowServer();
  try {
    let closed = false;
    const closing = closeWithoutKeepAlive(server, close).then(() => (closed = true));
    const { status, body, socket } = await answer;
    assert.deepEqual({ status, body }, { status: 200, body: 'answered' });
    // The client keeps its connection (the agent holds it for the next request): only the server can end it,
    // and the close ends only once it has.
    await waitUntil('the close to end', () => closed);
    await closing;
    await waitUntil("the client's keep-alive connection to be closed by the server", () => socket.destroyed);
  } finally {
    agent.destroy();
    server.closeAllConnections();
  }
});

test("without it, Node's close waits on the client's keep-alive connection (the case above guards)", async () => {
  const { server, agent, answer, get, close } = await slowServer();
  try {
    let closed = false;
    const closing = close().then(() => (closed = true));
    const first = await answer;
    assert.equal(first.status, 200);
    // The connection is still open after the answer: the client's next request goes over it and is answered,
    // and the close is still waiting after that.
    const second = await get();
    assert.equal(second.status, 200);
    assert.equal(second.socket, first.socket, 'the same keep-alive connection');
    assert.equal(closed, false, 'still waiting after a second answer on the kept connection');
    server.closeAllConnections();
    await closing;
  } finally {
    agent.destroy();
  }
});
