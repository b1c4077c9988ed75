// The pure rules of URL sources (domain/jobs/url-source.ts, domain/gotenberg-url.ts) and the allow-list's
// effect on the address check (net/resolve-host.ts, with an injected resolver playing DNS).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { urlSourceOfForm } from '../../src/domain/gotenberg/url.js';
import {
  checkUrlSource,
  cookieHeaderFor,
  isAllowListed,
  isSourceOrigin,
  parseAllowedHosts,
  shownSourceUrl,
} from '../../src/domain/jobs/url-source.js';
import { resolveAndCheckHost, type LookupAll } from '../../src/net/resolve-host.js';

describe('URL sources', () => {
  test('the allow-list: host (any port) or host:port, default ports counted', () => {
    const list = parseAllowedHosts('App.Internal:8080, 127.0.0.1, [::1]:9000, intranet:80');
    assert.deepEqual(list, ['app.internal:8080', '127.0.0.1', '[::1]:9000', 'intranet:80']);
    assert.ok(isAllowListed(new URL('http://app.internal:8080/x'), list));
    assert.ok(!isAllowListed(new URL('http://app.internal:8081/x'), list));
    assert.ok(isAllowListed(new URL('http://127.0.0.1:4567/'), list));
    assert.ok(isAllowListed(new URL('http://[::1]:9000/'), list));
    assert.ok(isAllowListed(new URL('http://intranet/'), list), 'http without a port is :80');
    assert.ok(!isAllowListed(new URL('https://intranet/'), list), 'https without a port is :443');
    assert.throws(() => parseAllowedHosts('http://x/'), /FOLIO_URL_SOURCE_ALLOWED_HOSTS/);
    assert.deepEqual(parseAllowedHosts(null), []);
  });

  test('checks name the field; the shown URL drops query, fragment and user info', () => {
    assert.equal(checkUrlSource({ url: 'https://a.example/' }), null);
    assert.equal(checkUrlSource({ url: 'ftp://a.example/' })?.field, 'source.url');
    assert.equal(checkUrlSource({ url: 'https://u:p@a.example/' })?.field, 'source.url');
    assert.equal(
      checkUrlSource({ url: 'https://a.example/', headers: { 'Transfer-Encoding': 'x' } })?.field,
      'source.headers["Transfer-Encoding"]',
    );
    assert.equal(checkUrlSource({ url: 'https://a.example/', headers: { 'X-A': 'a\r\nb' } })?.field, 'source.headers["X-A"]');
    assert.equal(checkUrlSource({ url: 'https://a.example/', cookies: [{ name: 'a', value: 'b;c' }] })?.field, 'source.cookies[0].value');
    assert.equal(checkUrlSource({ url: 'https://app.a.example/', cookies: [{ name: 'a', value: 'b', domain: '.a.example' }] }), null);
    assert.equal(shownSourceUrl('https://a.example:8443/p/q?token=1#x'), 'https://a.example:8443/p/q');
  });

  test('cookies and headers only for the source origin; path and secure honoured', () => {
    const source = new URL('https://app.example/inv/1');
    assert.ok(isSourceOrigin(new URL('https://app.example:443/style.css'), source));
    assert.ok(!isSourceOrigin(new URL('http://app.example/style.css'), source));
    assert.ok(!isSourceOrigin(new URL('https://cdn.example/style.css'), source));
    const cookies = [
      { name: 'a', value: '1' },
      { name: 'b', value: '2', path: '/inv' },
      { name: 'c', value: '3', secure: true },
    ];
    assert.equal(cookieHeaderFor(new URL('https://app.example/inv/1'), cookies), 'a=1; b=2; c=3');
    assert.equal(cookieHeaderFor(new URL('http://app.example/invoice'), cookies), 'a=1');
  });

  test('an allow-listed host is pinned without the refusal; others keep it', async () => {
    const lookup: LookupAll = async () => [{ address: '10.1.2.3', family: 4 }];
    await assert.rejects(resolveAndCheckHost('app.internal', { lookup }), /blocked/);
    assert.deepEqual(await resolveAndCheckHost('app.internal', { lookup, allowBlocked: true }), { address: '10.1.2.3', family: 4 });
    assert.deepEqual(await resolveAndCheckHost('127.0.0.1', { allowBlocked: true }), { address: '127.0.0.1', family: 4 });
  });

  test("Gotenberg's convert/url form: url, extraHttpHeaders, cookies", () => {
    const taken = urlSourceOfForm(
      new Map([
        ['url', 'https://a.example/'],
        ['extraHttpHeaders', '{"X-A":"1"}'],
        ['cookies', '[{"name":"s","value":"v","domain":"a.example","sameSite":"Lax"}]'],
        ['landscape', 'true'],
      ]),
    );
    assert.ok(!('problem' in taken));
    assert.deepEqual(taken.source, {
      url: 'https://a.example/',
      headers: { 'X-A': '1' },
      cookies: [{ name: 's', value: 'v', domain: 'a.example' }],
    });
    assert.deepEqual([...taken.rest.keys()], ['landscape']);
    const bad = urlSourceOfForm(
      new Map([
        ['url', 'https://a.example/'],
        ['extraHttpHeaders', '[1]'],
      ]),
    );
    assert.ok('problem' in bad && bad.problem.field === 'extraHttpHeaders');
    const none = urlSourceOfForm(new Map());
    assert.ok('problem' in none && none.problem.field === 'url');
  });
});
