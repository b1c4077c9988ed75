// Failed authentication is limited per client address: many wrong API keys, or many emails
// tried against the dashboard sign-in, from one address get 429 auth_throttled with Retry-After, while a
// valid key from that address and a real user elsewhere still get in. Real app over inject(), on SQLite
// and (FOLIO_TEST_ENGINE=postgres) PostgreSQL; the sign-in lock ends on the injected clock.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';

const EMAIL = 'owner@example.com';
const PASSWORD = 'correct horse battery staple';
const BAD_KEY = 'folio_sk_wrong000000000000000000000000000000000';

describe('failed authentication is limited per client address', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp({
      env: {
        FOLIO_BOOTSTRAP_EMAIL: EMAIL,
        FOLIO_BOOTSTRAP_PASSWORD: PASSWORD,
        FOLIO_AUTH_FAILURE_BURST: '5',
        FOLIO_AUTH_FAILURES_PER_MINUTE: '6',
        FOLIO_TRUST_PROXY: '127.0.0.1',
      },
    });
  });
  after(async () => app?.close());

  const get = (key: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.server.inject({ method: 'GET', url: '/v1/deploys', headers: { authorization: `Bearer ${key}`, ...headers }, remoteAddress });
  const login = (email: string, password: string, remoteAddress: string, cookie?: string) =>
    app.server.inject({
      method: 'POST',
      url: '/dashboard/api/login',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify({ email, password }),
      remoteAddress,
    });
  /** The device cookie a successful sign-in set (`folio_device=…`). */
  const deviceCookie = (r: Awaited<ReturnType<typeof login>>) => {
    const all = ([] as string[]).concat(r.headers['set-cookie'] ?? []);
    const c = all.find((v) => v.startsWith('folio_device='));
    assert.ok(c, `a device cookie is set: ${all.join(' | ')}`);
    return c.split(';')[0];
  };

  test('wrong API keys: 401 up to the burst, then 429 auth_throttled with Retry-After; a valid key from the same address is never throttled', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 5; i++)
      assert.equal((await get(`${BAD_KEY.slice(0, -2)}${String(i).padStart(2, '0')}`, ip)).statusCode, 401, `wrong key ${i}`);
    const limited = await get(BAD_KEY, ip);
    assert.equal(limited.statusCode, 429, limited.body);
    assert.equal(JSON.parse(limited.body).error, 'auth_throttled');
    const retry = Number(limited.headers['retry-after']);
    assert.ok(retry >= 1 && retry <= 10, `6/min: the next failure is allowed within 10 s, got ${retry}`);
    assert.equal((await get('not-even-a-key', ip)).statusCode, 429, 'malformed keys count too');
    assert.equal((await get(app.key, ip)).statusCode, 200, 'a valid key from the throttled address still works');
    assert.equal((await get(BAD_KEY, '198.51.100.8')).statusCode, 401, 'another address has its own budget');
  });

  test('behind a trusted proxy (FOLIO_TRUST_PROXY) the client address comes from X-Forwarded-For', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await get(BAD_KEY, '127.0.0.1', { 'x-forwarded-for': '203.0.113.1' })).statusCode, 401);
    assert.equal((await get(BAD_KEY, '127.0.0.1', { 'x-forwarded-for': '203.0.113.1' })).statusCode, 429, 'that client is throttled');
    assert.equal(
      (await get(BAD_KEY, '127.0.0.1', { 'x-forwarded-for': '203.0.113.2' })).statusCode,
      401,
      'another client behind the same proxy is not',
    );
    // An untrusted peer cannot pick its address with the header.
    for (let i = 0; i < 5; i++) await get(BAD_KEY, '192.0.2.50', { 'x-forwarded-for': `203.0.113.${100 + i}` });
    assert.equal((await get(BAD_KEY, '192.0.2.50', { 'x-forwarded-for': '203.0.113.200' })).statusCode, 429);
  });

  test('sign-in: many emails from one address → 429 auth_throttled (even for a right password there); a real user elsewhere signs in; the lock ends', async () => {
    const attacker = '198.51.100.66';
    for (let i = 0; i < 20; i++) {
      const r = await login(`victim${i}@example.com`, 'guess', attacker);
      assert.equal(r.statusCode, 401, `attempt ${i}: ${r.body}`);
    }
    const limited = await login('victim99@example.com', 'guess', attacker);
    assert.equal(limited.statusCode, 429, limited.body);
    assert.equal(JSON.parse(limited.body).error, 'auth_throttled');
    assert.equal(Number(limited.headers['retry-after']), 900);
    assert.equal(
      (await login(EMAIL, PASSWORD, attacker)).statusCode,
      429,
      'no oracle: a right password from the locked address is refused too',
    );
    // The attacker also tried the real user's email: the user's own address is unaffected.
    for (let i = 0; i < 5; i++) await login(EMAIL, `guess-${i}`, '198.51.100.67');
    assert.equal((await login(EMAIL, PASSWORD, '198.51.100.99')).statusCode, 200, 'the real user, from their address, signs in');
    app.clock.advance(15 * 60_000 + 1000);
    assert.equal((await login(EMAIL, PASSWORD, attacker)).statusCode, 200, 'the address lock ends');
  });

  test('sign-in behind a shared address: a browser that signed in before keeps signing in while others there are locked out', async () => {
    const office = '203.0.113.10';
    const first = await login(EMAIL, PASSWORD, office);
    assert.equal(first.statusCode, 200);
    const device = deviceCookie(first);
    // Someone else behind the same NAT sprays sign-ins until the address is locked.
    for (let i = 0; i < 20; i++) await login(`someone${i}@example.com`, 'guess', office);
    const locked = await login(EMAIL, PASSWORD, office);
    assert.equal(locked.statusCode, 429, 'without the device cookie the address lock applies');
    const known = await login(EMAIL, PASSWORD, office, device);
    assert.equal(known.statusCode, 200, `the real user's browser gets in: ${known.body}`);
    // The cookie proves the browser for that email only, and cannot be forged.
    assert.equal((await login('someone0@example.com', 'guess', office, device)).statusCode, 429, 'another email is not covered by it');
    const forged = device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    assert.equal((await login(EMAIL, PASSWORD, office, forged)).statusCode, 429, 'a tampered cookie counts for nothing');
    // A stolen or guessed-at device is limited on its own: five failures lock that device, not others.
    const device2 = deviceCookie(known);
    for (let i = 0; i < 5; i++) assert.equal((await login(EMAIL, `wrong-${i}`, office, device2)).statusCode, 401);
    assert.equal((await login(EMAIL, PASSWORD, office, device2)).statusCode, 429, 'the device itself is now locked');
    assert.equal((await login(EMAIL, PASSWORD, office, device)).statusCode, 200, 'another known device is not');
  });
});
