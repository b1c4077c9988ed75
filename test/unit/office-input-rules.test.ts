// The rules an Office document meets before LibreOffice reads it (domain/office/office-input.ts), its options as
// LibreOffice's export settings (domain/office/office-options.ts), Gotenberg's LibreOffice fields
// (domain/gotenberg-libreoffice.ts), and which inline sources name an Office entry (domain/jobs/job-sources.ts).
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { describe, test } from 'node:test';
import { checkOfficeInput, isOfficeFileName, OFFICE_ZIP_LIMITS } from '../../src/domain/office/office-input.js';
import { officeFilterData, officeOptionsProblem } from '../../src/domain/office/office-options.js';
import { mapLibreOfficeForm } from '../../src/domain/gotenberg/libreoffice.js';
import { inlineShapeProblem } from '../../src/domain/jobs/job-sources.js';

/** A stored-or-deflated zip of these entries, written by hand (local headers, central directory, end record). */
function zip(entries: Array<{ name: string; data: Buffer; deflate?: boolean }>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const body = e.deflate ? zlib.deflateRawSync(e.data) : e.data;
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(e.deflate ? 8 : 0, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(e.deflate ? 8 : 0, 10);
    cd.writeUInt32LE(body.length, 20);
    cd.writeUInt32LE(e.data.length, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    central.push(cd, name);
    offset += 30 + name.length + body.length;
  }
  const cdBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cdBytes, end]);
}

