// The dashboard's number formats (dashboard/src/format.ts): storage over time in the byte unit that suits it,
// never a long decimal fraction of GiB-days.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { byteDays } from '../../dashboard/src/format.js';

describe('dashboard formats', () => {
  test('GiB-days are shown in the unit that suits them', () => {
    assert.equal(byteDays(0.000113), '118 KiB·days');
    assert.equal(byteDays(0), '0 B·days');
    assert.equal(byteDays(500 / 1024 ** 3), '500 B·days');
    assert.equal(byteDays(1 / 1024), '1.0 MiB·days');
    assert.equal(byteDays(2.5), '2.5 GiB·days');
    assert.equal(byteDays(3000), '2.9 TiB·days');
  });
});
