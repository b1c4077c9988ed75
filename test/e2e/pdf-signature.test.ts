// Signed PDFs end to end with real Chromium, the worker and the blob store, checked by
// poppler's independent pdfsig: a valid PAdES (ETSI.CAdES.detached) signature over the whole document with
// the certificate's subject; one byte changed afterwards makes it invalid; a signed PDF/A-3b is still
// PDF/A by the archival checker; a signed and password-protected PDF is valid too (pdfsig with the
// password) and its signature's strings are encrypted; a certificate deleted before the job renders fails
// the job. SQLite + files and (PG_SUITES) PostgreSQL + S3. Refusals at job creation and at commit are in
// test/integration/signature-options.test.ts.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { selfSigned, withChain, uploadCertificate } from '../helpers/certificates.js';
import { deployFiles } from '../helpers/deploy.js';
import { pdfText, withPdfFile } from '../helpers/pdf.js';
import { checkPdfA } from '../helpers/pdfa-check.js';

const PAGE = file(
  'index.html',
  '<!doctype html><html lang="en"><head><title>Signed statement</title></head><body><h1>Signed statement</h1></body></html>',
);

/** Page 1 drawn by pdftoppm in grey at 72 dpi (a pixel a point): width, height and one byte a pixel. */
function grayPage(pdf: Buffer): { width: number; height: number; pixels: Buffer } {
  const pgm = withPdfFile(pdf, (f) => execFileSync('pdftoppm', ['-gray', '-r', '72', '-f', '1', '-l', '1', '-singlefile', f]));
  const m = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 40))!;
  return { width: Number(m[1]), height: Number(m[2]), pixels: pgm.subarray(m[0].length) };
}

/** How many pixels of the rectangle are dark (< 128). */
function darkPixels(page: { width: number; pixels: Buffer }, x: number, y: number, w: number, h: number): number {
  let n = 0;
  for (let row = y; row < y + h; row++) for (let col = x; col < x + w; col++) if (page.pixels[row * page.width + col] < 128) n++;
  return n;
}

/** pdfsig's report of a PDF (poppler; it exits non-zero for an invalid signature, so both streams are kept). */
function pdfsig(pdf: Buffer): string {
  const r = withPdfFile(pdf, (f) => spawnSync('pdfsig', [f], { encoding: 'utf8' }));
  return r.stdout + r.stderr;
}

