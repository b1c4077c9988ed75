import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePageRanges } from '../../src/domain/pdfs/page-ranges.js';

test('page ranges: pages and ranges in the order written, N- to the end, repeats kept', () => {
  assert.deepEqual(parsePageRanges('1-3,5', 6, 100), { pages: [0, 1, 2, 4] });
  assert.deepEqual(parsePageRanges('5, 2 - 3,4-', 6, 100), { pages: [4, 1, 2, 3, 4, 5] });
  assert.deepEqual(parsePageRanges('2,2', 2, 100), { pages: [1, 1] });
});

test('page ranges: every mistake is named', () => {
  const problem = (spec: string, count = 5, max = 100) => {
    const r = parsePageRanges(spec, count, max);
    assert.ok('problem' in r, `${spec} should be refused`);
    return r.problem;
  };
  assert.match(problem('a-b'), /"a-b" is not one/);
  assert.match(problem(''), /must be a list/);
  assert.match(problem('0'), /counts pages from 1/);
  assert.match(problem('4-2'), /runs backwards/);
  assert.match(problem('6'), /names page 6, but the PDF has 5 pages/);
  assert.match(problem('1-', 5, 3), /selects more than 3 pages/);
});
