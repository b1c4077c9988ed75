// The render-batch pages of the dashboard in a real browser (playwright-core driving Debian's Chromium)
// against `bin/folio serve` with its worker: a batch created through the API is listed and reaches
// completed without a reload, its failing item is listed with its error code, the job page links back to
// the batch, a running batch is canceled from its page (a real DELETE), and an unknown id gets the
// not-found treatment. A merged product is checked once the server makes one.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { file, type BundleFile } from '../helpers/bundle.js';
import { deployOverHttp } from '../helpers/http-deploy.js';
import { client, type Client } from '../helpers/http-client.js';
import { newBrowserContext, signIn, startDashboardServer } from '../helpers/dashboard.js';
import { ROOT, type ServerProcess } from '../helpers/server-process.js';
import { waitFor } from '../helpers/wait.js';

const KEY = 'folio_sk_batchdash00000000000000000000000000000001';
const SHOTS = [
  path.join(ROOT, 'test-output/screenshots'),
  ...(process.env.FOLIO_UPDATE_SCREENSHOTS === '1' ? [path.join(ROOT, 'docs/screenshots')] : []),
];

// `fail: true` makes the item fail at once (render_failed); `delayMs` keeps it rendering that long.
const bundle: BundleFile[] = [
  file(
    'index.html',
    `<!doctype html><html><head><style>@page { size: A6; margin: 10mm }</style></head><body><h1 id="t">Loading</h1>
    <script>
      window.folio.waitForReady = true;
      fetch(window.folio.payloadUrl).then(r => r.json()).then(p => {
        if (p.fail) return window.folio.fail('asked to fail: item ' + p.n);
        document.getElementById('t').textContent = 'Item ' + p.n;
        setTimeout(() => window.folio.ready(), p.delayMs || 0);
      });
    </script></body></html>`,
  ),
];

const deployViaApi = async (api: Client, slug: string, name: string, files: BundleFile[]) =>
  (await deployOverHttp(api, slug, files, { name })).deployId;