const CFB = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]);
/** A protected OOXML document: an OLE file whose directory names the EncryptionInfo stream. */
const ENCRYPTED_OOXML = Buffer.concat([CFB, Buffer.from('EncryptionInfo', 'utf16le'), Buffer.alloc(64)]);
const docx = zip([
  { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
  { name: 'word/document.xml', data: Buffer.from('<w:document/>'), deflate: true },
]);
const odt = (encrypted: boolean) =>
  zip([
    { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.text') },
    {
      name: 'META-INF/manifest.xml',
      data: Buffer.from(`<manifest:manifest>${encrypted ? '<manifest:encryption-data/>' : ''}</manifest:manifest>`),
      deflate: true,
    },
  ]);

describe('Office input rules', () => {
  test('the extensions Folio converts', () => {
    for (const n of ['a.docx', 'A.XLSX', 'x/y.pptx', 'a.odt', 'a.ods', 'a.odp', 'a.doc', 'a.xls', 'a.ppt', 'a.rtf', 'a.txt', 'a.csv'])
      assert.ok(isOfficeFileName(n), n);
    for (const n of ['a.html', 'a.md', 'a.pdf', 'a.docm', 'docx', 'a.exe']) assert.ok(!isOfficeFileName(n), n);
  });

  test('a document is what its extension says', () => {
    assert.deepEqual(checkOfficeInput('r.docx', docx, false), { ok: true, container: 'ooxml', encrypted: false });
    assert.equal(checkOfficeInput('r.xls', CFB, false).ok, true);
    assert.equal(checkOfficeInput('r.doc', Buffer.from('{\\rtf1 hello}'), false).ok, true, 'Word saves RTF as .doc');
    assert.equal(checkOfficeInput('r.csv', Buffer.from('a,b\n1,2\n'), false).ok, true);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200', 'hex');
    for (const [name, bytes] of [
      ['photo.docx', png],
      ['photo.txt', png],
      ['doc.pptx', CFB],
      ['zip.doc', docx],
      ['empty.docx', Buffer.alloc(0)],
      ['plain.docx', zip([{ name: 'readme.txt', data: Buffer.from('hi') }])],
      ['truncated.docx', docx.subarray(0, 40)],
    ] as const) {
      const v = checkOfficeInput(name, bytes, false);
      assert.equal(v.ok, false, name);
      assert.equal(!v.ok && v.code, 'office_input_invalid', name);
    }
  });

  test('zip bombs are refused by their directory: expanded size, ratio, entry count', () => {
    const big = zip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.alloc(8 * 1024 * 1024), deflate: true },
    ]);
    const v = checkOfficeInput('bomb.docx', big, false);
    assert.ok(!v.ok && v.code === 'office_input_invalid' && /expand \d+ times/.test(v.message), JSON.stringify(v));
    const many = zip(Array.from({ length: OFFICE_ZIP_LIMITS.maxEntries + 1 }, (_, i) => ({ name: `f${i}`, data: Buffer.alloc(0) })));
    const m = checkOfficeInput('many.docx', many, false);
    assert.ok(!m.ok && /zip entries/.test(m.message), JSON.stringify(m));
  });

  test('a protected document needs its password: OOXML in an OLE container, ODF by its manifest', () => {
    const v = checkOfficeInput('locked.docx', ENCRYPTED_OOXML, false);
    assert.ok(!v.ok && v.code === 'office_password_required');
    assert.deepEqual(checkOfficeInput('locked.docx', ENCRYPTED_OOXML, true), { ok: true, container: 'ooxml', encrypted: true });
    const o = checkOfficeInput('locked.odt', odt(true), false);
    assert.ok(!o.ok && o.code === 'office_password_required');
    assert.deepEqual(checkOfficeInput('locked.odt', odt(true), true), { ok: true, container: 'odf', encrypted: true });
    assert.deepEqual(checkOfficeInput('open.odt', odt(false), false), { ok: true, container: 'odf', encrypted: false });
  });

  test("options become LibreOffice's export settings, and bad ones are named", () => {
    assert.deepEqual(
      officeFilterData({
        pageRanges: '1-3, 5',
        pdfa: 'PDF/A-2b',
        tagged: true,
        singlePageSheets: true,
        maxImageResolution: 300,
        quality: 80,
      }),
      {
        PageRange: '1-3,5',
        SelectPdfVersion: 2,
        UseTaggedPDF: true,
        SinglePageSheets: true,
        ReduceImageResolution: true,
        MaxImageResolution: 300,
        Quality: 80,
      },
    );
    assert.deepEqual(officeFilterData({}), {});
    assert.equal(officeOptionsProblem({ pageRanges: '2-,7' }), null);
    assert.match(officeOptionsProblem({ pageRanges: 'first' })!, /^office\.pageRanges/);
    assert.match(officeOptionsProblem({ quality: 0 })!, /^office\.quality/);
  });

  test("Gotenberg's LibreOffice fields map to office options; others are refused by name", () => {
    const m = mapLibreOfficeForm(
      new Map([
        ['landscape', 'true'],
        ['nativePageRanges', '1-2'],
        ['pdfa', 'PDF/A-1b'],
        ['pdfua', 'true'],
        ['merge', 'true'],
        ['exportFormFields', 'false'],
        ['reduceImageResolution', 'true'],
        ['maxImageResolution', '150'],
      ]),
    );
    assert.deepEqual(m, {
      office: { landscape: true, pageRanges: '1-2', pdfa: 'PDF/A-1b', tagged: true, exportFormFields: false, maxImageResolution: 150 },
      merge: true,
    });
    const bad = mapLibreOfficeForm(new Map([['splitMode', 'pages']]));
    assert.ok('problem' in bad && bad.problem.field === 'splitMode');
    const notBool = mapLibreOfficeForm(new Map([['landscape', 'yes']]));
    assert.ok('problem' in notBool && notBool.problem.field === 'landscape');
  });

  test('inline sources name one entry document: html, markdown or an Office entry', () => {
    assert.equal(inlineShapeProblem({ entry: 'a.docx', files: {}, hasPayload: false }, undefined), null);
    assert.equal(inlineShapeProblem({ entry: 'a.docx', html: '<p>', hasPayload: false }, undefined)?.field, 'entry');
    assert.equal(inlineShapeProblem({ entry: 'a.docx', engine: 'handlebars', hasPayload: false }, undefined)?.field, 'engine');
    assert.equal(inlineShapeProblem({ entry: 'a.docx', deployId: 'dep_1', hasPayload: false }, undefined)?.field, 'entry');
  });
});
