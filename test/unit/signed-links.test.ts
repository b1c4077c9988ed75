// Signed file links (src/domain/signed-links.ts): what is signed comes back unchanged, any change to the
// payload, the signature or the key makes the link invalid, and expiry is judged against the `now` given.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { test } from 'node:test';
import { createLinkToken, verifyLinkToken, type LinkClaims } from '../../src/domain/signed-links.js';

const KEY = 'signing-key-for-tests';
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const claims: LinkClaims = { kind: 'out', id: 'out_abc123', disposition: 'inline', expiresAt: NOW + 600_000 };

test('round trip: the claims come back as signed, for both kinds and dispositions', () => {
  for (const kind of ['out', 'pdf'] as const) {
    for (const disposition of ['attachment', 'inline'] as const) {
      const c = { ...claims, kind, disposition };
      assert.deepEqual(verifyLinkToken(KEY, createLinkToken(KEY, c), NOW), { ok: true, claims: c });
    }
  }
});

test('a token is URL-safe: payload and signature are base64url', () => {
  assert.match(createLinkToken(KEY, claims), /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
});

test('tampering: another payload, signature or key is invalid', () => {
  const token = createLinkToken(KEY, claims);
  const [data, sig] = token.split('.');
  // A payload naming another output, carrying the original signature.
  const forged = Buffer.from(JSON.stringify(['out', 'out_other', 'i', claims.expiresAt])).toString('base64url');
  assert.deepEqual(verifyLinkToken(KEY, `${forged}.${sig}`, NOW), { ok: false, reason: 'invalid' });
  // A later expiry with the original signature.
  const extended = Buffer.from(JSON.stringify(['out', claims.id, 'i', claims.expiresAt + 1])).toString('base64url');
  assert.deepEqual(verifyLinkToken(KEY, `${extended}.${sig}`, NOW), { ok: false, reason: 'invalid' });
  // One character of the signature changed.
  const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
  assert.deepEqual(verifyLinkToken(KEY, `${data}.${flipped}`, NOW), { ok: false, reason: 'invalid' });
  assert.deepEqual(verifyLinkToken(KEY, `${data}.${sig.slice(0, -1)}`, NOW), { ok: false, reason: 'invalid' }, 'a shorter signature');
  assert.deepEqual(verifyLinkToken('another-key', token, NOW), { ok: false, reason: 'invalid' }, 'signed with another key');
});

test('malformed tokens are invalid, not errors', () => {
  for (const token of ['', 'nodot', '.sig', `${'a'.repeat(1100)}.b`, `${createLinkToken(KEY, claims)}x`]) {
    assert.deepEqual(verifyLinkToken(KEY, token, NOW), { ok: false, reason: 'invalid' }, JSON.stringify(token.slice(0, 40)));
  }
});

test('a correctly signed payload of the wrong shape is invalid', () => {
  // Signed here with the documented scheme (HMAC-SHA256 over the base64url payload), so only the shape is wrong.
  const signed = (payload: unknown) => {
    const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${data}.${createHmac('sha256', KEY).update(data).digest('base64url')}`;
  };
  assert.equal(verifyLinkToken(KEY, signed(['out', 'out_abc123', 'i', claims.expiresAt]), NOW).ok, true, 'the scheme is the one used');
  for (const payload of [
    ['out', 'out_abc123', 'i'],
    ['blob', 'x', 'a', claims.expiresAt],
    ['pdf', 7, 'a', claims.expiresAt],
    ['pdf', 'x', 'a', String(claims.expiresAt)],
    { kind: 'out' },
  ]) {
    assert.deepEqual(verifyLinkToken(KEY, signed(payload), NOW), { ok: false, reason: 'invalid' }, JSON.stringify(payload));
  }
});

test('expiry: valid up to and including expiresAt, expired one millisecond later', () => {
  const token = createLinkToken(KEY, claims);
  assert.equal(verifyLinkToken(KEY, token, claims.expiresAt - 1).ok, true);
  assert.equal(verifyLinkToken(KEY, token, claims.expiresAt).ok, true);
  assert.deepEqual(verifyLinkToken(KEY, token, claims.expiresAt + 1), { ok: false, reason: 'expired' });
});

test('a tampered expired token is invalid, not expired (the signature is checked first)', () => {
  const token = createLinkToken(KEY, claims);
  assert.deepEqual(verifyLinkToken('another-key', token, claims.expiresAt + 1), { ok: false, reason: 'invalid' });
});
