import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSteps, selectPages } from '../../src/domain/pdfs/pdf-steps.js';

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
  const long = checkSteps([{ type: 'fillForm', fields: { a: 'x'.repeat(10_001) } }]);
  assert.ok('problem' in long && long.problem.message.includes('at most 10000 characters'), JSON.stringify(long));
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

test('stamps: exactly one of text, image or pdf; fields of the other kinds refused', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');
  const field = (step: unknown) => {
    const r = checkSteps([step]);
    return 'problem' in r ? r.problem.field : null;
  };
  assert.equal(field({ type: 'stamp', text: 'A', image: { contentBase64: png } }), 'steps[0].image');
  assert.equal(field({ type: 'stamp' }), 'steps[0].text');
  assert.equal(field({ type: 'stamp', image: { contentBase64: png } }), null);
  assert.equal(field({ type: 'stamp', image: { contentBase64: 'aGVsbG8=' } }), 'steps[0].image.contentBase64');
  assert.equal(field({ type: 'stamp', image: { contentBase64: png }, fontSize: 12 }), 'steps[0].fontSize');
  assert.equal(field({ type: 'stamp', text: 'A', width: 12 }), 'steps[0].width');
  assert.equal(field({ type: 'watermark', pdf: { pdfId: 'pdf_1', page: 0 } }), 'steps[0].pdf.page');
  const r = checkSteps([{ type: 'watermark', pdf: { pdfId: 'pdf_1' }, width: 100 }]);
  assert.ok('steps' in r);
  assert.deepEqual((r.steps[0] as { pdf: unknown }).pdf, { pdfId: 'pdf_1', page: 1 });
  assert.equal((r.steps[0] as { layer: string }).layer, 'under');
  const big = 'A'.repeat(Math.ceil((2 * 1024 * 1024 + 3) / 3) * 4);
  assert.equal(field({ type: 'stamp', image: { contentBase64: png.slice(0, 20) + big.slice(20) } }), 'steps[0].image.contentBase64');
});

test('new steps: shapes of merge, attachments, outline, encrypt, sign, timestamp', () => {
  const field = (steps: unknown) => {
    const r = checkSteps(steps);
    return 'problem' in r ? r.problem.field : null;
  };
  assert.equal(field([{ type: 'merge', pdfIds: [] }]), 'steps[0].pdfIds');
  assert.equal(
    field([{ type: 'attachments', add: [{ name: 'a/b', contentBase64: 'YQ==', mimeType: 'text/plain' }] }]),
    'steps[0].add[0].name',
  );
  assert.equal(
    field([{ type: 'attachments', add: [{ name: 'a.txt', contentBase64: 'YQ=', mimeType: 'text/plain' }] }]),
    'steps[0].add[0].contentBase64',
  );
  assert.equal(
    field([{ type: 'outline', entries: [{ title: 'A', page: 1, children: [{ title: '', page: 1 }] }] }]),
    'steps[0].entries[0].children[0].title',
  );
  assert.equal(field([{ type: 'encrypt' }]), 'steps[0].ownerPassword');
  assert.equal(field([{ type: 'encrypt', ownerPassword: 'o', permissions: { fly: true } }]), 'steps[0].permissions.fly');
  assert.equal(field([{ type: 'sign' }]), 'steps[0].certificateId');
  assert.equal(field([{ type: 'sign', certificateId: 'scert_1', timestamp: 'yes' }]), 'steps[0].timestamp');
  assert.equal(field([{ type: 'timestamp', url: 'x' }]), 'steps[0].url');
  const r = checkSteps([{ type: 'encrypt', ownerPassword: 'o', permissions: { print: false } }]);
  assert.ok('steps' in r);
  assert.deepEqual(r.steps[0], {
    type: 'encrypt',
    ownerPassword: 'o',
    permissions: {
      print: false,
      printHighQuality: false,
      copy: true,
      modify: true,
      annotate: true,
      fillForms: true,
      accessibility: true,
      assemble: true,
    },
  });
});

test('order rules: nothing that rewrites after sign or timestamp; encrypt before sign; no timestamp with encrypt', () => {
  const problem = (steps: unknown) => {
    const r = checkSteps(steps);
    return 'problem' in r ? r.problem : null;
  };
  const sign = { type: 'sign', certificateId: 'scert_1' };
  const encrypt = { type: 'encrypt', ownerPassword: 'o' };
  const stamp = { type: 'stamp', text: 'X' };
  assert.equal(problem([stamp, { type: 'split', every: 1 }, encrypt, { ...sign, timestamp: true }]), null);
  assert.equal(problem([stamp, sign, { type: 'timestamp' }, { type: 'timestamp' }]), null);
  const after = problem([sign, stamp]);
  assert.equal(after?.field, 'steps[1]');
  assert.match(after!.message, /break its signature/);
  assert.equal(problem([{ type: 'timestamp' }, { type: 'rotate', angle: 90 }])?.field, 'steps[1]');
  assert.equal(problem([sign, encrypt])?.field, 'steps[1]');
  assert.equal(problem([encrypt, stamp])?.field, 'steps[1]');
  assert.equal(problem([sign, sign])?.field, 'steps[1]');
  assert.equal(problem([{ type: 'timestamp' }, sign])?.field, 'steps[1]');
  assert.match(problem([encrypt, { type: 'timestamp' }])!.message, /encrypted/);
  assert.equal(problem([{ type: 'optimize' }, sign])?.field, 'steps[1]');
  assert.equal(problem([{ type: 'optimize' }, encrypt])?.field, undefined);
  assert.equal(
    problem([
      { type: 'merge', pdfIds: ['pdf_1'] },
      { type: 'outline', entries: [{ title: 'A', page: 1 }] },
    ]),
    null,
  );
});
