// A renderer killed while it prints a 50-page report: the job is a crash (render_crashed), retried, and the
// retry succeeds -- through the real worker, queue, SQLite, files and Chromium. (test/render/renderer.test.ts
// proves the classification itself deterministically; this proves what a user sees.)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Renderer } from '../../src/render/renderer.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { rendererPids } from '../helpers/proc.js';
import { waitFor } from '../helpers/wait.js';

// Chromium fires `beforeprint` inside Page.printToPDF: there the page marks its URL (which the browser
// reports at once) and spins for a second, so the test sees the print under way and kills it mid-print.
const sections = Array.from(
  { length: 50 },
  (_, i) => `<h1>Section ${i + 1}</h1><p>${'Revenue grew steadily across all regions while costs stayed flat. '.repeat(40)}</p>`,
).join('');
const report = file(
  'index.html',
  `<!doctype html><html><head><title>Report</title><style>h1 { break-before: page; }</style></head><body>${sections}<script>
    addEventListener('beforeprint', () => { history.replaceState(null, '', '/printing'); const t = Date.now(); while (Date.now() - t < 1000) {} });
  </script></body></html>`,
);

// Renders and a relaunched renderer take seconds; ask every 50 ms for up to a minute.
const JOB_WAIT = { timeoutMs: 60_000, intervalMs: 50 };

describe('a renderer crash while printing', () => {
  let app: TestApp;
  let deployId: string;
  before(async () => {
    app = await createTestApp({ env: { FOLIO_WORKER_POLL_MS: '200' } });
    app.startBackground();
    const v = await deployFiles(app, { createDeploy: { slug: 'report', name: 'Report' } }, [report], { route: '/', title: 'Report' });
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
  });
  after(() => app.close());

  test('is retried as render_crashed, and the retry prints the whole report', async () => {
    const created = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', payload: {} });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const jobId = created.body.job.id as string;
    const renderer = app.renderer as unknown as Renderer;
    await waitFor(
      'rendering',
      async () => ((await app.api('GET', `/v1/render-jobs/${jobId}`)).body.job.status === 'rendering' ? true : undefined),
      JOB_WAIT,
    );

    // Watch the browser's targets until the page reports the URL it set in beforeprint, then kill every
    // renderer: the print is under way.
    const lease = await renderer.supervisor.acquire();
    const browser = lease.browser;
    lease.release();
    await waitFor(
      'the page printing',
      async () => {
        const { targetInfos } = await browser.connection.send('Target.getTargets', {});
        return (targetInfos as Array<{ url: string }>).some((t) => t.url.endsWith('/printing')) ? true : undefined;
      },
      JOB_WAIT,
    );
    for (const pid of rendererPids(browser.pid)) process.kill(pid, 'SIGKILL');

    const retrying = await waitFor(
      'retry_scheduled',
      async () => {
        const j = (await app.api('GET', `/v1/render-jobs/${jobId}`)).body.job;
        return j.status === 'retry_scheduled' || j.status === 'failed' ? j : undefined;
      },
      JOB_WAIT,
    );
    assert.equal(retrying.status, 'retry_scheduled', `a crash is retried, not failed: ${JSON.stringify(retrying)}`);
    // Only render_crashed and navigation_timeout are retried; the job shows neither code until it ends.
    assert.ok(retrying.nextAttemptAt);

    app.clock.advance(60_000); // past the retry delay (~5 s ± 20 %)
    const done = await waitFor(
      'terminal',
      async () => {
        const body = (await app.api('GET', `/v1/render-jobs/${jobId}?waitSeconds=2`)).body;
        return ['succeeded', 'failed'].includes(body.job.status) ? body : undefined;
      },
      JOB_WAIT,
    );
    assert.equal(done.job.status, 'succeeded', JSON.stringify(done));
    assert.equal(done.job.attempt, 1, 'the crashed attempt counted; the retry succeeded');
    assert.equal(done.output.pageCount, 50);
  });
});
