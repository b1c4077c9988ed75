import crypto, { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// API keys, upload tokens and webhook secrets: random base62 strings with a recognisable prefix
// (so secret scanners can find leaked ones). Only SHA-256 digests of keys and tokens are stored.

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomBase62(length: number): string {
  // Rejection sampling keeps the distribution uniform (256 is not a multiple of 62).
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export const API_KEY_PREFIX = 'folio_sk_';
export const UPLOAD_TOKEN_PREFIX = 'folio_ut_';
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const newApiKey = () => API_KEY_PREFIX + randomBase62(40);
export const newUploadToken = () => UPLOAD_TOKEN_PREFIX + randomBase62(40);

/**
 * An upload token derived from the server's signing key and the session id (HMAC-SHA256). As unguessable as
 * a random one to anyone without the key, and re-derivable, so an `Idempotency-Key` replay can answer the
 * same token without the token ever being stored (the idempotency store keeps the response without it).
 */
export function deriveUploadToken(signingKey: string, sessionId: string): string {
  return UPLOAD_TOKEN_PREFIX + createHmac('sha256', signingKey).update(`folio upload token\n${sessionId}`).digest('base64url');
}
/**
 * The dashboard session's CSRF token, derived from its cookie token (HMAC-SHA256 keyed by it): unguessable
 * without the cookie, which cannot be recovered from it, and re-derivable from the cookie on every request,
 * so the server can hand it out again (a reload of the dashboard) while storing only its SHA-256.
 */
export function deriveCsrfToken(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('folio dashboard csrf token').digest('base64url');
}
export const newWebhookSecret = () => WEBHOOK_SECRET_PREFIX + randomBase62(40);

// crypto.hash (Node ≥ 20.12) is a one-shot digest, about twice as fast as createHash for short input: an
// API key is hashed on every authenticated request. Older Node 20 releases take the createHash path.
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string | Buffer, encoding: 'hex') => string }).hash;

export function sha256Hex(value: string | Buffer): string {
  return oneShotHash ? oneShotHash('sha256', value, 'hex') : createHash('sha256').update(value).digest('hex');
}

export function looksLikeApiKey(value: string): boolean {
  return value.length <= 200 && /^folio_sk_[A-Za-z0-9]{32,}$/.test(value);
}

/** Masked preview: prefix, an ellipsis and the last 4 characters. */
export function maskSecret(secret: string): string {
  const prefix = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? WEBHOOK_SECRET_PREFIX : secret.slice(0, 3);
  return `${prefix}…${secret.slice(-4)}`;
}

export function safeEqualHex(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/**
 * A dashboard "device cookie" (OWASP, "Slow down online guessing attacks with device cookies"): proof that
 * this browser signed in as `email` before. Sign-ins that present one are throttled per device, not per
 * address, so an attacker sharing the user's address (an office NAT) cannot lock the user out. A random
 * nonce and an HMAC of (email, nonce) under a server key; nothing stored.
 */
export function newDeviceToken(key: string, email: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${deviceMac(key, email, nonce)}`;
}

/** The device token's nonce when it was issued for this email under this key; null otherwise. */
export function verifyDeviceToken(key: string, email: string, token: string | undefined): string | null {
  if (!token || token.length > 200) return null;
  const [nonce, mac, extra] = token.split('.');
  if (!nonce || !mac || extra !== undefined) return null;
  const expected = Buffer.from(deviceMac(key, email, nonce));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}

const deviceMac = (key: string, email: string, nonce: string) =>
  createHmac('sha256', key).update(`folio device\n${email}\n${nonce}`).digest('base64url');
