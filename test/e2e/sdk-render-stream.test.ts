// client.renderStream(): the sync render (POST /v1/render) as a Node stream, against a real server on a
// port with its worker rendering in Chromium. The stream is piped to a file and through an HTTP response
// of our own; its bytes hash to Folio-Sha256 and poppler reads a valid PDF of Folio-Page-Count pages. A
// proxy that alters one byte of the body shows the stream errors instead of ending cleanly.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { after, before, describe, test } from 'node:test';
import { createClient, FolioApiError, FolioRenderError, type FolioClient } from '../../src/sdk/index.js';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { pdfText } from '../helpers/pdf.js';

// One page per entry of `pages`, each naming the payload's customer; `delayMs` holds ready() back.
const page = file(
  'index.html',
  `<!doctype html><html><head><style>@page { size: A5; margin: 15mm; } section + section { break-before: page; }</style></head>
  <body><main id="m"></main>
  <script>
    window.folio.waitForReady = true;
    fetch(window.folio.payloadUrl).then(r => r.json()).then(p => {
      if (p.fail) return window.folio.fail('no customer for ' + p.customer);
      document.getElementById('m').innerHTML = Array.from({ length: p.pages || 1 }, (_, i) =>
        '<section><h1>Statement for ' + p.customer + ', page ' + (i + 1) + '</h1></section>').join('');
      setTimeout(() => window.folio.ready(), p.delayMs || 0);
    });
  </script></body></html>`,
);

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const pdfPages = (pdf: Buffer) => Number(/^Pages:\s+(\d+)$/m.exec(execFileSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' }))![1]);

/** Forwards to `target`, flipping one byte in the middle of every PDF body (Content-Length unchanged). */
async function startCorruptingProxy(target: string) {
  const server = http.createServer((req, res) => {
    const up = http.request(new URL(req.url!, target), { method: req.method, headers: req.headers }, (upRes) => {
      const chunks: Buffer[] = [];
      upRes.on('data', (c: Buffer) => chunks.push(c));
      upRes.on('end', () => {
        const body = Buffer.concat(chunks);
        if (upRes.headers['content-type'] === 'application/pdf') body[body.length >> 1] ^= 0xff;
        res.writeHead(upRes.statusCode!, upRes.headers);
        res.end(body);
      });
    });
    up.on('error', (err) => res.destroy(err));
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('SDK renderStream()', () => {
  let app: TestApp;
  let client: FolioClient;
  let baseUrl: string;
  let deployId: string;
  const work = tempDir('folio-sdk-stream-');

  before(async () => {
    app = await createTestApp();
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
    app.startBackground();
    const v = await deployFiles(app, { createDeploy: { slug: 'stream', name: 'Stream' } }, [page], {
      route: '/',
      title: 'Statement',
      metadata: { fileName: 'statement-{businessKey}' },
    });
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
    client = createClient({ baseUrl, apiKey: app.key });
  });
  after(async () => {
    await app.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('piped to a file: the bytes hash to the sha256 header and poppler reads a valid PDF of pageCount pages', async () => {
    const r = await client.renderStream({
      deployId,
      deployVersionId: 'latest',
      businessKey: 'ST-1',
      payload: { customer: 'Ada', pages: 3 },
    });
    assert.equal(r.status, 'succeeded');
    if (r.status !== 'succeeded') return;
    assert.ok(r.stream instanceof Readable, 'a node:stream Readable');
    assert.match(r.jobId, /^job_/);
    assert.match(r.sha256, /^[0-9a-f]{64}$/);
    assert.equal(r.fileName, 'statement-ST-1.pdf');
    const target = path.join(work, r.fileName!);
    await pipeline(r.stream, fs.createWriteStream(target));
    const pdf = fs.readFileSync(target);
    assert.equal(sha(pdf), r.sha256);
    assert.equal(pdf.length, r.bytes);
    assert.equal(r.pageCount, 3);
    assert.equal(pdfPages(pdf), 3, 'pdfinfo reads the file and counts the pages the header announced');
    assert.match(pdfText(pdf), /Statement for Ada, page 3/);
    // The same job's output, as the API stores it.
    const { output } = await client.renderJobs.get(r.jobId);
    assert.equal(output?.bytes, pdf.length);
  });

  test('piped through an HTTP response of our own, with its Content-Length', async () => {
    const proxyOut = http.createServer((_req, res) => {
      void (async () => {
        const r = await client.renderStream({ deployId, deployVersionId: 'latest', payload: { customer: 'Grace' } });
        if (r.status !== 'succeeded') {
          res.writeHead(202).end(r.job.id);
          return;
        }
        res.writeHead(200, {
          'content-type': 'application/pdf',
          ...(r.bytes !== null ? { 'content-length': String(r.bytes) } : {}),
          'x-sha256': r.sha256,
        });
        await pipeline(r.stream, res);
      })().catch((err: Error) => res.destroy(err));
    });
    await new Promise<void>((resolve) => proxyOut.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(proxyOut.address() as AddressInfo).port}/`);
      assert.equal(res.status, 200);
      const pdf = Buffer.from(await res.arrayBuffer());
      assert.equal(sha(pdf), res.headers.get('x-sha256'));
      assert.equal(Number(res.headers.get('content-length')), pdf.length);
      assert.equal(pdfPages(pdf), 1);
      assert.match(pdfText(pdf), /Statement for Grace, page 1/);
    } finally {
      await new Promise<void>((resolve) => proxyOut.close(() => resolve()));
    }
  });

  test('202 resolves pending with the job and 422 throws FolioRenderError, as render() does', async () => {
    const pending = await client.renderStream(
      { deployId, deployVersionId: 'latest', payload: { customer: 'Later', delayMs: 2500 } },
      { waitSeconds: 1 },
    );
    assert.equal(pending.status, 'pending');
    assert.ok(!('stream' in pending));
    if (pending.status === 'pending') {
      assert.match(pending.job.id, /^job_/);
      const done = await client.renderJobs.get(pending.job.id, { waitSeconds: 30 });
      assert.equal(done.job.status, 'succeeded');
    }
    await assert.rejects(
      client.renderStream({ deployId, deployVersionId: 'latest', payload: { customer: 'Nobody', fail: true } }),
      (err: unknown) => {
        assert.ok(err instanceof FolioRenderError, String(err));
        assert.equal(err.code, 'render_failed');
        assert.match(err.job.id, /^job_/);
        assert.match(err.message, /no customer for Nobody/);
        return true;
      },
    );
  });

  test('a body altered on the way errors the stream (integrity_error), and render() rejects it too', async () => {
    const proxy = await startCorruptingProxy(baseUrl);
    try {
      const bent = createClient({ baseUrl: proxy.url, apiKey: app.key });
      const body = { deployId, deployVersionId: 'latest', payload: { customer: 'Edsger' } };
      const r = await bent.renderStream(body);
      assert.equal(r.status, 'succeeded');
      if (r.status !== 'succeeded') return;
      const target = path.join(work, 'bent.pdf');
      await assert.rejects(pipeline(r.stream, fs.createWriteStream(target)), (err: unknown) => {
        assert.ok(err instanceof FolioApiError, String(err));
        assert.equal(err.code, 'integrity_error');
        assert.match(
          err.message,
          new RegExp(`the PDF of render job ${r.jobId}: the received bytes hash to [0-9a-f]{64}, expected ${r.sha256}`),
        );
        return true;
      });
      await assert.rejects(bent.render(body), (err: unknown) => err instanceof FolioApiError && err.code === 'integrity_error');
    } finally {
      await proxy.close();
    }
  });
});
