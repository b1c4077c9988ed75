// E-invoices made by render jobs end to end, with real Chromium, the worker and the validator process:
// the Factur-X 1.09 sample of each profile embedded in a printed PDF (qpdf, poppler and Folio's own check
// read the result), and an XRechnung made from invoice data, whose printed total is the XML's.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { pdfText } from '../helpers/pdf.js';

const FIXTURES = path.resolve('test/fixtures/einvoice');
const SAMPLES: Record<string, string> = {
  MINIMUM: 'factur-x-minimum.xml',
  'BASIC WL': 'factur-x-basicwl.xml',
  BASIC: 'factur-x-basic.xml',
  'EN 16931': 'factur-x-en16931.xml',
  EXTENDED: 'factur-x-extended.xml',
};

/** Runs a poppler or qpdf tool on a PDF written to a temporary folder; its stdout and the folder's files. */
function tool(cmd: string, args: (f: string, dir: string) => string[], pdf: Buffer): { out: string; files: Map<string, Buffer> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-einvoice-'));
  const f = path.join(dir, 'x.pdf');
  fs.writeFileSync(f, pdf);
  try {
    const out = execFileSync(cmd, args(f, dir), { encoding: 'utf8' });
    const files = new Map(fs.readdirSync(dir).map((n) => [n, fs.readFileSync(path.join(dir, n))] as const));
    return { out, files };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('render jobs that make e-invoices', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
    app.startBackground();
  });
  after(() => app?.close());

  async function render(body: Record<string, unknown>) {
    const created = await app.api('POST', '/v1/render-jobs', body);
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const done = await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=30`);
    assert.ok(done.body.job, JSON.stringify(done.body));
    assert.equal(done.body.job.status, 'succeeded', JSON.stringify(done.body.job));
    const link = await app.api('POST', `/v1/render-jobs/${created.body.job.id}/output-download`);
    const u = new URL(link.body.access.url);
    const res = await app.server.inject({ method: 'GET', url: u.pathname + u.search });
    assert.equal(res.statusCode, 200);
    return { job: done.body.job, pdf: res.rawPayload };
  }

  /** Folio's own check of an e-invoice PDF (POST /v1/e-invoices/validate). */
  async function check(pdf: Buffer) {
    const res = await app.server.inject({
      method: 'POST',
      url: '/v1/e-invoices/validate',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/pdf' },
      payload: pdf,
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  }

  test("each profile's Factur-X sample: embedded, valid, qpdf-clean, listed by pdfdetach, its XMP readable", async () => {
    for (const [profile, name] of Object.entries(SAMPLES)) {
      const xml = fs.readFileSync(path.join(FIXTURES, 'factur-x', name), 'utf8');
      // No profile in the body: the one the XML's guideline id names.
      const { job, pdf } = await render({ html: `<h1>Invoice (${profile})</h1>`, eInvoice: { standard: 'factur-x', xml } });
      assert.equal(job.document.eInvoice.profile, profile);
      assert.match(tool('qpdf', (f) => ['--check', f], pdf).out, /No syntax or stream encoding errors found/, profile);
      assert.match(tool('pdfdetach', (f) => ['-list', f], pdf).out, /^1: factur-x\.xml$/m, profile);
      const saved = tool('pdfdetach', (f, dir) => ['-save', '1', '-o', path.join(dir, 'out.xml'), f], pdf).files.get('out.xml')!;
      assert.equal(saved.toString('utf8'), xml, `${profile}: the XML byte for byte`);
      const meta = tool('pdfinfo', (f) => ['-meta', f], pdf).out;
      assert.match(meta, new RegExp(`<fx:ConformanceLevel>${profile}</fx:ConformanceLevel>`), profile);
      assert.match(meta, /<fx:DocumentFileName>factur-x\.xml<\/fx:DocumentFileName>/);
      assert.match(meta, /<fx:Version>1\.0<\/fx:Version>/);
      const verdict = await check(pdf);
      assert.equal(verdict.embeddedFile, 'factur-x.xml');
      assert.equal(verdict.report.profile, profile);
      assert.equal(verdict.report.valid, true, `${profile}: ${JSON.stringify(verdict.report.findings.slice(0, 3))}`);
    }
  });

  test('an XRechnung from invoice data: the XML validates, the template prints its total, and both agree', async () => {
    const data = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'invoice-data/default-invoice.json'), 'utf8'));
    delete data['ubl:Invoice']['cbc:CustomizationID'];
    const total = data['ubl:Invoice']['cac:LegalMonetaryTotal']['cbc:TaxInclusiveAmount'];
    // No payload: the template gets the invoice data.
    const html =
      '<h1>Invoice {{[ubl:Invoice].[cbc:ID]}}</h1><p>Total due: EUR {{[ubl:Invoice].[cac:LegalMonetaryTotal].[cbc:TaxInclusiveAmount]}}</p>';
    const { job, pdf } = await render({ html, engine: 'handlebars', eInvoice: { standard: 'factur-x', profile: 'XRECHNUNG', data } });
    assert.equal(job.document.eInvoice.profile, 'XRECHNUNG');
    assert.deepEqual(job.warnings, []);
    const text = pdfText(pdf);
    const printed = /Total due: EUR (\S+)/.exec(text)?.[1];
    assert.equal(printed, total, text);
    assert.match(tool('pdfdetach', (f) => ['-list', f], pdf).out, /^1: xrechnung\.xml$/m);
    const xml = tool('pdfdetach', (f, dir) => ['-save', '1', '-o', path.join(dir, 'out.xml'), f], pdf)
      .files.get('out.xml')!
      .toString('utf8');
    const grand = /<ram:GrandTotalAmount[^>]*>([^<]+)</.exec(xml)?.[1];
    assert.equal(Number(grand), Number(printed), 'the XML and the page say the same total');
    assert.match(xml, /urn:cen\.eu:en16931:2017#compliant#urn:xeinkauf\.de:kosit:xrechnung_3\.0/);
    const meta = tool('pdfinfo', (f) => ['-meta', f], pdf).out;
    assert.match(meta, /<fx:ConformanceLevel>XRECHNUNG<\/fx:ConformanceLevel>/);
    assert.match(meta, /<fx:DocumentFileName>xrechnung\.xml<\/fx:DocumentFileName>/);
    const verdict = await check(pdf);
    assert.equal(verdict.embeddedFile, 'xrechnung.xml');
    assert.equal(verdict.report.valid, true, JSON.stringify(verdict.report.findings.slice(0, 3)));
  });

  test("invoice data the generator refuses, or whose XML breaks the profile's rules: 400, nothing rendered", async () => {
    const refused = await app.api('POST', '/v1/render-jobs', {
      html: '<p>x</p>',
      eInvoice: { standard: 'factur-x', profile: 'XRECHNUNG', data: { 'ubl:Invoice': { 'cbc:ID': '1' } } },
    });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.details.field, 'eInvoice.data');
    assert.match(refused.body.message, /must have required property 'cbc:IssueDate'/);
    // The generator writes every term the data has; MINIMUM allows few of them, and its rules say so.
    const data = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'invoice-data/default-invoice.json'), 'utf8'));
    delete data['ubl:Invoice']['cbc:CustomizationID'];
    const broken = await app.api('POST', '/v1/render-jobs', {
      html: '<p>x</p>',
      eInvoice: { standard: 'factur-x', profile: 'MINIMUM', data },
    });
    assert.equal(broken.status, 400, JSON.stringify(broken.body));
    assert.equal(broken.body.error, 'einvoice_invalid');
    assert.equal(broken.body.details.field, 'eInvoice.data');
    assert.ok(broken.body.details.counts.error > 0);
  });
});
