// Gotenberg-compatible routes end to end, as a Gotenberg user runs them: chromiumly (unchanged) pointed at a
// real `folio serve` with the API key as its Basic-auth password, real Chromium and poppler; the LibreOffice
// route with several documents as curl sends them (real LibreOffice). Also the curl-shaped form of
// POST /v1/render (`files` parts) and the authentication rules of both.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Chromiumly, HtmlConverter, HtmlScreenshot, MarkdownConverter, MarkdownScreenshot, PDFEngines, PdfFormat } from 'chromiumly';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { pdfText, withPdfFile } from '../helpers/pdf.js';
import { letterDocx, reportDocx } from '../helpers/office-documents.js';
import JSZip from 'jszip';

const KEY = 'folio_sk_gotenbergE2eKey0123456789abcdefXYZ';
const HTML = '<!doctype html><html><head><link rel="stylesheet" href="style.css"></head><body><h1>Gotenberg invoice</h1></body></html>';
const CSS = 'h1 { color: #c0392b } h1::after { content: " styled by CSS" }';
const FOOTER = '<html><body><p style="font-size:10px;margin:auto">Footer of the page</p></body></html>';

const pdfinfo = (pdf: Buffer) => withPdfFile(pdf, (f) => execFileSync('pdfinfo', [f], { encoding: 'utf8' }));
const pageSize = (pdf: Buffer) => {
  const m = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(pdfinfo(pdf));
  assert.ok(m, pdfinfo(pdf));
  return [Number(m[1]), Number(m[2])];
};
const pages = (pdf: Buffer) => Number(/Pages:\s+(\d+)/.exec(pdfinfo(pdf))?.[1]);

