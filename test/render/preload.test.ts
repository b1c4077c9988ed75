// Preloading (docs/templates.md "Preloading") against real Chromium: while a job of an ordinary template
// prints, the account's next page of the same template is loaded up to its payload request; the next job
// takes it. Each job must still get only its own payload, env and id, and a page nobody takes is let go.
// One browser for the whole file.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Renderer } from '../../src/render/renderer.js';
import type { RenderResult } from '../../src/render/types.js';
import { waitUntil } from '../helpers/wait.js';
import { bundle, memorySink, pdfText, request } from './helpers.js';

const PRELOAD_MS = 1500;
let renderer: Renderer;
before(async () => {
  renderer = new Renderer({ concurrency: 2, preloadMs: PRELOAD_MS, executablePath: process.env.FOLIO_CHROMIUM_PATH });
  await renderer.start();
});
after(() => renderer.close());

/**
 * Gives the account two idle pages (two jobs of another template at once). A print preloads the next job's
 * page only when the account has a page to spare; with these, every print of a later job has one.
 */
async function twoPagesFor(accountId: string): Promise<void> {
  const other = bundle({ '/index.html': '<p>another template</p>' });
  await Promise.all([1, 2].map(() => renderer.render(request({ accountId, bundle: other }), memorySink().sink)));
}

/**
 * How many times a page asked for `path`, a file the bundle does not have (a missing file is looked up on
 * every request; a present one is indexed once). A page that asks for it as its script runs counts its loads.
 */
function requestsFor(b: ReturnType<typeof bundle>, path: string): () => number {
  let n = 0;
  b.files.requests.on('get', (p: string) => void (p === path && n++));
  return () => n;
}

async function render(
  b: ReturnType<typeof bundle>,
  n: number,
  accountId = 'acct_pre',
  versionNo = 1,
): Promise<{ text: string; res: RenderResult; jobId: string }> {
  const req = request({
    accountId,
    versionNo,
    bundle: b,
    payload: Buffer.from(JSON.stringify({ n })),
    env: { variables: { GREETING: 'hello' }, secrets: {} },
  });
  const out = memorySink();
  const res = await renderer.render(req, out.sink);
  return { text: pdfText(out.bytes()), res, jobId: req.jobId };
}

test("an ordinary template's next job takes a page preloaded while the previous job printed, with its own payload and id, and the env", async () => {
  // Loaded at preload time: the script runs and waits for its payload, which is held until the job is bound.
  const b = bundle({
    '/index.html': `<!doctype html><p id="out">loading</p><script>
      folio.waitForReady = true;
      const loadedAt = Date.now();
      Promise.all([fetch(folio.payloadUrl).then((r) => r.json()), fetch(folio.envUrl).then((r) => r.json())]).then(([p, env]) => {
        document.getElementById('out').textContent = 'N=' + p.n + ' JOB=' + folio.jobId + ' ENV=' + env.variables.GREETING + ' V=' + folio.versionNo;
        folio.ready();
      });
    </script>`,
  });
  await twoPagesFor('acct_pre');
  const runs = [];
  for (let n = 1; n <= 4; n++) runs.push(await render(b, n));
  for (const [i, r] of runs.entries()) {
    const n = i + 1;
    assert.match(r.text, new RegExp(`N=${n} JOB=${r.jobId} ENV=hello V=1\\b`), `job ${n} printed ${r.text}`);
  }
  // The first job teaches the renderer that the template has no folio.onJob; the second one's print
  // preloads the third one's page, and so on.
  assert.deepEqual(
    runs.map((r) => r.res.diagnostics?.preloaded === true),
    [false, false, true, true],
  );
  // Another version with the same files (same render pack) does not take the page preloaded for version 1:
  // that page's folio.versionNo says 1.
  const v2 = await render(b, 5, 'acct_pre', 2);
  assert.match(v2.text, new RegExp(`N=5 JOB=${v2.jobId} ENV=hello V=2\\b`));
  assert.notEqual(v2.res.diagnostics?.preloaded, true);
  // Another account never gets this account's preloaded page: it renders its own, from the start.
  const other = await render(b, 9, 'acct_other');
  assert.match(other.text, new RegExp(`N=9 JOB=${other.jobId} ENV=hello V=1\\b`));
  assert.notEqual(other.res.diagnostics?.preloaded, true);
});

