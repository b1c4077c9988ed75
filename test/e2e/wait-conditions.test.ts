// Wait conditions of a render job (`waitFor`) with real Chromium: a page that says it is ready at once and
// draws its chart 400 ms later is printed without the chart, and with it when the job waits for a selector
// or an expression; a delay shows in the job's diagnostics; a condition never met fails the job within its
// render timeout naming the condition; an expression that throws fails it naming the expression; bad
// input is a 400 naming the field, with no job created; a batch item waits like a job. Gotenberg's
// waitForSelector and waitDelay through chromiumly, unchanged, against this server.
// SQLite and (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Chromiumly, HtmlConverter } from 'chromiumly';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { pdfText } from '../helpers/pdf.js';

// Ready at once by the explicit protocol; the chart, and the flag a script would set, come 400 ms later.
const LATE_CHART = `<!doctype html><html><head><script>window.folio.waitForReady = true;</script></head><body>
<h1>Quarterly report</h1><script>
  window.folio.ready();
  setTimeout(() => {
    const p = document.createElement('p');
    p.id = 'done';
    p.textContent = 'Chart drawn';
    document.body.append(p);
    window.chartDone = true;
  }, 400);
</script></body></html>`;

// A page Folio cannot change (a Gotenberg client's): no folio protocol, and the late part comes after the
// default protocol's horizon for timers (1 s), so without waiting for it the page prints without it.
const GOTENBERG_PAGE = `<!doctype html><html><body><h1>Gotenberg report</h1><script>
  setTimeout(() => {
    const p = document.createElement('p');
    p.id = 'late';
    p.textContent = 'Late table';
    document.body.append(p);
  }, 1500);
</script></body></html>`;

