// Go's duration strings (Gotenberg's waitDelay) as Go's time.ParseDuration reads them: what it accepts, in
// milliseconds, and what it refuses.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseGoDuration } from '../../src/domain/gotenberg/go-duration.js';

describe("Go's duration strings", () => {
  test('what time.ParseDuration accepts, in milliseconds', () => {
    const cases: [string, number][] = [
      ['0', 0],
      ['+0', 0],
      ['-0', 0],
      ['0s', 0],
      ['1s', 1000],
      ['500ms', 500],
      ['1.5s', 1500],
      ['1.1s', 1100],
      ['.5s', 500],
      ['5.s', 5000],
      ['2m', 120_000],
      ['1h', 3_600_000],
      ['1h30m', 5_400_000],
      ['1m30.5s', 90_500],
      ['+2s', 2000],
      ['-1s', -1000],
      ['1000000ns', 1],
      ['1500us', 2], // rounded up to a whole millisecond
      ['1500µs', 2], // U+00B5
      ['1500μs', 2], // U+03BC
      ['1ns', 1],
      ['0.0001s', 1],
      ['100ms500us', 101],
      ['2562047h', 2562047 * 3_600_000], // within int64 nanoseconds
    ];
    for (const [text, ms] of cases) assert.equal(parseGoDuration(text), ms, text);
  });

  test('what it refuses: no unit, unknown units, spaces, no digits, past int64', () => {
    for (const text of [
      '',
      '1',
      '10',
      's',
      '.s',
      '-.s',
      '-',
      '+',
      '1sec',
      '1S',
      '1 s',
      ' 1s',
      '1s ',
      '1.5.5s',
      '1d',
      'ms',
      '2562048h',
      '1e3ms',
      '0x10s',
      'soon',
    ])
      assert.equal(parseGoDuration(text), null, JSON.stringify(text));
  });
});