test('a template that reads folio.jobId while it loads is loaded again for its job, and is not preloaded after that', async () => {
  const b = bundle({
    '/index.html': `<!doctype html><p id="out"></p><script>
      const id = folio.jobId;
      fetch('/id-read').catch(() => {});
      document.getElementById('out').textContent = 'LOADED-FOR=' + id;
    </script>`,
  });
  const loads = requestsFor(b, '/id-read');
  // Each job loads its page, and the prints of the second and third jobs each preload one for the next job
  // (the first print teaches the renderer the template has no folio.onJob; the refusal is learnt as the third
  // job ends, after its print). A preloaded page must have read folio.jobId, unbound, before the next job
  // binds it: a job that binds the page between its commit and its script gets it legitimately (the script
  // then reads the bound id), which is not what this test is about. So each next job waits for those loads.
  const loadsAfter = [1, 3, 5, 6];
  await twoPagesFor('acct_reads_id');
  const runs = [];
  for (let n = 1; n <= 4; n++) {
    runs.push(await render(b, n, 'acct_reads_id'));
    const want = loadsAfter[n - 1]!;
    await waitUntil(
      () => `${want} page loads to have read folio.jobId (${loads()} so far)`,
      () => loads() >= want,
    );
  }
  for (const r of runs) assert.match(r.text, new RegExp(`LOADED-FOR=${r.jobId}\\b`), r.text);
  assert.ok(runs.every((r) => r.res.diagnostics?.preloaded !== true));
  assert.equal(loads(), 6, 'two preloaded pages read the id and were loaded again for their jobs');
});

test('a preloaded page nobody takes within preloadMs is let go; the next job loads its page itself', async () => {
  const b = bundle({
    '/index.html': `<!doctype html><p id="out"></p><script>
      folio.waitForReady = true;
      fetch('/loading').catch(() => {});
      fetch(folio.payloadUrl).then((r) => r.json()).then((p) => { document.getElementById('out').textContent = 'LATE=' + p.n; folio.ready(); });
    </script>`,
  });
  const loads = requestsFor(b, '/loading');
  await twoPagesFor('acct_late');
  await render(b, 1, 'acct_late');
  await render(b, 2, 'acct_late'); // its print preloads a page for a third job
  // The preloaded page is loading: its preloadMs were counted from before its load began. Then nobody takes
  // it for preloadMs (the idle time is what this test is about; a timer set after the pool's fires after it).
  await waitUntil(
    () => `the preloaded page to load (${loads()} loads)`,
    () => loads() === 3,
  );
  await sleep(PRELOAD_MS);
  const late = await render(b, 3, 'acct_late');
  assert.match(late.text, /LATE=3\b/);
  assert.notEqual(late.res.diagnostics?.preloaded, true);
  // And the one after it is preloaded again.
  const next = await render(b, 4, 'acct_late');
  assert.match(next.text, /LATE=4\b/);
  assert.equal(next.res.diagnostics?.preloaded, true);
});

test('a warm template (folio.onJob) is kept warm, not preloaded', async () => {
  const b = bundle({
    '/index.html': `<!doctype html><p id="out"></p><script>
      async function draw() {
        const p = await (await fetch(folio.payloadUrl)).json();
        document.getElementById('out').textContent = 'WARM=' + p.n;
      }
      folio.waitForReady = true;
      folio.onJob(draw);
      draw().then(() => folio.ready());
    </script>`,
  });
  const runs = [];
  for (let n = 1; n <= 3; n++) runs.push(await render(b, n, 'acct_warm'));
  for (const [i, r] of runs.entries()) assert.match(r.text, new RegExp(`WARM=${i + 1}\\b`));
  assert.deepEqual(
    runs.map((r) => [r.res.diagnostics?.ready?.mode, r.res.diagnostics?.preloaded === true]),
    [
      ['explicit', false],
      ['warm', false],
      ['warm', false],
    ],
  );
});
