// Security of the dashboard's authentication, over inject() on a real app (SQLite, files, manual clock):
// no page or API without a session or key; CSRF on cookie-authenticated writes (never for API keys);
// another account's data never shows; the secret reveal is session-only; sign-in is throttled; sessions
// expire and sign-out ends them; cookie attributes.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Users } from '../../src/services/accounts/users.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  fetchOpenApi,
  fillPath,
  isPublic,
  jsonBodySchema,
  label,
  operations,
  pathParamNames,
  sampleValue,
  send,
  show,
  type OpenApiDoc,
  type Operation,
} from '../helpers/routes.js';

const EMAIL = 'owner@example.com';
const PASSWORD = 'owner-password-123';

interface Session {
  cookie: string;
  csrf: string;
}

describe('dashboard security', () => {
  let app: TestApp;
  let doc: OpenApiDoc;
  let ops: Operation[];
  let owner: Session;
  let bravo: { accountId: string; key: string; session: Session };
  let deployA: string;

  async function login(email: string, password: string, remoteAddress = '10.0.0.1') {
    return app.server.inject({
      method: 'POST',
      url: '/dashboard/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password }),
      remoteAddress,
    });
  }
  /** The session's Set-Cookie among those a sign-in sends (the device cookie comes with it). */
  const sessionSetCookie = (r: { headers: Record<string, unknown> }) => {
    const all = ([] as string[]).concat((r.headers['set-cookie'] as string | string[] | undefined) ?? []);
    const c = all.find((v) => /^(__Host-)?folio_session=/.test(v));
    assert.ok(c, `a session cookie is set: ${all.join(' | ')}`);
    return c;
  };
  async function signIn(email: string, password: string): Promise<Session> {
    const r = await login(email, password, `10.9.${Math.floor(Math.random() * 200)}.1`);
    assert.equal(r.statusCode, 200, r.body);
    return { cookie: sessionSetCookie(r).split(';')[0], csrf: JSON.parse(r.body).csrfToken };
  }
  const asSession = (s: Session, method: string, url: string, body?: unknown, csrf: string | null = s.csrf) =>
    send(app.server, {
      method,
      url,
      headers: {
        cookie: s.cookie,
        ...(csrf !== null ? { 'x-csrf-token': csrf } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });

  before(async () => {
    app = await createTestApp({ env: { FOLIO_BOOTSTRAP_EMAIL: EMAIL, FOLIO_BOOTSTRAP_PASSWORD: PASSWORD } });
    doc = await fetchOpenApi(app.server);
    ops = operations(doc);
    owner = await signIn(EMAIL, PASSWORD);
    const d = await app.api('POST', '/v1/deploys', { slug: 'alpha-private', name: 'Alpha Private' });
    assert.equal(d.status, 201);
    deployA = d.body.deploy.id;
    const b = await app.services.accounts.create({ name: 'Bravo' });
    await new Users(app.services.ctx).create({ accountId: b.accountId, email: 'bravo@example.com', password: 'bravo-password-1' });
    bravo = { accountId: b.accountId, key: b.apiKey, session: await signIn('bravo@example.com', 'bravo-password-1') };
  });
  after(async () => {
    await app?.close();
  });

  test('every dashboard page redirects to sign-in without a valid session (an API key is not a session); sign-in and assets are public', async () => {
    const pages = [
      '/dashboard',
      '/dashboard/',
      '/dashboard/keys',
      '/dashboard/deploys',
      `/dashboard/deploys/${deployA}`,
      `/dashboard/deploys/${deployA}/settings`,
      '/dashboard/jobs',
      '/dashboard/jobs/job_x',
      '/dashboard/pdfs',
      '/dashboard/usage',
      '/dashboard/anything/else',
    ];
    for (const url of pages) {
      for (const headers of [
        {},
        { cookie: 'folio_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
        { authorization: `Bearer ${app.key}` },
        { cookie: 'folio_session=../../etc' },
      ] as Record<string, string>[]) {
        const r = await app.server.inject({ method: 'GET', url, headers });
        assert.equal(r.statusCode, 302, `${url} ${JSON.stringify(headers)}: ${r.statusCode}`);
        assert.match(String(r.headers.location), /^\/dashboard\/login(\?next=%2Fdashboard%2F.*)?$/, url);
        assert.ok(!r.body.includes('Alpha'), url);
      }
      const ok = await app.server.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
      assert.equal(ok.statusCode, 200, `${url} with a session`);
      assert.match(String(ok.headers['content-type']), /^text\/html/);
      assert.equal(ok.headers['cache-control'], 'no-cache');
      assert.match(String(ok.headers['content-security-policy']), /frame-ancestors 'none'/);
      assert.equal(ok.headers['x-frame-options'], 'DENY');
    }
    const loginPage = await app.server.inject({ method: 'GET', url: '/dashboard/login' });
    assert.equal(loginPage.statusCode, 200);
    const asset = /\/dashboard\/assets\/[^"]+\.js/.exec(loginPage.body)![0];
    const js = await app.server.inject({ method: 'GET', url: asset });
    assert.equal(js.statusCode, 200);
    assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(String(js.headers['content-type']), /^text\/javascript/);
    for (const bad of ['/dashboard/assets/..%2F..%2Fpackage.json', '/dashboard/assets/nope.js', '/dashboard/assets/.env']) {
      const r = await app.server.inject({ method: 'GET', url: bad });
      assert.equal(r.statusCode, 404, bad);
    }
  });

  test('every /v1 operation answers 401 to no credentials and to an unknown, malformed or signed-out session cookie', async () => {
    const out = await signIn(EMAIL, PASSWORD);
    assert.equal((await asSession(out, 'POST', '/dashboard/api/logout')).status, 204);
    const cookies = [
      '',
      'folio_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'folio_session=',
      `folio_session=${'x'.repeat(5000)}`,
      out.cookie,
    ];
    let checked = 0;
    for (const o of ops.filter((x) => !isPublic(x))) {
      const schema = jsonBodySchema(doc, o.op);
      const payload = schema ? JSON.stringify(sampleValue(doc, schema)) : undefined;
      const url = fillPath(o.path, Object.fromEntries(pathParamNames(o.path).map((p) => [p, `${p}_01h0000000000000000000000`])));
      for (const cookie of cookies) {
        const headers: Record<string, string> = {
          'x-csrf-token': out.csrf,
          ...(cookie ? { cookie } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        };
        const r = await send(app.server, { method: o.method, url, headers, payload });
        assert.equal(r.status, 401, `${label(o)} with cookie "${cookie.slice(0, 40)}": ${show(r)}`);
        assert.equal(r.body.error, 'unauthorized');
        checked++;
      }
    }
    assert.ok(checked > 100, `checked ${checked}`);
  });

  test("cookie-authenticated writes need the session's X-CSRF-Token (missing, wrong or another session's → 403); reads and API keys need none", async () => {
    const writes = ops.filter((o) => !isPublic(o) && o.method !== 'GET');
    assert.ok(writes.length >= 15);
    const before = await app.api('GET', '/v1/deploys');
    for (const o of writes) {
      const schema = jsonBodySchema(doc, o.op);
      const body = schema ? sampleValue(doc, schema) : undefined;
      const url = fillPath(
        o.path,
        Object.fromEntries(pathParamNames(o.path).map((p) => [p, p === 'deployId' ? deployA : `${p}_01h0000000000000000000000`])),
      );
      for (const csrf of [
        null,
        '',
        'wrong-token',
        bravo.session.csrf,
        owner.csrf.toLowerCase() === owner.csrf ? owner.csrf.toUpperCase() : owner.csrf.toLowerCase(),
      ]) {
        const r = await asSession(owner, o.method, url, body, csrf);
        assert.equal(r.status, 403, `${label(o)} with X-CSRF-Token ${JSON.stringify(csrf)}: ${show(r)}`);
        assert.equal(r.body.error, 'csrf_token_invalid');
      }
    }
    assert.deepEqual((await app.api('GET', '/v1/deploys')).body, before.body, 'nothing changed');
    // The right token passes; reads need none; a key needs none.
    const created = await asSession(owner, 'POST', '/v1/deploys', { slug: 'made-in-browser', name: 'Made in the browser' });
    assert.equal(created.status, 201, show(created));
    assert.equal((await asSession(owner, 'GET', '/v1/deploys', undefined, null)).status, 200);
    const byKey = await app.api('POST', '/v1/deploys', { slug: 'made-by-key', name: 'Made by a key' });
    assert.equal(byKey.status, 201);
    // An Authorization header always wins over the cookie: a bad key is refused even with a good session.
    const mixed = await send(app.server, {
      method: 'GET',
      url: '/v1/deploys',
      headers: { cookie: owner.cookie, authorization: 'Bearer folio_sk_doesnotexist000000000000000000000000' },
    });
    assert.equal(mixed.status, 401);
  });

  test("another account's session sees none of this account's data", async () => {
    const keyA = (await app.api('GET', '/v1/api-keys')).body.items[0].id as string;
    const lists = ['/v1/deploys', '/v1/render-jobs', '/v1/pdfs', '/v1/api-keys', '/v1/account', '/v1/usage', '/dashboard/api/session'];
    for (const url of lists) {
      const r = await asSession(bravo.session, 'GET', url);
      assert.equal(r.status, 200, `${url}: ${show(r)}`);
      for (const s of [deployA, 'alpha-private', app.accountId, keyA])
        assert.ok(!JSON.stringify(r.body).includes(s), `${url} shows A's ${s}: ${r.raw}`);
    }
    assert.equal((await asSession(bravo.session, 'GET', '/dashboard/api/session')).body.account.id, bravo.accountId);
    for (const [method, url, body, code] of [
      ['GET', `/v1/deploys/${deployA}`, undefined, 'deploy_not_found'],
      ['GET', `/v1/deploys/${deployA}/settings`, undefined, 'deploy_not_found'],
      ['PATCH', `/v1/deploys/${deployA}`, { name: 'Hijacked' }, 'deploy_not_found'],
      ['DELETE', `/v1/deploys/${deployA}`, undefined, 'deploy_not_found'],
      ['DELETE', `/v1/api-keys/${keyA}`, undefined, 'api_key_not_found'],
      ['POST', '/dashboard/api/webhook-secret/reveal', { deployId: deployA }, 'deploy_not_found'],
    ] as const) {
      const r = await asSession(bravo.session, method, url, body);
      assert.equal(r.status, 404, `${method} ${url}: ${show(r)}`);
      assert.equal(r.body.error, code);
    }
    assert.equal((await app.api('GET', `/v1/deploys/${deployA}`)).body.deploy.name, 'Alpha Private');
    assert.equal((await app.api('GET', '/v1/usage')).status, 200, "A's key still works");
  });

  test('revealing a webhook secret: session + CSRF only, never an API key, never cached, not in the OpenAPI document', async () => {
    assert.ok(!Object.keys(doc.paths).some((p) => p.startsWith('/dashboard')), 'dashboard-internal routes are not part of the public API');
    const byKey = await app.api('POST', '/dashboard/api/webhook-secret/reveal', {});
    assert.equal(byKey.status, 401);
    const noCsrf = await asSession(owner, 'POST', '/dashboard/api/webhook-secret/reveal', {}, null);
    assert.equal(noCsrf.status, 403);
    const get = await asSession(owner, 'GET', '/dashboard/api/webhook-secret/reveal');
    assert.ok(get.status === 404 || get.status === 405, show(get));

    const account = await asSession(owner, 'POST', '/dashboard/api/webhook-secret/reveal', {});
    assert.equal(account.status, 200, show(account));
    assert.equal(account.headers['cache-control'], 'no-store');
    const expected = await app.services.webhooks.revealSecret(app.accountId);
    assert.deepEqual(account.body, { scope: 'account', signingSecret: expected.secret });

    const rotated = await asSession(owner, 'PATCH', `/v1/deploys/${deployA}/settings`, {
      webhook: { enabled: false, signingSecretAction: 'rotate' },
    });
    assert.equal(rotated.status, 200, show(rotated));
    const deploy = await asSession(owner, 'POST', '/dashboard/api/webhook-secret/reveal', { deployId: deployA });
    assert.equal(deploy.body.scope, 'deploy');
    assert.equal(rotated.body.settings.webhook.signingSecretPreview, `whsec_…${deploy.body.signingSecret.slice(-4)}`);
    assert.ok(!JSON.stringify(rotated.body).includes(deploy.body.signingSecret), 'the settings API never returns the secret');
  });

  test('/v1/api-keys: scope `all` needed; the key is returned once; revoked keys stop at once', async () => {
    const narrow = await app.api('POST', '/v1/api-keys', { name: 'narrow', scopes: ['deploys:read', 'usage:read'] });
    assert.equal(narrow.status, 201, JSON.stringify(narrow.body));
    assert.equal(narrow.headers['cache-control'], 'no-store');
    const k = narrow.body.key as string;
    assert.deepEqual(narrow.body.apiKey.scopes, ['deploys:read', 'usage:read']);
    assert.equal(narrow.body.apiKey.last4, k.slice(-4));
    const auth = { authorization: `Bearer ${k}` };
    assert.equal((await app.api('GET', '/v1/deploys', undefined, auth)).status, 200);
    for (const [m, u, b] of [
      ['GET', '/v1/api-keys', undefined],
      ['POST', '/v1/api-keys', { name: 'escalate' }],
      ['DELETE', `/v1/api-keys/${narrow.body.apiKey.id}`, undefined],
    ] as const) {
      const r = await app.api(m, u, b, auth);
      assert.equal(r.status, 403, `${m} ${u} with a narrow key: ${JSON.stringify(r.body)}`);
    }
    const list = await app.api('GET', '/v1/api-keys');
    assert.ok(!JSON.stringify(list.body).includes(k), 'the list never shows a key');
    assert.equal((await app.api('DELETE', `/v1/api-keys/${narrow.body.apiKey.id}`)).status, 204);
    assert.equal((await app.api('GET', '/v1/deploys', undefined, auth)).status, 401);
    assert.equal((await app.api('DELETE', '/v1/api-keys/key_01h0000000000000000000000')).body.error, 'api_key_not_found');
  });

  test('sign-in is throttled per email and address: 5 failures, then 429 with Retry-After even for the right password; other addresses unaffected; unknown emails look the same', async () => {
    const ip = '192.0.2.10';
    const unknown = await login('nobody@example.com', 'whatever', ip);
    const wrong = await login(EMAIL, 'wrong', '192.0.2.99');
    assert.equal(unknown.statusCode, 401);
    assert.deepEqual(JSON.parse(unknown.body), JSON.parse(wrong.body), 'an unknown email gets the same answer as a wrong password');
    assert.equal(JSON.parse(wrong.body).error, 'invalid_credentials');
    for (let i = 0; i < 5; i++) assert.equal((await login(EMAIL, `wrong-${i}`, ip)).statusCode, 401);
    for (const pw of ['wrong-again', PASSWORD]) {
      const r = await login(EMAIL, pw, ip);
      assert.equal(r.statusCode, 429, r.body);
      assert.equal(JSON.parse(r.body).error, 'rate_limited');
      assert.equal(Number(r.headers['retry-after']), 900);
    }
    assert.equal((await login(` ${EMAIL.toUpperCase()} `, PASSWORD, ip)).statusCode, 429, 'the email is normalised before throttling');
    assert.equal((await login(EMAIL, PASSWORD, '192.0.2.11')).statusCode, 200, 'another address is not locked out');
    app.clock.advance(15 * 60_000 + 1000);
    assert.equal((await login(EMAIL, PASSWORD, ip)).statusCode, 200, 'the lock ends');
  });

  test('sessions expire after 7 idle days (use slides the expiry) and at most 30 days after sign-in', async () => {
    const s = await signIn(EMAIL, PASSWORD);
    app.clock.advance(6 * 24 * 3600_000);
    assert.equal((await asSession(s, 'GET', '/v1/deploys')).status, 200, 'day 6: used, so the idle expiry moves');
    app.clock.advance(6 * 24 * 3600_000);
    assert.equal((await asSession(s, 'GET', '/v1/deploys')).status, 200, 'day 12: still within 7 days of the last use');
    app.clock.advance(7 * 24 * 3600_000 + 1000);
    assert.equal((await asSession(s, 'GET', '/v1/deploys')).status, 401, '7 idle days later: expired');
    const page = await app.server.inject({ method: 'GET', url: '/dashboard/deploys', headers: { cookie: s.cookie } });
    assert.equal(page.statusCode, 302);

    const long = await signIn(EMAIL, PASSWORD);
    for (let day = 6; day <= 30; day += 6) {
      app.clock.advance(6 * 24 * 3600_000);
      const r = await asSession(long, 'GET', '/v1/deploys');
      assert.equal(r.status, day < 30 ? 200 : 401, `day ${day}`);
    }
    owner = await signIn(EMAIL, PASSWORD);
  });

  test('the cookie is HttpOnly and SameSite=Lax; behind an https public URL it is Secure with the __Host- prefix', async () => {
    const r = await login(EMAIL, PASSWORD, '198.51.100.1');
    const c = sessionSetCookie(r);
    assert.match(c, /^folio_session=[A-Za-z0-9]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    assert.ok(!/Secure/.test(c));
    assert.ok(!r.body.includes(c.split(';')[0].split('=')[1]), 'the token is not in the body');

    const https = await createTestApp({
      env: { FOLIO_BOOTSTRAP_EMAIL: EMAIL, FOLIO_BOOTSTRAP_PASSWORD: PASSWORD, FOLIO_PUBLIC_URL: 'https://folio.example.com' },
    });
    try {
      const r2 = await https.server.inject({
        method: 'POST',
        url: '/dashboard/api/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: EMAIL, password: PASSWORD }),
      });
      const c2 = sessionSetCookie(r2);
      assert.match(c2, /^__Host-folio_session=[A-Za-z0-9]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
      const token = c2.split(';')[0];
      assert.equal((await https.server.inject({ method: 'GET', url: '/v1/deploys', headers: { cookie: token } })).statusCode, 200);
      assert.equal(
        (await https.server.inject({ method: 'GET', url: '/v1/deploys', headers: { cookie: token.replace('__Host-', '') } })).statusCode,
        401,
        'the unprefixed name is not accepted behind https',
      );
    } finally {
      await https.close();
    }
  });

  test('sign-out deletes the session and clears the cookie; sign-in refuses non-JSON bodies (no form posts from other sites)', async () => {
    const s = await signIn(EMAIL, PASSWORD);
    const noCsrf = await asSession(s, 'POST', '/dashboard/api/logout', undefined, null);
    assert.equal(noCsrf.status, 403, 'sign-out is a write too');
    const out = await asSession(s, 'POST', '/dashboard/api/logout');
    assert.equal(out.status, 204);
    assert.match(String(out.headers['set-cookie']), /^folio_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    assert.equal((await asSession(s, 'GET', '/dashboard/api/session')).status, 401);
    const form = await app.server.inject({
      method: 'POST',
      url: '/dashboard/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${EMAIL}&password=${PASSWORD}`,
    });
    assert.equal(form.statusCode, 415);
    assert.equal(form.headers['set-cookie'], undefined);
  });
});
