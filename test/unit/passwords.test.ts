// Dashboard password hashes (src/services/accounts/passwords.ts): scrypt at N = 2^FOLIO_PASSWORD_HASH_COST, with the
// parameters stored in the hash so a stored hash verifies whatever the setting is now.
import assert from 'node:assert/strict';
import { randomBytes, scryptSync } from 'node:crypto';
import { describe, test } from 'node:test';
import { loadConfig } from '../../src/config/load.js';
import { hashPassword, verifyPassword } from '../../src/services/accounts/passwords.js';

describe('password hashes', () => {
  test('FOLIO_PASSWORD_HASH_COST: default 15 (N = 32768), bounded to 10..17', () => {
    assert.equal(loadConfig({}).passwordHashCost, 15);
    assert.equal(loadConfig({ FOLIO_PASSWORD_HASH_COST: '10' }).passwordHashCost, 10);
    assert.throws(() => loadConfig({ FOLIO_PASSWORD_HASH_COST: '9' }), /FOLIO_PASSWORD_HASH_COST/);
    assert.throws(() => loadConfig({ FOLIO_PASSWORD_HASH_COST: '18' }), /FOLIO_PASSWORD_HASH_COST/);
  });

  test('a hash records its cost and verifies the right password only', async () => {
    const stored = await hashPassword('correct horse', 10);
    assert.match(stored, /^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    assert.equal(await verifyPassword('correct horse', stored), true);
    assert.equal(await verifyPassword('correct horse!', stored), false);
  });

  test('a hash made at another cost (as older releases stored at N = 32768) stays valid', async () => {
    // Built by hand as the release before the setting wrote it: scrypt$N$r$p$salt$hash.
    const salt = randomBytes(16);
    const hash = scryptSync('old password', salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const old = `scrypt$32768$8$1$${salt.toString('base64')}$${hash.toString('base64')}`;
    assert.equal(await verifyPassword('old password', old), true);
    assert.equal(await verifyPassword('wrong', old), false);
    // A costlier hash than the default verifies too (scrypt's memory limit follows the stored N and r).
    const dear = await hashPassword('dear', 16);
    assert.match(dear, /^scrypt\$65536\$/);
    assert.equal(await verifyPassword('dear', dear), true);
  });

  test('anything but an scrypt hash is refused', async () => {
    assert.equal(await verifyPassword('x', 'bcrypt$whatever'), false);
  });
});
