// A PDF job run in the request has one time limit for all its work (sandbox, qpdf, each timestamp): every
// piece gets at most what is left of it, and none starts once it is spent.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AppError } from '../../src/errors/app-error.js';
import { timeLeft } from '../../src/services/pdfs/pdf-step-finish.js';

test('each piece of work gets at most what is left of the job; none starts past the deadline', () => {
  const now = performance.now();
  assert.equal(timeLeft(now + 100_000, 60_000, 120_000, 'steps[1]'), 60_000);
  const left = timeLeft(now + 5_000, 60_000, 120_000, 'steps[1]');
  assert.ok(left <= 5_000 && left > 4_000, String(left));
  assert.throws(
    () => timeLeft(now - 1, 10_000, 120_000, 'steps[2]'),
    (err: unknown) =>
      err instanceof AppError &&
      err.code === 'pdf_step_failed' &&
      err.details?.field === 'steps[2]' &&
      /longer than 120 s, the limit of a PDF job run in the request/.test(err.message),
  );
});
