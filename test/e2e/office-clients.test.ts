// Office conversion as clients run it against a real `folio serve` (real LibreOffice, poppler): Gotenberg's
// LibreOffice route through chromiumly's LibreOffice client (unchanged, the API key as its Basic-auth
// password), and `folio render --office` of the CLI.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Chromiumly, LibreOffice } from 'chromiumly';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { pdfText, withPdfFile } from '../helpers/pdf.js';
import { letterDocx, png, slidesPptx, twoSheetXlsx } from '../helpers/office-documents.js';
import { runFolio } from '../helpers/cli-run.js';
import { createClient, officeDocument } from '../../src/sdk/index.js';

const KEY = 'folio_sk_gotenbergOfficeKey0123456789abcdefXY';
const pdfinfo = (pdf: Buffer) => withPdfFile(pdf, (f) => execFileSync('pdfinfo', [f], { encoding: 'utf8' }));
const pages = (pdf: Buffer) => Number(/Pages:\s+(\d+)/.exec(pdfinfo(pdf))?.[1]);

describe('Office conversion through chromiumly and the folio CLI', () => {
  let server: ServerProcess;
  let work: string;
  const bearer = { authorization: `Bearer ${KEY}` };

  before(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-gotenberg-office-'));
    server = await startServerProcess({ FOLIO_DATA_DIR: path.join(work, 'data'), FOLIO_BOOTSTRAP_API_KEY: KEY });
    Chromiumly.configure({ endpoint: server.url, username: 'folio', password: KEY });
  });
  after(async () => {
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('one DOCX: landscape and nativePageRanges are honoured, and the conversion is a job of the account', async () => {
    const pdf = await LibreOffice.convert({
      files: [{ data: await letterDocx(), ext: 'docx' }],
      properties: { landscape: true, nativePageRanges: { from: 2, to: 2 } },
    });
    assert.equal(pages(pdf), 1);
    assert.match(pdfText(pdf), /Second page/);
    const [w, h] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(pdfinfo(pdf))!.slice(1).map(Number);
    assert.ok(w! > h!, `landscape: ${w} x ${h}`);
    const jobs = (await (await fetch(`${server.url}/v1/render-jobs?limit=10`, { headers: bearer })).json()) as { items: any[] };
    assert.equal(jobs.items[0].status, 'succeeded');
  });

  test('merge: a DOCX and a PPTX are answered as one PDF, in the order of their names', async () => {
    const pdf = await LibreOffice.convert({
      files: [
        { data: await letterDocx(), ext: 'docx' },
        { data: await slidesPptx(5), ext: 'pptx' },
      ],
      merge: true,
      pdfUA: true,
    });
    assert.equal(pages(pdf), 7, 'two letter pages and five slides');
    const text = pdfText(pdf);
    assert.match(text, /Dear customer[\s\S]*Slide 5/);
  });

  test('a renamed file is a 400 office_input_invalid; an unknown field a 400 naming it', async () => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(png())]), 'photo.docx');
    const r = await fetch(`${server.url}/forms/libreoffice/convert`, { method: 'POST', headers: bearer, body: form });
    const body = (await r.json()) as any;
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.equal(body.error, 'office_input_invalid');
    const odd = new FormData();
    odd.append('files', new Blob([new Uint8Array(await letterDocx())]), 'letter.docx');
    odd.append('exportNotesInMargin', 'true');
    const r2 = await fetch(`${server.url}/forms/libreoffice/convert`, { method: 'POST', headers: bearer, body: odd });
    const body2 = (await r2.json()) as any;
    assert.equal(r2.status, 400);
    assert.equal(body2.details.field, 'exportNotesInMargin');
  });

  test('folio render --office converts a file to -o, with its options', async () => {
    const xlsx = path.join(work, 'book.xlsx');
    fs.writeFileSync(xlsx, await twoSheetXlsx());
    const out = path.join(work, 'book.pdf');
    const env = { PATH: process.env.PATH, HOME: work, FOLIO_API_URL: server.url, FOLIO_API_KEY: KEY };
    const run = await runFolio(['render', '--office', xlsx, '--single-page-sheets', '-o', out], { cwd: work, env });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(pages(fs.readFileSync(out)), 2, 'one page per sheet');
    const bad = await runFolio(['render', '--office', path.join(work, 'missing.docx'), '-o', out], { cwd: work, env });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /file not found/);
  });

  test("the SDK's officeDocument() builds the job of an Office document for render()", async () => {
    const folio = createClient({ baseUrl: server.url, apiKey: KEY });
    const r = await folio.render({ ...officeDocument('deck.pptx', await slidesPptx(5), { pageRanges: '4-5' }) });
    assert.equal(r.status, 'succeeded');
    if (r.status !== 'succeeded') return;
    assert.equal(r.pageCount, 2);
    assert.match(pdfText(r.pdf), /Slide 4[\s\S]*Slide 5/);
  });
});
