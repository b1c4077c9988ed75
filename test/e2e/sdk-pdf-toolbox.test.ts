// The SDK's PDF toolbox methods against a real listening server: pdfs.upload (raw bytes, a password),
// pdfs.info and pdfs.runSteps.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createClient, FolioApiError } from '../../src/sdk/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { encrypted, formPdf, pagesPdf } from '../helpers/outside-pdfs.js';

describe('SDK: pdfs.upload, pdfs.info, pdfs.runSteps', () => {
  let app: TestApp;
  let folio: ReturnType<typeof createClient>;

  before(async () => {
    app = await createTestApp();
    app.startBackground();
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    folio = createClient({ baseUrl: `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`, apiKey: app.key });
  });
  after(() => app.close());

  test('upload an encrypted form with its password, read its info, fill and split it', async () => {
    const { pdf, decrypted } = await folio.pdfs.upload(encrypted(await formPdf(), 'pw', 'owner'), { password: 'pw', fileName: 'permit' });
    assert.equal(decrypted, true);
    assert.equal(pdf.fileName, 'permit.pdf');
    const { info } = await folio.pdfs.info(pdf.id);
    assert.equal(info.formFields.length, 10);
    const { pdfs } = await folio.pdfs.runSteps({ sources: [{ pdfId: pdf.id }], steps: [{ type: 'fillForm', fields: { city: 'Lyon' } }] });
    assert.equal((await folio.pdfs.info(pdfs[0].id)).info.formFields.find((f) => f.name === 'city')?.value, 'Lyon');

    const thirty = await folio.pdfs.upload(await pagesPdf(30));
    const split = await folio.pdfs.runSteps({ sources: [{ pdfId: thirty.pdf.id }], steps: [{ type: 'split', every: 10 }] });
    assert.deepEqual(
      split.pdfs.map((p) => p.pageCount),
      [10, 10, 10],
    );
  });

  test('errors are FolioApiError with their codes', async () => {
    await assert.rejects(
      folio.pdfs.upload(Buffer.from('not a pdf')),
      (e: unknown) => e instanceof FolioApiError && e.code === 'pdf_invalid',
    );
    const { pdf } = await folio.pdfs.upload(await formPdf());
    await assert.rejects(
      folio.pdfs.runSteps({ sources: [{ pdfId: pdf.id }], steps: [{ type: 'fillForm', fields: { nope: 'x' } }] }),
      (e: unknown) => e instanceof FolioApiError && e.code === 'pdf_step_failed' && e.status === 422,
    );
  });
});
