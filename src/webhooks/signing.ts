import { createHmac } from 'node:crypto';

/**
 * `v1=<hex>` entries: HMAC-SHA256 over `<timestamp>.<rawBody>` with each secret in effect (the new and
 * the previous one for 24 h after a rotation). Stripe's scheme signs the same string, so its libraries
 * verify these given `t=<timestamp>,v1=<hex>`.
 */
export function signatureHeader(secrets: readonly string[], timestampSeconds: number, rawBody: string | Buffer): string {
  return secrets.map((s) => `v1=${createHmac('sha256', s).update(`${timestampSeconds}.`).update(rawBody).digest('hex')}`).join(',');
}
