// The pieces of job warnings the CLI builds on without a server: the SDK's list of codes is the server's
// (what --fail-on accepts locally is what the API accepts), the Folio-Warnings header as the SDK reads it,
// and a warning as the CLI prints it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeWarning } from '../../src/cli/client/warnings.js';
import { JOB_WARNING_CODES as SERVER_CODES } from '../../src/domain/jobs/job-warnings.js';
import { isJobWarningCode, JOB_WARNING_CODES, parseWarningsHeader } from '../../src/sdk/index.js';

describe('job warnings in the SDK and the CLI', () => {
  test("the SDK's codes are the server's, in its order", () => {
    assert.deepEqual([...JOB_WARNING_CODES], [...SERVER_CODES]);
    assert.equal(isJobWarningCode('page_exception'), true);
    assert.equal(isJobWarningCode('toString'), false, 'not a property of every object');
  });

  test('Folio-Warnings is read as codes and counts, in order; absent is none', () => {
    assert.deepEqual(parseWarningsHeader('page_exception;count=2, http_error_status;count=1'), [
      { code: 'page_exception', count: 2 },
      { code: 'http_error_status', count: 1 },
    ]);
    assert.deepEqual(parseWarningsHeader(null), []);
    assert.deepEqual(parseWarningsHeader(''), []);
    // A code of a newer server is kept; a count that cannot be read counts once.
    assert.deepEqual(parseWarningsHeader('brand_new_code; count=3,console_error;count=x , '), [
      { code: 'brand_new_code', count: 3 },
      { code: 'console_error', count: 1 },
    ]);
  });

  test('a warning prints its code, its count past one and its message', () => {
    assert.equal(
      describeWarning({
        code: 'page_exception',
        count: 2,
        message: 'TypeError: items is undefined (https://bundle.folio.internal/app.js:3)',
      }),
      'page_exception (2×): TypeError: items is undefined (https://bundle.folio.internal/app.js:3)',
    );
    assert.equal(
      describeWarning({ code: 'http_error_status', count: 1, message: 'x.css: not in the bundle (404)' }),
      'http_error_status: x.css: not in the bundle (404)',
    );
    assert.equal(describeWarning({ code: 'console_error', count: 3 }), 'console_error (3×)', 'from the header alone');
  });
});
