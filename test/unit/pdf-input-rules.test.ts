// The checks a job-creation path runs before rendering (400 naming the field): src/domain/pdfs/pdf-document.ts
// (names, metadata, combinations) and src/pdf/checks.ts (e-invoice XML, PDFs to join).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { PDFDocument } from '@cantoo/pdf-lib';
import {
  attachmentNameProblem,
  checkPdfDocumentRequest,
  effectiveStandard,
  facturXRelationship,
  looksLikePdf,
  type AttachmentInput,
} from '../../src/domain/pdfs/pdf-document.js';
import { checkPostProcessRequest, eInvoiceXmlProblem, pdfProblem } from '../../src/pdf/checks.js';

const xml = fs.readFileSync(new URL('../fixtures/pdf/factur-x-en16931.xml', import.meta.url));
const att = (over: Partial<AttachmentInput> = {}): AttachmentInput => ({
  name: 'a.csv',
  mimeType: 'text/csv',
  relationship: 'Data',
  size: 3,
  ...over,
});

test('attachment names: safe file names only', () => {
  for (const ok of ['factur-x.xml', 'Rechnung März 2024.pdf', 'a', 'données.csv', 'x'.repeat(255)])
    assert.equal(attachmentNameProblem(ok), null, ok);
  const bad: Array<[unknown, RegExp]> = [
    ['', /non-empty/],
    [42, /non-empty string/],
    ['../x.xml', /not a path/],
    ['dir/x.xml', /not a path/],
    ['c:\\x.xml', /not a path/],
    ['a:b', /< > :/],
    ['inv\u202Efdp.exe', /bidirectional/],
    ['a\u0000b', /control/],
    ['.hidden', /start with a dot/],
    [' x', /start with a dot or a space/],
    ['x.', /end with/],
    ['..', /\.\./],
    ['NUL.txt', /reserved/],
    ['é'.repeat(128), /255 bytes/],
    ['a\ud800b', /Unicode/],
  ];
  for (const [name, message] of bad) assert.match(attachmentNameProblem(name) ?? 'accepted', message, String(name));
});

test('combination rules: e-invoice is PDF/A-3b, PDF/A-2b takes no attachments, names unique', () => {
  const einv = { standard: 'factur-x' as const, profile: 'EN 16931' as const };
  assert.equal(effectiveStandard({ eInvoice: einv }), 'pdf/a-3b');
  assert.equal(effectiveStandard({ standard: 'none', eInvoice: einv }), 'pdf/a-3b');
  assert.equal(effectiveStandard({}), 'none');
  assert.deepEqual(checkPdfDocumentRequest({ standard: 'pdf/a-3b', eInvoice: einv, attachments: [att()] }), []);
  const fields = (input: Parameters<typeof checkPdfDocumentRequest>[0]) => checkPdfDocumentRequest(input).map((p) => p.field);
  assert.deepEqual(fields({ standard: 'pdf/a-2b', eInvoice: einv }), ['standard']);
  assert.deepEqual(fields({ standard: 'pdf/a-2b', attachments: [att()] }), ['attachments']);
  assert.deepEqual(fields({ standard: 'pdf/a-4' as never }), ['standard']);
  assert.deepEqual(fields({ attachments: [att(), att({ name: 'A.CSV' })] }), ['attachments[1].name']);
  assert.deepEqual(fields({ eInvoice: einv, attachments: [att({ name: 'Factur-X.xml' })] }), ['attachments[0].name']);
  assert.deepEqual(fields({ eInvoice: einv, attachments: [att({ name: 'xrechnung.xml' })] }), ['attachments[0].name']);
  assert.deepEqual(fields({ attachments: [att({ mimeType: 'text/csv; charset=utf-8' })] }), ['attachments[0].mimeType']);
  assert.deepEqual(fields({ attachments: [att({ relationship: 'Other' as never })] }), ['attachments[0].relationship']);
  assert.deepEqual(fields({ eInvoice: { standard: 'factur-x', profile: 'XRECHNUNG' } }), []);
  assert.deepEqual(fields({ eInvoice: { standard: 'factur-x' } }), [], 'the profile may come from the XML');
  assert.deepEqual(fields({ eInvoice: { standard: 'zugferd' as never, profile: 'XRECHNUNG 2' as never } }), [
    'eInvoice.standard',
    'eInvoice.profile',
  ]);
  assert.deepEqual(fields({ metadata: { title: 'x'.repeat(2001), keywords: ['ok', ''], lang: 'en_US', author: 'a\u0007' } }), [
    'metadata.title',
    'metadata.author',
    'metadata.keywords[1]',
    'metadata.lang',
  ]);
  assert.deepEqual(fields({ metadata: { lang: 'de-CH', keywords: ['a'], subject: 'Line\nbreaks are fine' } }), []);
});

test('Factur-X relationship by profile', () => {
  assert.equal(facturXRelationship('MINIMUM'), 'Data');
  assert.equal(facturXRelationship('BASIC WL'), 'Data');
  assert.equal(facturXRelationship('BASIC'), 'Alternative');
  assert.equal(facturXRelationship('EN 16931'), 'Alternative');
  assert.equal(facturXRelationship('EXTENDED'), 'Alternative');
  assert.equal(facturXRelationship('XRECHNUNG'), 'Alternative');
});

test('e-invoice XML: well-formed, UTF-8, a CrossIndustryInvoice of the rsm namespace', () => {
  assert.equal(eInvoiceXmlProblem(xml), null);
  const ns = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
  assert.equal(eInvoiceXmlProblem(Buffer.from(`<CrossIndustryInvoice xmlns="${ns}"/>`)), null);
  const cases: Array<[string | Buffer, RegExp]> = [
    ['', /empty/],
    [Buffer.from([0x3c, 0x61, 0xff, 0x3e]), /not UTF-8/],
    [`<rsm:CrossIndustryInvoice xmlns:rsm="${ns}">`, /not well-formed/],
    [`<rsm:CrossIndustryInvoice xmlns:rsm="${ns}"><a></b></rsm:CrossIndustryInvoice>`, /not well-formed/],
    ['<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>', /root element <Invoice>/],
    ['<rsm:CrossIndustryInvoice xmlns:rsm="urn:other"/>', /outside the namespace/],
    ['<CrossIndustryInvoice/>', /found none/],
    [`<!DOCTYPE x [<!ENTITY a "aaaa">]><rsm:CrossIndustryInvoice xmlns:rsm="${ns}"/>`, /DOCTYPE/],
  ];
  for (const [input, message] of cases) assert.match(eInvoiceXmlProblem(Buffer.from(input)) ?? 'accepted', message, String(input));
});

test('PDFs to join: a PDF header, loads, has pages', async () => {
  const doc = await PDFDocument.create();
  doc.addPage();
  const pdf = Buffer.from(await doc.save());
  assert.equal(looksLikePdf(pdf), true);
  assert.equal(looksLikePdf(Buffer.from('PK\u0003\u0004')), false);
  assert.equal(await pdfProblem(pdf), null);
  assert.match((await pdfProblem(Buffer.from('<html>'))) ?? '', /not a PDF/);
  assert.match((await pdfProblem(Buffer.from('%PDF-1.7\n%%EOF'))) ?? '', /cannot be read|no pages|page tree/);
  const problems = await checkPostProcessRequest({
    standard: 'pdf/a-3b',
    eInvoice: { standard: 'factur-x', profile: 'BASIC', xml: Buffer.from('<x/>') },
    append: [pdf, Buffer.from('nope')],
  });
  assert.deepEqual(
    problems.map((p) => p.field),
    ['eInvoice.xml', 'append[1]'],
  );
});
