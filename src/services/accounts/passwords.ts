import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, keylen: number, opts: object) => Promise<Buffer>;
// N = 2^cost from FOLIO_PASSWORD_HASH_COST (default 15: ~50 ms per hash here, which slows offline guessing
// while keeping sign-in snappy); r and p are fixed.
const R = 8;
const P = 1;

/** scrypt needs about 128·N·r bytes; twice that leaves room for its own bookkeeping. */
const maxmemFor = (n: number, r: number) => 2 * 128 * n * r;

/**
 * Hashes a password with scrypt at N = 2^cost (FOLIO_PASSWORD_HASH_COST). The parameters are stored with
 * the hash (`scrypt$N$r$p$salt$hash`), so a hash stays verifiable whatever the setting is later.
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const N = 2 ** cost;
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32, { N, r: R, p: P, maxmem: maxmemFor(N, R) });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Checks a password against a stored hash with the parameters stored in it, not today's setting. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt') return false;
  const expected = Buffer.from(hash, 'base64');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    ...params,
    maxmem: maxmemFor(params.N, params.r),
  });
  return timingSafeEqual(expected, actual);
}
