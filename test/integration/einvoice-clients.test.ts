// The clients of POST /v1/e-invoices/validate against an app listening on a port, with the real validator
// process: the SDK's einvoices.validate (a string, PDF bytes sent as a PDF) and `folio einvoice validate`
// (in this process, and once as a bin/folio process): KoSIT's XRechnung test invoice is VALID (exit 0), the
// same invoice without its buyer reference INVALID with BR-DE-15 (exit 1), and an API refusal is an error.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PDFDocument } from '@cantoo/pdf-lib';
import { createClient, FolioApiError, type FolioClient } from '../../src/sdk/index.js';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { runFolio, type Run } from '../helpers/cli-run.js';

const FIXTURES = path.resolve('test/fixtures/einvoice');
const VALID = path.join(FIXTURES, 'xrechnung-testsuite/business-cases/standard/01.01a-INVOICE_uncefact.xml');
const FACTURX = fs.readFileSync(path.join(FIXTURES, 'factur-x/factur-x-en16931.xml'));

describe('e-invoice validation through the SDK and folio einvoice validate', () => {
  let app: TestApp;
  let client: FolioClient;
  const work = tempDir('folio-einvoice-clients-');
  const broken = path.join(work, 'no-buyer-reference.xml');
  const hybrid = path.join(work, 'factur-x.pdf');
  let env: NodeJS.ProcessEnv = {};
  const folio = (args: string[], opts: { process?: boolean } = {}): Promise<Run> =>
    runFolio(['einvoice', 'validate', ...args], { cwd: work, env, ...opts });

  before(async () => {
    app = await createTestApp();
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
    client = createClient({ baseUrl, apiKey: app.key });
    // No `folio login` file of the developer's may stand in: an empty config folder of the test's own.
    env = { ...process.env, XDG_CONFIG_HOME: path.join(work, 'config'), FOLIO_API_URL: baseUrl, FOLIO_API_KEY: app.key };
    const xml = fs.readFileSync(VALID, 'utf8');
    const without = xml.replace(/<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, '');
    assert.notEqual(without, xml, 'the fixture names a buyer reference');
    fs.writeFileSync(broken, without);
    const doc = await PDFDocument.create();
    doc.addPage();
    await doc.attach(FACTURX, 'factur-x.xml', { mimeType: 'text/xml', description: 'Factur-X invoice' });
    fs.writeFileSync(hybrid, await doc.save());
  });
  after(async () => {
    await app.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('SDK: XML as a string is sent as XML, PDF bytes as a PDF; a refusal is a FolioApiError', async () => {
    const valid = await client.einvoices.validate(fs.readFileSync(VALID, 'utf8'));
    assert.equal(valid.report.valid, true, JSON.stringify(valid.report.findings));
    assert.equal(valid.report.profile, 'XRECHNUNG');
    assert.equal(valid.embeddedFile, undefined);

    const pdf = await client.einvoices.validate(new Uint8Array(fs.readFileSync(hybrid)), { profile: 'EN 16931' });
    assert.equal(pdf.embeddedFile, 'factur-x.xml', 'read as a PDF: the server found the embedded XML');
    assert.equal(pdf.report.valid, true, JSON.stringify(pdf.report.findings));

    await assert.rejects(
      client.einvoices.validate(fs.readFileSync(VALID), { profile: 'EN 16931' }),
      (err: unknown) =>
        err instanceof FolioApiError && err.status === 400 && err.code === 'invalid_request' && /contradicts/.test(err.message),
    );
  });

  test('folio einvoice validate: VALID exits 0 with the profile and every rule set checked', async () => {
    const r = await folio([VALID]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^VALID {2}\S*01\.01a-INVOICE_uncefact\.xml$/m);
    assert.match(r.stdout, /^syntax {5}CII$/m);
    assert.match(r.stdout, /^profile {4}XRECHNUNG \(urn:cen\.eu:en16931:2017#compliant#urn:xeinkauf\.de:kosit:xrechnung_3\.0\)$/m);
    assert.match(r.stdout, /^checked {4}UN\/CEFACT CII D16B XSD\n {11}CEN EN 16931 .*\n {11}KoSIT XRechnung .*$/m);
    assert.match(r.stdout, /^findings {3}0 errors, /m);
    assert.equal(r.stderr, '');
  });

  test('folio einvoice validate: INVALID exits 1 and prints BR-DE-15 with its location, errors first', async () => {
    // A real bin/folio launch: the exit code of a process.
    const r = await folio([broken, '--profile', 'xrechnung'], { process: true });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^INVALID {2}\S*no-buyer-reference\.xml$/m);
    assert.match(r.stdout, /^findings {3}1 error, /m);
    assert.match(r.stdout, /^ {2}error {7}BR-DE-15: \[BR-DE-15\] .*BT-10.*\n {14}at \/rsm:CrossIndustryInvoice$/m);
    const severities = [...r.stdout.matchAll(/^ {2}(error|warning|information) /gm)].map((m) => m[1]);
    assert.deepEqual(
      severities,
      [...severities].sort((a, b) => ['error', 'warning', 'information'].indexOf(a!) - ['error', 'warning', 'information'].indexOf(b!)),
    );

    const json = await folio([broken, '--json']);
    assert.equal(json.code, 1, json.stderr);
    const { report } = JSON.parse(json.stdout);
    assert.equal(report.valid, false);
    assert.ok(report.findings.some((f: { rule: string }) => f.rule === 'BR-DE-15'));
  });

  test('folio einvoice validate: a PDF names its embedded file; an API refusal prints its code and exits 1', async () => {
    const pdf = await folio([hybrid]);
    assert.equal(pdf.code, 0, pdf.stderr);
    assert.match(pdf.stdout, /^VALID {2}\S*factur-x\.pdf \(embedded factur-x\.xml\)$/m);
    assert.match(pdf.stdout, /^profile {4}EN 16931/m);

    const refused = await folio([VALID, '--profile', 'EN 16931']);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /^error: invalid_request: .*contradicts/m);
    assert.equal(refused.stdout, '');
  });
});
