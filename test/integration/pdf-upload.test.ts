// POST /v1/pdfs and GET /v1/pdfs/{id}/info through the HTTP API (nothing renders: an upload is read and
// stored in the sandbox), with PDFs from outside Folio made by maintained tools (pdf-lib's AcroForm, qpdf's
// object streams and AES-256 encryption), an image made a page, and broken ones; qpdf and poppler read what
// was stored.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { contentStreamBomb, pageTreeBomb } from '../helpers/hostile-pdfs.js';
import { encrypted, formPdf, hugeDeclaredStreamPdf, pageTreeLoopPdf, pagesPdf, tool } from '../helpers/outside-pdfs.js';

describe('POST /v1/pdfs and GET /v1/pdfs/{id}/info', () => {
  let app: TestApp;
  let other: { accountId: string; apiKey: string };
  let tiny: { accountId: string; apiKey: string };
  let form: Buffer;
  let thirty: Buffer;

  before(async () => {
    const plans = path.join(tempDir(), 'plans.json');
    fs.writeFileSync(plans, JSON.stringify({ tiny: { name: 'Tiny', policy: { storageLimitBytes: 20_000, maxRenderOutputBytes: 4_000 } } }));
    app = await createTestApp({ env: { FOLIO_PLANS_FILE: plans } });
    other = await app.services.accounts.create({ name: 'Other' });
    tiny = await app.services.accounts.create({ name: 'Tiny', plan: 'tiny' });
    form = await formPdf();
    thirty = await pagesPdf(30);
  });
  after(() => app.close());

  const auth = (key = app.key) => ({ authorization: `Bearer ${key}` });
  const raw = (pdf: Buffer, headers: Record<string, string> = {}) =>
    app.server.inject({
      method: 'POST',
      url: '/v1/pdfs',
      headers: { ...auth(), 'content-type': 'application/pdf', ...headers },
      payload: pdf,
    });

  function multipart(parts: Array<{ name: string; value: string | Buffer; fileName?: string }>, key = app.key) {
    const boundary = 'folio-test-boundary';
    const chunks: Buffer[] = [];
    for (const p of parts) {
      const disposition = `form-data; name="${p.name}"${p.fileName ? `; filename="${p.fileName}"` : ''}`;
      const type = p.fileName ? 'Content-Type: application/pdf\r\n' : '';
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
        Buffer.from(p.value),
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return app.server.inject({
      method: 'POST',
      url: '/v1/pdfs',
      headers: { ...auth(key), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat(chunks),
    });
  }

  const stored = (id: string) => app.services.ctx.blobs.getBuffer(`pdfs/${id}.pdf`);
  const pdfCount = async (key = app.key) => (await app.api('GET', '/v1/pdfs?limit=100', undefined, auth(key))).body.items.length;
  const managedBytes = async (key = app.key) =>
    (await app.api('GET', '/v1/usage', undefined, auth(key))).body.liveStorage.managedPdfStorageBytes as number;

  test('a raw PDF made by qpdf is stored as a managed PDF, counted in storage, its info read', async () => {
    const before = await managedBytes();
    const res = await raw(thirty, { 'x-file-name': 'statement' });
    assert.equal(res.statusCode, 201, res.body);
    const { pdf, decrypted } = res.json();
    assert.match(pdf.id, /^pdf_/);
    assert.equal(pdf.pageCount, 30);
    assert.equal(pdf.bytes, thirty.length);
    assert.equal(pdf.fileName, 'statement.pdf');
    assert.deepEqual([pdf.deployId, pdf.deployVersionId, pdf.renderJobId], ['', '', '']);
    assert.equal(decrypted, false);
    assert.deepEqual(await stored(pdf.id), thirty, 'the bytes are stored as sent');
    assert.equal(await managedBytes(), before + pdf.bytes);

    const info = await app.api('GET', `/v1/pdfs/${pdf.id}/info`);
    assert.equal(info.status, 200, JSON.stringify(info.body));
    assert.equal(info.body.info.pageCount, 30);
    assert.deepEqual(info.body.info.pages[29], { number: 30, width: 595, height: 842, rotation: 0 });
    assert.deepEqual(info.body.info.formFields, []);
    assert.equal(info.body.info.tagged, false);
  });

  test('the same bytes under the same name are stored once; a business key or another name makes a new PDF', async () => {
    const bytes = await pagesPdf(2);
    const first = (await raw(bytes, { 'x-file-name': 'again.pdf' })).json();
    const storedBytes = await managedBytes();
    const second = (await raw(bytes, { 'x-file-name': 'again' })).json();
    assert.equal(second.pdf.id, first.pdf.id);
    assert.deepEqual([first.reused, second.reused], [false, true]);
    assert.equal(await managedBytes(), storedBytes, 'nothing stored the second time');
    const renamed = (await raw(bytes, { 'x-file-name': 'other.pdf' })).json();
    assert.notEqual(renamed.pdf.id, first.pdf.id);
    const keyed = await multipart([
      { name: 'file', value: bytes, fileName: 'again.pdf' },
      { name: 'businessKey', value: 'inv-1' },
    ]);
    assert.notEqual(keyed.json().pdf.id, first.pdf.id);
    assert.equal(keyed.json().reused, false);
  });

  test('an image becomes a PDF of one page its size; bytes that are neither are 422', async () => {
    const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#336699' } })
      .withMetadata({ density: 144 })
      .png()
      .toBuffer();
    const res = await multipart([{ name: 'file', value: png, fileName: 'scan.png' }]);
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().pdf.pageCount, 1);
    const info = (await app.api('GET', `/v1/pdfs/${res.json().pdf.id}/info`)).body.info;
    assert.deepEqual([info.pages[0].width, info.pages[0].height], [100, 50], '200 × 100 pixels at 144 dpi');
    const broken = await multipart([{ name: 'file', value: png.subarray(0, 40), fileName: 'broken.png' }]);
    assert.equal(broken.statusCode, 422);
    assert.equal(broken.json().error, 'pdf_invalid');
  });

  test('a multipart AcroForm made by pdf-lib: info lists its fields, metadata and attachment', async () => {
    const res = await multipart([
      { name: 'file', value: form, fileName: 'permit.pdf' },
      { name: 'fileName', value: 'permit' },
      { name: 'businessKey', value: 'permit-17' },
    ]);
    assert.equal(res.statusCode, 201, res.body);
    const { pdf } = res.json();
    assert.equal(pdf.businessKey, 'permit-17');
    const { info } = (await app.api('GET', `/v1/pdfs/${pdf.id}/info`)).body;
    assert.equal(info.metadata.title, 'Application form');
    assert.equal(info.metadata.author, 'City Hall');
    assert.equal(info.metadata.subject, 'Permit application');
    const byName = Object.fromEntries(info.formFields.map((f: { name: string }) => [f.name, f]));
    assert.equal(info.formFields.length, 10);
    assert.deepEqual(byName.name, { name: 'name', type: 'text', value: null, readOnly: false });
    assert.equal(byName.agree.type, 'checkbox');
    assert.equal(byName.agree.value, false);
    assert.deepEqual(byName.plan.options, ['basic', 'premium']);
    assert.deepEqual(byName.size.options, ['S', 'M', 'L']);
    assert.equal(byName.size.type, 'dropdown');
    assert.deepEqual(info.attachments, [{ name: 'schema.json', bytes: 17, description: 'Form schema' }]);
    assert.deepEqual(info.signatures, { count: 0, signers: [] });
  });

  test('an AES-256 PDF opens with its password and is stored decrypted; a wrong or missing one is 422', async () => {
    const locked = encrypted(form, 'user-secret', 'owner-secret');
    const count = await pdfCount();
    const missing = await raw(locked);
    assert.equal(missing.statusCode, 422, missing.body);
    assert.equal(missing.json().error, 'pdf_password_required');
    const wrong = await multipart([
      { name: 'file', value: locked, fileName: 'x.pdf' },
      { name: 'password', value: 'guess' },
    ]);
    assert.equal(wrong.statusCode, 422, wrong.body);
    assert.equal(wrong.json().error, 'pdf_password_incorrect');
    assert.ok(!wrong.body.includes('guess'), 'the password is not echoed');
    assert.equal(await pdfCount(), count, 'nothing stored');

    const ok = await raw(locked, { 'x-pdf-password': 'user-secret' });
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(ok.json().decrypted, true);
    const bytes = await stored(ok.json().pdf.id);
    assert.equal(tool('qpdf', (f) => ['--is-encrypted', f], bytes).status, 2, 'the stored copy is not encrypted');
    assert.match(tool('pdfinfo', (f) => [f], bytes).text, /Title:\s+Application form/);
    const row = await app.services.ctx.db
      .selectFrom('managed_pdfs')
      .selectAll()
      .where('id', '=', ok.json().pdf.id)
      .executeTakeFirstOrThrow();
    assert.ok(!JSON.stringify(row).includes('user-secret'));
  });

  test('bad input is 422 pdf_invalid (or 413), nothing is stored, the server stays healthy', async () => {
    const count = await pdfCount();
    const keys = async () => {
      const k: string[] = [];
      for await (const o of app.services.ctx.blobs.list('pdfs/')) k.push(o.key);
      return k.length;
    };
    const objects = await keys();
    const cases: Array<[string, Buffer, RegExp]> = [
      ['not a PDF', Buffer.from('<html>an invoice</html>'), /not a PDF/],
      ['truncated', thirty.subarray(0, Math.floor(thirty.length / 2)), /damaged or truncated/],
      ['page-tree loop', pageTreeLoopPdf(), /[Ll]oop/],
      ['1 GB declared stream', hugeDeclaredStreamPdf(), /damaged|stream/],
      ['page-tree bomb', pageTreeBomb(40), /page tree|pages|[Ll]oop/],
      ['empty', Buffer.alloc(0), /empty/],
    ];
    for (const [what, pdf, message] of cases) {
      const res = await raw(pdf);
      assert.equal(res.statusCode, 422, `${what}: ${res.body}`);
      assert.equal(res.json().error, 'pdf_invalid', what);
      assert.match(res.json().message, message, what);
    }
    const bomb = await raw(contentStreamBomb(1));
    assert.equal(bomb.statusCode, 422, bomb.body);
    assert.match(bomb.json().message, /inflates to more than/);
    assert.equal(await pdfCount(), count);
    assert.equal(await keys(), objects, 'no object left in the blob store');
    assert.equal((await app.server.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);

    const text = await app.server.inject({
      method: 'POST',
      url: '/v1/pdfs',
      headers: { ...auth(), 'content-type': 'text/plain' },
      payload: 'x',
    });
    assert.equal(text.statusCode, 415);
    const noFile = await multipart([{ name: 'fileName', value: 'x' }]);
    assert.equal(noFile.statusCode, 400, noFile.body);
    const unknown = await multipart([
      { name: 'file', value: form, fileName: 'x.pdf' },
      { name: 'steps', value: '[]' },
    ]);
    assert.equal(unknown.statusCode, 400, unknown.body);
    assert.equal(unknown.json().details.field, 'steps');
    // The parser's count limits are named in this form's own words.
    const twoFiles = await multipart([
      { name: 'file', value: form, fileName: 'x.pdf' },
      { name: 'file', value: form, fileName: 'y.pdf' },
    ]);
    assert.equal(twoFiles.statusCode, 413, twoFiles.body);
    assert.match(twoFiles.json().message, /the form takes one file part/);
  });

  test("the plan's maxRenderOutputBytes bounds an upload (413) and its storage limit applies (429)", async () => {
    const big = await raw(thirty, auth(tiny.apiKey));
    assert.ok(thirty.length > 4_000, `${thirty.length}`);
    assert.equal(big.statusCode, 413, big.body);
    assert.equal(big.json().error, 'body_too_large');
    const small = await pagesPdf(1);
    let last = 0;
    // Each under a name of its own: the same bytes under the same name would be stored once.
    for (let i = 0; i < 200 && last !== 429; i++)
      last = (await raw(small, { ...auth(tiny.apiKey), 'x-file-name': `small-${i}` })).statusCode;
    assert.equal(last, 429);
    assert.ok((await managedBytes(tiny.apiKey)) <= 20_000);
  });

  test('the password of an upload never reaches the log, even at trace level', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestApp({ env: { FOLIO_LOG_LEVEL: 'trace' }, logDestination: sink });
    try {
      const locked = encrypted(form, 'sesame-7f3a', 'owner-9c1d');
      for (const pw of ['sesame-7f3a', 'wrong-5e2b'])
        await logged.server.inject({
          method: 'POST',
          url: '/v1/pdfs',
          headers: { authorization: `Bearer ${logged.key}`, 'content-type': 'application/pdf', 'x-pdf-password': pw },
          payload: locked,
        });
    } finally {
      await logged.close();
    }
    const log = lines.join('');
    assert.ok(log.length > 0, 'something was logged');
    for (const secret of ['sesame-7f3a', 'wrong-5e2b', 'owner-9c1d']) assert.ok(!log.includes(secret), `${secret} is not in the log`);
  });

  test("another account's PDF is 404 for info; Idempotency-Key replays the same PDF", async () => {
    const res = await raw(form, { 'idempotency-key': 'upload-1' });
    assert.equal(res.statusCode, 201);
    const id = res.json().pdf.id;
    const foreign = await app.api('GET', `/v1/pdfs/${id}/info`, undefined, auth(other.apiKey));
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.error, 'pdf_not_found');
    const again = await raw(form, { 'idempotency-key': 'upload-1' });
    assert.equal(again.statusCode, 201);
    assert.equal(again.json().pdf.id, id);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    const different = await raw(thirty, { 'idempotency-key': 'upload-1' });
    assert.equal(different.statusCode, 409);
  });
});
