// The pure rules of page images (domain/jobs/page-images.ts) and visible signatures
// (domain/pdfs/signature-appearance.ts, and a version's render.metadata.pdf.signature.visible).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isSinglePage, pageImagesSpec, selectImagePages } from '../../src/domain/jobs/page-images.js';
import { signatureLines, visibleSignatureProblem } from '../../src/domain/pdfs/signature-appearance.js';
import { validateVersionPdf } from '../../src/render/pdf-options.js';

const spec = (input: Parameters<typeof pageImagesSpec>[0]) => {
  const r = pageImagesSpec(input);
  return 'problem' in r ? r.problem.field : r.spec;
};

test('images: defaults, ranges and the fields each refusal names', () => {
  assert.equal(spec({}), null);
  assert.deepEqual(spec({ images: { format: 'png' } }), { format: 'png', pages: 'all', first: 1, last: null });
  assert.deepEqual(spec({ outputFormat: 'webp' }), { format: 'webp', pages: '1', first: 1, last: 1 });
  assert.deepEqual(spec({ images: { format: 'jpeg', pages: '2-', quality: 60 } }), {
    format: 'jpeg',
    pages: '2-',
    first: 2,
    last: null,
    quality: 60,
  });
  assert.equal(spec({ images: {} }), 'images.format');
  assert.equal(spec({ images: { format: 'png', pages: '0' } }), 'images.pages');
  assert.equal(spec({ images: { format: 'png', pages: '1-201' } }), 'images.pages');
  assert.equal(spec({ images: { format: 'png', width: 15 } }), 'images.width');
  assert.equal(spec({ images: { format: 'png', dpi: 601 } }), 'images.dpi');
  assert.equal(spec({ images: { format: 'png', quality: 50 } }), 'images.quality');
  assert.equal(spec({ outputFormat: 'png', outputMode: 'managed' }), 'outputFormat');
  assert.equal(spec({ outputFormat: 'png', pdfOptions: ['signature'] }), 'signature');
  assert.equal(spec({ outputFormat: 'png', images: { format: 'webp' } }), 'images.format');
});

test('the pages a document of N pages gives', () => {
  assert.deepEqual(selectImagePages({ pages: 'all', first: 1, last: null }, 3), { first: 1, last: 3 });
  assert.deepEqual(selectImagePages({ pages: '2-', first: 2, last: null }, 3), { first: 2, last: 3 });
  assert.match((selectImagePages({ pages: '4', first: 4, last: 4 }, 3) as { problem: string }).problem, /has 3 pages/);
  assert.match((selectImagePages({ pages: 'all', first: 1, last: null }, 250) as { problem: string }).problem, /at most 200/);
  assert.deepEqual(['1', '3-3', '1-2', 'all', '2-'].map(isSinglePage), [true, true, false, false, false]);
});

test('visible signatures: the box rules, for jobs and versions alike', () => {
  const ok = { page: 2, rect: { x: 0, y: 10.5, width: 144, height: 36 } };
  assert.equal(visibleSignatureProblem(ok, 'signature.visible'), null);
  const field = (v: unknown) => visibleSignatureProblem(v, 'v')?.field;
  assert.equal(field(null), 'v');
  assert.equal(field({ ...ok, page: 1.5 }), 'v.page');
  assert.equal(field({ ...ok, rect: { ...ok.rect, height: 17 } }), 'v.rect.height');
  assert.equal(field({ ...ok, rect: { ...ok.rect, x: Number.NaN } }), 'v.rect.x');
  assert.equal(field({ ...ok, rect: { ...ok.rect, depth: 1 } }), 'v.rect.depth');
  assert.equal(field({ ...ok, colour: 'red' }), 'v.colour');
  assert.equal(validateVersionPdf({ signature: { certificateId: 'scert_abc', visible: ok } }), null);
  assert.equal(
    validateVersionPdf({ signature: { certificateId: 'scert_abc', visible: { ...ok, rect: { ...ok.rect, width: 1 } } } })?.field,
    'render.metadata.pdf.signature.visible.rect.width',
  );
});

test('what a visible signature says', () => {
  assert.deepEqual(signatureLines({ signer: 'Jane Roe', signingTime: new Date(Date.UTC(2026, 10, 24, 9, 5, 7)), reason: 'Approved' }), [
    'Digitally signed by Jane Roe',
    'Date: 2026-11-24 09:05 UTC',
    'Reason: Approved',
  ]);
});
