// POST /v1/pdf-jobs refusals answered before a step runs (no worker runs here), and the steps answered in the
// request (reads, Accept: application/pdf and text/markdown): step order rules and bad
// step fields are a 400 naming the step, a stamp names exactly one source kind, another account's PDF or
// certificate and an unknown certificate are 404, a stamp page past the last page of its PDF is 422, and an
// account's own timestamp authority must not be a reserved address. Steps that run, checked with poppler
// and qpdf, are test/e2e/pdf-steps.test.ts, pdf-steps-content.test.ts and pdf-steps-signing.test.ts.
// SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { PDFDocument } from '@cantoo/pdf-lib';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { selfSigned, uploadCertificate } from '../helpers/certificates.js';
import { uploadPdf } from '../helpers/managed-pdfs.js';
import { pagesPdf } from '../helpers/outside-pdfs.js';

describe('POST /v1/pdf-jobs refusals', () => {
  let app: TestApp;
  let other: { accountId: string; apiKey: string };
  const ids: Record<string, string> = {};
  let certificateId = '';
  const dir = tempDir('folio-pdf-job-requests-');

  let listening = '';
  const baseUrl = async () => (listening ||= await app.server.listen({ port: 0, host: '127.0.0.1' }));
  const job = (body: unknown, key = app.key) => app.api('POST', '/v1/pdf-jobs', body, { authorization: `Bearer ${key}` });

  before(async () => {
    app = await createTestApp();
    other = await app.services.accounts.create({ name: 'Other' });
    ids.thirty = await uploadPdf(app, await pagesPdf(30));
    ids.five = await uploadPdf(app, await pagesPdf(5));
    ids.three = await uploadPdf(app, await pagesPdf(3));
    ids.otherThree = await uploadPdf(app, await pagesPdf(3), other.apiKey);
    const p12 = selfSigned(dir, 'signer', ['-newkey', 'rsa:2048'], '/CN=Folio Steps Signer/O=Folio').p12;
    certificateId = await uploadCertificate(app, p12, 'Signer');
    // The test clock stands still from the app's start; the certificate starts when openssl made it.
    app.clock.set(Math.max(app.clock.now(), Date.now() + 1_000));
  });
  after(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('order rules are 400 before anything is read; another account gets 404', async () => {
    const cases: Array<[unknown[], string]> = [
      [[{ type: 'optimize' }, { type: 'flatten' }], 'steps[0]'],
      [[{ type: 'split', every: 2 }, { type: 'flatten' }], 'steps[0]'],
      [[{ type: 'flatten' }, { type: 'fillForm', fields: { a: 'b' } }], 'steps[1]'],
      [[{ type: 'rotate', angle: 45 }], 'steps[0].angle'],
      [[{ type: 'stamp', text: 'X', layer: 'middle' }], 'steps[0].layer'],
      [[{ type: 'encrypt' }], 'steps[0].ownerPassword'],
      [[{ type: 'redact' }], 'steps[0]'],
      [[{ type: 'split', every: 1 }, { type: 'extractText' }], 'steps[1]'],
      [[{ type: 'validate', standards: ['pdf/a-4'] }], 'steps[0].standards'],
      [[{ type: 'nUp', columns: 11 }], 'steps[0].columns'],
    ];
    for (const [steps, field] of cases) {
      const res = await job({ sources: [{ pdfId: ids.thirty }], steps });
      assert.ok(res.status === 400 || res.status === 422, `${JSON.stringify(steps)}: ${res.status}`);
      assert.equal(res.body.details.field, field, JSON.stringify(res.body));
    }
    const foreign = await job({ sources: [{ pdfId: ids.thirty }], steps: [{ type: 'flatten' }] }, other.apiKey);
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.error, 'pdf_not_found');
  });

  test('stamp sources: exactly one kind (400 naming it); another account’s PDF is 404; a page past its last is 422', async () => {
    const both = await job({ sources: [{ pdfId: ids.five }], steps: [{ type: 'stamp', text: 'A', pdf: { pdfId: ids.three } }] });
    assert.equal(both.status, 400);
    assert.equal(both.body.details.field, 'steps[0].pdf');
    const foreign = await job({ sources: [{ pdfId: ids.five }], steps: [{ type: 'stamp', pdf: { pdfId: ids.otherThree } }] });
    assert.equal(foreign.status, 404, JSON.stringify(foreign.body));
    assert.equal(foreign.body.error, 'pdf_not_found');
    const past = await job({ sources: [{ pdfId: ids.five }], steps: [{ type: 'stamp', pdf: { pdfId: ids.three, page: 9 } }] });
    assert.equal(past.status, 422);
    assert.equal(past.body.details.field, 'steps[0].pdf.page');
    const notImage = await job({
      sources: [{ pdfId: ids.five }],
      steps: [{ type: 'stamp', image: { contentBase64: 'aGVsbG8gd29ybGQ=' } }],
    });
    assert.equal(notImage.status, 400);
    assert.equal(notImage.body.details.field, 'steps[0].image.contentBase64');
  });

  test('signing order rules (400 naming the step), another account’s certificate (404)', async () => {
    const pdfId = ids.three;
    const cases: Array<[unknown[], string, RegExp]> = [
      [
        [
          { type: 'sign', certificateId },
          { type: 'stamp', text: 'X' },
        ],
        'steps[1]',
        /break its signature/,
      ],
      [[{ type: 'timestamp' }, { type: 'optimize' }], 'steps[1]', /break its signature/],
      [
        [
          { type: 'sign', certificateId },
          { type: 'encrypt', ownerPassword: 'o' },
        ],
        'steps[1]',
        /only timestamp/,
      ],
      [[{ type: 'encrypt', ownerPassword: 'o' }, { type: 'flatten' }], 'steps[1]', /encrypt is the last step/],
      [[{ type: 'encrypt', ownerPassword: 'o' }, { type: 'timestamp' }], 'steps[1]', /encrypted/],
      [[{ type: 'optimize' }, { type: 'sign', certificateId }], 'steps[1]', /optimize/],
    ];
    for (const [steps, field, message] of cases) {
      const res = await job({ sources: [{ pdfId }], steps });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.details.field, field, JSON.stringify(steps));
      assert.match(res.body.message, message);
    }
    const foreign = await job({ sources: [{ pdfId }], steps: [{ type: 'sign', certificateId }] }, other.apiKey);
    assert.equal(foreign.status, 404);
    const foreignCert = await app.api('POST', '/v1/pdf-jobs', {
      sources: [{ pdfId }],
      steps: [{ type: 'sign', certificateId: 'scert_nope' }],
    });
    assert.equal(foreignCert.status, 404);
    assert.equal(foreignCert.body.error, 'signing_certificate_not_found');
  });

  test('the 5000-page limit is checked from the stored page counts before anything runs: sources, then merge steps', async () => {
    const big = await uploadPdf(app, await pagesPdf(2600));
    const sources = await job({ sources: [{ pdfId: big }, { pdfId: big }], steps: [{ type: 'rotate', angle: 90 }] });
    assert.equal(sources.status, 400, JSON.stringify(sources.body));
    assert.equal(sources.body.details.field, 'sources[1]');
    assert.equal(sources.body.message, "sources[1] brings the job's document to 5200 pages; at most 5000 are allowed");
    // One source, and a merge step naming it again (every name appends it once more).
    const merged = await job({ sources: [{ pdfId: ids.thirty }], steps: [{ type: 'merge', pdfIds: [ids.five, big, big] }] });
    assert.equal(merged.status, 400, JSON.stringify(merged.body));
    assert.equal(merged.body.details.field, 'steps[0].pdfIds[2]');
    assert.match(merged.body.message, /^steps\[0\]\.pdfIds\[2\] brings the document to 5235 pages; at most 5000 are allowed$/);
  });

  test("an account's own timestamp authority: a reserved address or another scheme is 400", async () => {
    const put = (url: string | null) => app.api('PUT', '/v1/account/timestamp-authority', { url });
    const refused = await put('http://10.1.2.3/tsa');
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.equal(refused.body.details.field, 'url');
    assert.equal((await put('ftp://tsa.example/')).status, 400);
    // localhost in any spelling: any case, a trailing dot, a subdomain of it.
    for (const url of ['http://LocalHost./tsa', 'http://localhost../tsa', 'https://tsa.LOCALHOST./', 'http://[::1]:8080/tsa']) {
      const r = await put(url);
      assert.equal(r.status, 400, `${url}: ${JSON.stringify(r.body)}`);
      assert.match(r.body.message, /reserved address/, url);
    }
  });

  test('Accept: application/pdf answers the result in the request and keeps nothing, uploads included', async () => {
    const base = await baseUrl();
    const count = async () => (await app.api('GET', '/v1/pdfs?limit=100')).body.items.length;
    const before = await count();
    const form = (job: unknown) => {
      const f = new FormData();
      f.append('job', JSON.stringify(job));
      return f;
    };
    const one = form({ sources: [{ upload: 'bill' }], steps: [{ type: 'stamp', text: 'PAID' }] });
    one.append('bill', new Blob([new Uint8Array(await pagesPdf(2))]), 'supplier-bill.pdf');
    const res = await fetch(`${base}/v1/pdf-jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.key}`, accept: 'application/pdf' },
      body: one,
    });
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.match(res.headers.get('content-disposition') ?? '', /supplier-bill\.pdf/, 'named after its source');
    assert.ok(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .equals(Buffer.from('%PDF-')),
    );

    const parts = await fetch(`${base}/v1/pdf-jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.key}`, accept: 'application/zip', 'content-type': 'application/json' },
      body: JSON.stringify({ sources: [{ pdfId: ids.three }], steps: [{ type: 'split', every: 1 }], fileName: 'page' }),
    });
    assert.equal(parts.status, 200);
    assert.equal(parts.headers.get('content-type'), 'application/zip');
    const zip = Buffer.from(await parts.arrayBuffer()).toString('latin1');
    for (const name of ['page-1.pdf', 'page-2.pdf', 'page-3.pdf']) assert.ok(zip.includes(name), name);
    assert.equal(await count(), before, 'nothing was stored');

    // curl -F 'job={…};type=application/json': the job part declared as JSON is read as well.
    const boundary = 'folio-json-part';
    const declared = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="job"\r\nContent-Type: application/json\r\n\r\n` +
          `${JSON.stringify({ sources: [{ pdfId: ids.three }], steps: [{ type: 'rotate', angle: 90 }] })}\r\n--${boundary}--\r\n`,
      ),
    ]);
    const jsonPart = await fetch(`${base}/v1/pdf-jobs`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${app.key}`,
        accept: 'application/pdf',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: declared,
    });
    assert.equal(jsonPart.status, 200, await jsonPart.clone().text());

    const noAccept = await job({ sources: [{ pdfId: ids.three }], steps: [], outputMode: 'transient' });
    assert.equal(noAccept.status, 400);
    assert.equal(noAccept.body.details.field, 'outputMode');
  });

  test('steps that read report in the request: the JSON reports, or the text itself for Accept: text/markdown', async () => {
    const count = async () => (await app.api('GET', '/v1/pdfs?limit=100')).body.items.length;
    const before = await count();
    const res = await job({
      sources: [{ pdfId: ids.three }],
      steps: [
        { type: 'extractText', pages: '2' },
        { type: 'validate', standards: ['pdf/a-2b'] },
      ],
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(res.body.pdfs, [], 'only reads: no PDF is made');
    const [text, valid] = res.body.reports;
    assert.deepEqual([text.step, text.type, text.format, text.text.trim()], [0, 'extractText', 'text', 'Page 2']);
    assert.equal(valid.type, 'validate');
    assert.equal(valid.passed, false, 'a pdf-lib PDF claims no PDF/A');
    assert.ok(
      valid.results[0].findings.some((f: { clause: string }) => /19005-2 6\.6/.test(f.clause)),
      JSON.stringify(valid.results[0].findings),
    );
    assert.equal(await count(), before);

    const base = await baseUrl();
    const md = await fetch(`${base}/v1/pdf-jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.key}`, accept: 'text/markdown', 'content-type': 'application/json' },
      body: JSON.stringify({ sources: [{ pdfId: ids.three }], steps: [{ type: 'extractText', format: 'markdown', pages: '3' }] }),
    });
    assert.equal(md.status, 200);
    assert.equal(md.headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.match(await md.text(), /Page 3/);
    const none = await fetch(`${base}/v1/pdf-jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.key}`, accept: 'text/plain', 'content-type': 'application/json' },
      body: JSON.stringify({ sources: [{ pdfId: ids.three }], steps: [{ type: 'flatten' }] }),
    });
    assert.equal(none.status, 400);

    const sheets = await fetch(`${base}/v1/pdf-jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.key}`, accept: 'application/pdf', 'content-type': 'application/json' },
      body: JSON.stringify({ sources: [{ pdfId: ids.three }], steps: [{ type: 'nUp', columns: 2, sheet: 'a4', landscape: true }] }),
    });
    assert.equal(sheets.status, 200);
    const nUp = await PDFDocument.load(new Uint8Array(await sheets.arrayBuffer()));
    assert.equal(nUp.getPageCount(), 2, 'three pages two to a sheet');
    assert.deepEqual(Object.values(nUp.getPage(0).getSize()).map(Math.round), [842, 595]);

    const failing = await job({
      sources: [{ pdfId: ids.three }],
      steps: [{ type: 'validate', standards: ['pdf/a-1b'], failOnFindings: true }],
    });
    assert.equal(failing.status, 422);
    assert.equal(failing.body.details.field, 'steps[0]');
  });
});
