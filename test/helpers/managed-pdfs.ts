// Managed PDFs in end-to-end tests: upload one as raw bytes (POST /v1/pdfs), and read back the bytes a
// managed PDF holds in the blob store (whatever its storage key: uploaded, merged, or a job's output).
import assert from 'node:assert/strict';
import type { TestApp } from './app.js';

/** POST /v1/pdfs with the raw PDF; the new PDF's id (the answer must be 201). */
export async function uploadPdf(app: TestApp, pdf: Buffer, key = app.key): Promise<string> {
  const res = await app.server.inject({
    method: 'POST',
    url: '/v1/pdfs',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/pdf' },
    payload: pdf,
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().pdf.id as string;
}

/** The stored bytes of a managed PDF. */
export async function storedPdf(app: TestApp, pdfId: string): Promise<Buffer> {
  const row = await app.services.ctx.db.selectFrom('managed_pdfs').select('storage_key').where('id', '=', pdfId).executeTakeFirstOrThrow();
  return app.services.ctx.blobs.getBuffer(row.storage_key);
}
