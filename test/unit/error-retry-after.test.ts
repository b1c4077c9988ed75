// AppError carries no HTTP headers: services say how long to wait (retryAfterSeconds) and the HTTP error
// handler alone turns that into Retry-After.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Fastify from 'fastify';
import { AppError } from '../../src/errors/app-error.js';
import { OUT_OF_SPACE_RETRY_AFTER_SECONDS, outOfSpaceError } from '../../src/errors/out-of-space.js';
import { registerErrorHandling } from '../../src/http/plugins/error-handler.js';

async function answer(err: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app, []);
  app.get('/', () => {
    throw err;
  });
  try {
    const res = await app.inject({ method: 'GET', url: '/' });
    return { status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json() };
  } finally {
    await app.close();
  }
}

describe('Retry-After comes from AppError.retryAfterSeconds', () => {
  test('the error keeps the seconds as a number and has no headers', () => {
    const err = new AppError('rate_limited', 'slow down', undefined, { retryAfterSeconds: 7 });
    assert.equal(err.retryAfterSeconds, 7);
    assert.equal(err.status, 429);
    assert.equal('headers' in err, false);
    assert.equal(new AppError('rate_limited').retryAfterSeconds, undefined);
  });

  test('the handler answers Retry-After with the seconds, and the body is unchanged', async () => {
    const r = await answer(new AppError('deploy_commit_quota_exceeded', 'no more', undefined, { retryAfterSeconds: 3600 }));
    assert.equal(r.status, 429);
    assert.equal(r.retryAfter, '3600');
    assert.deepEqual(r.body, { error: 'deploy_commit_quota_exceeded', message: 'no more' });
  });

  test('no retryAfterSeconds, no Retry-After', async () => {
    const r = await answer(new AppError('deploy_not_found', 'deploy dep_x not found'));
    assert.equal(r.status, 404);
    assert.equal(r.retryAfter, undefined);
  });

  test('out of space: 507 with Retry-After of 60 s', async () => {
    assert.equal(outOfSpaceError().retryAfterSeconds, OUT_OF_SPACE_RETRY_AFTER_SECONDS);
    const r = await answer(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
    assert.equal(r.status, 507);
    assert.equal(r.retryAfter, String(OUT_OF_SPACE_RETRY_AFTER_SECONDS));
    assert.equal(r.body.error, 'insufficient_storage');
  });
});