describe('Gotenberg-compatible routes (chromiumly against folio serve)', () => {
  let server: ServerProcess;
  let work: string;
  const bearer = { authorization: `Bearer ${KEY}` };

  before(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-gotenberg-'));
    server = await startServerProcess({ FOLIO_DATA_DIR: path.join(work, 'data'), FOLIO_BOOTSTRAP_API_KEY: KEY });
    Chromiumly.configure({ endpoint: server.url, username: 'folio', password: KEY });
  });
  after(async () => {
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const jobCount = async () => {
    const r = await fetch(`${server.url}/v1/render-jobs?limit=100`, { headers: bearer });
    return ((await r.json()) as { items: unknown[] }).items.length;
  };

  let converted: Buffer;

  test('HtmlConverter: CSS asset, footer template, paper size, margins and landscape', async () => {
    converted = await new HtmlConverter().convert({
      html: Buffer.from(HTML),
      assets: [{ file: Buffer.from(CSS), name: 'style.css' }],
      footer: Buffer.from(FOOTER),
      properties: {
        size: { width: '210mm', height: '297mm' },
        margins: { top: 0.5, bottom: '1in', left: '2cm', right: '36pt' },
        landscape: true,
        printBackground: true,
      },
      metadata: { Title: 'Gotenberg invoice', Author: 'Acme' },
    });
    assert.equal(converted.subarray(0, 5).toString(), '%PDF-');
    const text = pdfText(converted);
    assert.match(text, /Gotenberg invoice styled by CSS/, 'the CSS file was applied');
    assert.match(text, /Footer of the page/, 'footer.html is the footer template');
    const [w, h] = pageSize(converted);
    assert.ok(Math.abs(w - 842) < 2 && Math.abs(h - 595) < 2, `A4 in landscape: ${w} x ${h}`);
    assert.match(pdfinfo(converted), /Title:\s+Gotenberg invoice/);
    assert.match(pdfinfo(converted), /Author:\s+Acme/);
  });

  test('PDFEngines.merge joins the PDFs; HtmlScreenshot answers a PNG of the asked width', async () => {
    const one = await new HtmlConverter().convert({ html: Buffer.from('<!doctype html><p>Second</p>') });
    const merged = await PDFEngines.merge({ files: [converted, one] });
    assert.equal(pages(merged), pages(converted) + pages(one));
    assert.match(pdfText(merged), /Gotenberg invoice[\s\S]*Second/, 'in file-name order');

    const png = await new HtmlScreenshot().capture({
      html: Buffer.from(HTML),
      assets: [{ file: Buffer.from(CSS), name: 'style.css' }],
      properties: { format: 'png', width: 400 },
    });
    assert.equal(png.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', 'a PNG');
    assert.equal(png.readUInt32BE(16), 400, 'width from the IHDR chunk');
  });

  test('PDFEngines split, rotate, metadata, encrypt, flatten and convert work unchanged on a PDF Folio printed', async () => {
    const parts = await PDFEngines.split({ files: [converted], options: { mode: 'intervals', span: '1' } });
    if (pages(converted) > 1) assert.equal(parts.subarray(0, 2).toString(), 'PK', 'several parts come as a zip');
    else assert.equal(pages(parts), 1);
    const turned = await PDFEngines.rotate({ files: [converted], angle: 90 });
    assert.match(
      withPdfFile(turned, (f) => execFileSync('pdfinfo', ['-f', '1', '-l', '1', f], { encoding: 'utf8' })),
      /rot:\s+90/,
    );
    const titled = await PDFEngines.writeMetadata({ files: [converted], metadata: { Title: 'Paid invoice', Keywords: ['paid', '4711'] } });
    const read = JSON.parse((await PDFEngines.readMetadata({ files: [titled] })).toString()) as Record<
      string,
      { Title: string; Keywords: string[] }
    >;
    const [meta] = Object.values(read);
    assert.equal(meta.Title, 'Paid invoice');
    assert.deepEqual(meta.Keywords, ['paid', '4711']);
    const locked = await PDFEngines.encrypt({ files: [converted], options: { userPassword: 'open-me', ownerPassword: 'own-it' } });
    assert.throws(() => withPdfFile(locked, (f) => execFileSync('pdfinfo', [f], { stdio: 'pipe' })), /Incorrect password/);
    assert.equal(pages(await PDFEngines.flatten([converted])), pages(converted));
    const archived = await PDFEngines.convert({ files: [converted], pdfa: PdfFormat.A_2b });
    assert.match(
      withPdfFile(archived, (f) => execFileSync('pdfinfo', ['-meta', f], { encoding: 'utf8' })),
      /pdfaid:part[^\d]*2/,
    );
  });

  test('MarkdownConverter and MarkdownScreenshot: index.html places the Markdown files with toHTML', async () => {
    const wrapper =
      '<!doctype html><html><head><link rel="stylesheet" href="style.css"></head><body><main>{{ toHTML "notes.md" }}</main><footer>{{ toHTML "more.md" }}</footer></body></html>';
    const notes = '# Release notes\n\n| Area | Change |\n|---|---|\n| API | faster |\n\n```js\nconst answer = 42;\n```\n';
    const pdf = await new MarkdownConverter().convert({
      html: Buffer.from(wrapper),
      markdown: [
        { file: Buffer.from(notes), name: 'notes.md' },
        { file: Buffer.from('Written *by hand*.'), name: 'more.md' },
      ],
      assets: [{ file: Buffer.from(CSS), name: 'style.css' }],
      properties: { size: { width: 8.5, height: 11 } },
    });
    const text = pdfText(pdf);
    assert.match(text, /Release notes styled by CSS/, 'the Markdown heading, with the CSS asset applied');
    assert.match(text, /Area\s+Change\s+API\s+faster/, 'a GFM table');
    assert.match(text, /const answer = 42;/);
    assert.match(text, /Written by hand\./);
    const [w, h] = pageSize(pdf);
    assert.ok(Math.abs(w - 612) < 2 && Math.abs(h - 792) < 2, `Letter: ${w} x ${h}`);

    const png = await new MarkdownScreenshot().capture({
      html: Buffer.from(wrapper),
      markdown: [
        { file: Buffer.from(notes), name: 'notes.md' },
        { file: Buffer.from('x'), name: 'more.md' },
      ],
      properties: { format: 'png', width: 300 },
    });
    assert.equal(png.readUInt32BE(16), 300, 'a PNG of the asked width');

    // A toHTML that names a file the form did not send is refused with its line and column.
    await assert.rejects(
      new MarkdownConverter().convert({ html: Buffer.from('<main>\n{{ toHTML "missing.md" }}</main>'), markdown: Buffer.from('# x') }),
      /Status: 400[\s\S]*index\.html:2:1: toHTML names missing\.md/,
    );
  });

  test('LibreOffice: two documents without merge are a zip of their PDFs, each with the metadata asked for', async () => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await letterDocx())]), 'letter.docx');
    form.append('files', new Blob([new Uint8Array(await reportDocx(2))]), 'report.docx');
    form.append('metadata', JSON.stringify({ Title: 'Quarterly pack', Author: 'ACME', 'XMP-dc:Rights': 'all' }));
    const res = await fetch(`${server.url}/forms/libreoffice/convert`, {
      method: 'POST',
      headers: { ...bearer, 'gotenberg-output-filename': 'pack' },
      body: form,
    });
    const body = Buffer.from(await res.arrayBuffer());
    assert.equal(res.status, 200, body.toString());
    assert.equal(res.headers.get('content-type'), 'application/zip');
    assert.match(res.headers.get('content-disposition') ?? '', /pack\.zip/);
    assert.match(res.headers.get('folio-warnings') ?? '', /option_not_honoured;field=metadata\.XMP-dc:Rights/);
    const zip = await JSZip.loadAsync(body);
    assert.deepEqual(Object.keys(zip.files).sort(), ['letter.docx.pdf', 'report.docx.pdf'], "Gotenberg's names");
    const expected: Record<string, RegExp> = { 'letter.docx.pdf': /Dear customer/, 'report.docx.pdf': /Body page 2/ };
    for (const [name, text] of Object.entries(expected)) {
      const pdf = await zip.file(name)!.async('nodebuffer');
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-', name);
      assert.match(pdfText(pdf), text, name);
      assert.match(pdfinfo(pdf), /Title:\s+Quarterly pack/, name);
      assert.match(pdfinfo(pdf), /Author:\s+ACME/, name);
    }
  });

  test('options Folio cannot honour are refused by name; nothing is created', async () => {
    const before = await jobCount();
    const refusals: [() => Promise<Buffer>, RegExp][] = [
      [() => new HtmlConverter().convert({ html: Buffer.from(HTML), userAgent: 'Gotenberg' }), /Status: 400[\s\S]*userAgent/],
      [() => new HtmlConverter().convert({ html: Buffer.from(HTML), properties: { singlePage: true } }), /Status: 400[\s\S]*singlePage/],
      [
        () => new HtmlConverter().convert({ html: Buffer.from(HTML), webhook: { webhookUrl: 'https://example.com/hook' } }),
        /Status: 400[\s\S]*Gotenberg-Webhook-Error-Url/,
      ],
      [
        () => new HtmlScreenshot().capture({ html: Buffer.from(HTML), properties: { format: 'png', height: 300 } }),
        /Status: 400[\s\S]*height/,
      ],
    ];
    for (const [call, expected] of refusals) await assert.rejects(call(), expected);
    // convert/url is supported (test/e2e/url-source.test.ts): a form without its url field names it.
    const noUrl = await fetch(`${server.url}/forms/chromium/convert/url`, { method: 'POST', headers: bearer, body: new FormData() });
    assert.equal(noUrl.status, 400);
    assert.deepEqual(((await noUrl.json()) as { details: unknown }).details, { field: 'url' });
    assert.equal(await jobCount(), before);
  });

  test('Bearer and Basic are both accepted; a wrong key is 401; Gotenberg-Trace and the file name come back', async () => {
    const form = () => {
      const f = new FormData();
      f.append('files', new Blob([HTML]), 'index.html');
      f.append('files', new Blob([CSS]), 'style.css');
      return f;
    };
    const res = await fetch(`${server.url}/forms/chromium/convert/html`, {
      method: 'POST',
      headers: { ...bearer, 'gotenberg-trace': 'trace-42', 'gotenberg-output-filename': 'invoice' },
      body: form(),
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('gotenberg-trace'), 'trace-42');
    assert.match(res.headers.get('content-disposition') ?? '', /invoice\.pdf/);
    const wrong = await fetch(`${server.url}/forms/chromium/convert/html`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('folio:folio_sk_wrongwrongwrongwrongwrongwrong12').toString('base64')}` },
      body: form(),
    });
    assert.equal(wrong.status, 401);
    assert.equal(((await wrong.json()) as { error: string }).error, 'unauthorized');
  });

  test('POST /v1/render takes files parts (curl -F files=@…) with print options; an unknown field is a 400', async () => {
    const form = new FormData();
    form.append('files', new Blob([HTML], { type: 'text/html' }), 'index.html');
    form.append('files', new Blob([CSS], { type: 'text/css' }), 'style.css');
    form.append('job', JSON.stringify({ print: { format: 'A5', margin: { top: '1cm' } } }));
    const res = await fetch(`${server.url}/v1/render`, { method: 'POST', headers: bearer, body: form });
    const pdf = Buffer.from(await res.arrayBuffer());
    assert.equal(res.status, 200, pdf.toString());
    assert.match(pdfText(pdf), /styled by CSS/);
    const [w, h] = pageSize(pdf);
    assert.ok(Math.abs(w - 420) < 2 && Math.abs(h - 595) < 2, `A5 from print.format: ${w} x ${h}`);

    const before = await jobCount();
    const bad = new FormData();
    bad.append('files', new Blob([HTML]), 'index.html');
    bad.append('marginTop', '1');
    const refused = await fetch(`${server.url}/v1/render`, { method: 'POST', headers: bearer, body: bad });
    const body = (await refused.json()) as { error: string; message: string; details: { field: string } };
    assert.equal(refused.status, 400);
    assert.equal(body.details.field, 'marginTop');
    assert.match(body.message, /forms\/chromium\/convert\/html/);
    const badPrint = new FormData();
    badPrint.append('files', new Blob([HTML]), 'index.html');
    badPrint.append('job', JSON.stringify({ print: { margin: { top: '-1in' } } }));
    const r2 = await fetch(`${server.url}/v1/render`, { method: 'POST', headers: bearer, body: badPrint });
    assert.equal(r2.status, 400);
    assert.equal(((await r2.json()) as { details: { field: string } }).details.field, 'print.margin.top');
    assert.equal(await jobCount(), before, 'nothing created');
  });
});
