// The pure rules that keep hostile input from a 500: JSON depth, well-formed paths, strict media types.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { normalizeBundlePath } from '../../src/domain/deploys/file-paths.js';
import { fieldOfPath, findTooDeep, MAX_JSON_DEPTH } from '../../src/domain/json-depth.js';
import { isValidMime } from '../../src/domain/deploys/mime.js';
import { officeOptionsProblem } from '../../src/domain/office/office-options.js';
import { secretTextProblem } from '../../src/domain/secret-text.js';

describe('findTooDeep', () => {
  test('counts the root as level 1 and answers the path to the first container past the limit', () => {
    assert.equal(findTooDeep({ a: { b: 1 } }, 2), null);
    assert.deepEqual(findTooDeep({ a: { b: { c: 1 } } }, 2), ['a', 'b']);
    assert.deepEqual(findTooDeep({ x: 1, list: [0, [1, [2]]] }, 3), ['list', 1, 1]);
    assert.equal(findTooDeep('scalar', 0), null);
  });

  test('walks a million levels without overflowing the stack', () => {
    let v: unknown = [];
    for (let i = 0; i < 1_000_000; i++) v = [v];
    const path = findTooDeep(v);
    assert.equal(path?.length, MAX_JSON_DEPTH);
  });

  test('fieldOfPath names the first two segments', () => {
    assert.equal(fieldOfPath(['render', 'metadata', 'a', 'a']), 'render.metadata');
    assert.equal(fieldOfPath(['payload', 0, 0]), 'payload[0]');
    assert.equal(fieldOfPath([0, 0]), 'body');
    assert.equal(fieldOfPath([]), 'body');
  });
});

describe('normalizeBundlePath and Unicode', () => {
  test('refuses lone surrogates, keeps pairs and U+FFFD as given', () => {
    for (const bad of ['a\ud800.html', 'a\udc00.html', '\udbff', 'x/\ud83d/y'])
      assert.equal(normalizeBundlePath(bad).ok, false, JSON.stringify(bad));
    assert.deepEqual(normalizeBundlePath('a😀.html'), { ok: true, path: '/a😀.html' });
    assert.deepEqual(normalizeBundlePath('a\ufffd.html'), { ok: true, path: '/a\ufffd.html' });
  });
});

describe('isValidMime (RFC 9110 media-type, ASCII)', () => {
  test('accepts types with token and quoted parameters', () => {
    for (const ok of [
      'text/html',
      'text/html; charset=utf-8',
      'text/html;charset="utf-8"',
      'application/ld+json; profile="http://a/b"',
      'text/plain; a="x\\"y"',
      'a/b ;\tc=d',
    ]) {
      assert.equal(isValidMime(ok), true, JSON.stringify(ok));
    }
  });
  test('refuses CR, LF, other controls, non-ASCII, bad quoting and empty parameters', () => {
    for (const bad of [
      'text/html; charset="a\r\nX: 1"',
      'text/html;\r\n charset=x',
      'text/html\n',
      'text/html; c=\u0001',
      'text/html; c="\u007f"',
      'text/html; c=é',
      'text/html; c="x',
      'text/html;',
      'text',
      '/html',
      'text/plain; a=b/c',
    ]) {
      assert.equal(isValidMime(bad), false, JSON.stringify(bad));
    }
  });
});

test('a password or passphrase as received: NUL, a lone surrogate or U+FFFD is refused, naming the field, never the value', () => {
  for (const [value, why] of [
    ['Ses\u0000ame', /must not contain a NUL/],
    ['Ses\ud800ame', /lone UTF-16 surrogate/],
    ['Ses\udfffame', /lone UTF-16 surrogate/],
    ['Ses\ufffd\ufffd\ufffdame', /not valid UTF-8/],
  ] as const) {
    const problem = secretTextProblem(value, 'password');
    assert.ok(problem, JSON.stringify(value));
    assert.match(problem, why);
    assert.ok(problem.startsWith('password ') && !problem.includes('Ses'), problem);
  }
  for (const ok of ['Sesame', 'Sésame open 🔑', 'x'.repeat(1000)]) assert.equal(secretTextProblem(ok, 'password'), null, ok);
  assert.match(officeOptionsProblem({ password: 'a\u0000b' }) ?? '', /^office\.password must not contain a NUL/);
});
