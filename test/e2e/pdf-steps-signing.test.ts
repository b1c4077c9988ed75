// POST /v1/pdf-jobs steps that seal the document — `encrypt`, `sign`, `sign` with a signature time-stamp
// (PAdES B-T) and `timestamp` (a document timestamp) — end to end, with a local RFC 3161 authority
// (openssl ts -reply behind an HTTP server on loopback, allow-listed with FOLIO_TIMESTAMP_ALLOWED_HOSTS).
// Checked as a user would: qpdf for the encryption, poppler's pdfsig for the signatures, openssl for the
// CMS attributes and `openssl ts -verify` for the tokens.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { selfSigned, uploadCertificate } from '../helpers/certificates.js';
import { startLocalTsa, type LocalTsa } from '../helpers/local-tsa.js';
import { pagesPdf, tool } from '../helpers/outside-pdfs.js';
import { withPdfFile } from '../helpers/pdf.js';

function pdfsig(pdf: Buffer, ...args: string[]): string {
  const r = withPdfFile(pdf, (f) => spawnSync('pdfsig', [...args, f], { encoding: 'utf8' }));
  return r.stdout + r.stderr;
}

/** The DER of the n-th /Contents of a signature dictionary (0-based), cut at its own length. */
function contents(pdf: Buffer, n: number): Buffer {
  const hex = [...pdf.toString('latin1').matchAll(/\/Contents\s*<([0-9a-fA-F]+)>/g)][n][1];
  const der = Buffer.from(hex, 'hex');
  const long = der[1] & 0x80 ? der[1] & 0x7f : 0;
  const length = long ? der.subarray(2, 2 + long).reduce((a, b) => a * 256 + b, 0) + 2 + long : der[1] + 2;
  return der.subarray(0, length);
}

/** The bytes the n-th signature's /ByteRange covers. */
function signedBytes(pdf: Buffer, n: number): Buffer {
  const m = [...pdf.toString('latin1').matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)][n];
  const [a, b, c, d] = m.slice(1).map(Number);
  return Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
}

