// What a job body alone decides before anything is read or written (services/jobs/job-shape.ts): its kind
// of source, the deploy it names and its failOn, each refusal a 400 (or deploy_id_mismatch) naming the field,
// in the documented order. The same refusals through HTTP are in test/integration/render-job-requests.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jobShape } from '../../src/services/jobs/job-shape.js';
import type { CreateJobInput } from '../../src/services/jobs/render-job-types.js';
import { AppError } from '../../src/errors/app-error.js';

const body = (fields: Record<string, unknown>) => ({ hasPayload: false, ...fields }) as CreateJobInput;

/** The refusal jobShape throws, as code and field. */
function refusal(input: CreateJobInput, pathDeployId?: string): { code: string; field: unknown } {
  try {
    jobShape(input, pathDeployId);
  } catch (err) {
    assert.ok(err instanceof AppError, `an AppError, not ${String(err)}`);
    return { code: err.code, field: err.details?.field };
  }
  assert.fail('expected a refusal');
}

test('a version job names its deploy and version; inline, URL and PDF jobs need neither', () => {
  const version = jobShape(body({ deployId: 'dep_a', deployVersionId: 'latest' }), undefined);
  assert.deepEqual(version, { urlSource: false, pdfJob: undefined, inline: false, requestedDeployId: 'dep_a', failOn: undefined });
  assert.equal(jobShape(body({ deployVersionId: 'latest' }), 'dep_path').requestedDeployId, 'dep_path');
  assert.equal(jobShape(body({ html: '<p>hi</p>' }), undefined).inline, true);
  const url = jobShape(body({ source: { url: 'https://example.com/' } }), undefined);
  assert.equal(url.urlSource && url.inline, true);
  const pdfJob = { sources: [], fileName: undefined } as unknown as CreateJobInput['pdfJob'];
  assert.equal(jobShape(body({ pdfJob }), undefined).inline, true);
  assert.deepEqual(jobShape(body({ html: '<p>hi</p>', failOn: ['page_exception'] }), undefined).failOn, ['page_exception']);
});

test('refusals name their field, in order: sources, version, deploy, failOn', () => {
  assert.deepEqual(refusal(body({ deployId: 'dep_a' })), { code: 'invalid_request', field: 'deployVersionId' });
  assert.deepEqual(refusal(body({ deployId: 'dep_a', deployVersionId: 'latest' }), 'dep_b'), {
    code: 'deploy_id_mismatch',
    field: 'deployId',
  });
  assert.deepEqual(refusal(body({ deployVersionId: 'latest' })), { code: 'invalid_request', field: 'deployId' });
  assert.deepEqual(refusal(body({ html: '<p>hi</p>', failOn: ['no_such_warning'] })), { code: 'invalid_request', field: 'failOn' });
  // The version's absence is judged before a bad failOn.
  assert.deepEqual(refusal(body({ deployId: 'dep_a', failOn: ['no_such_warning'] })), {
    code: 'invalid_request',
    field: 'deployVersionId',
  });
});
