// POST /v1/pdf-jobs end to end on uploaded PDFs made by maintained tools (pdf-lib, qpdf): every step is
// verified with poppler and qpdf on the stored result, as a user would. Refusals answered before a step runs
// are test/integration/pdf-job-requests.test.ts.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { withPdfFile as withTempFile } from '../helpers/pdf.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { storedPdf, uploadPdf } from '../helpers/managed-pdfs.js';
import { firstPagePixels, formPdf, pagesPdf, squarePdf, tool } from '../helpers/outside-pdfs.js';

describe('POST /v1/pdf-jobs', () => {
  let app: TestApp;
  let other: { accountId: string; apiKey: string };
  const ids: Record<string, string> = {};

  const upload = (pdf: Buffer) => uploadPdf(app, pdf);
  const job = (body: unknown, key = app.key) => app.api('POST', '/v1/pdf-jobs', body, { authorization: `Bearer ${key}` });
  const stored = (id: string) => storedPdf(app, id);
  async function one(body: unknown): Promise<Buffer> {
    const res = await job(body);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.pdfs.length, 1);
    return stored(res.body.pdfs[0].id);
  }
  const text = (pdf: Buffer, page: number) => tool('pdftotext', (f) => ['-f', String(page), '-l', String(page), f, '-'], pdf).text;

  before(async () => {
    app = await createTestApp();
    // A PDF job runs as a job: the worker takes it.
    app.startBackground();
    other = await app.services.accounts.create({ name: 'Other' });
    ids.thirty = await upload(await pagesPdf(30));
    ids.form = await upload(await formPdf());
    ids.square = await upload(await squarePdf());
  });
  after(() => app.close());

  test('stamp "PAID" on page 1 at 45°, 30% opacity: pdftotext finds it on page 1 only', async () => {
    const pdf = await one({
      sources: [{ pdfId: ids.thirty }],
      steps: [{ type: 'stamp', text: 'PAID', pages: '1', rotation: 45, opacity: 0.3, fontSize: 96 }],
    });
    // poppler reads text at 45° glyph group by glyph group ("PA", "ID"): compare without white space.
    const squeezed = (page: number) => text(pdf, page).replace(/\s+/g, '');
    assert.match(squeezed(1), /PAID/);
    assert.doesNotMatch(squeezed(2), /PAID/);
    assert.match(text(pdf, 2), /Page 2/);
    assert.equal(tool('qpdf', (f) => ['--check', f], pdf).status, 0);
  });

  test('a watermark stays under the content, a stamp over it (pdftoppm pixels in the black square)', async () => {
    const redIn = (pdf: Buffer) => {
      const { width, rgb } = firstPagePixels(pdf);
      let red = 0;
      let outsideRed = 0;
      for (let i = 0; i < rgb.length; i += 3) {
        const px = i / 3;
        const [x, y] = [px % width, Math.floor(px / width)];
        const inSquare = x > width * 0.27 && x < width * 0.73 && y > width * 0.27 && y < width * 0.73;
        const isRed = rgb[i] > 150 && rgb[i + 1] < 100 && rgb[i + 2] < 100;
        if (isRed && inSquare) red++;
        if (isRed && !inSquare) outsideRed++;
      }
      return { red, outsideRed };
    };
    const mark = { text: 'WWWWWWWW', fontSize: 120, color: '#ff0000', opacity: 1, rotation: 0 };
    const under = redIn(await one({ sources: [{ pdfId: ids.square }], steps: [{ type: 'watermark', ...mark }] }));
    assert.equal(under.red, 0, 'no red inside the black square: the square is painted over the watermark');
    assert.ok(under.outsideRed > 100, `the watermark shows outside the square (${under.outsideRed} red pixels)`);
    const over = redIn(await one({ sources: [{ pdfId: ids.square }], steps: [{ type: 'stamp', ...mark }] }));
    assert.ok(over.red > 100, `a stamp over the content is red inside the square (${over.red})`);
  });

  test('fill 10 fields (text, checkbox, radio, dropdown): qpdf and pdftotext show the values; flatten leaves none', async () => {
    const values = {
      name: 'Ada Lovelace',
      street: '12 St James Sq',
      city: 'London',
      zip: 'SW1Y',
      country: 'UK',
      email: 'ada@example.org',
      agree: true,
      newsletter: false,
      plan: 'premium',
      size: 'M',
    };
    const filled = await job({ sources: [{ pdfId: ids.form }], steps: [{ type: 'fillForm', fields: values }] });
    assert.equal(filled.status, 201, JSON.stringify(filled.body));
    const pdf = await stored(filled.body.pdfs[0].id);
    const json = JSON.parse(tool('qpdf', (f) => ['--json', '--json-key=acroform', f], pdf).text);
    const byName = Object.fromEntries(json.acroform.fields.map((f: { fullname: string; value: unknown }) => [f.fullname, f.value]));
    assert.equal(byName.city, 'u:London');
    assert.equal(byName.agree, '/Yes');
    assert.equal(byName.newsletter, '/Off');
    assert.notEqual(byName.plan, '/Off', 'a radio option is selected (pdf-lib names options by index)');
    assert.equal(byName.size, 'u:M');
    const info = await app.api('GET', `/v1/pdfs/${filled.body.pdfs[0].id}/info`);
    const field = (n: string) => info.body.info.formFields.find((f: { name: string }) => f.name === n).value;
    assert.equal(field('email'), 'ada@example.org');
    assert.equal(field('plan'), 'premium');
    assert.equal(field('agree'), true);
    assert.match(text(pdf, 1), /Ada Lovelace/);

    const flat = await job({ sources: [{ pdfId: filled.body.pdfs[0].id }], steps: [{ type: 'flatten' }] });
    assert.equal(flat.status, 201, JSON.stringify(flat.body));
    const flatPdf = await stored(flat.body.pdfs[0].id);
    assert.deepEqual((await app.api('GET', `/v1/pdfs/${flat.body.pdfs[0].id}/info`)).body.info.formFields, []);
    const acroform = JSON.parse(tool('qpdf', (f) => ['--json', '--json-key=acroform', f], flatPdf).text).acroform;
    assert.deepEqual(acroform.fields, []);
    assert.equal(acroform.hasacroform, false, 'no empty AcroForm is left behind');
    assert.match(text(flatPdf, 1), /Ada Lovelace/);
    assert.match(text(flatPdf, 1), /London/);
  });

  test('an unknown form field or a wrong value is 422 pdf_step_failed naming it; nothing is stored', async () => {
    const before = (await app.api('GET', '/v1/pdfs?limit=100')).body.items.length;
    const unknown = await job({ sources: [{ pdfId: ids.form }], steps: [{ type: 'fillForm', fields: { city: 'Paris', nope: 'x' } }] });
    assert.equal(unknown.status, 422, JSON.stringify(unknown.body));
    assert.equal(unknown.body.error, 'pdf_step_failed');
    assert.equal(unknown.body.details.field, 'steps[0].fields.nope');
    const option = await job({ sources: [{ pdfId: ids.form }], steps: [{ type: 'fillForm', fields: { plan: 'gold' } }] });
    assert.equal(option.status, 422);
    assert.match(option.body.message, /gold/);
    const page = await job({ sources: [{ pdfId: ids.form }], steps: [{ type: 'rotate', angle: 90, pages: '2' }] });
    assert.equal(page.status, 422);
    assert.equal(page.body.details.field, 'steps[0].pages');
    assert.equal((await app.api('GET', '/v1/pdfs?limit=100')).body.items.length, before);
  });

  test('split a 30-page PDF every 10 pages: 3 managed PDFs of 10 pages', async () => {
    const res = await job({ sources: [{ pdfId: ids.thirty }], steps: [{ type: 'split', every: 10 }], fileName: 'statement' });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.pdfs.map((p: { pageCount: number; fileName: string }) => [p.pageCount, p.fileName]),
      [
        [10, 'statement-1.pdf'],
        [10, 'statement-2.pdf'],
        [10, 'statement-3.pdf'],
      ],
    );
    const third = await stored(res.body.pdfs[2].id);
    assert.match(tool('pdfinfo', (f) => [f], third).text, /Pages:\s+10/);
    assert.match(text(third, 1), /Page 21/);
    // The parts as one zip: python's zipfile reads it; each entry is the stored part, byte for byte.
    const zip = await app.server.inject({
      method: 'POST',
      url: '/v1/pdfs/zip',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ pdfIds: res.body.pdfs.map((p: { id: string }) => p.id), fileName: 'statements' }),
    });
    assert.equal(zip.statusCode, 200, zip.body);
    assert.equal(zip.headers['content-type'], 'application/zip');
    assert.match(String(zip.headers['content-disposition']), /statements\.zip/);
    const listed = withTempFile(zip.rawPayload, (f) =>
      execFileSync(
        'python3',
        [
          '-c',
          'import sys,zipfile,hashlib;z=zipfile.ZipFile(sys.argv[1]);print("\\n".join(n+" "+hashlib.sha256(z.read(n)).hexdigest() for n in z.namelist()))',
          f,
        ],
        { encoding: 'utf8' },
      ),
    );
    assert.deepEqual(
      listed.trim().split('\n'),
      await Promise.all(
        res.body.pdfs.map(
          async (p: { id: string; fileName: string }) =>
            `${p.fileName} ${createHash('sha256')
              .update(await stored(p.id))
              .digest('hex')}`,
        ),
      ),
    );
    const foreign = await app.server.inject({
      method: 'POST',
      url: '/v1/pdfs/zip',
      headers: { authorization: `Bearer ${other.apiKey}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ pdfIds: [res.body.pdfs[0].id] }),
    });
    assert.equal(foreign.statusCode, 404);
    assert.equal(foreign.json().details.field, 'pdfIds[0]');
    const ranges = await job({ sources: [{ pdfId: ids.thirty }], steps: [{ type: 'split', ranges: ['1-2', '29-'] }] });
    assert.deepEqual(
      ranges.body.pdfs.map((p: { pageCount: number }) => p.pageCount),
      [2, 2],
    );
  });

  test('rotate pages 2-3: pdfinfo shows rot 90 on them only; select with exclusions and open ranges', async () => {
    const pdf = await one({ sources: [{ pdfId: ids.thirty }], steps: [{ type: 'rotate', angle: 90, pages: '2-3' }] });
    const out = tool('pdfinfo', (f) => ['-f', '1', '-l', '4', f], pdf).text;
    assert.match(out, /Page\s+1 rot:\s+0\b/);
    assert.match(out, /Page\s+2 rot:\s+90\b/);
    assert.match(out, /Page\s+3 rot:\s+90\b/);
    assert.match(out, /Page\s+4 rot:\s+0\b/);

    const sel = await one({ sources: [{ pdfId: ids.thirty }], steps: [{ type: 'select', pages: '1-3,!2,28-' }] });
    const all = tool('pdftotext', (f) => [f, '-'], sel).text;
    assert.deepEqual(
      [...all.matchAll(/Page (\d+)/g)].map((m) => Number(m[1])),
      [1, 3, 28, 29, 30],
    );
  });

  test('two sources merge, then metadata and optimize: pdfinfo and qpdf confirm', async () => {
    const pdf = await one({
      sources: [{ pdfId: ids.square }, { pdfId: ids.thirty }],
      steps: [{ type: 'metadata', title: 'Paid invoices', author: 'Accounts' }, { type: 'optimize' }],
    });
    const info = tool('pdfinfo', (f) => [f], pdf).text;
    assert.match(info, /Pages:\s+31/);
    assert.match(info, /Title:\s+Paid invoices/);
    assert.match(info, /Optimized:\s+yes/);
    assert.equal(tool('qpdf', (f) => ['--check', f], pdf).status, 0);
  });

  test('select with a page range that runs backwards is refused, naming steps[0].pages', async () => {
    const res = await job({ sources: [{ pdfId: ids.thirty }], steps: [{ type: 'select', pages: '3-1' }] });
    assert.ok(res.status === 400 || res.status === 422, `select 3-1: ${res.status}`);
    assert.equal(res.body.details.field, 'steps[0].pages', JSON.stringify(res.body));
  });
});
