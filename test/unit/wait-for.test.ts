// The pure rules of wait conditions: the selector check that refuses only what Chromium refuses too, the
// bounds of `waitFor`, the render timeout a delay must fit in, and how a stored one is read back.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseStoredJobDocument } from '../../src/domain/jobs/job-document.js';
import { isStoredDataError } from '../../src/domain/stored-data.js';
import { renderTimeoutMs } from '../../src/domain/jobs/render-timeout.js';
import { isStoredWaitFor, selectorSyntaxProblem, shownCondition, waitForProblem } from '../../src/domain/jobs/wait-for.js';

describe('selectorSyntaxProblem', () => {
  test('refuses what Chromium refuses at the top level', () => {
    const refused: [string, RegExp][] = [
      ['a;b', /";" cannot appear/],
      ['a{', /"\{" cannot appear/],
      ['a}', /"\}" cannot appear/],
      ['#q)', /"\)" closes nothing/],
      ['a]', /"\]" closes nothing/],
      ['div >', /nothing follows the final ">"/],
      ['a +', /final "\+"/],
      ['a ~ ', /final "~"/],
      ['a,', /final ","/],
      [',a', /starts with a comma/],
    ];
    for (const [selector, message] of refused) assert.match(selectorSyntaxProblem(selector) ?? '', message, selector);
  });

  test('accepts what Chromium accepts, however odd (each checked with document.querySelector)', () => {
    const accepted = [
      '#done',
      'div > p.note[data-ready="yes"]',
      'a[href', // an unclosed bracket at the end is closed by the CSS parser
      'a[href="x',
      "[href='x",
      ':not(a',
      ':is(a;b)', // a forgiving selector list: its invalid parts are dropped
      ':is({)',
      ':where(])',
      'div /* ; */',
      'a /* } */ b',
      '\\;',
      'a\\;b',
      'href\\>',
      'b\\(~.c1\\',
      '#q ',
      ' #q',
      ':is(:where(:where(;:is(',
      ':where(~*{/*~',
      ':is(a,',
      'li:nth-child(2n+1',
      "*>:is('",
    ];
    for (const selector of accepted) assert.equal(selectorSyntaxProblem(selector), null, selector);
  });
});

describe('waitForProblem and stored waitFor', () => {
  const timeout = { ms: 30_000, named: "the job's render timeout" };
  test('bounds and emptiness, named by field', () => {
    assert.equal(waitForProblem({ selector: '#done', expression: 'window.x', delayMs: 29_999 }, timeout), null);
    assert.equal(waitForProblem({ delayMs: 0 }, timeout), null);
    const cases: [Parameters<typeof waitForProblem>[0], string, RegExp][] = [
      [{ selector: '  ' }, 'waitFor.selector', /is empty/],
      [{ selector: '#a'.repeat(501) }, 'waitFor.selector', /1002 characters; at most 1000/],
      [{ selector: 'div >' }, 'waitFor.selector', /"div >" is not a valid CSS selector/],
      [{ expression: '' }, 'waitFor.expression', /is empty/],
      [{ expression: 'x'.repeat(10_001) }, 'waitFor.expression', /at most 10000/],
      [{ delayMs: -5 }, 'waitFor.delayMs', /≥ 0/],
      [{ delayMs: 2.5 }, 'waitFor.delayMs', /whole number/],
      [{ delayMs: 30_000 }, 'waitFor.delayMs', /30000 does not fit in the job's render timeout of 30000 ms/],
    ];
    for (const [w, field, message] of cases) {
      const p = waitForProblem(w, timeout);
      assert.equal(p?.field, field, JSON.stringify(w).slice(0, 60));
      assert.match(p.message, message);
    }
  });

  test("the render timeout a delay must fit in: the version's, 30 s by default, capped by the plan", () => {
    assert.equal(renderTimeoutMs(null, null), 30_000);
    assert.equal(renderTimeoutMs(undefined, 10_000), 10_000);
    assert.equal(renderTimeoutMs(120_000, 60_000), 60_000);
    assert.equal(renderTimeoutMs(2_000, null), 2_000);
  });

  test('a condition in messages is quoted and cut after 200 characters', () => {
    assert.equal(shownCondition('#done'), '"#done"');
    assert.equal(shownCondition('x'.repeat(300)), JSON.stringify(`${'x'.repeat(200)}…`));
  });

  test('a stored waitFor is read back; anything else in its place is a damaged row', () => {
    assert.ok(isStoredWaitFor({ selector: '#done', expression: 'x', delayMs: 10 }));
    assert.ok(isStoredWaitFor({}));
    for (const bad of [null, [], { selector: '' }, { delayMs: -1 }, { delayMs: '10' }, { until: 'load' }])
      assert.ok(!isStoredWaitFor(bad), JSON.stringify(bad));
    const doc = parseStoredJobDocument(JSON.stringify({ attachments: [], waitFor: { selector: '#done', delayMs: 5 } }));
    assert.deepEqual(doc.waitFor, { selector: '#done', delayMs: 5 });
    assert.throws(
      () => parseStoredJobDocument(JSON.stringify({ attachments: [], waitFor: { delayMs: 'soon' } })),
      (err: unknown) => isStoredDataError(err, 'job_document'),
    );
  });
});
