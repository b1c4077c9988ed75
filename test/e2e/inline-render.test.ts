// Inline sources end to end: real database, blob store and Chromium. HTML with a CSS file
// and an image, sent as multipart and as JSON `files`, renders with both (text, page size, the image).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { pdfText } from '../helpers/pdf.js';

/** A solid 16×16 RGB PNG, built here so the test needs no fixture file. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(16, 0);
  ihdr.writeUInt32BE(16, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(16 * 3, Buffer.from([200, 30, 60]))]);
  const raw = Buffer.concat(Array.from({ length: 16 }, () => row));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const HTML =
  '<!doctype html><html><head><link rel="stylesheet" href="css/style.css"></head><body><h1>Inline invoice</h1><img src="img/logo.png" width="64" height="64"></body></html>';
const CSS = Buffer.from('@page { size: A5; margin: 10mm } h1::after { content: " styled by CSS" }');
const PNG = png();

function poppler(tool: string, pdf: Buffer, args: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-inline-'));
  const file = path.join(dir, 'x.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync(tool, [...args, file], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('inline sources render', () => {
  let app: TestApp;
  let base: string;

  before(async () => {
    app = await createTestApp();
    app.startBackground();
    base = await app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  const pdfOf = async (jobId: string) => {
    const done = await app.api('GET', `/v1/render-jobs/${jobId}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'succeeded', JSON.stringify(done.body));
    const link = await app.api('POST', `/v1/render-jobs/${jobId}/output-download`, { expiresInSeconds: 60 });
    assert.equal(link.status, 200, JSON.stringify(link.body));
    const u = new URL(link.body.access.url);
    const r = await app.server.inject({ method: 'GET', url: u.pathname + u.search });
    assert.equal(r.statusCode, 200);
    return r.rawPayload;
  };
  const checkPdf = (pdf: Buffer) => {
    const text = pdfText(pdf);
    assert.match(text, /Inline invoice/);
    assert.match(text, /styled by CSS/, 'the CSS file was applied');
    assert.match(poppler('pdfinfo', pdf, []), /Page size:\s+4(19|20)[.\d]* x 59[45][.\d]* pts \(A5\)/, 'the CSS @page size');
    const images = poppler('pdfimages', pdf, ['-list'])
      .split('\n')
      .slice(2)
      .filter((l) => l.trim() !== '');
    assert.ok(
      images.some((l) => /\s16\s+16\s/.test(l)),
      `the 16×16 image is in the PDF:\n${images.join('\n')}`,
    );
  };

  let versionId = '';

  test('multipart: index.html, a CSS file and an image render', async () => {
    const form = new FormData();
    form.append('index.html', new Blob([HTML], { type: 'text/html' }), 'index.html');
    form.append('css/style.css', new Blob([new Uint8Array(CSS)], { type: 'text/css' }), 'style.css');
    form.append('img/logo.png', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'logo.png');
    form.append('job', JSON.stringify({ businessKey: 'INLINE-1' }));
    const res = await fetch(base + '/v1/render-jobs', { method: 'POST', headers: { authorization: `Bearer ${app.key}` }, body: form });
    const body = (await res.json()) as any;
    assert.equal(res.status, 202, JSON.stringify(body));
    assert.equal(body.job.businessKey, 'INLINE-1');
    versionId = body.job.deployVersionId;
    checkPdf(await pdfOf(body.job.id));
  });

  test('JSON html + files: the same sources render from the same version', async () => {
    const blobsBefore = await app.services.ctx.db.selectFrom('account_blobs').select('sha256').execute();
    const r = await app.api('POST', '/v1/render-jobs', {
      html: HTML,
      files: { 'css/style.css': CSS.toString('base64'), 'img/logo.png': PNG.toString('base64') },
    });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.equal(r.body.job.deployVersionId, versionId, 'sending it again reuses the version');
    checkPdf(await pdfOf(r.body.job.id));
    const blobsAfter = await app.services.ctx.db.selectFrom('account_blobs').select('sha256').execute();
    assert.equal(blobsAfter.length, blobsBefore.length, 'no new blob');
  });
});
