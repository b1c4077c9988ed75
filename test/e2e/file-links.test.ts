// Signed and permanent links over real HTTP (one real render through Chromium): HEAD answers the file's
// length, a Range header the server cannot use is ignored (200, whole file) and only an unsatisfiable
// bytes range is 416; bidi control characters never reach the PDF's file name.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';

const RLO = '\u202e';
const page = file('index.html', '<!doctype html><html><body><h1>Link test</h1></body></html>');

describe('signed and permanent links over HTTP', () => {
  let app: TestApp;
  let origin: string;
  let pdf: { id: string; bytes: number; fileName: string };
  let signed: string;
  let permanent: string;

  // Links carry FOLIO_PUBLIC_URL; requests go to the port this test listens on.
  const here = (url: string) => {
    const u = new URL(url);
    return origin + u.pathname + u.search;
  };

  before(async () => {
    app = await createTestApp();
    app.startBackground();
    origin = (await app.server.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
    // The file name template carries an RTL override, as a hostile or careless template could.
    const v = await deployFiles(app, { createDeploy: { slug: 'links', name: 'Links' } }, [page], {
      route: '/',
      title: 'Links',
      metadata: { fileName: `invoice-{businessKey}${RLO}fdp.exe` },
    });
    assert.equal(v.status, 201, JSON.stringify(v.body));
    const created = await app.api('POST', '/v1/render-jobs', {
      deployId: v.deployId,
      deployVersionId: 'latest',
      payload: {},
      businessKey: `k${RLO}1`,
      outputMode: 'managed',
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const done = await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=30`);
    assert.equal(done.body.job?.status, 'succeeded', JSON.stringify(done.body));
    pdf = done.body.pdf;
    signed = here((await app.api('POST', `/v1/pdfs/${pdf.id}/download`, { expiresInSeconds: 600 })).body.access.url);
    permanent = here((await app.api('POST', `/v1/pdfs/${pdf.id}/permanent-links`)).body.link.url);
  });
  after(() => app.close());

  test('HEAD answers Content-Length = the file length, no body', async () => {
    for (const url of [signed, permanent]) {
      const res = await fetch(url, { method: 'HEAD' });
      assert.equal(res.status, 200, url);
      assert.equal(res.headers.get('content-length'), String(pdf.bytes), `${url}: the PDF's length, not 0`);
      assert.equal(res.headers.get('content-type'), 'application/pdf');
      assert.equal(res.headers.get('accept-ranges'), 'bytes');
      assert.equal((await res.arrayBuffer()).byteLength, 0);
      // Range is defined for GET only: HEAD still describes the whole file.
      const ranged = await fetch(url, { method: 'HEAD', headers: { range: 'bytes=0-9' } });
      assert.equal(ranged.status, 200);
      assert.equal(ranged.headers.get('content-length'), String(pdf.bytes));
    }
    const get = await fetch(signed);
    assert.equal((await get.arrayBuffer()).byteLength, pdf.bytes, 'HEAD and GET agree');
  });

  test('a Range the server does not serve is ignored (200, whole file); an unsatisfiable bytes range is 416', async () => {
    for (const url of [signed, permanent]) {
      for (const range of ['items=0-5', 'bytes=0-1,4-5', 'bytes=abc', 'bytes=9-3']) {
        const res = await fetch(url, { headers: { range } });
        assert.equal(res.status, 200, `${range} → ${res.status}`);
        assert.equal(res.headers.get('content-range'), null);
        const body = Buffer.from(await res.arrayBuffer());
        assert.equal(body.length, pdf.bytes, range);
        assert.equal(body.subarray(0, 5).toString('latin1'), '%PDF-');
      }
      const upper = await fetch(url, { headers: { range: 'BYTES=0-4' } });
      assert.equal(upper.status, 206, 'range units are case-insensitive');
      assert.equal(Buffer.from(await upper.arrayBuffer()).toString('latin1'), '%PDF-');
      const beyond = await fetch(url, { headers: { range: `bytes=${pdf.bytes}-` } });
      assert.equal(beyond.status, 416);
      assert.equal(beyond.headers.get('content-range'), `bytes */${pdf.bytes}`);
    }
  });

  test('bidi control characters are stripped from the PDF file name', async () => {
    assert.equal(pdf.fileName, 'invoice-k1fdp.exe.pdf');
    const res = await fetch(signed, { method: 'HEAD' });
    const cd = res.headers.get('content-disposition')!;
    assert.match(cd, /^attachment; filename="invoice-k1fdp\.exe\.pdf"; filename\*=UTF-8''invoice-k1fdp\.exe\.pdf$/);
    assert.ok(!cd.toUpperCase().includes('%E2%80%AE'), 'no encoded RLO');
  });
});