describe('wait conditions (waitFor) of render jobs', () => {
  let app: TestApp;
  let deployId: string;
  let shortDeployId: string;

  before(async () => {
    app = await createTestApp();
    app.startBackground();
    const v = await deployFiles(app, { createDeploy: { slug: 'report', name: 'Report' } }, [file('index.html', LATE_CHART)]);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
    const short = await deployFiles(app, { createDeploy: { slug: 'short', name: 'Short' } }, [file('index.html', LATE_CHART)], {
      route: '/',
      title: 'Short',
      renderTimeoutMs: 1500,
    });
    assert.equal(short.status, 201, JSON.stringify(short.body));
    shortDeployId = short.deployId;
  });
  after(() => app.close());

  /** POST /v1/render: the PDF's text and the job's diagnostics, or the error body. */
  async function render(body: Record<string, unknown>) {
    const res = await app.server.inject({
      method: 'POST',
      url: '/v1/render',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ deployId, deployVersionId: 'latest', ...body }),
    });
    assert.equal(res.statusCode, 200, res.body);
    const jobId = String(res.headers['folio-job-id']);
    const d = await app.api('GET', `/v1/render-jobs/${jobId}/diagnostics`);
    assert.equal(d.status, 200, JSON.stringify(d.body));
    return { text: pdfText(res.rawPayload), diagnostics: d.body.diagnostics, jobId };
  }

  /** POST /v1/render-jobs, then the job once it is terminal. */
  async function finished(body: Record<string, unknown>) {
    const created = await app.api('POST', '/v1/render-jobs', { deployVersionId: 'latest', ...body });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const got = await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=20`);
    assert.equal(got.status, 200);
    const d = await app.api('GET', `/v1/render-jobs/${created.body.job.id}/diagnostics`);
    return { job: got.body.job, diagnostics: d.body.diagnostics };
  }

  test('without waitFor the page prints as soon as it is ready: no chart (the control)', async () => {
    const { text, diagnostics } = await render({});
    assert.match(text, /Quarterly report/);
    assert.doesNotMatch(text, /Chart drawn/);
    assert.equal(diagnostics.ready.mode, 'explicit');
  });

  test('waitFor.selector: printed once the element exists, and the diagnostics say how long it took', async () => {
    const { text, diagnostics } = await render({ waitFor: { selector: '#done' } });
    assert.match(text, /Chart drawn/);
    assert.equal(diagnostics.ready.mode, 'explicit');
    // The chart, which the control printed without, shows the wait; the diagnostics say how long it was.
    assert.match(diagnostics.ready.detail, /^the page called folio\.ready\(\); then waited for selector "#done" \(\d+ ms\)$/);
  });

  test('waitFor.expression: printed once it is truthy in the page', async () => {
    const { text, diagnostics } = await render({ waitFor: { expression: 'window.chartDone === true' } });
    assert.match(text, /Chart drawn/);
    assert.match(diagnostics.ready.detail, /then waited for expression "window\.chartDone === true" \(\d+ ms\)/);
    // Any truthy value counts, an element included (not copied out of the page); a promise by what it resolves to.
    const element = await render({ waitFor: { expression: "document.getElementById('done')" } });
    assert.match(element.text, /Chart drawn/);
    const promise = await render({ waitFor: { expression: 'new Promise((r) => setTimeout(() => r(window.chartDone), 500))' } });
    assert.match(promise.text, /Chart drawn/);
  });

  test('waitFor.delayMs: the ready wait takes at least the delay, and says so', async () => {
    const { text, diagnostics } = await render({ waitFor: { delayMs: 700 } });
    assert.match(text, /Chart drawn/, 'the chart came during the delay');
    assert.ok(diagnostics.timings.readyWait >= 700, JSON.stringify(diagnostics.timings));
    assert.match(diagnostics.ready.detail, /then waited 700 ms \(waitFor\.delayMs\)$/);
    const all = await render({ waitFor: { selector: '#done', expression: 'window.chartDone', delayMs: 100 } });
    assert.match(
      all.diagnostics.ready.detail,
      /selector "#done" \(\d+ ms\); then waited for expression "window\.chartDone" \(\d+ ms\); then waited 100 ms/,
    );
  });

  test('a selector that never matches fails render_timeout_exceeded within the render timeout, naming it', async () => {
    const { job, diagnostics } = await finished({ deployId: shortDeployId, waitFor: { selector: '#chart-done' } });
    assert.equal(job.status, 'failed', JSON.stringify(job));
    assert.equal(job.errorCode, 'render_timeout_exceeded');
    assert.match(job.errorMessage, /within 1500 ms \(waitFor\.selector "#chart-done" never matched\)/);
    assert.equal(diagnostics.ready.mode, 'timed_out');
    assert.match(diagnostics.ready.detail, /^the page called folio\.ready\(\); then waitFor\.selector "#chart-done" never matched/);
    assert.equal(job.attempt, 0, 'not retried: a timeout of the page is terminal');
    assert.equal(diagnostics.attempt, 0);
    const expr = await finished({ deployId: shortDeployId, waitFor: { selector: '#done', expression: 'window.neverSet' } });
    assert.equal(expr.job.errorCode, 'render_timeout_exceeded');
    assert.match(expr.job.errorMessage, /waitFor\.expression "window\.neverSet" never became truthy/);
    assert.match(expr.diagnostics.ready.detail, /then waited for selector "#done" \(\d+ ms\); then waitFor\.expression "window\.neverSet"/);
  });

  test('an expression that throws, and a selector the browser refuses, fail render_failed naming them', async () => {
    const thrown = await finished({ deployId, waitFor: { expression: 'window.chart.isDone()' } });
    assert.equal(thrown.job.errorCode, 'render_failed', JSON.stringify(thrown.job));
    assert.match(
      thrown.job.errorMessage,
      /^waitFor\.expression "window\.chart\.isDone\(\)" threw: TypeError: Cannot read properties of undefined/,
    );
    assert.deepEqual(
      thrown.diagnostics.entries.filter((e: { kind: string }) => e.kind === 'exception'),
      [],
      "the expression's exception is the job's failure, not an exception of the page",
    );
    const selector = await finished({ deployId, waitFor: { selector: 'p:nonsense-pseudo' } });
    assert.equal(selector.job.errorCode, 'render_failed');
    assert.match(selector.job.errorMessage, /^waitFor\.selector "p:nonsense-pseudo" is not a valid CSS selector: .*not a valid selector/);
  });

  test('bad input is a 400 naming the field, and no job is created', async () => {
    const count = async () => (await app.api('GET', '/v1/render-jobs?limit=100')).body.items.length;
    const before = await count();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ delayMs: -1 }, 'waitFor.delayMs', />= 0/],
      [{ delayMs: 600_001 }, 'waitFor.delayMs', /<= 600000/],
      [{ delayMs: 1.5 }, 'waitFor.delayMs', /integer/],
      [{ delayMs: 30_000 }, 'waitFor.delayMs', /does not fit in the job's render timeout of 30000 ms/],
      [{ selector: '#x'.repeat(501) }, 'waitFor.selector', /must NOT have more than 1000 characters/],
      [{ selector: '' }, 'waitFor.selector', /fewer than 1 characters/],
      [{ selector: 'div >' }, 'waitFor.selector', /not a valid CSS selector: nothing follows the final ">"/],
      [{ selector: 'a;b' }, 'waitFor.selector', /";" cannot appear/],
      [{ expression: 'x'.repeat(10_001) }, 'waitFor.expression', /must NOT have more than 10000 characters/],
      [{ until: 'load' }, 'waitFor.until', /waitFor.until is not a field of waitFor; it takes selector, expression, delayMs/],
    ];
    for (const [waitFor, field, message] of cases) {
      const r = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', waitFor });
      assert.equal(r.status, 400, `${JSON.stringify(waitFor).slice(0, 80)}: ${JSON.stringify(r.body).slice(0, 300)}`);
      assert.equal(r.body.details.field, field, JSON.stringify(r.body).slice(0, 300));
      assert.match(r.body.message, message);
    }
    // The short version renders within 1500 ms: a delay that cannot end in it is refused for its jobs.
    const short = await app.api('POST', '/v1/render-jobs', {
      deployId: shortDeployId,
      deployVersionId: 'latest',
      waitFor: { delayMs: 1500 },
    });
    assert.equal(short.status, 400);
    assert.match(short.body.message, /waitFor\.delayMs 1500 does not fit in the job's render timeout of 1500 ms/);
    // A batch item is named as the item's field.
    const batch = await app.api('POST', '/v1/render-batches', {
      deployId,
      deployVersionId: 'latest',
      items: [{ payload: {} }, { payload: {}, waitFor: { selector: 'a,' } }],
    });
    assert.equal(batch.status, 400, JSON.stringify(batch.body));
    assert.equal(batch.body.details.field, 'items[1].waitFor.selector');
    assert.equal(await count(), before);
  });

  test('a batch item waits for its own conditions', async () => {
    const created = await app.api('POST', '/v1/render-batches', {
      deployId,
      deployVersionId: 'latest',
      items: [{ payload: {}, waitFor: { selector: '#done' } }, { payload: {} }],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const list = await app.api('GET', `/v1/render-batches/${created.body.batch.id}/items?limit=10`);
    const texts: string[] = [];
    for (const item of list.body.items) {
      const got = await app.api('GET', `/v1/render-jobs/${item.job.id}?waitSeconds=20`);
      assert.equal(got.body.job.status, 'succeeded', JSON.stringify(got.body.job));
      const link = await app.api('POST', `/v1/render-jobs/${item.job.id}/output-download`, {});
      const u = new URL(link.body.access.url);
      texts.push(pdfText((await app.server.inject({ method: 'GET', url: u.pathname + u.search })).rawPayload));
    }
    assert.match(texts[0]!, /Chart drawn/);
    assert.doesNotMatch(texts[1]!, /Chart drawn/);
  });

  test("Gotenberg's waitForSelector and waitDelay through chromiumly", async () => {
    const base = await app.server.listen({ port: 0, host: '127.0.0.1' });
    Chromiumly.configure({ endpoint: base, username: 'folio', password: app.key });
    const html = Buffer.from(GOTENBERG_PAGE);
    const plain = pdfText(await new HtmlConverter().convert({ html }));
    assert.match(plain, /Gotenberg report/);
    assert.doesNotMatch(plain, /Late table/, 'the control: without a wait the page prints before its late part');
    const waited = pdfText(await new HtmlConverter().convert({ html, waitForSelector: '#late', waitDelay: '250ms' }));
    assert.match(waited, /Gotenberg report[\s\S]*Late table/);
    const expression = pdfText(await new HtmlConverter().convert({ html, waitForExpression: "!!document.querySelector('#late')" }));
    assert.match(expression, /Late table/);
    await assert.rejects(new HtmlConverter().convert({ html, waitDelay: 'soon' }), /Status: 400[\s\S]*waitDelay/);
  });
});
