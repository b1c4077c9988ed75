// The pure rules of inline sources (src/domain/jobs/inline-sources.ts): order of refusals, the fields they name,
// the ceilings that hold whatever the plan.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkInlineSources, inlineFileField } from '../../src/domain/jobs/inline-sources.js';
import { MAX_INLINE_BYTES_CEILING, MAX_INLINE_FILES_CEILING } from '../../src/domain/accounts/plans.js';

const open = { maxInlineHtmlBytes: null, maxInlineFilesPerJob: null, maxInlineBytesPerJob: null };
const MiB = 1024 * 1024;
const field = (r: ReturnType<typeof checkInlineSources>) => (r.ok ? null : [r.code, r.details.field, r.details.limit]);

describe('inline source rules', () => {
  test('the html becomes /index.html, files keep the request order under normalised paths', () => {
    const r = checkInlineSources({ html: '<p>é</p>', files: { 'b.css': 'AA==', '/img/a.png': 'AAE=' } }, open, 10 * MiB);
    assert.ok(r.ok);
    assert.deepEqual(
      r.files.map((f) => [f.path, f.bytes.length]),
      [
        ['/index.html', 9],
        ['/b.css', 1],
        ['/img/a.png', 2],
      ],
    );
    assert.equal(r.totalBytes, 12);
  });

  test('refusals name the field as sent, first refusal wins', () => {
    const p = { maxInlineHtmlBytes: 10, maxInlineFilesPerJob: 2, maxInlineBytesPerJob: 20 };
    assert.deepEqual(field(checkInlineSources({ html: '' }, p, 10 * MiB)), ['invalid_request', 'html', undefined]);
    assert.deepEqual(field(checkInlineSources({ html: 'x'.repeat(11) }, p, 10 * MiB)), ['body_too_large', 'html', 'maxInlineHtmlBytes']);
    assert.deepEqual(field(checkInlineSources({ html: 'x', files: { a: '', b: '', c: '' } }, p, 10 * MiB)), [
      'body_too_large',
      'files',
      'maxInlineFilesPerJob',
    ]);
    assert.deepEqual(field(checkInlineSources({ html: 'x', files: { 'a/../b': 'AA==' } }, p, 10 * MiB)), [
      'invalid_path',
      'files["a/../b"]',
      undefined,
    ]);
    assert.deepEqual(field(checkInlineSources({ html: 'x', files: { 'x.png': 'AA=' } }, p, 10 * MiB)), [
      'invalid_request',
      'files["x.png"]',
      undefined,
    ]);
    assert.deepEqual(field(checkInlineSources({ html: 'x', files: { 'x.png': 'AAAAAAAA' } }, p, 4)), [
      'body_too_large',
      'files["x.png"]',
      undefined,
    ]);
    assert.deepEqual(field(checkInlineSources({ html: 'x'.repeat(10), files: { a: 'A'.repeat(16) } }, p, 10 * MiB)), [
      'body_too_large',
      'files',
      'maxInlineBytesPerJob',
    ]);
    assert.equal(inlineFileField('a"b'), 'files["a\\"b"]');
  });

  test('the ceilings hold on a plan without limits', () => {
    const many = Object.fromEntries(Array.from({ length: MAX_INLINE_FILES_CEILING + 1 }, (_, i) => [`f${i}.css`, '']));
    assert.deepEqual(field(checkInlineSources({ html: 'x', files: many }, open, 10 * MiB)), [
      'body_too_large',
      'files',
      'maxInlineFilesPerJob',
    ]);
    const big = Buffer.alloc(9 * MiB).toString('base64');
    assert.deepEqual(field(checkInlineSources({ html: 'x', files: { a: big, b: big } }, open, 10 * MiB)), [
      'body_too_large',
      'files',
      'maxInlineBytesPerJob',
    ]);
    assert.ok(2 * 9 * MiB > MAX_INLINE_BYTES_CEILING);
  });
});
