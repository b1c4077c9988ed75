// The Gotenberg routes' refusals and authentication through the HTTP API of an in-process app (both database
// engines), and a merge of uploaded PDFs in the sandbox. Rendering itself is test/e2e/gotenberg.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PDFDocument } from '@cantoo/pdf-lib';
import { createTestApp, type TestApp } from '../helpers/app.js';

const HTML = '<!doctype html><p>Hello</p>';

async function pdfOf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]).drawText(`page ${i + 1}`);
  return Buffer.from(await doc.save());
}

describe('Gotenberg forms', () => {
  let app: TestApp;
  let base: string;
  before(async () => {
    app = await createTestApp();
    base = await app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  const basic = (password: string) => `Basic ${Buffer.from(`gotenberg:${password}`).toString('base64')}`;
  const post = async (path: string, parts: [string, string | Buffer, string?][], headers: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [name, value, fileName] of parts)
      if (fileName !== undefined) form.append(name, new Blob([new Uint8Array(Buffer.from(value))]), fileName);
      else form.append(name, value as string);
    const res = await fetch(base + path, { method: 'POST', headers: { authorization: `Bearer ${app.key}`, ...headers }, body: form });
    const type = res.headers.get('content-type') ?? '';
    return {
      status: res.status,
      headers: res.headers,
      body: type.includes('json') ? ((await res.json()) as any) : Buffer.from(await res.arrayBuffer()),
    };
  };
  const jobs = async () => (await app.api('GET', '/v1/render-jobs?limit=100')).body.items.length;

  test('each field Folio cannot honour is refused by name, and nothing is created', async () => {
    const before = await jobs();
    const html: [string, string, string] = ['files', HTML, 'index.html'];
    const cases: [[string, string | Buffer, string?][], string][] = [
      [[html, ['waitDelay', '5 seconds']], 'waitDelay'],
      [[html, ['waitDelay', '1h']], 'waitDelay'],
      [[html, ['waitForSelector', 'div >']], 'waitForSelector'],
      [[html, ['skipNetworkIdleEvent', 'yes']], 'skipNetworkIdleEvent'],
      [[html, ['preferCssPageSize', 'false']], 'preferCssPageSize'],
      [[html, ['paperWidth', 'wide']], 'paperWidth'],
      [[html, ['marginTop', '-1']], 'marginTop'],
      [[html, ['scale', '7']], 'scale'],
      [[html, ['pdfa', 'PDF/A-1b']], 'pdfa'],
      [[html, ['metadata', '{"Trapped":"Maybe"}']], 'metadata.Trapped'],
      [[html, ['allowPrinting', 'false']], 'allowPrinting'],
      [[html, ['somethingElse', '1']], 'somethingElse'],
      [[['files', 'body{}', 'style.css']], 'index.html'],
    ];
    for (const [parts, field] of cases) {
      const r = await post('/forms/chromium/convert/html', parts);
      assert.equal(r.status, 400, `${field}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.details.field, field, JSON.stringify(r.body));
      assert.ok(r.body.message.includes(field.split('.')[0]), r.body.message);
      assert.ok(r.headers.get('gotenberg-trace'), 'Gotenberg-Trace on errors too');
    }
    const hook = await post('/forms/chromium/convert/html', [html], { 'gotenberg-webhook-url': 'https://example.com/x' });
    assert.equal(hook.body.details.field, 'Gotenberg-Webhook-Error-Url', 'webhook mode needs an error or events URL');
    const quality = await post('/forms/chromium/screenshot/html', [html, ['format', 'png'], ['quality', '80']]);
    assert.equal(quality.body.details.field, 'quality');
    assert.equal(await jobs(), before);
  });

  test('LibreOffice: the form is refused before any conversion, naming the field or the file', async () => {
    const before = await jobs();
    const docx: [string, string, string] = ['files', 'PK (an Office document)', 'report.docx'];
    const cases: [[string, string | Buffer, string?][], string][] = [
      [Array.from({ length: 51 }, (_, i): [string, string, string] => ['files', 'PK', `part${i}.docx`]), 'files'],
      [[docx, ['files', 'x', 'notes.md']], 'notes.md'],
      [[docx, ['metadata', '{"Title":']], 'metadata'],
      [[docx, ['pdfa', 'PDF/A-1b'], ['flatten', 'true']], 'pdfa'],
      [[docx, ['pdfa', 'PDF/A-2b'], ['userPassword', 'secret']], 'pdfa'],
      [[docx, ['splitMode', 'pages']], 'splitMode'],
      [[docx, ['rotateAngle', '45']], 'rotateAngle'],
      [[docx, ['facturxConformanceLevel', 'EN 16931']], 'facturxConformanceLevel'],
      [[docx, ['bookmarks', '[]']], 'bookmarks'],
      // Several files: the one whose content is refused is named (here the first, so nothing is converted).
      [[['files', 'GIF89a', 'photo.docx'], docx], 'photo.docx'],
    ];
    for (const [parts, field] of cases) {
      const r = await post('/forms/libreoffice/convert', parts);
      assert.equal(r.status, 400, `${field}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.details.field, field, JSON.stringify(r.body));
    }
    assert.equal(await jobs(), before, 'nothing converted');
  });

  test('the API key as the HTTP Basic password on /forms only; a wrong key is 401', async () => {
    const probe = [['files', HTML, 'index.html'] as [string, string, string], ['unknownProbe', 'x'] as [string, string]];
    assert.equal((await post('/forms/chromium/convert/html', probe, { authorization: basic(app.key) })).status, 400, 'authenticated');
    const wrong = await post('/forms/chromium/convert/html', probe, { authorization: basic('folio_sk_nottherightkey000000000000000000') });
    assert.equal(wrong.status, 401);
    assert.equal((await app.api('GET', '/v1/render-jobs', undefined, { authorization: basic(app.key) })).status, 401, 'not on /v1');
    // Every Chromium route is served: a screenshot of a URL without its url field names it.
    const url = await post('/forms/chromium/screenshot/url', [], { authorization: basic(app.key) });
    assert.equal(url.status, 400);
    assert.equal(url.body.error, 'invalid_request');
    assert.equal(url.body.details.field, 'url');
  });

  test('merge: uploaded PDFs in file-name order; a file that is not a PDF is refused by name', async () => {
    const [two, three] = [await pdfOf(2), await pdfOf(3)];
    for (const path of ['/forms/pdfengines/merge', '/forms/pdf/merge']) {
      const r = await post(path, [
        ['files', three, 'file10.pdf'],
        ['files', two, 'file2.pdf'],
      ]);
      assert.equal(r.status, 200, String(r.body));
      const merged = await PDFDocument.load(r.body as Buffer);
      assert.equal(merged.getPageCount(), 5);
      assert.equal(merged.getPage(0).getSize().width, 200);
    }
    const bad = await post('/forms/pdfengines/merge', [
      ['files', two, 'a.pdf'],
      ['files', Buffer.from('not a pdf'), 'b.pdf'],
    ]);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.details.field, 'b.pdf');
    const field = await post('/forms/pdfengines/merge', [
      ['files', two, 'a.pdf'],
      ['pdfa', 'PDF/A-2b'],
    ]);
    assert.equal(field.body.details.field, 'pdfa');
  });

  test('merge: files that together pass 5000 pages are refused naming the file that passes it and the limit', async () => {
    const big = await pdfOf(2600);
    const r = await post('/forms/pdfengines/merge', [
      ['files', big, 'a.pdf'],
      ['files', big, 'b.pdf'],
    ]);
    assert.equal(r.status, 400, String(r.body));
    assert.equal(r.body.details.field, 'b.pdf');
    assert.equal(r.body.message, 'file b.pdf brings the form to 5200 pages; at most 5000 are allowed');
  });
});
