// The routes proposed to Gotenberg through the HTTP API of an in-process app, beyond what their Gherkin
// scenarios check (test/integration/gotenberg-scenarios.test.ts): the images of convert/image really are
// PNG, JPEG and TIFF pictures of the pages at the dpi asked, and its bounds are 400s naming the field; a bulk
// stamp draws its text and names the options it draws without; add-password's owner password opens the file;
// attachments/add attaches its files.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PDFDocument } from '@cantoo/pdf-lib';
import JSZip from 'jszip';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { tool } from '../helpers/gotenberg-steps.js';

/** A PDF of `pages` pages of `size` points, each with its number as text. */
async function pdfOf(pages: number, size: [number, number] = [144, 72]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage(size).drawText(`page ${i + 1}`, { x: 10, y: 10 });
  return Buffer.from(await doc.save());
}

describe('Gotenberg routes proposed upstream', () => {
  let app: TestApp;
  let base: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-gotenberg-proposed-'));
  before(async () => {
    app = await createTestApp();
    base = await app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const post = async (route: string, parts: [string, string | Buffer, string?][], headers: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [name, value, fileName] of parts)
      if (fileName !== undefined) form.append(name, new Blob([new Uint8Array(Buffer.from(value))]), fileName);
      else form.append(name, value as string);
    const res = await fetch(`${base}/forms/pdfengines/${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.key}`, ...headers },
      body: form,
    });
    const type = res.headers.get('content-type') ?? '';
    return {
      status: res.status,
      headers: res.headers,
      body: type.includes('json') ? ((await res.json()) as any) : Buffer.from(await res.arrayBuffer()),
    };
  };
  const saved = (name: string, bytes: Buffer) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    return file;
  };

  test('convert/image: PNG at the dpi asked, JPEG and TIFF, a zip numbered within each file', async () => {
    const [one, three] = [await pdfOf(1), await pdfOf(3)];
    const png = await post('convert/image', [['files', one, 'card.pdf']], { 'gotenberg-output-filename': 'cover' });
    assert.equal(png.status, 200, String(png.body));
    assert.equal(png.headers.get('content-type'), 'image/png');
    assert.match(png.headers.get('content-disposition') ?? '', /cover\.png/);
    const body = png.body as Buffer;
    assert.equal(body.subarray(1, 4).toString('latin1'), 'PNG');
    // 144 × 72 pt at the default 150 dpi: 300 × 150 pixels.
    assert.deepEqual([body.readUInt32BE(16), body.readUInt32BE(20)], [300, 150]);

    const jpeg = await post('convert/image', [
      ['files', one, 'card.pdf'],
      ['format', 'jpeg'],
      ['dpi', '72'],
      ['quality', '50'],
    ]);
    assert.equal(jpeg.headers.get('content-type'), 'image/jpeg');
    assert.match(jpeg.headers.get('content-disposition') ?? '', /card-1\.jpeg/);
    assert.deepEqual([...(jpeg.body as Buffer).subarray(0, 2)], [0xff, 0xd8]);
    const tiff = await post('convert/image', [
      ['files', one, 'card.pdf'],
      ['format', 'tiff'],
      ['quality', '50'],
    ]);
    assert.equal(tiff.headers.get('content-type'), 'image/tiff');
    assert.equal((tiff.body as Buffer).subarray(0, 4).toString('latin1'), 'II*\0');
    assert.equal(tiff.headers.get('folio-warnings'), 'option_not_honoured;field=quality');

    const zip = await post('convert/image', [
      ['files', three, 'report.pdf'],
      ['files', one, 'card.pdf'],
      ['firstPage', '1'],
      ['lastPage', '2'],
    ]);
    assert.equal(zip.headers.get('content-type'), 'application/zip');
    const entries = Object.keys((await JSZip.loadAsync(zip.body as Buffer)).files);
    assert.deepEqual(entries, ['report-1.png', 'report-2.png', 'card-1.png']);
  });

  test('convert/image: the bounds and the form are 400s naming the field, checked before drawing', async () => {
    const one = await pdfOf(1);
    const huge = await pdfOf(1, [14_400, 14_400]);
    const cases: Array<[[string, string | Buffer, string?][], string]> = [
      [
        [
          ['files', one, 'a.pdf'],
          ['dpi', '601'],
        ],
        'dpi',
      ],
      [
        [
          ['files', huge, 'poster.pdf'],
          ['dpi', '600'],
        ],
        'dpi',
      ],
      [
        [
          ['files', one, 'a.pdf'],
          ['firstPage', '2'],
        ],
        'firstPage',
      ],
      [
        [
          ['files', one, 'a.pdf'],
          ['firstPage', '2'],
          ['lastPage', '1'],
        ],
        'lastPage',
      ],
      [[['files', await pdfOf(201), 'long.pdf']], 'lastPage'],
      [
        [
          ['files', one, 'a.pdf'],
          ['width', '400'],
        ],
        'width',
      ],
      [
        [
          ['files', one, 'a.pdf'],
          ['stamp', one, 'b.pdf'],
        ],
        'stamp',
      ],
      [[['files', Buffer.from('plain text'), 'notes.txt']], 'notes.txt'],
      [[['files', Buffer.from('not a pdf'), 'broken.pdf']], 'broken.pdf'],
      [[['format', 'png']], 'files'],
    ];
    for (const [parts, field] of cases) {
      const r = await post('convert/image', parts);
      assert.equal(r.status, 400, `${field}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.details.field, field, JSON.stringify(r.body));
    }
  });

  test('stamp/bulk: the entries drawn in order; options drawn without are named', async () => {
    const r = await post('stamp/bulk', [
      ['files', await pdfOf(2), 'a.pdf'],
      ['stamps', '[{"source":"text","expression":"PAID","pages":"2","options":{"scale":"0.5 abs"}},{"source":"text","expression":"COPY"}]'],
    ]);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.headers.get('folio-warnings'), 'option_not_honoured;field=stamps[0].options.scale');
    const file = saved('stamped.pdf', r.body as Buffer);
    const [p1, p2] = [
      await tool('pdftotext', ['-f', '1', '-l', '1', file, '-']),
      await tool('pdftotext', ['-f', '2', '-l', '2', file, '-']),
    ];
    assert.ok(!p1.includes('PAID') && p1.includes('COPY'), p1);
    assert.ok(p2.includes('PAID') && p2.includes('COPY'), p2);
  });

  test('add-password: the user password opens the file, the owner password too; attachments/add attaches', async () => {
    const r = await post('add-password', [
      ['files', await pdfOf(1), 'a.pdf'],
      ['userPassword', 'user123'],
      ['ownerPassword', 'owner456'],
    ]);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const file = saved('protected.pdf', r.body as Buffer);
    assert.match(await tool('pdfinfo', [file]), /Incorrect password/);
    assert.match(await tool('pdfinfo', ['-upw', 'user123', file]), /Pages:\s+1/);
    assert.match(await tool('pdfinfo', ['-opw', 'owner456', file]), /Pages:\s+1/);

    const a = await post('attachments/add', [
      ['files', await pdfOf(1), 'a.pdf'],
      ['attachments', '<x/>', 'data.xml'],
      ['attachments', 'a,b', 'table.csv'],
    ]);
    assert.equal(a.status, 200, JSON.stringify(a.body));
    const listed = await tool('pdfdetach', ['-list', saved('attached.pdf', a.body as Buffer)]);
    assert.match(listed, /data\.xml/);
    assert.match(listed, /table\.csv/);
  });
});
