// Render diagnostics with real Chromium: a page that logs, throws, fetches a blocked URL
// and a file missing from its bundle lists all of it (URLs without their query), with the ready path and
// the phase timings; a page that throws and never becomes ready fails with the cause in its errorMessage
// and `timed_out` in its diagnostics. SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { pdfText } from '../helpers/pdf.js';

const noisy = file(
  'index.html',
  `<!doctype html><html><body><h1 id="t">Loading</h1>
  <script>
    window.folio.waitForReady = true;
    console.log('hello from the template', { n: 1 });
    console.warn('customer.vatId is empty');
    setTimeout(() => { throw new Error('late boom'); }, 0);
    Promise.reject(new Error('nobody catches this'));
    (async () => {
      await fetch('http://127.0.0.1:9/private?token=s3cr3t-value').catch(() => {});
      await fetch('missing/logo.png').catch(() => {});
      const p = await (await fetch(window.folio.payloadUrl)).json();
      document.getElementById('t').textContent = 'Invoice ' + p.n;
      setTimeout(() => window.folio.ready(), 20);
    })();
  </script></body></html>`,
);

const stuck = file(
  'index.html',
  `<!doctype html><html><body><script>
    window.folio.waitForReady = true;
    fetch('http://169.254.169.254/latest/meta-data/').catch(() => {});
    setTimeout(() => { undefined.map(x => x); }, 10);
  </script></body></html>`,
);

const plain = file('index.html', '<!doctype html><html><body><h1>Static</h1></body></html>');

// No waitForReady: fetches its payload, then fills the heading 500 ms later. The default ready protocol must
// wait for it: printing the placeholder instead is the "blank invoice" a template author cannot explain.
const late = file(
  'index.html',
  `<!doctype html><html><body><h1 id="t">PLACEHOLDER</h1><script>
    fetch(window.folio.payloadUrl).then(r => r.json()).then((p) => {
      setTimeout(() => { document.getElementById('t').textContent = 'Filled ' + p.n; }, 500);
    });
  </script></body></html>`,
);

// Work that never ends: the default protocol must still print, after a bounded wait.
const forever = file(
  'index.html',
  `<!doctype html><html><body><h1>Ticking</h1><p id="c">0</p><script>
    let n = 0;
    setInterval(() => { document.getElementById('c').textContent = String(++n); }, 30);
  </script></body></html>`,
);

// Page references (render.metadata.pdf.pageReferences): a contents entry numbered from the second print,
// a typo'd id left as written; and numbers that move their own target for ever.
const toc = file(
  'index.html',
  `<!doctype html><html><head><style>h1 { break-before: page; }</style></head><body>
  <p>Part B is on page <span data-folio-page-of="b">0</span>; the typo is on page <span data-folio-page-of="bee">?</span>.</p>
  <h1 id="a">Part A</h1><h1 id="b">Part B</h1></body></html>`,
);
const unstable = file(
  'index.html',
  `<!doctype html><html><head><style>h1 { break-before: page; } #pad { height: 400mm; }</style></head><body>
  <p>B: <span data-folio-page-of="b">0</span></p><div id="pad" hidden></div><h1 id="b">Part B</h1>
  <script>folio.onPageNumbers(() => { document.getElementById('pad').hidden = folio.pageOf('b') % 2 === 1; });</script></body></html>`,
);

