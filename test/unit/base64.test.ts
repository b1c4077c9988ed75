import assert from 'node:assert/strict';
import { test } from 'node:test';
import { base64ByteLength, isBase64 } from '../../src/domain/base64.js';

test('base64: padded RFC 4648 only', () => {
  for (const ok of ['', 'AAAA', 'AAA=', 'AA==', 'ab+/', Buffer.from('hello world').toString('base64')]) assert.ok(isBase64(ok), ok);
  for (const bad of ['A', 'AAA', 'A===', '====', 'AA=A', 'AAAA=AAA', 'ab-_', 'AA AA', 'AAAA\n'])
    assert.ok(!isBase64(bad), JSON.stringify(bad));
});

test('base64: decoded length without decoding', () => {
  for (const n of [0, 1, 2, 3, 4, 5, 1000]) assert.equal(base64ByteLength(Buffer.alloc(n, 1).toString('base64')), n);
});

test('base64: a 16 MiB attachment is checked without overflowing the regexp stack', () => {
  // The repeated-group pattern this replaced threw RangeError (maximum call stack) from about 8 MiB.
  const big = Buffer.alloc(16 * 1024 * 1024, 7).toString('base64');
  assert.ok(isBase64(big));
  assert.equal(base64ByteLength(big), 16 * 1024 * 1024);
  assert.ok(!isBase64(`${big.slice(0, -4)}A=AA`));
});
