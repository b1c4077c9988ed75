// A render job's `signature` and a version's `render.metadata.pdf.signature` refused before anything
// renders: a bad visible box is a 400 naming its field; another account's certificate and an unknown id are
// 404, an id that is not `scert_…` a 400; a commit naming a foreign certificate (404) or a malformed id (400)
// is refused; a version whose certificate was deleted since the commit has its jobs and batches refused at
// creation, naming the field, unless the job signs with a certificate of its own; a certificate expired by
// now, or not valid yet, is a 400 naming it, at job creation and at commit.
// Certificates are PKCS#12 files made here with openssl. Signing itself is test/e2e/pdf-signature.test.ts.
// SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { selfSigned, uploadCertificate } from '../helpers/certificates.js';
import { deployFiles } from '../helpers/deploy.js';

const DAY = 86_400_000;
const PAGE = file(
  'index.html',
  '<!doctype html><html lang="en"><head><title>Signed statement</title></head><body><h1>Signed statement</h1></body></html>',
);

describe('signature options refused at job creation and at commit', () => {
  let app: TestApp;
  let deployId = '';
  let certificateId = '';
  const certDir = tempDir('folio-signature-certs-');

  const upload = (p12: Buffer, name: string) => uploadCertificate(app, p12, name);

  before(async () => {
    app = await createTestApp();
    const v = await deployFiles(app, { createDeploy: { slug: 'statement', name: 'Statement' } }, [PAGE]);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
    certificateId = await upload(selfSigned(certDir, 'rsa', ['-newkey', 'rsa:2048'], '/CN=Folio Test Signer/O=Folio').p12, 'Signer');
    // The test clock stands still from the app's start; the certificates start at the second openssl made
    // them, which may be after it.
    app.clock.set(Math.max(app.clock.now(), Date.now() + 1_000));
  });
  after(async () => {
    await app.close();
    fs.rmSync(certDir, { recursive: true, force: true });
  });

  test('a bad visible signature box is a 400 naming the field', async () => {
    for (const [visible, field] of [
      [{ page: 1, rect: { x: 0, y: 0, width: 10, height: 40 } }, 'signature.visible.rect.width'],
      [{ page: 0, rect: { x: 0, y: 0, width: 100, height: 40 } }, 'signature.visible.page'],
      [{ page: 1, rect: { x: -5, y: 0, width: 100, height: 40 } }, 'signature.visible.rect.x'],
      [{ page: 1, rect: { x: 0, y: 0, width: 100, height: 40 }, colour: 'red' }, 'signature.visible.colour'],
    ] as const) {
      const r = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', signature: { certificateId, visible } });
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(r.body.details.field, field, JSON.stringify(r.body));
    }
  });

  test("another account's certificate and an unknown id are 404", async () => {
    const b = await app.services.accounts.create({ name: 'Other' });
    const asB = await app.api(
      'POST',
      '/v1/render-jobs',
      { deployId, deployVersionId: 'latest', signature: { certificateId } },
      {
        authorization: `Bearer ${b.apiKey}`,
      },
    );
    assert.equal(asB.status, 404, JSON.stringify(asB.body));
    const unknown = await app.api('POST', '/v1/render-jobs', {
      deployId,
      deployVersionId: 'latest',
      signature: { certificateId: 'scert_nope' },
    });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error, 'signing_certificate_not_found');
  });

  test('an id that is not scert_… is a 400 naming the field, at job creation as at commit', async () => {
    const r = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', signature: { certificateId: 'pdf_123' } });
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.equal(r.body.error, 'invalid_request');
    assert.equal(r.body.details.field, 'signature.certificateId');
    assert.match(r.body.message, /scert_/);
  });

  test("commits naming a foreign or bad certificate are refused; a version's deleted certificate refuses its jobs", async () => {
    const signedVersion = (certId: string, headers?: Record<string, string>) =>
      deployFiles(
        app,
        { deployId },
        [PAGE],
        { route: '/', title: 'signed', metadata: { pdf: { signature: { certificateId: certId, reason: 'Issued by the version' } } } },
        headers,
      );
    const b = await app.services.accounts.create({ name: 'Other signer' });
    const foreign = await deployFiles(
      app,
      { createDeploy: { slug: 'foreign-signed', name: 'Foreign' } },
      [PAGE],
      { route: '/', title: 'x', metadata: { pdf: { signature: { certificateId } } } },
      { authorization: `Bearer ${b.apiKey}` },
    );
    assert.equal(foreign.status, 404, JSON.stringify(foreign.body));
    assert.equal(foreign.body.error, 'signing_certificate_not_found');
    assert.equal(foreign.body.details.field, 'render.metadata.pdf.signature.certificateId');
    const malformed = await signedVersion('pdf_123');
    assert.equal(malformed.status, 400, JSON.stringify(malformed.body));
    assert.equal(malformed.body.details.field, 'render.metadata.pdf.signature.certificateId');

    // The version's certificate deleted since the commit: its jobs are refused at creation, naming it.
    const gone = await upload(selfSigned(certDir, 'version-signer', ['-newkey', 'rsa:2048'], '/CN=Version Signer').p12, 'Version');
    app.clock.set(Math.max(app.clock.now(), Date.now() + 1_000));
    const v2 = await signedVersion(gone);
    assert.equal(v2.status, 201, JSON.stringify(v2.body));
    assert.equal((await app.api('DELETE', `/v1/signing-certificates/${gone}`)).status, 204);
    const orphan = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: v2.body.deployVersion.id });
    assert.equal(orphan.status, 404, JSON.stringify(orphan.body));
    assert.equal(orphan.body.details.field, 'render.metadata.pdf.signature.certificateId');
    const batch = await app.api('POST', '/v1/render-batches', {
      deployId,
      deployVersionId: v2.body.deployVersion.id,
      items: [{ payload: { n: 1 } }],
    });
    assert.equal(batch.status, 404, JSON.stringify(batch.body));
    assert.equal(batch.body.details.field, 'render.metadata.pdf.signature.certificateId');
    // A job that signs itself does not depend on the version's certificate.
    const own = await app.api('POST', '/v1/render-jobs', {
      deployId,
      deployVersionId: v2.body.deployVersion.id,
      signature: { certificateId },
    });
    assert.equal(own.status, 202, JSON.stringify(own.body));
  });

  test('a certificate not valid yet is refused at commit as at job creation (400 naming it)', async () => {
    const now = app.clock.now();
    app.clock.set(now - DAY);
    try {
      const commit = await deployFiles(app, { deployId }, [PAGE], {
        route: '/',
        title: 'early',
        metadata: { pdf: { signature: { certificateId } } },
      });
      assert.equal(commit.status, 400, JSON.stringify(commit.body));
      assert.equal(commit.body.details.field, 'render.metadata.pdf.signature.certificateId');
      assert.match(commit.body.message, /not valid yet/);
      const r = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', signature: { certificateId } });
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(r.body.details.field, 'signature.certificateId');
      assert.match(r.body.message, /not valid yet/);
    } finally {
      app.clock.set(now);
    }
  });

  test('a certificate expired by now is refused at job creation (400 naming it)', async () => {
    app.clock.advance(31 * DAY);
    try {
      const r = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', signature: { certificateId } });
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(r.body.details.field, 'signature.certificateId');
      assert.match(r.body.message, /expired/);
    } finally {
      app.clock.advance(-31 * DAY);
    }
  });
});
