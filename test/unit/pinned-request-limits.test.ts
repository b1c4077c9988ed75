// requestPinned against a real HTTP server on 127.0.0.1, with the byte budgets of a rendering page's
// fetches (src/net/fetch-budget.ts): a gzip bomb, a body larger than the limit, a body that is large only
// as sent, and two fetches of one job sharing its budget. Each is cut off as its bytes arrive: the socket
// closed and nothing kept past the limit.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import zlib from 'node:zlib';
import { FetchPool, JobFetchBudget, type FetchLimit } from '../../src/net/fetch-budget.js';
import { isNetError } from '../../src/net/net-error.js';
import { requestPinned } from '../../src/net/pinned-request.js';

const KiB = 1024;
const MiB = 1024 * KiB;
const STREAM_BYTES = 64 * MiB;

let server: http.Server;
let port = 0;
/** Settles when the server's answer to /stream ended: whether it was sent whole, and how much was written. */
let streamEnded: Promise<{ finished: boolean; written: number }>;
// 32 MiB of zeros, gzipped to about 32 KiB.
const bomb = zlib.gzipSync(Buffer.alloc(32 * MiB), { level: 9 });
// 60,000 empty gzip members one after the other: 1.2 MB as sent, nothing once decoded.
const emptyMembers = Buffer.concat(Array.from({ length: 60_000 }, () => zlib.gzipSync(Buffer.alloc(0))));

before(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/bomb') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-encoding': 'gzip' });
      res.end(bomb);
    } else if (url.pathname === '/members') {
      res.writeHead(200, { 'content-type': 'text/css', 'content-encoding': 'gzip' });
      res.end(emptyMembers);
    } else if (url.pathname === '/stall') {
      // Some of the body, then nothing more (the socket stays open until the client gives up).
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(MiB) });
      res.write(Buffer.alloc(64 * KiB, 3));
    } else if (url.pathname === '/stream') {
      // Writes as fast as the client reads, up to 64 MiB.
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(STREAM_BYTES) });
      const chunk = Buffer.alloc(64 * KiB, 1);
      let written = 0;
      streamEnded = new Promise((resolve) => res.on('close', () => resolve({ finished: res.writableFinished, written })));
      const pump = () => {
        while (written < STREAM_BYTES && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (written >= STREAM_BYTES) res.end();
      };
      pump();
    } else {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.alloc(Number(url.searchParams.get('kib')) * KiB, 2));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});

after(() => new Promise<void>((r) => server.close(() => r())));

const get = (path: string, meter?: ReturnType<JobFetchBudget['meter']>, maxBodyBytes = 100 * MiB) =>
  requestPinned({
    url: new URL(`http://images.example:${port}${path}`),
    method: 'GET',
    headers: {},
    address: { address: '127.0.0.1', family: 4 },
    maxBodyBytes,
    meter,
  });

const overLimit = (limit: FetchLimit) => (err: unknown) => isNetError(err, 'fetch_budget') && err.limit === limit;

test('a gzip bomb stops at the limit of one resource as it is inflated', async () => {
  const pool = new FetchPool(256 * MiB);
  const job = new JobFetchBudget({ resourceBytes: 1 * MiB, jobBytes: 64 * MiB }, pool);
  const meter = job.meter();
  await assert.rejects(get('/bomb', meter), overLimit('resource'));
  assert.ok(meter.decodedBytes <= 1 * MiB, `decoded ${meter.decodedBytes} bytes`);
  assert.ok(job.used <= 1 * MiB);
  meter.release();
  assert.equal(pool.held, 0);
});

test('a body larger than the limit: the socket is closed as the limit passes, long before the body is sent', async () => {
  const pool = new FetchPool(256 * MiB);
  const job = new JobFetchBudget({ resourceBytes: 1 * MiB, jobBytes: 64 * MiB }, pool);
  const meter = job.meter();
  await assert.rejects(
    get('/stream', meter),
    (err: Error) => overLimit('resource')(err) && /1 MiB limit of one fetched resource/.test(err.message),
  );
  const ended = await streamEnded;
  assert.equal(ended.finished, false, 'the response was cut off');
  assert.ok(ended.written < STREAM_BYTES, `the server wrote ${ended.written} bytes`);
  assert.ok(meter.decodedBytes <= 1 * MiB);
  meter.release();
  assert.equal(pool.held, 0);
});

test('the process pool refuses a body that would pass it, whatever the job budget', async () => {
  const pool = new FetchPool(512 * KiB);
  const job = new JobFetchBudget({ resourceBytes: 16 * MiB, jobBytes: 64 * MiB }, pool);
  const meter = job.meter();
  await assert.rejects(get('/stream', meter), overLimit('process'));
  assert.ok(pool.held <= 512 * KiB);
  meter.release();
  assert.equal(pool.held, 0);
});

test('a body large only as sent is refused by its bytes as sent', async () => {
  const job = new JobFetchBudget({ resourceBytes: 1 * MiB, jobBytes: 64 * MiB }, new FetchPool(256 * MiB));
  const meter = job.meter();
  await assert.rejects(get('/members', meter), overLimit('resource'));
  assert.equal(meter.decodedBytes, 0);
  // Without a meter (webhooks, timestamps), maxBodyBytes is the limit both ways.
  await assert.rejects(get('/members', undefined, 1 * MiB), /over 1048576 bytes as sent/);
  await assert.rejects(get('/bomb', undefined, 1 * MiB), /over 1048576 bytes$/);
});

test('two fetches of one job share its budget: together they cannot take more than it', async () => {
  const pool = new FetchPool(256 * MiB);
  const job = new JobFetchBudget({ resourceBytes: 1 * MiB, jobBytes: 1 * MiB }, pool);
  const meters = [job.meter(), job.meter()];
  const results = await Promise.allSettled(meters.map((m) => get('/image?kib=700', m)));
  const refusedByJob = results.filter((r) => r.status === 'rejected' && overLimit('job')(r.reason));
  assert.ok(refusedByJob.length >= 1, JSON.stringify(results.map((r) => r.status)));
  assert.ok(job.used <= 1 * MiB, `the job took ${job.used} bytes`);
  for (const r of results) if (r.status === 'fulfilled') assert.equal(r.value.body.length, 700 * KiB);
  for (const m of meters) m.release();
  assert.equal(pool.held, 0);
  // Within its budget, a fetch gets its whole body.
  const fresh = new JobFetchBudget({ resourceBytes: 1 * MiB, jobBytes: 1 * MiB }, pool);
  const ok = await get('/image?kib=700', fresh.meter());
  assert.equal(ok.body.length, 700 * KiB);
  assert.equal(fresh.used, 700 * KiB);
});

test('a server that stops sending is given up on after the idle limit', async () => {
  await assert.rejects(
    requestPinned({
      url: new URL(`http://images.example:${port}/stall`),
      method: 'GET',
      headers: {},
      address: { address: '127.0.0.1', family: 4 },
      maxBodyBytes: 100 * MiB,
      idleTimeoutMs: 300,
    }),
    /no byte from the server for 0.3 s/,
  );
});
