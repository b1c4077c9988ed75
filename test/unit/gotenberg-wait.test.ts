// Gotenberg's wait fields of the Chromium routes mapped onto a job's waitFor: waitDelay (a Go duration),
// waitForExpression and waitForSelector; a bad waitDelay refused by name, and the job's refusals of
// waitFor.* named by the form field they came from.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mapChromiumForm } from '../../src/domain/gotenberg/chromium-form.js';
import { gotenbergFieldOf } from '../../src/domain/gotenberg/form.js';

describe("Gotenberg's wait fields", () => {
  const html = (fields: [string, string][]) => mapChromiumForm('convert', new Map(fields), {});

  test("waitDelay, waitForExpression and waitForSelector become the job's waitFor", () => {
    const m = html([
      ['waitDelay', '1.5s'],
      ['waitForExpression', 'window.status === "ready"'],
      ['waitForSelector', '#chart'],
    ]);
    assert.ok(!('problem' in m), JSON.stringify(m));
    // The expression is wrapped so that one that throws or is undefined stops the wait at once.
    assert.deepEqual({ ...m.waitFor, expression: undefined }, { delayMs: 1500, expression: undefined, selector: '#chart' });
    assert.match(m.waitFor!.expression!, /\nwindow.status === "ready"\n/);
    const none = html([
      ['waitDelay', ''],
      ['waitForSelector', ''],
    ]);
    assert.ok(!('problem' in none) && none.waitFor === undefined, 'an empty value is "not set", as in Gotenberg');
    const screenshot = mapChromiumForm('screenshot', new Map([['waitDelay', '200ms']]), {});
    assert.ok(!('problem' in screenshot) && screenshot.waitFor?.delayMs === 200);
  });

  test('a bad waitDelay is refused naming it; the job refusals of waitFor.* name the form fields', () => {
    const seconds = html([['waitDelay', '5']]);
    assert.ok(!('problem' in seconds) && seconds.waitFor?.delayMs === 5000, 'a plain number is seconds');
    for (const value of ['5 seconds', '10x', '-1s', '1d']) {
      const m = html([['waitDelay', value]]);
      assert.ok('problem' in m, value);
      assert.equal(m.problem.field, 'waitDelay');
      assert.match(m.problem.message, /^waitDelay: must be a duration such as 500ms, 1s/);
    }
    assert.equal(gotenbergFieldOf('waitFor.delayMs'), 'waitDelay');
    assert.equal(gotenbergFieldOf('waitFor.selector'), 'waitForSelector');
    assert.equal(gotenbergFieldOf('waitFor.expression'), 'waitForExpression');
  });

  test('the network idle switches take either value (Folio always waits for a quiet network); a non-boolean is refused', () => {
    for (const value of ['true', 'false']) assert.ok(!('problem' in html([['skipNetworkIdleEvent', value]])), value);
    const m = html([['skipNetworkAlmostIdleEvent', 'maybe']]);
    assert.ok('problem' in m);
    assert.equal(m.problem.field, 'skipNetworkAlmostIdleEvent');
  });
});
