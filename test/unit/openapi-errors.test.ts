// The error responses of the API reference come from src/errors/codes.ts: codes are grouped under the
// status the code map gives them, and every operation gets the codes of its kind.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorCodes, type ErrorCode } from '../../src/errors/codes.js';
import {
  commonErrorCodes,
  errorResponse,
  errorResponses,
  GLOBAL_ERROR_CODES,
  UNDOCUMENTED_ERROR_CODES,
} from '../../src/http/openapi/errors.js';

test('errorResponses groups codes under the status of src/errors/codes.ts, once each', () => {
  const codes: ErrorCode[] = [
    'deploy_not_found',
    'invalid_request',
    'deploy_slug_conflict',
    'deploy_not_found',
    'rate_limited',
    'insufficient_storage',
  ];
  const responses = errorResponses(codes);
  assert.deepEqual(Object.keys(responses), ['400', '404', '409', '429', '507']);
  for (const [status, r] of Object.entries(responses)) {
    for (const c of r['x-error-codes']) assert.equal(errorCodes[c].status, Number(status), c);
    assert.deepEqual(Object.keys(r.content['application/json'].examples), r['x-error-codes']);
    assert.equal(r.content['application/json'].schema.$ref, '#/components/schemas/Error');
  }
  assert.deepEqual(responses['404']['x-error-codes'], ['deploy_not_found']);
  assert.match(
    responses['404'].description,
    new RegExp(`\`deploy_not_found\`: ${errorCodes.deploy_not_found.description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  );
  assert.ok('headers' in responses['429'] && 'headers' in responses['507'], 'Retry-After is documented where it is sent');
  assert.ok(!('headers' in responses['404']));
});

test('errorResponse refuses a code of another status', () => {
  assert.throws(() => errorResponse(404, ['deploy_slug_conflict']), /409/);
});

test('commonErrorCodes: authentication, CSRF on writes, body parsing and idempotency by trait', () => {
  const read = commonErrorCodes({ method: 'GET', authenticated: true, jsonBody: false, idempotent: false });
  assert.deepEqual(read.sort(), ['auth_throttled', 'forbidden', 'invalid_request', 'rate_limited', 'unauthorized']);
  const create = commonErrorCodes({ method: 'POST', authenticated: true, jsonBody: true, idempotent: true });
  for (const c of ['csrf_token_invalid', 'body_too_large', 'unsupported_media_type', 'idempotency_key_conflict', 'idempotency_key_in_use'])
    assert.ok(create.includes(c as ErrorCode), c);
  assert.deepEqual(commonErrorCodes({ method: 'GET', authenticated: false, jsonBody: false, idempotent: false }), ['invalid_request']);
});

test('the global and the undocumented codes exist and do not overlap', () => {
  for (const c of [...GLOBAL_ERROR_CODES, ...UNDOCUMENTED_ERROR_CODES]) assert.ok(Object.hasOwn(errorCodes, c), c);
  assert.equal(
    new Set([...GLOBAL_ERROR_CODES, ...UNDOCUMENTED_ERROR_CODES]).size,
    GLOBAL_ERROR_CODES.length + UNDOCUMENTED_ERROR_CODES.length,
  );
});
