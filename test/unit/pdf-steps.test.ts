import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSteps, selectPages } from '../../src/domain/pdf-steps.js';

test('page selections: ranges in order, open ranges, exclusions, only exclusions, all', () => {
  assert.deepEqual(selectPages('1-3,!2', 5), { pages: [0, 2] });
  assert.deepEqual(selectPages('5-', 7), { pages: [4, 5, 6] });
  assert.deepEqual(selectPages('!1', 3), { pages: [1, 2] });
  assert.deepEqual(selectPages('3,1', 3), { pages: [2, 0] });
  assert.deepEqual(selectPages('all,!2-3', 4), { pages: [0, 3] });
  for (const [spec, problem] of [
    ['0', /from 1/],
    ['3-1', /backwards/],
    ['9', /has 4 pages/],
    ['1,!1', /no page/],
    ['x', /not one/],
  ] as const)
    assert.match((selectPages(spec, 4) as { problem: string }).problem, problem, spec);
});

test('steps: defaults of stamp and watermark', () => {
  const r = checkSteps([
    { type: 'stamp', text: 'PAID' },
    { type: 'watermark', text: 'DRAFT' },
  ]);
  assert.ok('steps' in r);
  assert.deepEqual(r.steps[0], {
    type: 'stamp',
    text: 'PAID',
    fontSize: 36,
    color: '#d00000',
    opacity: 1,
    rotation: 0,
    position: 'center',
    pages: null,
    layer: 'over',
  });
  assert.equal((r.steps[1] as { layer: string }).layer, 'under');
});

test('steps: each problem names its field; order rules', () => {
  const field = (steps: unknown) => {
    const r = checkSteps(steps);
    return 'problem' in r ? r.problem.field : null;
  };
  assert.equal(field([{ type: 'rotate', angle: 45 }]), 'steps[0].angle');
  assert.equal(field([{ type: 'stamp', text: 'X', color: 'red' }]), 'steps[0].color');
  assert.equal(field([{ type: 'stamp', text: 'X', position: { x: 1 } }]), 'steps[0].position');
  assert.equal(field([{ type: 'stamp', text: 'Ω' }]), 'steps[0].text');
  assert.equal(field([{ type: 'flatten', extra: 1 }]), 'steps[0].extra');
  assert.equal(field([{ type: 'split', every: 2, ranges: ['1'] }]), 'steps[0]');
  assert.equal(field([{ type: 'fillForm', fields: { a: 1 } }]), 'steps[0].fields.a');
  assert.equal(field([{ type: 'optimize' }, { type: 'flatten' }]), 'steps[0]');
  assert.equal(
    field([
      { type: 'split', every: 2 },
      { type: 'rotate', angle: 90 },
    ]),
    'steps[0]',
  );
  assert.equal(field([{ type: 'flatten' }, { type: 'fillForm', fields: { a: 'b' } }]), 'steps[1]');
  assert.equal(field([{ type: 'split', every: 2 }, { type: 'optimize' }]), null);
  assert.equal(field(Array.from({ length: 21 }, () => ({ type: 'flatten' }))), 'steps');
});
