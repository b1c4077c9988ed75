// Long documents in parts (domain/jobs/document-parts.ts, pdf/join-parts.ts): the option's rules, how a payload is cut into the
// parts' payloads, where each part's pages start, which parts option a job prints by, and how the outline nests.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  effectiveParts,
  markedPartCount,
  markedPartsProblem,
  partOffsets,
  partsPayloadProblem,
  splitPayload,
  validateParts,
} from '../../src/domain/jobs/document-parts.js';
import { parseDestinations } from '../../src/pdf/destinations.js';
import { nestHeadings } from '../../src/pdf/join-parts.js';

test('pdf.parts: an array path and a size, the size defaulting to 1000', () => {
  assert.deepEqual(validateParts({ items: 'report.rows' }), { ok: true, value: { items: 'report.rows', size: 1000 } });
  assert.deepEqual(validateParts({ items: 'rows', size: 250 }), { ok: true, value: { items: 'rows', size: 250 } });
  for (const bad of [
    null,
    'rows',
    { items: '' },
    { items: 'a..b' },
    { items: 'rows', size: 1.5 },
    { items: 'rows', size: 100_001 },
    { items: 'rows', extra: 1 },
    { items: 'rows', marks: true },
    {},
  ])
    assert.equal(validateParts(bad).ok, false, JSON.stringify(bad));
});

test('pdf.parts.marks: true names data-folio-part, a string is a selector, the size defaulting to 1', () => {
  assert.deepEqual(validateParts({ marks: true }), { ok: true, value: { marks: '[data-folio-part]', size: 1 } });
  assert.deepEqual(validateParts({ marks: ' tbody > tr ', size: 500 }), { ok: true, value: { marks: 'tbody > tr', size: 500 } });
  for (const bad of [{ marks: false }, { marks: '' }, { marks: '  ' }, { marks: 'x'.repeat(501) }, { marks: 3 }, { marks: true, size: 0 }])
    assert.equal(validateParts(bad).ok, false, JSON.stringify(bad));
  assert.equal(partsPayloadProblem({ marks: 'section', size: 1 }, Buffer.from('not json'), false), null, 'any payload');
});

test('marked elements make a part per size of them, one part when there are none, at most 1000', () => {
  assert.equal(markedPartCount(0, 1), 1);
  assert.equal(markedPartCount(7, 2), 4);
  assert.equal(markedPartsProblem(1000, { marks: 'tr', size: 1 }), null);
  assert.match(
    markedPartsProblem(1001, { marks: 'tr', size: 1 }) ?? '',
    /1001 elements match tr and make 1001 parts; at most 1000 \(raise pdf.parts.size\)/,
  );
});

test('a payload is cut into parts: each has its slice of the array, the rest of the payload, and _part', () => {
  const payload = { title: 'Report', report: { currency: 'EUR', rows: [1, 2, 3, 4, 5] } };
  const split = splitPayload(payload, { items: 'report.rows', size: 2 });
  assert.ok(split.ok);
  assert.deepEqual(
    split.parts.map((p) => (p.payload.report as { rows: number[] }).rows),
    [[1, 2], [3, 4], [5]],
  );
  assert.deepEqual(split.parts[1]!.payload, {
    title: 'Report',
    report: { currency: 'EUR', rows: [3, 4] },
    _part: { index: 1, count: 3, first: false, last: false, itemOffset: 2, itemTotal: 5 },
  });
  assert.deepEqual(payload.report.rows, [1, 2, 3, 4, 5], 'the job payload is left as it was');
  const empty = splitPayload({ rows: [] }, { items: 'rows', size: 10 });
  assert.ok(empty.ok && empty.parts.length === 1 && empty.parts[0]!.info.first && empty.parts[0]!.info.last, 'an empty array is one part');
});

test('a payload without the array, or with too many parts, is refused with the reason', () => {
  assert.match(partsPayloadProblem({ items: 'rows', size: 10 }, Buffer.from('{"rows": {"a": 1}}'), true)!, /no array at rows/);
  assert.match(partsPayloadProblem({ items: 'rows', size: 10 }, Buffer.from('not json'), false)!, /needs a JSON object payload/);
  assert.match(
    partsPayloadProblem({ items: 'rows', size: 1 }, Buffer.from(JSON.stringify({ rows: new Array(1001).fill(0) })), true)!,
    /at most 1000/,
  );
  assert.equal(partsPayloadProblem({ items: 'rows', size: 10 }, Buffer.from('{"rows": [1]}'), true), null);
});

test("each part's pages start after the pages of the parts before it", () => {
  assert.deepEqual(partOffsets([13, 12, 12, 8]), { offsets: [0, 13, 25, 37], total: 45 });
});

test("a job prints by its own print.parts, else by its version's render.metadata.pdf.parts", () => {
  const version = JSON.stringify({ pdf: { parts: { items: 'lines', size: 50 } } });
  assert.deepEqual(effectiveParts({ parts: { items: 'rows', size: 5 } }, version), { items: 'rows', size: 5 });
  assert.deepEqual(effectiveParts(undefined, version), { items: 'lines', size: 50 });
  assert.equal(effectiveParts(undefined, JSON.stringify({ pdf: { tagged: true } })), null);
  assert.equal(effectiveParts(undefined, null), null);
});

test('the outline nests each heading under the nearest one before it of a lower level', () => {
  const h = (level: number, title: string, page: number) => ({ level, title, page, view: ['/XYZ', 0, 700, null] });
  const tree = nestHeadings([
    h(2, 'Contents', 1),
    h(1, 'Part I', 2),
    h(2, '1.1', 2),
    h(3, '1.1.1', 3),
    h(2, '1.2', 4),
    h(1, 'Part II', 5),
    h(3, 'deep', 5),
  ]);
  const shape = (items: typeof tree): unknown => items.map((i) => (i.kids.length ? { [i.title]: shape(i.kids) } : i.title));
  assert.deepEqual(shape(tree), ['Contents', { 'Part I': [{ '1.1': ['1.1.1'] }, '1.2'] }, { 'Part II': ['deep'] }]);
});

test("pdfinfo's destinations: page, view type and operands", () => {
  const views = parseDestinations(
    'Page  Destination                 Name\n   3 [ XYZ    6  757 null      ] "ch-1"\n  12 [ Fit       ] "a%20b"\n',
  );
  assert.deepEqual(views.get('ch-1'), { page: 3, view: ['/XYZ', 6, 757, null] });
  assert.deepEqual(views.get('a b'), { page: 12, view: ['/Fit'] });
});