describe('POST /v1/pdf-jobs: encrypt, sign, signature and document timestamps', () => {
  let app: TestApp;
  let tsa: LocalTsa;
  let other: { accountId: string; apiKey: string };
  let pdfId = '';
  let certificateId = '';
  const dir = tempDir('folio-pdfsteps-sign-');

  const job = (body: unknown, key = app.key) => app.api('POST', '/v1/pdf-jobs', body, { authorization: `Bearer ${key}` });
  async function one(steps: unknown[]): Promise<Buffer> {
    const res = await job({ sources: [{ pdfId }], steps });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return app.services.ctx.blobs.getBuffer(`pdfs/${res.body.pdfs[0].id}.pdf`);
  }

  before(async () => {
    tsa = await startLocalTsa(dir);
    app = await createTestApp({
      env: { FOLIO_TIMESTAMP_AUTHORITY_URL: tsa.url, FOLIO_TIMESTAMP_ALLOWED_HOSTS: `127.0.0.1:${tsa.port}` },
    });
    other = await app.services.accounts.create({ name: 'Other' });
    const up = await app.server.inject({
      method: 'POST',
      url: '/v1/pdfs',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/pdf' },
      payload: await pagesPdf(3),
    });
    assert.equal(up.statusCode, 201, up.body);
    pdfId = up.json().pdf.id;
    const p12 = selfSigned(dir, 'signer', ['-newkey', 'rsa:2048'], '/CN=Folio Steps Signer/O=Folio').p12;
    certificateId = await uploadCertificate(app, p12, 'Signer');
    // The test clock stands still from the app's start; the certificate starts when openssl made it.
    app.clock.set(Math.max(app.clock.now(), Date.now() + 1_000));
  });
  after(async () => {
    await app.close();
    await tsa.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('encrypt: AES-256 (R6) with the passwords; qpdf needs the user password; permissions as asked', async () => {
    const pdf = await one([
      { type: 'stamp', text: 'SECRET' },
      { type: 'encrypt', userPassword: 'open-1', ownerPassword: 'own-2', permissions: { print: false } },
    ]);
    assert.equal(tool('qpdf', (f) => ['--requires-password', f], pdf).status, 0);
    const shown = tool('qpdf', (f) => ['--password=open-1', '--show-encryption', f], pdf).text;
    assert.match(shown, /R = 6/);
    assert.match(shown, /print low resolution: not allowed/);
    assert.equal(tool('qpdf', (f) => ['--password=own-2', '--check', f], pdf).status, 0);
    const text = tool('pdftotext', (f) => ['-upw', 'open-1', f, '-'], pdf).text;
    assert.match(text, /SECRET/);
  });

  test('encrypt refuses a source that declares PDF/A (422 naming the step), as a render job refuses protection with PDF/A', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    const xmp =
      '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"><pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>' +
      '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>';
    doc.catalog.set(PDFName.of('Metadata'), doc.context.register(doc.context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' })));
    const up = await app.server.inject({
      method: 'POST',
      url: '/v1/pdfs',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/pdf' },
      payload: Buffer.from(await doc.save()),
    });
    assert.equal(up.statusCode, 201, up.body);
    const res = await job({
      sources: [{ pdfId: up.json().pdf.id }],
      steps: [
        { type: 'stamp', text: 'A' },
        { type: 'encrypt', ownerPassword: 'o' },
      ],
    });
    assert.equal(res.status, 422, JSON.stringify(res.body));
    assert.equal(res.body.details.field, 'steps[1]');
    assert.match(res.body.message, /PDF\/A-3/);
  });

  test('sign: pdfsig verifies a PAdES signature over the whole file with the stored certificate', async () => {
    const pdf = await one([
      { type: 'rotate', angle: 90, pages: '2' },
      { type: 'sign', certificateId, reason: 'Approved', location: 'Berlin' },
    ]);
    const report = pdfsig(pdf);
    assert.match(report, /Signature Validation: Signature is Valid\./, report);
    assert.match(report, /Signer Certificate Common Name: Folio Steps Signer/);
    assert.match(report, /ETSI\.CAdES\.detached/);
    assert.match(report, /Total document signed/);
  });

  test('encrypt then sign: the signature covers the encrypted file (pdfsig with the password)', async () => {
    const pdf = await one([
      { type: 'encrypt', userPassword: 'open-3', ownerPassword: 'own-4' },
      { type: 'sign', certificateId },
    ]);
    const report = pdfsig(pdf, '-upw', 'open-3');
    assert.match(report, /Signature is Valid/, report);
    assert.match(report, /Total document signed/);
  });

  test('sign with timestamp (PAdES B-T) and a document timestamp: pdfsig lists both valid; openssl verifies the tokens', async () => {
    const before = tsa.answered;
    const pdf = await one([{ type: 'sign', certificateId, timestamp: true }, { type: 'timestamp' }]);
    assert.equal(tsa.answered - before, 2);
    const report = pdfsig(pdf);
    assert.match(report, /Signature #1/);
    assert.match(report, /Signature #2/);
    // poppler 22 shows a document timestamp (ETSI.RFC3161) with its signer, the authority, but does not
    // validate that type: openssl does below.
    assert.match(report, /Signature Field Name: DocTimeStamp1\n\s+- Signer Certificate Common Name: Test TSA/);
    // The first signature still covers what it covered: the timestamp is an incremental update after it.
    const first = report.split('Signature #2')[0];
    assert.match(first, /Signature is Valid/, report);
    assert.doesNotMatch(first, /Total document signed/);
    assert.equal(tool('qpdf', (f) => ['--check', f], pdf).status, 0);

    // B-T: the CMS of the signature carries the signature time-stamp token as an unsigned attribute.
    const cms = spawnSync('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER'], { input: contents(pdf, 0), encoding: 'utf8' });
    assert.equal(cms.status, 0, cms.stderr);
    assert.match(cms.stdout, /unsignedAttrs:[\s\S]*id-smime-aa-timeStampToken/);

    // The document timestamp's token stamps the bytes of its byte range: openssl ts -verify says so.
    const data = path.join(dir, 'range.bin');
    const token = path.join(dir, 'token.der');
    fs.writeFileSync(data, signedBytes(pdf, 1));
    fs.writeFileSync(token, contents(pdf, 1));
    const verify = spawnSync(
      'openssl',
      ['ts', '-verify', '-data', data, '-in', token, '-token_in', '-CAfile', tsa.caFile, '-untrusted', tsa.tsaFile],
      { encoding: 'utf8' },
    );
    assert.match(verify.stdout + verify.stderr, /Verification: OK/);
    // One changed byte in the range: the token no longer verifies.
    const range = signedBytes(pdf, 1);
    range[100] ^= 1;
    fs.writeFileSync(data, range);
    const tampered = spawnSync(
      'openssl',
      ['ts', '-verify', '-data', data, '-in', token, '-token_in', '-CAfile', tsa.caFile, '-untrusted', tsa.tsaFile],
      { encoding: 'utf8' },
    );
    assert.doesNotMatch(tampered.stdout + tampered.stderr, /Verification: OK/);
  });

  test('the authority failing is 502 timestamp_authority_failed naming the step; nothing is stored', async () => {
    tsa.fail = true;
    try {
      const res = await job({ sources: [{ pdfId }], steps: [{ type: 'timestamp' }] });
      assert.equal(res.status, 502, JSON.stringify(res.body));
      assert.equal(res.body.error, 'timestamp_authority_failed');
      assert.equal(res.body.details.field, 'steps[0]');
      assert.match(res.body.message, /HTTP 500/);
    } finally {
      tsa.fail = false;
    }
  });

  test('an account sets its own authority (an allow-listed address); others keep the deployment’s', async () => {
    const put = (url: string | null) => app.api('PUT', '/v1/account/timestamp-authority', { url });
    const own = tsa.url.replace(/\/tsa$/, '/account-tsa');
    const set = await put(own);
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.deepEqual(set.body.timestampAuthority, { url: own, effectiveUrl: own });
    try {
      await one([{ type: 'timestamp' }]);
      assert.equal(tsa.paths.at(-1), '/account-tsa');
      const theirs = await app.api('GET', '/v1/account/timestamp-authority', undefined, { authorization: `Bearer ${other.apiKey}` });
      assert.deepEqual(theirs.body.timestampAuthority, { url: null, effectiveUrl: tsa.url });
    } finally {
      assert.equal((await put(null)).status, 200);
    }
    await one([{ type: 'timestamp' }]);
    assert.equal(tsa.paths.at(-1), '/tsa');
  });
});
