// The services' event bus (src/services/events.ts): listeners run synchronously, in the order they
// subscribed; one that throws (or rejects) is logged and neither fails the emitter nor stops the others.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EventBus } from '../../src/services/events.js';

function recordingLog() {
  const errors: { event: unknown; message: string }[] = [];
  const log = {
    error: (obj: { err: Error; event: unknown }) => errors.push({ event: obj.event, message: obj.err.message }),
  };
  return { errors, log: log as never };
}

test('emit calls the listeners of that event at once, in order, with the payload', () => {
  const { log } = recordingLog();
  const bus = new EventBus(log);
  const seen: string[] = [];
  bus.on('batchEnded', (e) => seen.push(`a:${e.batchId}`));
  bus.on('webhookQueued', (e) => seen.push(`w:${e.jobId ?? e.batchId}`));
  bus.on('batchEnded', (e) => seen.push(`b:${e.combine}`));
  bus.emit('batchEnded', { batchId: 'bat_1', combine: 'zip', webhookQueued: false });
  assert.deepEqual(seen, ['a:bat_1', 'b:zip'], 'synchronous: done when emit returns');
  bus.emit('webhookQueued', { jobId: 'job_1' });
  assert.deepEqual(seen, ['a:bat_1', 'b:zip', 'w:job_1']);
});

test('a listener that throws is logged; the emitter and the other listeners go on', async () => {
  const { errors, log } = recordingLog();
  const bus = new EventBus(log);
  const seen: string[] = [];
  bus.on('webhookQueued', () => {
    throw new Error('boom');
  });
  bus.on('webhookQueued', async () => {
    throw new Error('later');
  });
  bus.on('webhookQueued', (e) => seen.push(e.batchId!));
  assert.doesNotThrow(() => bus.emit('webhookQueued', { batchId: 'bat_2' }));
  assert.deepEqual(seen, ['bat_2']);
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(errors, [
    { event: 'webhookQueued', message: 'boom' },
    { event: 'webhookQueued', message: 'later' },
  ]);
});

test('the answer of on() unsubscribes', () => {
  const { log } = recordingLog();
  const bus = new EventBus(log);
  let n = 0;
  const off = bus.on('batchEnded', () => n++);
  bus.emit('batchEnded', { batchId: 'bat_3', combine: 'none', webhookQueued: true });
  off();
  bus.emit('batchEnded', { batchId: 'bat_3', combine: 'none', webhookQueued: true });
  assert.equal(n, 1);
});
