// The worker's cache of opened signing keys: one opening per certificate while it is fresh, a new one after
// ten minutes, and at most 32 keys held.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import type { SigningKeyMaterial } from '../../src/domain/pdfs/signing-certificates.js';
import { SigningKeyCache } from '../../src/worker/signing-key-cache.js';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
const material = (): SigningKeyMaterial => ({ key: privateKey, certificate: Buffer.alloc(1), chain: [] });

test('opens a certificate once while fresh, again after ten minutes', async () => {
  const cache = new SigningKeyCache();
  let opened = 0;
  const open = async () => (opened++, material());
  const first = await cache.get('scert_a', open, 0);
  assert.equal(await cache.get('scert_a', open, 9 * 60_000), first);
  assert.equal(opened, 1);
  assert.notEqual(await cache.get('scert_a', open, 10 * 60_000 + 1), first);
  assert.equal(opened, 2);
});

test('holds at most 32 keys, dropping the least recently used; a failed opening holds nothing', async () => {
  const cache = new SigningKeyCache();
  let opened = 0;
  const open = async () => (opened++, material());
  for (let i = 0; i < 33; i++) await cache.get(`scert_${i}`, open, 0);
  assert.equal(opened, 33);
  await cache.get('scert_1', open, 1); // still held
  assert.equal(opened, 33);
  await cache.get('scert_0', open, 1); // the first one went when the 33rd came
  assert.equal(opened, 34);
  await assert.rejects(
    cache.get('scert_bad', async () => {
      throw new Error('passphrase');
    }),
  );
  await assert.rejects(
    cache.get('scert_bad', async () => {
      throw new Error('passphrase again');
    }),
    /again/,
  );
});
