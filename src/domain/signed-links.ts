// Signed file URLs served by Folio itself: `/v1/files/<payload>.<signature>`. The payload names what to
// serve and until when; the HMAC-SHA256 signature (keyed with FOLIO_SIGNING_KEY) makes it unforgeable.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface LinkClaims {
  /** `out` = a render output, `pdf` = a managed PDF, `img` = a page image */
  kind: 'out' | 'pdf' | 'img';
  id: string;
  disposition: 'attachment' | 'inline';
  expiresAt: number;
}

export const DEFAULT_LINK_SECONDS = 600;
export const MAX_LINK_SECONDS = 604_800;

function sign(key: string, data: string): string {
  return createHmac('sha256', key).update(data).digest('base64url');
}

export function createLinkToken(key: string, claims: LinkClaims): string {
  const data = Buffer.from(
    JSON.stringify([claims.kind, claims.id, claims.disposition === 'inline' ? 'i' : 'a', claims.expiresAt]),
  ).toString('base64url');
  return `${data}.${sign(key, data)}`;
}

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyLinkToken(key: string, token: string, now: number): LinkCheck {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 1024) return { ok: false, reason: 'invalid' };
  const data = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(sign(key, data));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(data, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return { ok: false, reason: 'invalid' };
  const [kind, id, disp, expiresAt] = parsed as [LinkClaims['kind'], string, string, number];
  if ((kind !== 'out' && kind !== 'pdf' && kind !== 'img') || typeof id !== 'string' || typeof expiresAt !== 'number')
    return { ok: false, reason: 'invalid' };
  if (now > expiresAt) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { kind, id, disposition: disp === 'i' ? 'inline' : 'attachment', expiresAt } };
}
