// The live api-process count behind the per-key rate limit share (services/api-processes.ts), on the real
// database: two counters stand for two api processes.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiProcesses } from '../../src/services/api-processes.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { engine } from '../helpers/engine.js';

/** Waits for the heartbeats markActive() started on these counters, if it started any (their in-flight refresh). */
const settle = async (...counters: ApiProcesses[]) => {
  for (const c of counters) await c.settled();
};

describe(`api process count (${engine})`, () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  test('after an idle spell, the first heartbeat back keeps the count from before (no N× burst while rows return)', async () => {
    const ctx = app.services.ctx;
    const a = new ApiProcesses(ctx);
    const b = new ApiProcesses(ctx);
    try {
      a.markActive();
      b.markActive();
      await settle(a, b);
      a.markActive();
      await a.refresh();
      b.markActive();
      await b.refresh();
      assert.equal(a.count, 2);
      assert.equal(b.count, 2);
      // Three heartbeats without a request: each leaves (its row is deleted).
      for (let i = 0; i < 3; i++) await Promise.all([a.refresh(), b.refresh()]);
      const rows = await ctx.db.selectFrom('api_processes').select('id').where('id', 'in', [a.id, b.id]).execute();
      assert.equal(rows.length, 0, 'both left while idle');
      // Traffic resumes at `a` first: b's row is not back yet, but a does not take the whole limit.
      a.markActive();
      await settle(a);
      assert.equal(a.count, 2, 'the first heartbeat back keeps the count from before the idle spell');
      b.markActive();
      await settle(b);
      a.markActive();
      await a.refresh();
      assert.equal(a.count, 2, 'then the live rows count again');
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  test('a stopped process does not register again when a late request marks it active', async () => {
    const ctx = app.services.ctx;
    const p = new ApiProcesses(ctx);
    p.markActive();
    await settle(p);
    await p.stop();
    p.markActive();
    await settle(p);
    const rows = await ctx.db.selectFrom('api_processes').select('id').where('id', '=', p.id).execute();
    assert.equal(rows.length, 0);
  });
});
