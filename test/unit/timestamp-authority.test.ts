// The timestamp authority client against real HTTP servers on loopback: the address policy (loopback refused
// unless allow-listed), the answer size limit, the time limit, and the checks of the answer's token.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { isNetError } from '../../src/net/net-error.js';
import { postTimestampQuery } from '../../src/net/timestamp-authority.js';
import { systemLookup } from '../../src/net/resolve-host.js';
import { isPdfError } from '../../src/pdf/errors.js';
import { timestampRequest, timestampToken } from '../../src/pdf/signing/tsp.js';
import { timestampAuthorityUrlProblem } from '../../src/domain/pdfs/timestamp-authority.js';

let server: http.Server;
let base = '';
let answer: (res: http.ServerResponse) => void = (res) => res.end();

before(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((r) => server.close(() => r())));

const allowed = () => [`127.0.0.1:${new URL(base).port}`];

test('a loopback authority is refused unless the operator allow-listed its host', async () => {
  answer = (res) => res.end(Buffer.from([0x30, 0x00]));
  await assert.rejects(
    postTimestampQuery(`${base}/tsa`, Buffer.from('q'), { lookup: systemLookup, allowedHosts: [] }),
    (err: unknown) => isNetError(err, 'timestamp_authority') && /FOLIO_TIMESTAMP_ALLOWED_HOSTS/.test(err.message),
  );
  await assert.rejects(
    postTimestampQuery('http://localhost:9/tsa', Buffer.from('q'), { lookup: systemLookup, allowedHosts: [] }),
    (err: unknown) => isNetError(err, 'timestamp_authority'),
  );
  const body = await postTimestampQuery(`${base}/tsa`, Buffer.from('q'), { lookup: systemLookup, allowedHosts: allowed() });
  assert.deepEqual([...body], [0x30, 0x00]);
});

test('answers over the size limit, other statuses and slow answers are refused', async () => {
  answer = (res) => res.end(Buffer.alloc(70 * 1024));
  await assert.rejects(
    postTimestampQuery(`${base}/tsa`, Buffer.from('q'), { lookup: systemLookup, allowedHosts: allowed() }),
    (err: unknown) => isNetError(err, 'timestamp_authority') && /65536/.test(err.message),
  );
  answer = (res) => res.writeHead(503).end();
  await assert.rejects(postTimestampQuery(`${base}/tsa`, Buffer.from('q'), { lookup: systemLookup, allowedHosts: allowed() }), /HTTP 503/);
  answer = (res) => setTimeout(() => res.end(), 1_000);
  await assert.rejects(
    postTimestampQuery(`${base}/tsa`, Buffer.from('q'), { lookup: systemLookup, allowedHosts: allowed(), timeoutMs: 100 }),
    /within 100 ms/,
  );
});

test('an answer that is no TimeStampResp is refused; the request carries a positive nonce', () => {
  const digest = Buffer.alloc(32, 7);
  const { der, nonce } = timestampRequest(digest);
  assert.ok(der.includes(digest));
  assert.ok(nonce[0] < 0x80 && nonce[0] > 0);
  assert.throws(
    () => timestampToken(Buffer.from('not der'), digest, nonce),
    (err: unknown) => isPdfError(err, 'timestamp_response'),
  );
});

test('authority URLs: http(s) only, no credentials', () => {
  assert.equal(timestampAuthorityUrlProblem('https://tsa.example/'), null);
  assert.match(timestampAuthorityUrlProblem('ftp://tsa.example/')!, /http/);
  assert.match(timestampAuthorityUrlProblem('https://u:p@tsa.example/')!, /user name/);
  assert.match(timestampAuthorityUrlProblem('nope')!, /absolute/);
});