describe('render diagnostics', () => {
  let app: TestApp;
  const deploys: Record<string, string> = {};

  before(async () => {
    app = await createTestApp();
    app.startBackground();
    for (const [slug, page, timeout] of [
      ['noisy', noisy, 10_000],
      ['stuck', stuck, 1500],
      ['plain', plain, 10_000],
      ['late', late, 10_000],
      ['forever', forever, 10_000],
      ['toc', toc, 10_000],
      ['unstable', unstable, 10_000],
    ] as const) {
      const v = await deployFiles(app, { createDeploy: { slug, name: slug } }, [page], {
        route: '/',
        title: slug,
        renderTimeoutMs: timeout,
        ...(slug === 'toc' || slug === 'unstable' ? { metadata: { pdf: { pageReferences: true } } } : {}),
      });
      assert.equal(v.status, 201, JSON.stringify(v.body));
      deploys[slug] = v.deployId;
    }
  });
  after(() => app.close());

  async function run(slug: string) {
    const c = await app.api('POST', '/v1/render-jobs', { deployId: deploys[slug], deployVersionId: 'latest', payload: { n: 7 } });
    assert.equal(c.status, 202, JSON.stringify(c.body));
    const done = await app.api('GET', `/v1/render-jobs/${c.body.job.id}?waitSeconds=30`);
    const d = await app.api('GET', `/v1/render-jobs/${c.body.job.id}/diagnostics`);
    assert.equal(d.status, 200, JSON.stringify(d.body));
    return { job: done.body.job, diagnostics: d.body.diagnostics };
  }

  test('console output, exceptions, a blocked request and a missing file are all listed, URLs without query', async () => {
    const { job, diagnostics } = await run('noisy');
    assert.equal(job.status, 'succeeded', JSON.stringify(job));
    const kinds = (k: string) => diagnostics.entries.filter((e: { kind: string }) => e.kind === k);
    const consoleTexts = kinds('console').map((e: { level: string; text: string }) => `${e.level}: ${e.text}`);
    assert.ok(
      consoleTexts.includes('log: hello from the template {"n":1}') ||
        consoleTexts.some((t: string) => t.startsWith('log: hello from the template')),
      consoleTexts.join(' | '),
    );
    assert.ok(consoleTexts.includes('warning: customer.vatId is empty'), consoleTexts.join(' | '));
    assert.match(kinds('console')[0].source, /^https:\/\/bundle\.folio\.internal\/index\.html:\d+$/);
    const exceptions = kinds('exception')
      .map((e: { text: string }) => e.text)
      .join(' | ');
    assert.match(exceptions, /late boom/);
    assert.match(exceptions, /nobody catches this/);
    const requests = kinds('request');
    const blocked = requests.find((r: { problem: string }) => r.problem === 'blocked');
    assert.equal(blocked?.url, 'http://127.0.0.1:9/private', JSON.stringify(requests));
    const missing = requests.find((r: { problem: string }) => r.problem === 'not_found');
    assert.equal(missing?.url, 'https://bundle.folio.internal/missing/logo.png', JSON.stringify(requests));
    assert.doesNotMatch(JSON.stringify(diagnostics), /s3cr3t-value/, 'no query string is kept');
    assert.equal(diagnostics.ready.mode, 'explicit');
    for (const phase of ['queued', 'load', 'readyWait', 'print'])
      assert.equal(typeof diagnostics.timings[phase], 'number', `timing ${phase}: ${JSON.stringify(diagnostics.timings)}`);
    assert.equal(diagnostics.pageCount, 1);
    assert.deepEqual(diagnostics.dropped, { console: 0, exception: 0, request: 0 });
  });

  test('a page that throws and never becomes ready: errorMessage names the blocked URL and the exception', async () => {
    const { job, diagnostics } = await run('stuck');
    assert.equal(job.status, 'failed', JSON.stringify(job));
    assert.equal(job.errorCode, 'render_timeout_exceeded');
    assert.match(job.errorMessage, /169\.254\.169\.254/);
    assert.match(job.errorMessage, /the page threw: TypeError/);
    assert.equal(diagnostics.ready.mode, 'timed_out');
    assert.ok(diagnostics.entries.some((e: { kind: string }) => e.kind === 'exception'));
  });

  test('a static page: the default ready path, printed at load', async () => {
    const { job, diagnostics } = await run('plain');
    assert.equal(job.status, 'succeeded');
    assert.equal(diagnostics.ready.mode, 'default');
    assert.equal(diagnostics.ready.detail, 'printed at load (nothing pending)');
    assert.deepEqual(diagnostics.entries, []);
  });

  test('default protocol: a page that fills its heading 500 ms after its payload prints it filled', async () => {
    const { job, diagnostics } = await run('late');
    assert.equal(job.status, 'succeeded', JSON.stringify(job));
    const link = await app.api('POST', `/v1/render-jobs/${job.id}/output-download`, {});
    const u = new URL(link.body.access.url);
    const pdf = await app.server.inject({ method: 'GET', url: u.pathname + u.search });
    const text = pdfText(pdf.rawPayload);
    assert.match(text, /Filled 7/);
    assert.doesNotMatch(text, /PLACEHOLDER/);
    assert.equal(diagnostics.ready.mode, 'default');
    assert.match(diagnostics.ready.detail, /timer/, diagnostics.ready.detail);
  });

  test('default protocol: a page that never stops ticking is printed after a bounded wait, and says so', async () => {
    // The page's work never ends: an unbounded wait would last until the render timeout and fail the job.
    const { job, diagnostics } = await run('forever');
    assert.equal(job.status, 'succeeded', JSON.stringify(job));
    assert.equal(diagnostics.ready.byTimeout, true, JSON.stringify(diagnostics.ready));
    assert.match(diagnostics.ready.detail, /work still pending: .*DOM changed/, diagnostics.ready.detail);
  });

  test('page references: the number of the page Part B starts on, two prints, the unknown id listed', async () => {
    const { job, diagnostics } = await run('toc');
    assert.equal(job.status, 'succeeded', JSON.stringify(job));
    const link = await app.api('POST', `/v1/render-jobs/${job.id}/output-download`, {});
    const u = new URL(link.body.access.url);
    const pdf = await app.server.inject({ method: 'GET', url: u.pathname + u.search });
    const pages = pdfText(pdf.rawPayload).split('\f');
    assert.match(pages[0], /Part B is on page 3; the typo is on page \?\./);
    assert.match(pages[2], /Part B/);
    assert.deepEqual(diagnostics.pageReferences, { references: 2, prints: 2, unresolved: ['bee'] });
  });

  test('page references that never settle: page_references_unstable naming the id', async () => {
    const { job, diagnostics } = await run('unstable');
    assert.equal(job.status, 'failed', JSON.stringify(job));
    assert.equal(job.errorCode, 'page_references_unstable');
    assert.match(job.errorMessage, /#b \(page \d+ → \d+\)/);
    assert.equal(diagnostics.pageReferences.prints, 3);
  });

  test("another account's job is 404", async () => {
    const b = await app.services.accounts.create({ name: 'Other' });
    const c = await app.api('POST', '/v1/render-jobs', { deployId: deploys.plain, deployVersionId: 'latest', payload: {} });
    const r = await app.api('GET', `/v1/render-jobs/${c.body.job.id}/diagnostics`, undefined, { authorization: `Bearer ${b.apiKey}` });
    assert.equal(r.status, 404);
    assert.equal(r.body.error, 'render_job_not_found');
  });
});
