// The PDF/UA-1 checker's parts on PDFs made by pdf-lib (no Chromium): the content-stream scan behind 01-005
// (operators inside strings, dictionaries and inline images are not operators), and the conditions a
// pdf-lib document fails: nothing tagged, a standard font without its program (31-009), no XMP, no title,
// no language, a link outside the structure tree without /Contents on a page without /Tabs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PDFDocument, PDFName, PDFString, StandardFonts } from '@cantoo/pdf-lib';
import { scanContent } from '../../src/pdf/ua/ua-content.js';
import { checkPdfUa, describeFindings } from '../../src/pdf/ua/ua-check.js';

const scan = (s: string) => scanContent(Buffer.from(s, 'latin1'));

test('the content scan counts painting outside marked content, and only operators', () => {
  assert.deepEqual(scan('/P <</MCID 0>> BDC BT /F1 12 Tf (x) Tj ET EMC'), { untagged: 0, markedSequences: 1 });
  assert.deepEqual(scan('BT /F1 12 Tf (x) Tj ET 0 0 10 10 re f'), { untagged: 2, markedSequences: 0 });
  // "Tj", "f" and "EMC" inside strings, hex strings, names and dictionaries are operands.
  assert.deepEqual(scan('/Span <</ActualText (EMC \\) Tj f)>> BDC (a) Tj EMC <54 6a> /Tj /f'), { untagged: 0, markedSequences: 1 });
  // A clipping path ended by n paints nothing; an artifact is marked content.
  assert.deepEqual(scan('0 0 1 1 re W n /Artifact BMC 0 0 1 1 re f EMC'), { untagged: 0, markedSequences: 1 });
  // Nested sequences; an inline image whose data holds "EMC" and "Tj" bytes; an EMC too many.
  assert.deepEqual(scan('/A BMC /B BMC EMC BI /W 1 /H 1 /BPC 8 /CS /G ID EMC Tj\xff EI EMC EMC BI /W 1 ID x EI'), {
    untagged: 1,
    markedSequences: 2,
  });
  assert.deepEqual(scan('(unbalanced ( string) Tj'), { untagged: 0, markedSequences: 0 }, 'the string never ends: no operator follows');
});

test('an untagged pdf-lib document fails the structure, metadata, language, link and font conditions', async () => {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([200, 200]);
  page.drawText('Hello', { font: await doc.embedFont(StandardFonts.Helvetica), x: 10, y: 100 });
  const link = doc.context.register(
    doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 10, 10], A: { S: 'URI', URI: PDFString.of('https://example.com/') } }),
  );
  page.node.set(PDFName.of('Annots'), doc.context.obj([link]));
  const findings = await checkPdfUa(await doc.save());
  assert.deepEqual(
    findings.map((f) => f.id),
    ['01-005', '06-001', '06-002', '06-003', '07-001', '11-001', '28-008', '28-011', '28-012', '31-009', '7.1-marked'],
  );
  const untagged = findings.find((f) => f.id === '01-005')!;
  assert.match(untagged.detail, /no \/StructTreeRoot: no content is tagged; page 1: 1 painting operators outside marked content/);
  assert.match(findings.find((f) => f.id === '31-009')!.detail, /font Helvetica has no embedded program/);
  assert.match(describeFindings(findings), /^01-005 Content is neither marked as Artifact nor tagged as real content\. \(/);
});
