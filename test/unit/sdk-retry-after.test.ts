// The SDK's wait before a retry, on node:test's mocked setTimeout and a fetch of its own (the client's
// `fetch` option): a 429 or 503 with Retry-After is sent again once the named delay has passed, not before.
// test/e2e/sdk.test.ts retries against a real server; here time moves only when the test ticks it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createClient } from '../../src/sdk/index.js';

/** Lets every callback already due run (promise jobs and I/O callbacks; no mocked timer fires). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
};

test('a 503 with Retry-After: 1 is sent again 1000 ms later, not before', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  // The delays the SDK asks setTimeout for (the mocked one), to know when its wait has begun.
  const mocked = globalThis.setTimeout;
  const asked: number[] = [];
  globalThis.setTimeout = ((fn: () => void, ms?: number) => {
    asked.push(ms ?? 0);
    return mocked(fn, ms);
  }) as typeof setTimeout;
  t.after(() => void (globalThis.setTimeout = mocked));

  const sent: string[] = [];
  const answers = [
    () => Response.json({ error: 'service_unavailable', message: 'try again later' }, { status: 503, headers: { 'retry-after': '1' } }),
    () => Response.json({ period: { kind: 'month' } }),
  ];
  const fetch = async (url: string | URL | Request) => {
    sent.push(String(url));
    return answers[sent.length - 1]!();
  };
  const client = createClient({ baseUrl: 'http://folio.test', apiKey: 'folio_sk_test', fetch: fetch as typeof globalThis.fetch });
  let answered = false;
  const usage = client.usage().then((u) => ((answered = true), u));

  await settle();
  assert.equal(sent.length, 1);
  assert.deepEqual(asked, [1000], 'the wait asked for is the delay the answer named');
  t.mock.timers.tick(999);
  await settle();
  assert.equal(sent.length, 1, 'not sent again before the delay');
  t.mock.timers.tick(1);
  await settle();
  assert.deepEqual(sent, ['http://folio.test/v1/usage', 'http://folio.test/v1/usage'], 'the same request, sent again');
  assert.equal(answered, true);
  assert.equal((await usage).period.kind, 'month');
});