describe('dashboard: render batches in a browser', () => {
  let server: ServerProcess;
  let context: BrowserContext;
  let page: Page;
  let api: Client;
  let deployId: string;
  let failedBatchId = '';

  const url = (p: string) => server.url + p;
  const heading = (text: string | RegExp) => page.getByRole('heading', { level: 1, name: text }).waitFor();
  const createBatch = async (body: Record<string, unknown>) => {
    const r = await api.request('POST', '/v1/render-batches', { json: { deployId, deployVersionId: 'latest', ...body } });
    return r;
  };
  const shot = async (name: string) => {
    await page.evaluate(() => {
      document.getElementById('toasts')?.replaceChildren();
      window.scrollTo(0, 0);
    });
    for (const dir of SHOTS) {
      fs.mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: path.join(dir, `${name}.png`) });
    }
  };

  before(async () => {
    server = await startDashboardServer('folio-dash-batches-', KEY);
    api = client(server.url, KEY);
    deployId = await deployViaApi(api, 'statements', 'Statements', bundle);
    context = await newBrowserContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    // The page's timers run on Playwright's clock, which flows as usual: a test can run them ahead
    // (clock.runFor) instead of waiting for them.
    await page.clock.install();
  });
  after(async () => {
    await context?.close();
    await server?.stop();
  });

  test('the list shows a batch reach completed without a reload; its page lists the failed item; the job page links back', async () => {
    // Signing in lands on the batches list (the ?next= of the redirect), empty for now.
    await signIn(page, url('/dashboard/batches'));
    await heading('Render batches');
    await page.getByText('No render batches yet').waitFor();

    // Two pages at a time, 2 s each: the batch runs for several seconds, long enough to be seen running.
    const items = Array.from({ length: 5 }, (_, n) => ({
      businessKey: `ST-${n}`,
      payload: n === 3 ? { n, fail: true } : { n, delayMs: 2000 },
    }));
    const created = await createBatch({ businessKey: 'march-run', items });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    failedBatchId = created.body.batch.id;
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Render jobs', exact: true }).click();
    await heading('Render jobs');
    await nav.getByRole('link', { name: 'Batches', exact: true }).click();
    await heading('Render batches');
    assert.equal(await nav.getByRole('link', { name: 'Batches', exact: true }).getAttribute('aria-current'), 'page');
    await page
      .getByTestId('batches-table')
      .getByRole('row', { name: /march-run/ })
      .getByText('running')
      .waitFor();

    // The list polls while the batch runs: the row turns completed with every item counted.
    const row = page.getByTestId('batches-table').getByRole('row', { name: /march-run/ });
    await row.getByText('completed').waitFor({ timeout: 120_000 });
    const cells = await row.locator('th, td').allInnerTexts();
    assert.equal(cells[0], created.body.batch.id.slice(0, 8) + '…' + created.body.batch.id.slice(-6), 'the batch id, shortened');
    assert.deepEqual(cells.slice(1, 8), ['march-run', 'Statements', 'v1', 'none', 'completed', '5 / 5', '1']);
    await shot('render-batches');

    await row.getByRole('link', { name: /…/ }).click();
    await page.waitForURL(new RegExp(`/dashboard/batches/${failedBatchId}$`));
    await heading('Render batch march-run');
    await page.getByTestId('batch-status').getByText('completed').waitFor();
    assert.match(await page.getByTestId('batch-status').innerText(), /5 of 5 finished/);
    assert.equal(await page.getByTestId('count-succeeded').innerText(), 'succeeded 4');
    assert.equal(await page.getByTestId('count-failed').innerText(), 'failed 1');
    assert.equal(await page.getByRole('progressbar').getAttribute('aria-valuenow'), '5');
    assert.equal(await page.getByTestId('cancel-batch').count(), 0, 'no cancel button once completed');

    // The failures table: exactly the failing item, with its error code and message.
    const failures = page.getByTestId('failures-table').locator('tbody tr');
    await failures.first().waitFor();
    assert.equal(await failures.count(), 1);
    const failure = await failures.first().locator('th, td').allInnerTexts();
    assert.equal(failure[0], '#3');
    assert.equal(failure[1], 'ST-3');
    // The error code, then the item's warnings badge: the bundle has no payload schema.
    assert.match(failure[3], /^render_failed\n⚠ 1\n1 warning: payload_schema_missing ×1$/);
    assert.match(failure[4], /asked to fail: item 3/);
    // The full list has every item in order.
    const all = page.getByTestId('items-table').locator('tbody tr');
    // The items load on their own request, after the failures: wait for the last row before counting.
    await all.nth(4).waitFor();
    assert.equal(await all.count(), 5);
    assert.match(await all.nth(4).innerText(), /#4\s+ST-4[\s\S]*succeeded/);
    await shot('render-batch');

    // A completed batch does not change: the page stops asking for it. Its poll timer (every 2 s) is run three
    // times over on the page's clock; a request of the test's own, sent from the page after that, marks the
    // point by which any poll those runs sent has been seen.
    let polls = 0;
    const count = (r: { url(): string }) => void (new URL(r.url()).pathname.startsWith(`/v1/render-batches/${failedBatchId}`) && polls++);
    page.on('request', count);
    await page.clock.runFor(3 * 2000);
    const marker = page.waitForRequest((r) => r.url().endsWith('/healthz?after-the-polls'));
    await page.evaluate(() => fetch('/healthz?after-the-polls').then((r) => r.text()));
    await marker;
    page.off('request', count);
    assert.equal(polls, 0, 'no polling after completion');

    // The failure's job page says which batch and item it is, and links back.
    await page.getByTestId('failures-table').locator('tbody tr').first().getByRole('link').click();
    await heading('Render job ST-3');
    await page.getByTestId('job-status').getByText('failed').waitFor();
    assert.match(await page.getByTestId('job-batch').innerText(), /item #3$/);
    await page.getByTestId('job-batch').getByRole('link').click();
    await page.waitForURL(new RegExp(`/dashboard/batches/${failedBatchId}$`));
    await heading('Render batch march-run');
  });

  test('Cancel on a running batch sends DELETE after a confirmation; the page shows the canceled items', async () => {
    const items = Array.from({ length: 8 }, (_, n) => ({ businessKey: `SLOW-${n}`, payload: { n, delayMs: 4000 } }));
    const created = await createBatch({ businessKey: 'cancel-me', items });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.batch.id as string;

    await page.goto(url(`/dashboard/batches/${id}`));
    await heading('Render batch cancel-me');
    await page.getByTestId('batch-status').getByText('running').waitFor();

    // Dismissing the confirmation sends nothing.
    const deletes: string[] = [];
    page.on('request', (r) => void (r.method() === 'DELETE' && deletes.push(new URL(r.url()).pathname)));
    await page.getByTestId('cancel-batch').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.deepEqual(deletes, []);

    await page.getByTestId('cancel-batch').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel batch' }).click();
    await page
      .getByTestId('count-canceled')
      .getByText(/^canceled [1-8]$/)
      .waitFor();
    assert.deepEqual(deletes, [`/v1/render-batches/${id}`]);
    // Items that were rendering end once their page is aborted; the page follows the batch to completed.
    await page.getByTestId('batch-status').getByText('completed').waitFor({ timeout: 60_000 });
    await page.getByTestId('cancel-batch').waitFor({ state: 'detached' });

    const batch = (await api.request('GET', `/v1/render-batches/${id}`)).body.batch;
    assert.equal(batch.status, 'completed');
    assert.ok(batch.counts.canceled >= 1, JSON.stringify(batch.counts));
    assert.equal(batch.counts.succeeded + batch.counts.failed + batch.counts.canceled, 8);
    await waitFor('the page to show the final counts', async () =>
      (await page.getByTestId('count-canceled').innerText()) === `canceled ${batch.counts.canceled}` ? true : undefined,
    );
    assert.equal(await page.getByTestId('count-succeeded').innerText(), `succeeded ${batch.counts.succeeded}`);
    // The state badges (an item may also have a warnings badge: no payload schema here).
    const statuses = await page.getByTestId('items-table').locator('tbody tr .badge:not(.badge-warnings)').allInnerTexts();
    assert.equal(statuses.length, 8);
    assert.equal(statuses.filter((s) => s === 'canceled').length, batch.counts.canceled);
  });

  test('the batch list links each batch; an unknown batch id shows the API not-found error', async () => {
    await page.goto(url('/dashboard/batches'));
    await heading('Render batches');
    const rows = page.getByTestId('batches-table').locator('tbody tr');
    await rows.first().waitFor();
    // Newest first.
    assert.deepEqual(
      (await rows.allInnerTexts()).map((t) => (/cancel-me|march-run/.exec(t) ?? [''])[0]),
      ['cancel-me', 'march-run'],
    );

    await page.goto(url('/dashboard/batches/bat_doesnotexist'));
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.innerText(), /render_batch_not_found/);
    assert.match(await alert.innerText(), /HTTP 404/);
  });

  test('a merge batch links its combined PDF', async () => {
    const created = await createBatch({ businessKey: 'merged', combine: 'merge', items: [{ payload: { n: 1 } }, { payload: { n: 2 } }] });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.batch.id as string;
    await page.goto(url(`/dashboard/batches/${id}`));
    await heading('Render batch merged');
    let last: unknown;
    const batch = await waitFor(
      () => `the merge batch to finish combining (last seen: ${JSON.stringify(last)})`,
      async () => {
        const b = (await api.request('GET', `/v1/render-batches/${id}`)).body.batch;
        last = b;
        return b.status === 'completed' && b.product?.state !== 'pending' ? b : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 500 },
    );
    assert.equal(batch.product.state, 'ready', JSON.stringify(batch.product));
    const link = page.getByTestId('product-pdf');
    await link.waitFor({ timeout: 10_000 });
    assert.equal(await link.getAttribute('href'), `/dashboard/pdfs/${batch.product.pdf.id}`);
    const download = await fetch((await page.getByTestId('product-download').getAttribute('href'))!);
    assert.equal(download.status, 200);
    assert.equal(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
      '%PDF-',
    );
    await link.click();
    await heading(batch.product.pdf.fileName);
  });
});
