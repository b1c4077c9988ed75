// The poll timer on node:test's mocked setTimeout: time moves only when a test ticks it, so a sleep's length
// and a wake's effect are read from the promise's state, never from a clock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PollTimer } from '../../src/worker/poll-timer.js';

/** Whether `p` has settled once the callbacks already due have run (no mocked timer fires meanwhile). */
async function settled(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
}

test('a wake cuts a sleep short', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const timer = new PollTimer();
  const sleeping = timer.sleep(60_000);
  timer.wake();
  assert.equal(await settled(sleeping), true);
});

test('a wake while nobody sleeps is kept for the next sleep, once', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const timer = new PollTimer();
  timer.wake(); // e.g. a job committed while the loop was still claiming
  timer.wake();
  assert.equal(await settled(timer.sleep(60_000)), true);
  const next = timer.sleep(60_000);
  assert.equal(await settled(next), false, 'the kept wake was used up; two wakes are not two');
  timer.wake();
  assert.equal(await settled(next), true);
});

test('without a wake, the sleep lasts its time', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const timer = new PollTimer();
  const sleeping = timer.sleep(30);
  t.mock.timers.tick(29);
  assert.equal(await settled(sleeping), false, 'not before its time');
  t.mock.timers.tick(1);
  assert.equal(await settled(sleeping), true, 'at its time');
});
