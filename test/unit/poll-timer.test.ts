import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PollTimer } from '../../src/worker/poll-timer.js';

const within = async (p: Promise<void>, ms: number) => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), ms)));
  const r = await Promise.race([p.then(() => 'woken' as const), late]);
  clearTimeout(timer);
  return r;
};

test('a wake cuts a sleep short', async () => {
  const t = new PollTimer();
  const sleeping = t.sleep(60_000);
  t.wake();
  assert.equal(await within(sleeping, 1000), 'woken');
});

test('a wake while nobody sleeps is kept for the next sleep, once', async () => {
  const t = new PollTimer();
  t.wake(); // e.g. a job committed while the loop was still claiming
  t.wake();
  assert.equal(await within(t.sleep(60_000), 1000), 'woken');
  const next = t.sleep(60_000);
  assert.equal(await within(next, 50), 'late', 'the kept wake was used up; two wakes are not two');
  t.wake();
  await next;
});

test('without a wake, the sleep lasts its time', async () => {
  const t = new PollTimer();
  const started = performance.now();
  await t.sleep(30);
  assert.ok(performance.now() - started >= 25);
});
