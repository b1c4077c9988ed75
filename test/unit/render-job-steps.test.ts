// The rules of a render job's `steps` (domain/jobs/render-job-steps.ts): a PDF job's steps and order rules, no
// split, and what cannot hold with the job's other document options, each problem naming the step.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkRenderJobSteps, renderJobStepsConflict, stepsView } from '../../src/domain/jobs/render-job-steps.js';
import type { PdfStep } from '../../src/domain/pdfs/pdf-steps.js';

const steps = (raw: unknown[]): PdfStep[] => {
  const r = checkRenderJobSteps(raw);
  assert.ok('steps' in r, JSON.stringify(r));
  return r.steps;
};
const plain = { standard: 'none' as const, protection: false, signature: false };

describe('steps of a render job', () => {
  test('the steps of a PDF job, with their defaults', () => {
    const s = steps([{ type: 'watermark', text: 'DRAFT' }, { type: 'flatten' }]);
    assert.equal(s[0]!.type, 'watermark');
    assert.deepEqual(stepsView(s), ['watermark', 'flatten']);
  });

  test('split is refused: a render job makes one PDF', () => {
    const r = checkRenderJobSteps([
      { type: 'rotate', angle: 90 },
      { type: 'split', every: 2 },
    ]);
    assert.ok('problem' in r);
    assert.equal(r.problem.field, 'steps[1]');
    assert.match(r.problem.message, /pdf-jobs/);
  });

  test("a PDF job's own rules still name the field", () => {
    const r = checkRenderJobSteps([{ type: 'stamp', text: 'x', opacity: 2 }]);
    assert.ok('problem' in r);
    assert.equal(r.problem.field, 'steps[0].opacity');
  });

  test('a text stamp cannot go into a PDF/A document; a rotation can', () => {
    const p = renderJobStepsConflict(
      steps([
        { type: 'rotate', angle: 90 },
        { type: 'stamp', text: 'PAID' },
      ]),
      {
        ...plain,
        standard: 'pdf/a-3b',
      },
    );
    assert.equal(p?.field, 'steps[1]');
    assert.match(p!.message, /pdf\/a-3b/);
    assert.equal(renderJobStepsConflict(steps([{ type: 'rotate', angle: 90 }]), { ...plain, standard: 'pdf/a-2b' }), null);
    assert.equal(renderJobStepsConflict(steps([{ type: 'stamp', text: 'PAID' }]), plain), null);
  });

  test('optimize cannot come before an encryption or a signature', () => {
    const s = steps([{ type: 'flatten' }, { type: 'optimize' }]);
    assert.equal(renderJobStepsConflict(s, { ...plain, protection: true })?.field, 'steps[1]');
    assert.match(renderJobStepsConflict(s, { ...plain, signature: true })!.message, /signature/);
    assert.equal(renderJobStepsConflict(s, plain), null);
  });
});

describe('split by the outline', () => {
  test('one group per top-level entry, from its page to the next; leading pages join the first', async () => {
    const { outlineGroups } = await import('../../src/pdf/outline-read.js');
    assert.deepEqual(outlineGroups([2, 4], 6), [
      [0, 1, 2, 3],
      [4, 5],
    ]);
    assert.deepEqual(outlineGroups([0, 0, 3], 4), [[0, 1, 2], [3]]);
    assert.deepEqual(outlineGroups([], 3), []);
  });
});
