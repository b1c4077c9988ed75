// FairSlots: a freed slot goes to the waiting account with the fewest tasks running, so one account's burst
// delays another account by the tasks already running, not by its whole queue.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FairSlots } from '../../src/pdf/fair-slots.js';

/** A task that runs until released, recording when it starts. */
function gate(order: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  return { task: () => (order.push(name), done), release };
}

test("with one slot, account B's task runs right after the task A is running, before A's queue", async () => {
  const slots = new FairSlots(1);
  const order: string[] = [];
  const a = [1, 2, 3].map((i) => gate(order, `a${i}`));
  const b = gate(order, 'b1');
  const runs = [...a.map((g) => slots.run('a', g.task)), slots.run('b', b.task)];
  await Promise.resolve();
  assert.deepEqual(order, ['a1']);
  a[0]!.release();
  await runs[0];
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(order, ['a1', 'b1'], 'B before the rest of A');
  b.release();
  a[1]!.release();
  a[2]!.release();
  await Promise.all(runs);
  assert.deepEqual(order, ['a1', 'b1', 'a2', 'a3']);
});

test('never more tasks at once than slots, and a failing task frees its slot', async () => {
  const slots = new FairSlots(2);
  let running = 0;
  let most = 0;
  const task = (fail: boolean) => async () => {
    most = Math.max(most, ++running);
    await new Promise((r) => setImmediate(r));
    running--;
    if (fail) throw new Error('boom');
    return 'ok';
  };
  const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => slots.run(i % 2 ? 'x' : 'y', task(i === 3))));
  assert.equal(most, 2);
  assert.equal(results.filter((r) => r.status === 'rejected').length, 1);
  assert.equal(await slots.run('z', task(false)), 'ok', 'slots are free again');
});
