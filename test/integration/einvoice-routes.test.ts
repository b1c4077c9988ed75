// The e-invoice routes through the HTTP API, with the real validator process. POST /v1/e-invoices/validate:
// an XRechnung of KoSIT's test suite, the same invoice with a rule broken, a Factur-X PDF made with pdf-lib,
// and what is refused before any rule set runs (a DOCTYPE, a body over the limit, another media type, a
// PDF that is none or embeds no invoice, a profile the XML contradicts). POST /v1/e-invoices: XRechnung CII
// and UBL made from invoice data, and data whose XML breaks its profile's rules. Nothing is stored.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PDFDocument } from '@cantoo/pdf-lib';
import { readJobDocumentInput } from '../../src/db/packed-inputs.js';
import { largeInvoiceXml } from '../fixtures/pdf/documents.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

const FIXTURES = path.resolve('test/fixtures/einvoice');
const XRECHNUNG = fs.readFileSync(path.join(FIXTURES, 'xrechnung-testsuite/business-cases/standard/01.01a-INVOICE_uncefact.xml'));
const FACTURX = fs.readFileSync(path.join(FIXTURES, 'factur-x/factur-x-en16931.xml'));
/** Invoice data in @e-invoice-eu/core's format, without the profile it names (the requests name one). */
function invoiceData(): Record<string, Record<string, unknown>> {
  const data = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'invoice-data/default-invoice.json'), 'utf8'));
  delete data['ubl:Invoice']['cbc:CustomizationID'];
  return data;
}

describe('the e-invoice routes', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp({ env: { FOLIO_EINVOICE_MAX_BYTES: String(1024 * 1024) } });
  });
  after(() => app.close());

  const validate = (body: Buffer | string, type = 'application/xml', query = '') =>
    app.server.inject({
      method: 'POST',
      url: `/v1/e-invoices/validate${query}`,
      headers: { authorization: `Bearer ${app.key}`, 'content-type': type },
      payload: body,
    });

  test('a valid XRechnung: 200, its profile read from the guideline id, every rule set named', async () => {
    const res = await validate(XRECHNUNG);
    assert.equal(res.statusCode, 200, res.body);
    const { report } = res.json();
    assert.equal(report.valid, true, JSON.stringify(report.findings));
    assert.equal(report.syntax, 'CII');
    assert.equal(report.profile, 'XRECHNUNG');
    assert.deepEqual(report.checked, [
      'UN/CEFACT CII D16B XSD',
      'CEN EN 16931 validation artefacts 1.3.16 (CII)',
      'KoSIT XRechnung 3.0.2 Schematron 2.5.0 (CII)',
    ]);
    assert.equal(report.counts.error, 0);
  });

  test('a broken rule: 200 with valid false, the rule id, its message and where', async () => {
    const broken = XRECHNUNG.toString('utf8').replace(/<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, '');
    assert.notEqual(broken, XRECHNUNG.toString('utf8'), 'the fixture names a buyer reference');
    const res = await validate(broken, 'text/xml; charset=utf-8');
    assert.equal(res.statusCode, 200, res.body);
    const { report } = res.json();
    assert.equal(report.valid, false);
    const finding = report.findings.find((f: { rule: string }) => f.rule === 'BR-DE-15');
    assert.ok(finding, JSON.stringify(report.findings));
    assert.equal(finding.severity, 'error');
    assert.match(finding.message, /BT-10/);
    assert.equal(finding.location, '/rsm:CrossIndustryInvoice');
    assert.match(finding.ruleSet, /XRechnung/);
  });

  test('a schema error: the line and column, and the rule sets not run', async () => {
    const res = await validate(XRECHNUNG.toString('utf8').replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:Colour>red</ram:Colour>'));
    const { report } = res.json();
    assert.equal(report.valid, false);
    assert.equal(report.findings[0].rule, 'XSD');
    assert.match(report.findings[0].location, /^line \d+, column \d+$/);
    assert.deepEqual(report.checked, ['UN/CEFACT CII D16B XSD']);
  });

  test("a Factur-X PDF: its embedded factur-x.xml is read and checked with Factur-X's rules", async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    await doc.attach(FACTURX, 'factur-x.xml', { mimeType: 'text/xml', description: 'Factur-X invoice' });
    const res = await validate(Buffer.from(await doc.save()), 'application/pdf');
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.embeddedFile, 'factur-x.xml');
    assert.equal(body.report.profile, 'EN 16931');
    assert.equal(body.report.valid, true, JSON.stringify(body.report.findings));
    assert.ok(
      body.report.checked.some((c: string) => c.includes('Factur-X 1.09')),
      'in a PDF, the Factur-X rules apply',
    );
  });

  test("another account's requests are answered while a large invoice is being validated", async () => {
    const other = await app.services.accounts.create({ name: 'Other' });
    const large = largeInvoiceXml(XRECHNUNG, 1000 * 1000);
    const order: string[] = [];
    const validating = validate(large).then((res) => {
      order.push('validation');
      return res;
    });
    const account = await app.api('GET', '/v1/account', undefined, { authorization: `Bearer ${other.apiKey}` });
    order.push('other account');
    assert.equal(account.status, 200);
    assert.equal((await validating).statusCode, 200);
    assert.deepEqual(order, ['other account', 'validation'], 'the validation runs in its own process, off the event loop');
  });

  test('refused before any rule set runs, with the uniform error body', async () => {
    const cases: Array<[Awaited<ReturnType<typeof validate>>, number, string, RegExp]> = [
      [await validate(XRECHNUNG, 'application/xml', '?profile=EN%2016931'), 400, 'invalid_request', /contradicts/],
      [await validate('<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'), 400, 'invalid_request', /DOCTYPE/],
      [await validate('<Invoice/>'), 400, 'invalid_request', /UBL 2.1 Invoice or CreditNote/],
      [await validate(Buffer.alloc(1024 * 1024 + 1, 0x20)), 413, 'body_too_large', /1048576/],
      [await validate('{}', 'application/json'), 415, 'unsupported_media_type', /application\/xml/],
      [await validate('not a pdf', 'application/pdf'), 422, 'pdf_invalid', /not a PDF/],
    ];
    const empty = await PDFDocument.create();
    empty.addPage();
    cases.push([await validate(Buffer.from(await empty.save()), 'application/pdf'), 400, 'invalid_request', /embeds no e-invoice/]);
    assert.equal(cases[0]![0].json().details.field, 'profile', 'the contradicting field is the profile');
    for (const [res, status, code, message] of cases) {
      assert.equal(res.statusCode, status, res.body);
      assert.equal(res.json().error, code, res.body);
      assert.match(res.json().message, message);
    }
  });

  const create = (body: Record<string, unknown>, accept?: string) =>
    app.server.inject({
      method: 'POST',
      url: '/v1/e-invoices',
      headers: { authorization: `Bearer ${app.key}`, ...(accept ? { accept } : {}) },
      payload: body,
    });

  test('POST /v1/e-invoices: an XRechnung as CII and as UBL from the same data, each valid when read back', async () => {
    for (const syntax of ['CII', 'UBL'] as const) {
      const res = await create({ syntax, profile: 'XRECHNUNG', data: invoiceData() });
      assert.equal(res.statusCode, 200, res.body);
      assert.match(res.headers['content-type'] as string, /^application\/xml/);
      assert.equal(res.headers['folio-einvoice-profile'], 'XRECHNUNG');
      assert.equal(res.headers['content-disposition'], 'attachment; filename="invoice-1234567890.xml"');
      assert.match(res.body, syntax === 'CII' ? /<rsm:CrossIndustryInvoice/ : /<Invoice|<ubl:Invoice/);
      // What it answered is what the validator passes on its own.
      const again = (await validate(res.body)).json();
      assert.equal(again.report.valid, true, JSON.stringify(again.report.findings.slice(0, 3)));
      assert.equal(again.report.profile, 'XRECHNUNG');
    }
    const json = await create({ syntax: 'UBL', profile: 'EN 16931', data: invoiceData() }, 'application/json');
    assert.equal(json.statusCode, 200, json.body);
    assert.equal(json.json().report.syntax, 'UBL');
    assert.equal(json.json().report.valid, true);
    assert.match(json.json().xml, /urn:cen\.eu:en16931:2017/);
  });

  test('POST /v1/e-invoices: data whose XML breaks the profile, data the generator refuses, a UBL Factur-X', async () => {
    const broken = await create({ syntax: 'CII', profile: 'MINIMUM', data: invoiceData() });
    assert.equal(broken.statusCode, 400, broken.body);
    assert.equal(broken.json().error, 'einvoice_invalid');
    assert.ok(broken.json().details.counts.error > 0);
    const refused = await create({ syntax: 'CII', profile: 'XRECHNUNG', data: { 'ubl:Invoice': {} } });
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json().details.field, 'data');
    const ubl = await create({ syntax: 'UBL', profile: 'BASIC', data: invoiceData() });
    assert.equal(ubl.statusCode, 400);
    assert.match(ubl.json().message, /UBL/);
    const noProfile = await create({ syntax: 'CII', data: invoiceData() });
    assert.equal(noProfile.statusCode, 400);
    assert.equal(noProfile.json().details.field, 'profile');
  });
});

