// Gotenberg's LibreOffice form (src/domain/gotenberg/libreoffice.ts): LibreOffice's own options, and the
// PDF-engine fields as the PDF-job steps run on the converted PDFs, in the order of the /forms/pdfengines
// routes; what cannot be honoured is refused by name.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mapLibreOfficeForm } from '../../src/domain/gotenberg/libreoffice.js';

const map = (fields: Record<string, string>, extra: Array<{ field: string; name: string; bytes: Buffer }> = []) =>
  mapLibreOfficeForm(Object.entries(fields), { extra });
const problem = (m: ReturnType<typeof map>) => ('problem' in m ? m.problem.field : null);

describe("Gotenberg's LibreOffice form", () => {
  test("without PDF-engine fields the answer is LibreOffice's own: no steps, pdfa made by LibreOffice", () => {
    assert.deepEqual(map({ pdfa: 'PDF/A-1b', pdfua: 'true' }), { office: { pdfa: 'PDF/A-1b', tagged: true }, merge: false });
    // A field at its default asks for no work: flatten=false, splitUnify=false.
    assert.deepEqual(map({ flatten: 'false', splitUnify: 'false' }), { office: {}, merge: false });
  });

  test('metadata is the metadata step; keys Folio does not write are warnings naming them', () => {
    const m = map({ metadata: JSON.stringify({ Title: 'Report', Author: 'ACME', Copyright: 'ACME', 'XMP-dc:Rights': 'all' }) });
    assert.ok(!('problem' in m) && m.after);
    assert.deepEqual(m.after.steps, [{ type: 'metadata', title: 'Report', author: 'ACME', custom: { Copyright: 'ACME' } }]);
    assert.match(m.after.warnings.join(), /^metadata\.XMP-dc:Rights is not written/);
    assert.equal(problem(map({ metadata: 'not json' })), 'metadata');
    assert.equal(problem(map({ metadata: '{"CreateDate":"yesterday"}' })), 'metadata.CreateDate');
  });

  test("the steps follow the pdfengines routes' order; with them, pdfa is the conform step after the content steps", () => {
    const m = map({
      pdfa: 'PDF/A-3b',
      pdfua: 'true',
      flatten: 'true',
      metadata: '{"Title":"T"}',
      rotateAngle: '90',
      stampSource: 'text',
      stampExpression: 'DRAFT',
      optimizeImages: 'true',
    });
    assert.ok(!('problem' in m) && m.after);
    assert.deepEqual(
      m.after.steps.map((s) => s.type),
      ['stamp', 'rotate', 'flatten', 'metadata', 'conform', 'optimize'],
    );
    assert.deepEqual(m.after.steps[4], { type: 'conform', standard: 'pdf/a-3b' });
    // LibreOffice tags the document (pdfua) and no longer makes PDF/A itself: the steps after it would undo that.
    assert.deepEqual(m.office, { tagged: true });
    assert.equal(problem(map({ pdfa: 'PDF/A-1b', flatten: 'true' })), 'pdfa');
    assert.equal(problem(map({ pdfa: 'PDF/A-2b', userPassword: 'secret' })), 'pdfa');
  });

  test('encryption, embedded files and watermarks map as on the pdfengines routes', () => {
    const m = map(
      { userPassword: 'open', ownerPassword: 'own', allowPrinting: 'false', watermarkSource: 'text', watermarkExpression: 'COPY' },
      [{ field: 'embeds', name: 'data.xml', bytes: Buffer.from('<a/>') }],
    );
    assert.ok(!('problem' in m) && m.after);
    assert.deepEqual(
      m.after.steps.map((s) => s.type),
      ['watermark', 'attachments', 'encrypt'],
    );
    assert.equal((m.after.steps[2].permissions as Record<string, boolean>).print, false);
  });

  test('split: splitMode and splitSpan are the split steps run first; splitUnify keeps the pages in one file', () => {
    const parts = map({ splitMode: 'intervals', splitSpan: '1', metadata: '{"Title":"T"}' });
    assert.ok(!('problem' in parts) && parts.after);
    assert.deepEqual(parts.after.splitSteps, [{ type: 'split', every: 1 }]);
    assert.equal(parts.after.split, 'parts');
    assert.deepEqual(parts.after.steps, [{ type: 'metadata', title: 'T' }]);
    const unified = map({ splitMode: 'pages', splitSpan: '2-', splitUnify: 'true' });
    assert.ok(!('problem' in unified) && unified.after);
    assert.deepEqual(unified.after.splitSteps, [{ type: 'select', pages: '2-' }]);
    assert.equal(unified.after.split, 'unified');
    assert.equal(problem(map({ splitMode: 'pages' })), 'splitMode');
    assert.equal(problem(map({ splitSpan: '2' })), 'splitMode');
    assert.equal(problem(map({ splitUnify: 'true' })), 'splitUnify');
    assert.equal(problem(map({ splitMode: 'intervals', splitSpan: 'two' })), 'splitSpan');
  });

  test('fields of no equivalent are refused by name, Factur-X pointing to e-invoices', () => {
    assert.equal(problem(map({ bookmarks: '[]' })), 'bookmarks');
    assert.equal(problem(map({ exportNotesInMargin: 'true' })), 'exportNotesInMargin');
    const facturx = map({ facturxConformanceLevel: 'EN 16931' });
    assert.ok('problem' in facturx && /e-invoice/.test(facturx.problem.message));
    assert.equal(problem(map({ flatten: 'yes' })), 'flatten');
  });
});
