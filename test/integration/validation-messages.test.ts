// Validation messages a user can act on: through a real route of the app (inject), the first refused
// field of a body is named with what to do — the allowed values of a set of constants, "is required", a
// field that is not one (with the payload wrapper hinted on job bodies) — never Ajv's own wording.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('validation messages', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  const refusal = async (url: string, body: unknown) => {
    const r = await app.api('POST', url, body);
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.equal(r.body.error, 'invalid_request');
    assert.doesNotMatch(r.body.message, /must be equal to constant|must have required property|must NOT have additional/);
    return r.body as { message: string; details: { field: string } };
  };

  test('a value outside a set of constants names the allowed values and what was sent', async () => {
    const r = await refusal('/v1/render-jobs', { deployId: 'x', deployVersionId: 'latest', outputMode: 'permanent' });
    assert.equal(r.message, 'outputMode must be one of transient, managed; got "permanent"');
    assert.equal(r.details.field, 'outputMode');
    const nested = await refusal('/v1/render-jobs', { deployId: 'x', deployVersionId: 'latest', pdf: { standard: 'pdf/x-1a' } });
    assert.equal(nested.message, 'pdf.standard must be one of none, pdf/a-2b, pdf/a-3b; got "pdf/x-1a"');
  });

  test('a missing field is required, by its path', async () => {
    assert.equal((await refusal('/v1/deploys', { name: 'Invoices' })).message, 'slug is required');
    const nested = await refusal('/v1/upload-sessions', { createDeploy: { name: 'x' }, files: [] });
    assert.equal(nested.message, 'createDeploy.slug is required');
    assert.equal(nested.details.field, 'createDeploy.slug');
  });

  test('a payload posted without its wrapper is told where it goes', async () => {
    const r = await refusal('/v1/render-jobs', { deployId: 'x', deployVersionId: 'latest', invoiceNumber: 'INV-1' });
    assert.equal(
      r.message,
      'invoiceNumber is not a field of this request; the data of a render goes under payload: {"payload": {"invoiceNumber": …}}',
    );
    // With a payload present, an unknown field is only unknown.
    const other = await refusal('/v1/render-jobs', { deployId: 'x', deployVersionId: 'latest', payload: {}, colour: 'red' });
    assert.equal(other.message, 'colour is not a field of this request');
  });

  test('a body sent to a route that takes none is refused, {} and no body are fine', async () => {
    const pdfLinks = '/v1/pdfs/pdf_missing/permanent-links';
    const withBody = await app.api('POST', pdfLinks, { expiresAt: 1 });
    assert.equal(withBody.status, 400);
    assert.equal(withBody.body.message, 'POST /v1/pdfs/:pdfId/permanent-links takes no request body; send none (or {})');
    assert.equal(withBody.body.details.field, 'body');
    assert.equal((await app.api('POST', pdfLinks, {})).status, 404, 'an empty object goes on to the route');
    assert.equal((await app.api('POST', pdfLinks)).status, 404, 'so does no body');
    assert.equal((await app.api('DELETE', '/v1/deploys/dep_missing', { force: true })).status, 400);
  });
});
