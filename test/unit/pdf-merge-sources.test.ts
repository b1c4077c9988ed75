// mergePdfSources (src/pdf/select-pages.ts), the merge behind POST /v1/pdfs/merge, called directly on a PDF
// made with pdf-lib: a page left out of the merge does not travel into the file through a link annotation
// of a kept page that points at it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PDFDict, PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib';
import { mergePdfSources } from '../../src/pdf/select-pages.js';

test('a page left out does not travel into the file through a link that points at it', async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const contents = doc.addPage();
  contents.drawText('Contents', { x: 50, y: 700, font });
  const secret = doc.addPage();
  secret.drawText('Left out', { x: 50, y: 700, font });
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [50, 690, 200, 720],
    Dest: [secret.ref, 'XYZ', null, null, null],
  });
  contents.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
  const merged = await mergePdfSources([{ bytes: await doc.save(), pages: [0], field: 'sources[0]' }], new Date());
  assert.equal(merged.pageCount, 1);
  const out = await PDFDocument.load(merged.bytes);
  const pageObjects = [...out.context.enumerateIndirectObjects()].filter(
    ([, o]) => o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('Page'),
  );
  assert.equal(pageObjects.length, 1, 'no unreachable copy of the page left out');
});