describe('e-invoices on a server without Java', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp({ env: { FOLIO_EINVOICE_JAVA: '/nonexistent/java' } });
  });
  after(() => app.close());

  test('validation answers 503; a job embeds well-formed XML with einvoice_not_validated and refuses broken XML', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/v1/e-invoices/validate',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/xml' },
      payload: XRECHNUNG,
    });
    assert.equal(res.statusCode, 503, res.body);
    assert.equal(res.json().error, 'einvoice_validator_unavailable');
    assert.match(res.json().message, /Java is not installed/);
    const job = (xml: string) => app.api('POST', '/v1/render-jobs', { html: '<p>x</p>', eInvoice: { standard: 'factur-x', xml } });
    const broken = await job(XRECHNUNG.toString('utf8').replace('</rsm:ExchangedDocument>', ''));
    assert.equal(broken.status, 400, JSON.stringify(broken.body));
    assert.equal(broken.body.details.field, 'eInvoice.xml');
    assert.match(broken.body.message, /well-formed/);
    const created = await job(XRECHNUNG.toString('utf8'));
    assert.equal(created.status, 202, JSON.stringify(created.body));
    assert.equal(created.body.job.document.eInvoice.profile, 'XRECHNUNG');
    const input = await app.services.ctx.db
      .selectFrom('render_payloads')
      .select('document_input_json')
      .where('job_id', '=', created.body.job.id)
      .executeTakeFirstOrThrow();
    const stored = (await readJobDocumentInput(input.document_input_json))!;
    assert.equal(stored.eInvoice!.warning!.code, 'einvoice_not_validated', 'the job will carry the warning');
  });
});
