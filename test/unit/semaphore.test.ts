// The render slots' semaphore (src/render/semaphore.ts): at most `limit` holders, waiters served in arrival
// order, a release hands the slot on exactly once, and a waiter whose signal aborts leaves the queue.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Semaphore } from '../../src/render/semaphore.js';

/** Resolves after every pending promise callback has run, so a grant that is due has arrived. */
const settled = () => new Promise((r) => setImmediate(r));

test('refuses a limit that is not a positive integer', () => {
  for (const limit of [0, -1, 1.5, Number.NaN]) assert.throws(() => new Semaphore(limit), RangeError, String(limit));
});

test('up to the limit at once; waiters get the slot in arrival order', async () => {
  const s = new Semaphore(2);
  const r1 = await s.acquire();
  const r2 = await s.acquire();
  assert.equal(s.inUse, 2);
  const order: string[] = [];
  const waiters = ['a', 'b', 'c'].map((name) => s.acquire().then((release) => (order.push(name), release)));
  await settled();
  assert.deepEqual(order, [], 'nobody gets a third slot');
  r2();
  await settled();
  assert.deepEqual(order, ['a']);
  r1();
  await settled();
  assert.deepEqual(order, ['a', 'b']);
  (await waiters[0])();
  await settled();
  assert.deepEqual(order, ['a', 'b', 'c']);
  assert.equal(s.inUse, 2, 'a handed-on slot stays in use');
  (await waiters[1])();
  (await waiters[2])();
  assert.equal(s.inUse, 0);
});

test('releasing twice frees one slot, not two', async () => {
  const s = new Semaphore(1);
  const release = await s.acquire();
  const next = s.acquire();
  release();
  release();
  const r = await next;
  assert.equal(s.inUse, 1);
  let third = false;
  void s.acquire().then(() => (third = true));
  await settled();
  assert.equal(third, false, 'the second release() did not let a second holder in');
  r();
  await settled();
  assert.equal(third, true);
});

test('a waiter whose signal aborts is rejected with the reason and leaves the queue', async () => {
  const s = new Semaphore(1);
  const release = await s.acquire();
  const ac = new AbortController();
  const aborted = s.acquire(ac.signal);
  const after: string[] = [];
  const later = s.acquire().then((r) => (after.push('later'), r));
  const reason = new Error('job canceled');
  ac.abort(reason);
  await assert.rejects(aborted, (err) => err === reason);
  release();
  (await later)();
  assert.deepEqual(after, ['later'], 'the slot went to the next waiter, not to the aborted one');
  assert.equal(s.inUse, 0, 'the aborted waiter holds nothing');
});

test('an already aborted signal is refused at once, even with a free slot', async () => {
  const s = new Semaphore(1);
  const reason = new Error('gone');
  await assert.rejects(s.acquire(AbortSignal.abort(reason)), (err) => err === reason);
  assert.equal(s.inUse, 0);
});

test('a signal that aborts after the grant changes nothing', async () => {
  const s = new Semaphore(1);
  const first = await s.acquire();
  const ac = new AbortController();
  const granted = s.acquire(ac.signal);
  first();
  const release = await granted;
  ac.abort(new Error('too late'));
  assert.equal(s.inUse, 1, 'the holder keeps its slot');
  release();
  assert.equal(s.inUse, 0);
});
