// A signature's reason, location and contact info follow one rule wherever a signature is asked for: a
// version's render.metadata.pdf.signature and a PDF job's sign step give the same answer (a job's
// `signature` goes through the same function, services/jobs/job-documents.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSteps } from '../../src/domain/pdfs/pdf-steps.js';
import { MAX_SIGNATURE_TEXT, signatureTextProblem } from '../../src/domain/pdfs/signature-text.js';
import { validateVersionPdf } from '../../src/render/pdf-options.js';

test('one rule for reason, location and contact info, at commit and in a sign step', () => {
  const long = 'x'.repeat(MAX_SIGNATURE_TEXT + 1);
  const version = validateVersionPdf({ signature: { certificateId: 'scert_a', reason: long } });
  assert.deepEqual(version, signatureTextProblem({ reason: long }, 'render.metadata.pdf.signature'));
  assert.match(version!.message, /^render\.metadata\.pdf\.signature\.reason must be a string of at most 500 characters/);
  const step = checkSteps([{ type: 'sign', certificateId: 'scert_a', location: 'Dublin\u0001' }]);
  assert.ok('problem' in step);
  assert.deepEqual(step.problem, signatureTextProblem({ location: 'Dublin\u0001' }, 'steps[0]'));
  assert.equal(signatureTextProblem({ reason: 'x'.repeat(MAX_SIGNATURE_TEXT), contactInfo: '' }, 'signature'), null);
  assert.equal(validateVersionPdf({ signature: { certificateId: 'scert_a', reason: 'Invoice issued' } }), null);
});
