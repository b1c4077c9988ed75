// When an MCP answer embeds its PDF and when it gives the link only: at most 5 MiB is embedded (the bytes the
// link serves, base64), a larger PDF is never fetched, and a link that cannot be fetched leaves a note
// saying so. A local HTTP server plays the signed link.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { EMBED_MAX_BYTES, embedPdf } from '../../src/cli/client/mcp/embed.js';

describe('MCP: embedding a PDF in an answer', () => {
  const pdf = Buffer.from('%PDF-1.7\n% a small test document\n%%EOF\n');
  const asked: string[] = [];
  let server: http.Server;
  let base = '';

  before(async () => {
    server = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      if (req.url === '/small.pdf') res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const signal = () => new AbortController().signal;

  test('a PDF of at most 5 MiB is embedded: the bytes its link serves, under that link', async () => {
    const url = `${base}/small.pdf`;
    const r = await embedPdf({ downloadUrl: url, bytes: pdf.length, name: 'invoice.pdf' }, signal());
    assert.ok('resource' in r, JSON.stringify(r));
    assert.deepEqual(r.resource, { type: 'resource', resource: { uri: url, mimeType: 'application/pdf', blob: pdf.toString('base64') } });
  });

  test('one byte over 5 MiB: the link only, never fetched, and the note says why', async () => {
    const before = asked.length;
    const r = await embedPdf({ downloadUrl: `${base}/small.pdf`, bytes: EMBED_MAX_BYTES + 1, name: 'big.pdf' }, signal());
    assert.ok('note' in r);
    assert.match(r.note, /^big\.pdf is not embedded \(5\.1 MiB is over the 5 MiB limit for embedding\): use its link$/);
    assert.equal(asked.length, before, 'the PDF was not downloaded');
  });

  test('exactly 5 MiB is still embedded', async () => {
    const r = await embedPdf({ downloadUrl: `${base}/small.pdf`, bytes: EMBED_MAX_BYTES, name: 'edge.pdf' }, signal());
    assert.ok('resource' in r, JSON.stringify(r));
  });

  test('a link this machine cannot fetch (404, or nothing listening): the link only, with a note', async () => {
    const missing = await embedPdf({ downloadUrl: `${base}/gone.pdf`, bytes: 10, name: 'gone.pdf' }, signal());
    assert.deepEqual(missing, { note: 'gone.pdf is not embedded (its link could not be fetched from the MCP server): use its link' });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await embedPdf({ downloadUrl: `http://127.0.0.1:${port}/x.pdf`, bytes: 10, name: 'x.pdf' }, signal());
    assert.ok('note' in refused && /could not be fetched/.test(refused.note));
  });

  test('no link: nothing to embed', async () => {
    assert.deepEqual(await embedPdf({ bytes: 10, name: 'a.pdf' }, signal()), { note: 'a.pdf is not embedded: it has no link' });
  });
});
