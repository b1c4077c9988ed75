// Office documents converted as render jobs through the HTTP API, with real LibreOffice and SQLite (and on
// PostgreSQL + S3 in the PostgreSQL pass): JSON inline sources and multipart, the page counts and text of
// documents made by docx, exceljs and pptxgenjs (poppler), the job's converter and options, bad input refused
// before anything is stored, password-protected input, and a job past its time limit.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deployFiles } from '../helpers/deploy.js';
import { pdfText, withPdfFile } from '../helpers/pdf.js';
import { png, quirkDocx, quirkFont, reportDocx, slidesPptx, twoSheetXlsx, zipBombDocx } from '../helpers/office-documents.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PROTECTED_ODT = fs.readFileSync(path.join(here, '../fixtures/office/protected-s3cret.odt'));
const info = (pdf: Buffer) => withPdfFile(pdf, (f) => execFileSync('pdfinfo', [f], { encoding: 'utf8' }));
const pageCount = (pdf: Buffer) => Number(/Pages:\s+(\d+)/.exec(info(pdf))![1]);

describe('Office documents as render jobs', () => {
  let app: TestApp;
  let base: string;

  before(async () => {
    app = await createTestApp();
    app.startBackground();
    base = await app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  const finished = async (jobId: string) => {
    const done = await app.api('GET', `/v1/render-jobs/${jobId}?waitSeconds=30`);
    assert.ok(['succeeded', 'failed'].includes(done.body.job.status), JSON.stringify(done.body));
    return done.body.job;
  };
  const pdfOf = async (jobId: string) => {
    const job = await finished(jobId);
    assert.equal(job.status, 'succeeded', JSON.stringify(job));
    const { output } = (await app.api('GET', `/v1/render-jobs/${jobId}`)).body;
    const link = await app.api('POST', `/v1/render-jobs/${jobId}/output-download`, { expiresInSeconds: 60 });
    assert.equal(link.status, 200, JSON.stringify(link.body));
    const u = new URL(link.body.access.url);
    const r = await app.server.inject({ method: 'GET', url: u.pathname + u.search });
    assert.equal(r.statusCode, 200);
    return { pdf: r.rawPayload, job, output };
  };
  const inline = (name: string, bytes: Buffer, rest: Record<string, unknown> = {}) =>
    app.api('POST', '/v1/render-jobs', { entry: name, files: { [name]: bytes.toString('base64') }, ...rest });
  const storedCounts = async () => ({
    blobs: (await app.services.ctx.db.selectFrom('account_blobs').select('sha256').execute()).length,
    versions: (await app.services.ctx.db.selectFrom('deploy_versions').select('id').execute()).length,
  });

  test('a 30-page DOCX with a table, an image, a header and page-numbered footer converts page for page', async () => {
    const r = await inline('report.docx', await reportDocx(30), { businessKey: 'REPORT-1' });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    const { pdf, output } = await pdfOf(r.body.job.id);
    assert.equal(pageCount(pdf), 30);
    const text = pdfText(pdf);
    for (const s of [
      'Quarterly report header',
      'Region',
      'Revenue',
      '1234.56',
      'Body page 1',
      'Body page 30',
      'Page 1 of 30',
      'Page 30 of 30',
    ])
      assert.ok(text.includes(s), `the PDF has "${s}"`);
    const pages = text.split('\f');
    for (const n of [2, 15, 30]) assert.match(pages[n - 1]!, new RegExp(`Body page ${n}\\b[\\s\\S]*Page ${n} of 30`), `page ${n}`);
    const images = withPdfFile(pdf, (f) => execFileSync('pdfimages', ['-list', f], { encoding: 'utf8' }));
    assert.match(images, /\s32\s+32\s/, 'the 32×32 image is in the PDF');
    // What converted it, as the job and its output say.
    assert.match(output.browserVersion, /^LibreOffice\/\d+\.\d+/);
    assert.equal(output.pageCount, 30);
  });

  test('multipart: the one Office part is the entry; an XLSX gives one page per sheet when asked', async () => {
    const xlsx = await twoSheetXlsx();
    const send = async (job: Record<string, unknown>) => {
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(xlsx)]), 'book.xlsx');
      form.append('job', JSON.stringify(job));
      const res = await fetch(base + '/v1/render-jobs', { method: 'POST', headers: { authorization: `Bearer ${app.key}` }, body: form });
      const body = (await res.json()) as any;
      assert.equal(res.status, 202, JSON.stringify(body));
      return pdfOf(body.job.id);
    };
    const plain = await send({});
    assert.ok(pageCount(plain.pdf) > 2, `without singlePageSheets the sheets take ${pageCount(plain.pdf)} pages`);
    const single = await send({ office: { singlePageSheets: true } });
    assert.equal(pageCount(single.pdf), 2, 'one page per sheet');
    const pages = pdfText(single.pdf).split('\f');
    assert.match(pages[0]!, /^Sales[\s\S]*cell 150\.11/);
    assert.match(pages[1]!, /^Costs[\s\S]*cell 150\.11/);
    assert.deepEqual(single.job.document.office, { singlePageSheets: true }, 'the job shows its office options');
  });

  test('a PPTX with 5 slides gives 5 pages; page ranges and PDF/A are LibreOffice options', async () => {
    const pptx = await slidesPptx(5);
    const all = await inline('deck.pptx', pptx);
    assert.equal(all.status, 202, JSON.stringify(all.body));
    const { pdf } = await pdfOf(all.body.job.id);
    assert.equal(pageCount(pdf), 5);
    const pages = pdfText(pdf).split('\f');
    for (let i = 1; i <= 5; i++) assert.match(pages[i - 1]!, new RegExp(`Slide ${i}`));
    const some = await inline('deck.pptx', pptx, { office: { pageRanges: '2-3', tagged: true } });
    const part = await pdfOf(some.body.job.id);
    assert.equal(pageCount(part.pdf), 2);
    assert.match(pdfText(part.pdf), /Slide 2[\s\S]*Slide 3/);
    assert.match(info(part.pdf), /Tagged:\s+yes/);
  });

  test('pdf.standard and pdf.accessibility: LibreOffice exports PDF/A and tags, then Folio finishes the document', async () => {
    const r = await inline('deck.pptx', await slidesPptx(2), { pdf: { standard: 'pdf/a-2b', accessibility: 'pdf/ua-1' } });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    const { pdf, job } = await pdfOf(r.body.job.id);
    assert.equal(pageCount(pdf), 2);
    assert.match(info(pdf), /Tagged:\s+yes/);
    assert.match(pdf.toString('latin1'), /pdfaid:part[^0-9]{0,3}2/, 'identified as PDF/A-2');
    assert.equal(job.document.standard, 'pdf/a-2b');
  });

  test("fonts/*.ttf of the version's files are used by the conversion", async () => {
    const doc = await quirkDocx();
    const fontsOf = (pdf: Buffer) => withPdfFile(pdf, (f) => execFileSync('pdffonts', [f], { encoding: 'utf8' }));
    const without = await inline('quirk.docx', doc);
    assert.doesNotMatch(fontsOf((await pdfOf(without.body.job.id)).pdf), /FolioQuirk/, 'no machine has the font');
    const r = await app.api('POST', '/v1/render-jobs', {
      entry: 'quirk.docx',
      files: { 'quirk.docx': doc.toString('base64'), 'fonts/quirk.ttf': quirkFont().toString('base64') },
    });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    const { pdf } = await pdfOf(r.body.job.id);
    assert.match(fontsOf(pdf), /\+FolioQuirk\s/, 'the bundle font is embedded');
    assert.match(pdfText(pdf), /Set in the bundle font/);
  });

  test('bad input is a 400 with a clear code, and nothing is stored', async () => {
    const before = await storedCounts();
    const renamed = await inline('photo.docx', png());
    assert.equal(renamed.status, 400, JSON.stringify(renamed.body));
    assert.equal(renamed.body.error, 'office_input_invalid');
    assert.match(renamed.body.message, /photo\.docx.*renamed/);
    const text = await inline('notes.txt', png());
    assert.equal(text.body.error, 'office_input_invalid');
    const bomb = await inline('bomb.docx', await zipBombDocx(64));
    assert.equal(bomb.status, 400, JSON.stringify(bomb.body));
    assert.equal(bomb.body.error, 'office_input_invalid');
    assert.match(bomb.body.message, /expand/);
    const locked = await inline('locked.odt', PROTECTED_ODT);
    assert.equal(locked.status, 400, JSON.stringify(locked.body));
    assert.equal(locked.body.error, 'office_password_required');
    const notOffice = await inline('page.html', Buffer.from('<p>hi</p>'));
    assert.equal(notOffice.status, 400);
    assert.equal(notOffice.body.details.field, 'entry');
    assert.deepEqual(await storedCounts(), before, 'no blob and no version were stored');
  });

  test('a protected document converts with its password, which the job never shows; a wrong one fails the job', async () => {
    const ok = await inline('locked.odt', PROTECTED_ODT, { office: { password: 's3cret' } });
    assert.equal(ok.status, 202, JSON.stringify(ok.body));
    assert.ok(!JSON.stringify(ok.body).includes('s3cret'), 'the answer does not show the password');
    const { pdf, job } = await pdfOf(ok.body.job.id);
    assert.equal(pageCount(pdf), 2);
    assert.match(pdfText(pdf), /Dear customer/);
    assert.deepEqual(job.document.office, { password: true });
    const wrong = await inline('locked.odt', PROTECTED_ODT, { office: { password: 'nope' } });
    const failed = await finished(wrong.body.job.id);
    assert.equal(failed.status, 'failed');
    assert.equal(failed.errorCode, 'office_password_required', failed.errorMessage);
  });

  test('a committed version whose entry is an Office document is converted (office_timeout past its render timeout); a renamed one is refused at commit', async () => {
    const csv = Buffer.from(Array.from({ length: 60000 }, (_, i) => `${i},alpha ${i},beta ${i},${i * 3.5},gamma ${i}`).join('\n'));
    const v = await deployFiles(app, { createDeploy: { slug: 'big-sheet', name: 'Big sheet' } }, [{ path: 'data.csv', content: csv }], {
      route: '/data.csv',
      title: 'Big sheet',
      renderTimeoutMs: 1500,
    });
    assert.equal(v.status, 201, JSON.stringify(v.body));
    const r = await app.api('POST', '/v1/render-jobs', { deployId: v.deployId, deployVersionId: 'latest' });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    const job = await finished(r.body.job.id);
    assert.equal(job.status, 'failed');
    assert.equal(job.errorCode, 'office_timeout', job.errorMessage);
    // Killed at its limit (the work itself takes seconds longer), not refused for want of a free process.
    assert.match(job.errorMessage, /did not finish within the time limit; LibreOffice was stopped/);
    // A renamed file is refused at commit, before a version exists.
    const renamed = await deployFiles(
      app,
      { createDeploy: { slug: 'renamed', name: 'Renamed' } },
      [{ path: 'photo.docx', content: png() }],
      {
        route: '/photo.docx',
        title: 'Renamed',
      },
    );
    assert.equal(renamed.status, 400, JSON.stringify(renamed.body));
    assert.equal(renamed.body.error, 'office_input_invalid');
  });
});
