// Pure rules behind the file links: which Range headers are served, ignored or unsatisfiable (RFC 9110
// §14), and PDF file names without bidi controls. The HTTP side is test/e2e/file-links.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseByteRange } from '../../src/domain/byte-range.js';
import { pdfFileName, withoutBidiControls } from '../../src/domain/jobs/file-name.js';

test('Range: one bytes range is served; other units, malformed and multi-range sets are ignored; past the end is 416', () => {
  const size = 100;
  assert.equal(parseByteRange(undefined, size), null);
  assert.deepEqual(parseByteRange('bytes=0-5', size), { start: 0, end: 5 });
  assert.deepEqual(parseByteRange('Bytes=10-', size), { start: 10, end: 99 }, 'units are case-insensitive');
  assert.deepEqual(parseByteRange('bytes=-5', size), { start: 95, end: 99 });
  assert.deepEqual(parseByteRange('bytes=-500', size), { start: 0, end: 99 });
  assert.deepEqual(parseByteRange('bytes=90-500', size), { start: 90, end: 99 });
  for (const ignored of ['items=0-5', 'none', '=0-5', 'bytes=', 'bytes=-', 'bytes=a-b', 'bytes=0-1,3-4', 'bytes=9-3', 'bytes 0-5']) {
    assert.equal(parseByteRange(ignored, size), null, ignored);
  }
  for (const unsatisfiable of ['bytes=100-', 'bytes=500-600', 'bytes=-0']) {
    assert.equal(parseByteRange(unsatisfiable, size), 'unsatisfiable', unsatisfiable);
  }
  assert.equal(parseByteRange('bytes=-5', 0), 'unsatisfiable', 'an empty file has no last bytes');
});

test('PDF file names lose every bidi control character (RTL override and friends)', () => {
  const controls = ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
  for (const c of controls) {
    assert.equal(
      pdfFileName({ template: `invoice${c}fdp.exe`, slug: 's', businessKey: 'b', jobId: 'job_1' }),
      'invoicefdp.exe.pdf',
      `U+${c.codePointAt(0)!.toString(16)}`,
    );
  }
  assert.equal(pdfFileName({ slug: 'inv', businessKey: '\u202e42', jobId: 'job_1' }), 'inv-42.pdf', 'also from the business key');
  assert.equal(
    pdfFileName({ template: '\u202e\u202e', slug: 's', businessKey: 'b', jobId: 'job_1' }),
    'job_1.pdf',
    'nothing left → the job id',
  );
  assert.equal(withoutBidiControls('Rechnung für Müller ‏עברית'), 'Rechnung für Müller עברית', 'letters of any script stay');
});
