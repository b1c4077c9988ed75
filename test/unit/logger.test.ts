import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, test } from 'node:test';
import { createLogger, maskUrl } from '../../src/observability/logger.js';

describe('logger redaction', () => {
  test('keys, tokens, secrets and link tokens never reach the log', async () => {
    let out = '';
    const sink = new Writable({ write: (c, _e, cb) => ((out += c), cb()) });
    const log = createLogger('info', sink as never);
    log.info({ req: { method: 'GET', url: '/v1/files/eyJhbGc.SIGNATURE?x=1', headers: {} } }, 'request');
    log.info({ req: { method: 'GET', url: '/p/AbCdEf0123456789AbCdEf0123456789' } }, 'request');
    log.info({ apiKey: 'folio_sk_secret', secret: 'whsec_x', nested: { password: 'pw', uploadToken: 'folio_ut_x' } }, 'fields');
    await new Promise((r) => setImmediate(r));
    assert.doesNotMatch(out, /SIGNATURE|AbCdEf0123|folio_sk_secret|whsec_x|"pw"|folio_ut_x/);
    assert.match(out, /\/v1\/files\/\[redacted\]/);
    assert.equal(maskUrl('/v1/deploys/dep_1'), '/v1/deploys/dep_1');
  });
});
