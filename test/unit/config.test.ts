import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/load.js';
import { settings } from '../../src/config/schema.js';

describe('config', () => {
  test('defaults of decisions.md', () => {
    const c = loadConfig({});
    assert.equal(c.port, 8080);
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.resolved.publicUrl, 'http://127.0.0.1:8080');
    assert.match(c.resolved.databaseUrl, /^sqlite:.*\/data\/folio\.db$/);
    assert.match(c.resolved.storageUrl, /^file:.*\/data\/blobs$/);
    assert.equal(c.defaultPlan, 'unlimited');
  });
  test('invalid values stop start-up with a message naming the variable', () => {
    assert.throws(
      () => loadConfig({ PORT: 'eighty' }),
      (e: Error) => e instanceof ConfigError && /PORT/.test(e.message),
    );
    assert.throws(() => loadConfig({ PORT: '70000' }), /PORT must be <= 65535/);
    assert.throws(() => loadConfig({ FOLIO_ALLOW_INSECURE_WEBHOOKS: 'maybe' }), /FOLIO_ALLOW_INSECURE_WEBHOOKS/);
    assert.throws(() => loadConfig({ FOLIO_BOOTSTRAP_API_KEY: 'sk_123' }), /FOLIO_BOOTSTRAP_API_KEY/);
    assert.throws(() => loadConfig({ FOLIO_DATABASE_URL: 'mysql://x' }), /FOLIO_DATABASE_URL/);
    assert.throws(() => loadConfig({ FOLIO_SIGNING_KEY: 'short' }), /FOLIO_SIGNING_KEY/);
  });
  test('every variable of decisions.md is in the schema', () => {
    const names = new Set(settings.map((s) => s.env));
    for (const v of [
      'PORT',
      'HOST',
      'FOLIO_DATA_DIR',
      'FOLIO_PUBLIC_URL',
      'FOLIO_DATABASE_URL',
      'FOLIO_STORAGE_URL',
      'FOLIO_S3_ENDPOINT',
      'FOLIO_S3_REGION',
      'FOLIO_S3_FORCE_PATH_STYLE',
      'FOLIO_BOOTSTRAP_API_KEY',
      'FOLIO_BOOTSTRAP_EMAIL',
      'FOLIO_BOOTSTRAP_PASSWORD',
      'FOLIO_PLANS_FILE',
      'FOLIO_DEFAULT_PLAN',
      'FOLIO_CHROMIUM_PATH',
      'FOLIO_RENDER_CONCURRENCY',
      'FOLIO_ALLOW_INSECURE_WEBHOOKS',
      'FOLIO_SIGNING_KEY',
    ]) {
      assert.ok(names.has(v), v);
    }
  });
});

test('SecretBox: AES-256-GCM round trip, a fresh IV per value, tampering refused, unencrypted values read as they are', async () => {
  const { SecretBox } = await import('../../src/services/secret-box.js');
  const box = new SecretBox('k'.repeat(32));
  const a = box.seal('whsec_abc');
  const b = box.seal('whsec_abc');
  assert.match(a, /^enc:v1:/);
  assert.notEqual(a, b, 'same plaintext, different ciphertexts');
  assert.equal(box.open(a), 'whsec_abc');
  assert.equal(box.open('legacy-plaintext'), 'legacy-plaintext');
  const tampered = a.slice(0, -2) + (a.endsWith('A') ? 'BB' : 'AA');
  assert.throws(() => box.open(tampered));
  assert.throws(() => new SecretBox('x'.repeat(32)).open(a), 'another key cannot open it');
  assert.throws(() => new SecretBox(null).open(a), /FOLIO_SECRETS_KEY/);
  assert.equal(new SecretBox(null).seal('plain'), 'plain');
});