/** openssl's print of the CMS in the PDF's (last) /Contents: the signed attributes, the certificates. */
function cmsPrint(pdf: Buffer): string {
  const hex = [...pdf.toString('latin1').matchAll(/\/Contents\s*<([0-9a-fA-F]+)>/g)].at(-1)![1];
  const der = Buffer.from(hex, 'hex');
  // The CMS is a DER SEQUENCE padded with zeros to the placeholder's size: cut it at its own length.
  const long = der[1] & 0x80 ? der[1] & 0x7f : 0;
  const length = long ? der.subarray(2, 2 + long).reduce((a, b) => a * 256 + b, 0) + 2 + long : der[1] + 2;
  const r = spawnSync('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER'], { input: der.subarray(0, length), encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

describe('signed PDFs', () => {
  let app: TestApp;
  let deployId = '';
  let certificateId = '';
  let chainedId = '';
  const certDir = tempDir('folio-signature-certs-');

  async function render(body: Record<string, unknown>): Promise<{ job: any; pdf: Buffer | null }> {
    const created = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', ...body });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const done = await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=30`);
    if (done.body.job.status !== 'succeeded') return { job: done.body.job, pdf: null };
    const link = await app.api('POST', `/v1/render-jobs/${created.body.job.id}/output-download`, {});
    const u = new URL(link.body.access.url);
    const res = await app.server.inject({ method: 'GET', url: u.pathname + u.search });
    return { job: done.body.job, pdf: res.rawPayload };
  }

  const upload = (p12: Buffer, name: string) => uploadCertificate(app, p12, name);

  before(async () => {
    app = await createTestApp();
    app.startBackground();
    const v = await deployFiles(app, { createDeploy: { slug: 'statement', name: 'Statement' } }, [PAGE]);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
    certificateId = await upload(selfSigned(certDir, 'rsa', ['-newkey', 'rsa:2048'], '/CN=Folio Test Signer/O=Folio').p12, 'Signer');
    chainedId = await upload(withChain(certDir).p12, 'Chained');
    // The test clock stands still from the app's start; the certificates start at the second openssl made
    // them, which may be after it.
    app.clock.set(Math.max(app.clock.now(), Date.now() + 1_000));
  });
  after(async () => {
    await app.close();
    fs.rmSync(certDir, { recursive: true, force: true });
  });

  let signed: Buffer;

  test('pdfsig: a valid ETSI.CAdES.detached signature over the whole document, with the subject; the job view says so', async () => {
    const { job, pdf } = await render({ signature: { certificateId, reason: 'Statement issued', location: 'Dublin, IE' } });
    assert.ok(pdf, JSON.stringify(job));
    signed = pdf;
    const report = pdfsig(pdf);
    assert.match(report, /Signer Certificate Common Name: Folio Test Signer/);
    assert.match(report, /Signature Type: ETSI\.CAdES\.detached/);
    assert.match(report, /Signature Validation: Signature is Valid\./);
    assert.match(report, /Total document signed/);
    assert.match(report, /Signing Hash Algorithm: SHA-256/);
    // pdfsig does not print them; they are the signature dictionary's /Reason and /Location, as UTF-16 text.
    const utf16 = (t: string) => `<feff${Buffer.from(t, 'utf16le').swap16().toString('hex')}>`;
    const bytes = pdf.toString('latin1').toLowerCase();
    assert.ok(bytes.includes(`/reason ${utf16('Statement issued')}`), 'the reason in the signature dictionary');
    assert.ok(bytes.includes(`/location ${utf16('Dublin, IE')}`), 'the location in the signature dictionary');
    // PAdES B-B's signed attributes: content type, message digest, the ESS signing certificate v2, and no
    // CMS signing time (the time is the dictionary's /M).
    const cms = cmsPrint(pdf);
    assert.match(cms, /object: contentType/);
    assert.match(cms, /object: messageDigest/);
    assert.match(cms, /object: id-smime-aa-signingCertificateV2/);
    assert.doesNotMatch(cms, /object: signingTime/);
    assert.equal(job.document.signature.certificateId, certificateId);
    assert.equal(job.document.signature.subject, 'CN=Folio Test Signer, O=Folio');
    assert.match(job.document.signature.fingerprintSha256, /^[0-9a-f]{64}$/);
  });

  test('EC keys: P-256 and P-521 certificates sign with ECDSA and SHA-256; pdfsig verifies both', async () => {
    for (const curve of ['P-256', 'P-521']) {
      const made = selfSigned(
        certDir,
        `ec-${curve}`,
        ['-newkey', 'ec', '-pkeyopt', `ec_paramgen_curve:${curve}`],
        `/CN=EC ${curve} Signer/O=Folio`,
      );
      const id = await upload(made.p12, `EC ${curve}`);
      app.clock.set(Math.max(app.clock.now(), Date.now() + 1_000));
      const { job, pdf } = await render({ signature: { certificateId: id, reason: 'Issued' } });
      assert.ok(pdf, JSON.stringify(job));
      const report = pdfsig(pdf);
      assert.match(report, new RegExp(`Signer Certificate Common Name: EC ${curve} Signer`));
      assert.match(report, /Signature Validation: Signature is Valid\./, report);
      assert.match(report, /Total document signed/);
      assert.match(report, /Signing Hash Algorithm: SHA-256/);
      assert.match(cmsPrint(pdf), /algorithm: ecdsa-with-SHA256/);
    }
  });

  test('one byte changed inside the signed range: pdfsig reports the signature invalid', () => {
    const tampered = Buffer.from(signed);
    const at = tampered.indexOf('Signed statement');
    assert.ok(at > 0, 'the title is in the bytes');
    tampered[at] = 'X'.charCodeAt(0);
    assert.doesNotMatch(pdfsig(tampered), /Signature is Valid/);
    assert.match(pdfsig(tampered), /Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });

  test('a signed PDF/A-3b with a chained certificate: valid, the chain embedded, and still PDF/A', async () => {
    const { job, pdf } = await render({ pdf: { standard: 'pdf/a-3b' }, signature: { certificateId: chainedId } });
    assert.ok(pdf, JSON.stringify(job));
    const report = pdfsig(pdf);
    assert.match(report, /Signature Validation: Signature is Valid\./);
    assert.match(report, /Signer Certificate Common Name: Folio Chained Signer/);
    assert.match(report, /Total document signed/);
    const problems = await checkPdfA(pdf, { standard: 'pdf/a-3b' });
    assert.deepEqual(problems, []);
  });

  test('a visible signature: drawn in its box on the page asked for, still valid, and a PDF/A stays PDF/A', async () => {
    const visible = { page: 1, rect: { x: 340, y: 700, width: 220, height: 60 } };
    const { job, pdf } = await render({
      pdf: { standard: 'pdf/a-3b' },
      signature: { certificateId, reason: 'Approved', location: 'Dublin, IE', visible },
    });
    assert.ok(pdf, JSON.stringify(job));
    assert.deepEqual(job.document.signature.visible, visible);
    const report = pdfsig(pdf);
    assert.match(report, /Signature Validation: Signature is Valid\./);
    assert.match(report, /Total document signed/);
    assert.deepEqual(await checkPdfA(pdf, { standard: 'pdf/a-3b' }), []);
    // Drawn at 72 dpi (a pixel a point), in grey: the box holds dark letters and the area beside it is paper.
    const page = grayPage(pdf);
    const inBox = darkPixels(page, 345, 705, 210, 50);
    const beside = darkPixels(page, 40, 705, 210, 50);
    assert.ok(inBox > 150, `${inBox} dark pixels in the signature box`);
    assert.equal(beside, 0, 'nothing drawn left of it');
    // The letters are outlines, not text: the page's text is only the template's.
    assert.doesNotMatch(pdfText(pdf), /Digitally signed/);
  });

  test('a visible signature past the last page or reaching past the page fails the job', async () => {
    const past = await render({ signature: { certificateId, visible: { page: 3, rect: { x: 10, y: 10, width: 100, height: 40 } } } });
    assert.equal(past.job.status, 'failed');
    assert.equal(past.job.errorCode, 'pdf_postprocess_failed');
    assert.match(past.job.errorMessage, /signature\.visible\.page 3 is past the end/);
    const wide = await render({ signature: { certificateId, visible: { page: 1, rect: { x: 500, y: 10, width: 200, height: 40 } } } });
    assert.equal(wide.job.status, 'failed');
    assert.match(wide.job.errorMessage, /reaches past page 1, which is 612 × 792 points/);
  });

  test('signed and protected: AES-256, the signature valid with the password, its field encrypted', async () => {
    const { job, pdf } = await render({
      protection: { userPassword: 'open-it-77', ownerPassword: 'own-it-88', permissions: { modify: false } },
      signature: { certificateId, reason: 'Payslip issued', visible: { page: 1, rect: { x: 36, y: 36, width: 200, height: 50 } } },
    });
    assert.ok(pdf, JSON.stringify(job));
    const enc = withPdfFile(pdf, (f) => spawnSync('qpdf', ['--show-encryption', '--password=own-it-88', f], { encoding: 'utf8' }).stdout);
    assert.match(enc, /R = 6/);
    assert.match(enc, /string encryption method: AESv3/);
    assert.match(enc, /modify other: not allowed/);
    // Without a password poppler cannot open it; with either, the signature verifies over the whole file.
    assert.doesNotMatch(pdfsig(pdf), /Signature is Valid/);
    for (const pw of [
      ['-upw', 'open-it-77'],
      ['-opw', 'own-it-88'],
    ]) {
      const report = withPdfFile(pdf, (f) => spawnSync('pdfsig', [...pw, f], { encoding: 'utf8' }));
      const text = report.stdout + report.stderr;
      assert.match(text, /Signature Validation: Signature is Valid\./, `${pw[0]}: ${text}`);
      assert.match(text, /Total document signed/);
      assert.match(text, /Signer Certificate Common Name: Folio Test Signer/);
    }
    // qpdf reads the whole file, the update included, with the password: no damage.
    const check = withPdfFile(pdf, (f) => spawnSync('qpdf', ['--check', '--password=open-it-77', f], { encoding: 'utf8' }));
    assert.equal(check.status, 0, check.stdout + check.stderr);
    // The reason is encrypted like every string of the document: not in the file as text.
    const utf16 = Buffer.from('Payslip issued', 'utf16le').swap16().toString('hex');
    assert.ok(!pdf.toString('latin1').toLowerCase().includes(utf16), 'the reason is not in clear');
    // The visible box is drawn (the page opened with the password).
    const gray = withPdfFile(pdf, (f) =>
      execFileSync('pdftoppm', ['-gray', '-r', '72', '-upw', 'open-it-77', '-f', '1', '-l', '1', '-singlefile', f]),
    );
    const m = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(gray.toString('latin1', 0, 40))!;
    assert.ok(darkPixels({ width: Number(m[1]), pixels: gray.subarray(m[0].length) }, 40, 40, 190, 40) > 100);
  });

  test('a version with render.metadata.pdf.signature signs every job', async () => {
    const signedVersion = (certId: string, headers?: Record<string, string>) =>
      deployFiles(
        app,
        { deployId },
        [PAGE],
        { route: '/', title: 'signed', metadata: { pdf: { signature: { certificateId: certId, reason: 'Issued by the version' } } } },
        headers,
      );
    const v = await signedVersion(certificateId);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    const { job, pdf } = await render({ deployVersionId: v.body.deployVersion.id });
    assert.ok(pdf, JSON.stringify(job));
    const report = pdfsig(pdf);
    assert.match(report, /Signer Certificate Common Name: Folio Test Signer/);
    assert.match(report, /Signature Validation: Signature is Valid\./);
    assert.equal(job.document, undefined, 'the job asked for nothing itself');
    // A job of the signing version may add a password: signed and encrypted.
    const locked = await render({ deployVersionId: v.body.deployVersion.id, protection: { ownerPassword: 'owner-only-1' } });
    assert.ok(locked.pdf, JSON.stringify(locked.job));
    assert.match(
      withPdfFile(locked.pdf, (f) => spawnSync('pdfsig', ['-opw', 'owner-only-1', f], { encoding: 'utf8' }).stdout),
      /Signature is Valid/,
    );
  });

  test('a certificate deleted before the job renders: the job fails with pdf_postprocess_failed, naming it', async () => {
    const doomed = await upload(selfSigned(certDir, 'doomed', ['-newkey', 'rsa:2048'], '/CN=Doomed Signer').p12, 'Doomed');
    app.clock.set(Math.max(app.clock.now(), Date.now() + 1_000));
    await app.worker!.stop(1000);
    const created = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', signature: { certificateId: doomed } });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    assert.equal((await app.api('DELETE', `/v1/signing-certificates/${doomed}`)).status, 204);
    app.worker!.start();
    const done = await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'failed', JSON.stringify(done.body));
    assert.equal(done.body.job.errorCode, 'pdf_postprocess_failed');
    assert.match(done.body.job.errorMessage, new RegExp(`signing certificate ${doomed} was deleted`));
  });
});
