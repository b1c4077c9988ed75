// The first-start banner of a real `bin/folio api` process (api: no Chromium needed). Credentials Folio
// generated are shown once, as the only chance to learn them; credentials the operator passed through
// FOLIO_BOOTSTRAP_API_KEY / FOLIO_BOOTSTRAP_PASSWORD (documented as "never logged") are not echoed: the
// banner only says where they came from.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, test } from 'node:test';
import { tempDir } from '../helpers/app.js';
import { startServerProcess } from '../helpers/server-process.js';

const KEY = 'folio_sk_bannerTest00000000000000000000000000001';
const PASSWORD = 'banner-owner-password-Zq81';

async function firstStart(env: Record<string, string>) {
  const dataDir = tempDir();
  const proc = await startServerProcess({ FOLIO_DATA_DIR: dataDir, ...env }, 'api');
  try {
    // The banner is written before the listening line.
    const res = await fetch(`${proc.url}/v1/usage`, {
      headers: { authorization: `Bearer ${env.FOLIO_BOOTSTRAP_API_KEY ?? 'folio_sk_x'}` },
    });
    return { out: proc.output(), status: res.status };
  } finally {
    await proc.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('first-start banner', () => {
  test('does not print an API key or password that came from the environment', async () => {
    const { out, status } = await firstStart({
      FOLIO_BOOTSTRAP_API_KEY: KEY,
      FOLIO_BOOTSTRAP_PASSWORD: PASSWORD,
      FOLIO_BOOTSTRAP_EMAIL: 'ops@example.com',
    });
    assert.equal(status, 200, 'the key from the environment works');
    assert.match(out, /bootstrap account created/);
    assert.ok(!out.includes(KEY), `the API key is not printed:\n${out}`);
    assert.ok(!out.includes(KEY.slice(9)), 'not even without its prefix');
    assert.ok(!out.includes(PASSWORD), `the password is not printed:\n${out}`);
    assert.match(out, /API key\s+from FOLIO_BOOTSTRAP_API_KEY/);
    assert.match(out, /owner login\s+ops@example\.com \/ password from FOLIO_BOOTSTRAP_PASSWORD/);
  });

  test('prints generated credentials once (the only way to learn them)', async () => {
    const { out } = await firstStart({});
    assert.match(out, /API key\s+folio_sk_[A-Za-z0-9]{32,}/);
    assert.match(out, /owner login\s+admin@localhost \/ [A-Za-z0-9]{20}\b/);
  });
});
