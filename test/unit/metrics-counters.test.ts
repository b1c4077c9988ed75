// The counters the engines feed into Metrics (src/observability/metrics.ts): Chromium launches and relaunches
// by reason, LibreOffice starts and restarts by reason, sandbox tasks killed by kind and task. Every value of
// their bounded labels is in the output from the start (0), so that rate() and increase() see the first event;
// the account a sandbox task ran for is never a label. Where the reasons come from (the browser supervisor,
// the Office pool) needs Chromium and LibreOffice; the gauges read from the database are
// test/integration/metrics-endpoint.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Metrics } from '../../src/observability/metrics.js';
import { OFFICE_RESTART_REASONS } from '../../src/office/office-pool.js';
import { BROWSER_RESTART_REASONS } from '../../src/render/browser-supervisor.js';
import { SANDBOX_LIMIT_KINDS } from '../../src/sandbox/pool.js';
import { tasks } from '../../src/sandbox/tasks.js';

/** The value of the sample `name{labels}` in the exposition text (labels in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, v]));
    if (Object.keys(found).length === Object.keys(labels).length && Object.entries(labels).every(([k, v]) => found[k] === v))
      return Number(m[3]);
  }
  return undefined;
}

test('every label value of the restart and kill counters is there from the start, at 0', async () => {
  const { body } = await new Metrics().render();
  for (const reason of BROWSER_RESTART_REASONS) assert.equal(sample(body, 'folio_browser_restarts_total', { reason }), 0, reason);
  for (const reason of OFFICE_RESTART_REASONS) assert.equal(sample(body, 'folio_office_process_restarts_total', { reason }), 0, reason);
  for (const task of Object.keys(tasks))
    for (const kind of SANDBOX_LIMIT_KINDS)
      assert.equal(sample(body, 'folio_sandbox_tasks_killed_total', { kind, task }), 0, `${kind} ${task}`);
  // Without a database to read, the scrape-time gauges have no samples (and count no read error).
  for (const name of [
    'folio_render_queue_oldest_age_seconds',
    'folio_webhook_oldest_pending_age_seconds',
    'folio_webhook_oldest_due_age_seconds',
  ])
    assert.equal(sample(body, name), undefined, name);
  assert.equal(sample(body, 'folio_webhook_events_read_errors_total'), 0);
});

test('a first launch counts as a launch only; a relaunch counts as a launch and a restart with its reason', async () => {
  const metrics = new Metrics();
  metrics.browserLaunched({ restart: null });
  metrics.browserLaunched({ restart: 'crash' });
  metrics.browserLaunched({ restart: 'max_renders' });
  metrics.browserLaunched({ restart: 'crash' });
  metrics.officeProcessStarted({ restart: null });
  metrics.officeProcessStarted({ restart: null });
  metrics.officeProcessStarted({ restart: 'timeout' });
  const { body } = await metrics.render();
  assert.equal(sample(body, 'folio_browser_launches_total'), 4);
  assert.equal(sample(body, 'folio_browser_restarts_total', { reason: 'crash' }), 2);
  assert.equal(sample(body, 'folio_browser_restarts_total', { reason: 'max_renders' }), 1);
  assert.equal(sample(body, 'folio_browser_restarts_total', { reason: 'memory' }), 0);
  assert.equal(sample(body, 'folio_office_process_starts_total'), 3);
  assert.equal(sample(body, 'folio_office_process_restarts_total', { reason: 'timeout' }), 1);
  assert.equal(sample(body, 'folio_office_process_restarts_total', { reason: 'crash' }), 0);
});

test('a sandbox kill counts by kind and task, never by account', async () => {
  const metrics = new Metrics();
  const account = 'acct_0123456789abcdefghijkl';
  metrics.sandboxTaskKilled({ task: 'payload.check', account, kind: 'time' });
  metrics.sandboxTaskKilled({ task: 'payload.check', account, kind: 'time' });
  metrics.sandboxTaskKilled({ task: 'pdf.postProcess', account, kind: 'memory' });
  const { body } = await metrics.render();
  assert.equal(sample(body, 'folio_sandbox_tasks_killed_total', { kind: 'time', task: 'payload.check' }), 2);
  assert.equal(sample(body, 'folio_sandbox_tasks_killed_total', { kind: 'memory', task: 'pdf.postProcess' }), 1);
  assert.equal(sample(body, 'folio_sandbox_tasks_killed_total', { kind: 'crash', task: 'pdf.postProcess' }), 0);
  assert.ok(!body.includes(account), 'no account id in the output');
});
