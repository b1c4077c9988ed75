// The Gotenberg Chromium form mapped onto a job (src/domain/gotenberg-form.ts), called directly: lengths
// with and without units, header and footer templates, the failOn fields, PDF/A and metadata, and the
// screenshot route's defaults. The routes' refusals and authentication are
// test/integration/gotenberg-forms.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mapChromiumForm } from '../../src/domain/gotenberg/chromium-form.js';

test('mapping: lengths with and without units, templates, failOn, screenshot defaults', () => {
  const m = mapChromiumForm(
    'convert',
    new Map([
      ['paperWidth', '8.27'],
      ['paperHeight', '297mm'],
      ['marginLeft', '595pt'],
      ['landscape', 'true'],
      ['failOnConsoleExceptions', 'true'],
      ['failOnResourceHttpStatusCodes', '[499,599]'],
      ['emulatedMediaType', 'screen'],
      ['nativePageRanges', '1-2'],
      ['pdfa', 'PDF/A-3b'],
      ['metadata', '{"Title":"T","Keywords":"a, b"}'],
    ]),
    { footer: '<p>f</p>' },
  );
  assert.ok(!('problem' in m));
  assert.deepEqual(m.print, {
    printBackground: false,
    width: '8.27in',
    height: '297mm',
    margin: { left: '595pt' },
    landscape: true,
    mediaType: 'screen',
    pageRanges: '1-2',
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate: '<p>f</p>',
    outline: false,
  });
  assert.deepEqual(m.failOn, ['page_exception', 'http_error_status']);
  // Metadata is a step (it writes every exiftool key Folio knows, not only the five of pdf.metadata).
  assert.deepEqual(m.pdf, { standard: 'pdf/a-3b' });
  assert.deepEqual(m.steps, [{ type: 'metadata', title: 'T', keywords: ['a', 'b'] }]);
  const shot = mapChromiumForm(
    'screenshot',
    new Map([
      ['format', 'jpeg'],
      ['quality', '70'],
      ['width', '640'],
    ]),
    {},
  );
  assert.ok(!('problem' in shot));
  assert.equal(shot.outputFormat, 'jpeg');
  assert.deepEqual(shot.images, { pages: '1', quality: 70, width: 640 });
  assert.equal(shot.print.mediaType, 'screen');
});
