// The job page's waterfall in a real browser (playwright-core driving Debian's Chromium) against `bin/folio
// serve` with its worker, for a job that went through every kind of segment for real: a URL source whose page
// waits on an image that hangs the first time (navigation_timeout under the plan's 6 s render timeout, so the
// job is retried and attempt 2 prints), with document options (metadata: post-processed, then stored), and a
// webhook whose receiver answers 500 once before a manual redelivery is answered 200. The page shows the
// rows waterfallRows() makes of the API's own answers, in order, each with its label and duration, the same
// numbers in the table, no sideways scrolling at a phone width, no CSP violation; screenshots go to
// test-output/screenshots/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { duration } from '../../dashboard/src/format.js';
import { waterfallRows, type WaterfallRow } from '../../dashboard/src/pages/job-waterfall-rows.js';
import { tempDir } from '../helpers/app.js';
import { newBrowserContext, signIn, startDashboardServer } from '../helpers/dashboard.js';
import { client, type Client } from '../helpers/http-client.js';
import { ROOT, type ServerProcess } from '../helpers/server-process.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { waitFor } from '../helpers/wait.js';

const KEY = 'folio_sk_waterfalldash00000000000000000000000001';
/** Screenshots for a look at the page (not compared): test-output only, never the committed docs/screenshots. */
const SHOTS = path.join(ROOT, 'test-output/screenshots');
/** The render timeout of every job of this server (the plan's cap): the hanging image fails attempt 1 after it. */
const RENDER_TIMEOUT_MS = 6_000;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** "The team's own app": an invoice page with an image that hangs on its first request and loads afterwards. */
async function startAppPage() {
  const hanging = new Set<http.ServerResponse>();
  let imageRequests = 0;
  const server = http.createServer((req, res) => {
    if (req.url === '/invoice') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html><body><h1>Invoice 1042</h1><img src="/logo.png" alt="logo"></body></html>');
    } else if (req.url === '/logo.png' && ++imageRequests === 1) {
      hanging.add(res);
    } else {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Asks for the job until it has ended; answers its view. */
async function ended(api: Client, jobId: string) {
  return waitFor(
    `job ${jobId} to end`,
    async () => {
      const r = await api.request('GET', `/v1/render-jobs/${jobId}?waitSeconds=5`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return ['succeeded', 'failed', 'canceled'].includes(r.body.job.status) ? r.body.job : undefined;
    },
    { timeoutMs: 120_000 },
  );
}

/**
 * The job of this suite, run for real: printed on its second attempt, its webhook failed once (500) and then
 * redelivered (200). Answers what the job page reads of it: the job, its diagnostics, its deliveries.
 */
async function retriedJobWithDeliveries(api: Client, receiver: Receiver, appOrigin: string) {
  // URL jobs belong to the account's inline deploy: a first inline job makes it, then its webhook is set.
  const first = await api.request('POST', '/v1/render-jobs', { json: { html: '<!doctype html><h1>Inline</h1>' } });
  assert.equal(first.status, 202, JSON.stringify(first.body));
  const inlineDeploy = (await ended(api, first.body.job.id)).deployId as string;
  const settings = await api.request('PATCH', `/v1/deploys/${inlineDeploy}/settings`, {
    json: { webhook: { enabled: true, url: receiver.url } },
  });
  assert.equal(settings.status, 200, JSON.stringify(settings.body));
  // The first delivery fails; Retry-After keeps the schedule's next attempt an hour away.
  receiver.replies.push({ status: 500, headers: { 'retry-after': '3600' } });

  const created = await api.request('POST', '/v1/render-jobs', {
    json: { source: { url: `http://${appOrigin}/invoice` }, pdf: { metadata: { title: 'Invoice 1042' } }, businessKey: 'waterfall' },
  });
  assert.equal(created.status, 202, JSON.stringify(created.body));
  const jobId = created.body.job.id as string;
  const job = await ended(api, jobId);
  assert.equal(job.status, 'succeeded', JSON.stringify(job));
  assert.equal(job.attempt, 1, 'attempt 1 timed out loading and was retried');

  await waitFor('the failed first delivery', async () => {
    const d = (await api.request('GET', `/v1/render-jobs/${jobId}/webhook-deliveries`)).body;
    return d.items.length === 1 && d.items[0].error === 'HTTP 500' ? true : undefined;
  });
  const redelivered = await api.request('POST', `/v1/render-jobs/${jobId}/webhook-deliveries/redeliver`);
  assert.equal(redelivered.status, 200, JSON.stringify(redelivered.body));
  assert.equal(redelivered.body.delivery.statusCode, 200);

  const diagnostics = (await api.request('GET', `/v1/render-jobs/${jobId}/diagnostics`)).body.diagnostics;
  const deliveries = (await api.request('GET', `/v1/render-jobs/${jobId}/webhook-deliveries`)).body.items;
  assert.equal(diagnostics.attempt, 1);
  return { job, diagnostics, deliveries };
}

/** The rows drawn in the waterfall section are `expected`, in order, labelled and timed as the page formats them. */
async function checkRows(section: Locator, expected: WaterfallRow[]) {
  const rows = section.getByRole('list', { name: 'Waterfall: where the time went' }).getByRole('listitem');
  await waitFor('every row drawn', async () => ((await rows.count()) === expected.length ? true : undefined), { timeoutMs: 15_000 });
  assert.deepEqual(
    await rows.locator('.wf-name').allInnerTexts(),
    expected.map((r) => r.label),
  );
  assert.deepEqual(
    await rows.locator('.wf-ms').allInnerTexts(),
    expected.map((r) => duration(r.durationMs)),
  );
  assert.deepEqual(
    await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind'))),
    expected.map((r) => r.kind),
  );
  assert.equal(await rows.nth(7).locator('.wf-note').innerText(), 'failed: HTTP 500');
  assert.equal(await rows.nth(8).locator('.wf-note').innerText(), 'HTTP 200');
  // What a screen reader hears of a row: the label, the duration and where it lies on the axis.
  const queued = duration(expected[0]!.durationMs);
  assert.equal((await rows.nth(0).textContent())!.replace(/\s+/g, ' ').trim(), `Queued ${queued}, from +0 ms to +${queued}`);
  assert.equal(await section.locator('.wf-track[aria-hidden="true"]').count(), expected.length, 'the bars are drawings only');

  // The same numbers as a table: start, duration and end of every row.
  await section.getByText('The same as a table').click();
  const cells = await section
    .getByTestId('waterfall-table')
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (c) => c.textContent)));
  assert.deepEqual(
    cells.map((c) => c.slice(0, 4)),
    expected.map((r) => [r.label, `+${duration(r.startMs)}`, duration(r.durationMs), `+${duration(r.startMs + r.durationMs)}`]),
  );
  return rows;
}

describe('dashboard: the job waterfall in a browser', () => {
  let server: ServerProcess;
  let context: BrowserContext;
  let page: Page;
  let api: Client;
  let receiver: Receiver;
  let appPage: Awaited<ReturnType<typeof startAppPage>>;
  // The bars are placed through the CSSOM: a style the CSP refuses, or a script error, fails the suite.
  const problems: string[] = [];
  const heading = (text: string | RegExp) => page.getByRole('heading', { level: 1, name: text }).waitFor();

  before(async () => {
    receiver = await startReceiver();
    appPage = await startAppPage();
    const plans = path.join(tempDir('folio-dash-waterfall-plans-'), 'plans.json');
    fs.writeFileSync(plans, JSON.stringify({ unlimited: { name: 'Unlimited', policy: { maxRenderTimeoutMs: RENDER_TIMEOUT_MS } } }));
    server = await startDashboardServer('folio-dash-waterfall-', KEY, {
      FOLIO_URL_SOURCE_ALLOWED_HOSTS: appPage.origin,
      FOLIO_ALLOW_INSECURE_WEBHOOKS: '1',
      FOLIO_PLANS_FILE: plans,
    });
    api = client(server.url, KEY);
    context = await newBrowserContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    await signIn(page, server.url + '/dashboard/jobs');
    await heading('Render jobs');
  });
  after(async () => {
    await context?.close();
    await server?.stop();
    await receiver?.close();
    await appPage?.close();
    assert.deepEqual(problems, [], 'no CSP violation or page error');
  });

  test('a retried job with document options and a webhook that failed, then was redelivered', async (t) => {
    const { job, diagnostics, deliveries } = await retriedJobWithDeliveries(api, receiver, appPage.origin);
    const expected = waterfallRows({ job, diagnostics, deliveries });
    assert.deepEqual(
      expected.map((r) => r.label),
      [
        'Queued',
        'Attempts 1–2',
        'Attempt 2 · Load',
        'Attempt 2 · Ready wait',
        'Attempt 2 · Print',
        'Attempt 2 · Document options',
        'Attempt 2 · Store PDF',
        'Webhook attempt 1',
        'Webhook attempt 2 (manual)',
      ],
      JSON.stringify({ job, timings: diagnostics.timings }),
    );

    await page.goto(`${server.url}/dashboard/jobs/${job.id}`);
    await heading('Render job waterfall');
    const section = page.getByTestId('job-waterfall');
    await section.getByRole('heading', { name: 'Waterfall' }).waitFor();
    const rows = await checkRows(section, expected);
    fs.mkdirSync(SHOTS, { recursive: true });
    const shot = path.join(SHOTS, 'job-waterfall.png');
    await section.screenshot({ path: shot });
    t.diagnostic(`waterfall screenshot: ${shot}`);

    // A phone: the label goes above its bar, and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    const label = await rows.nth(2).locator('.wf-label').boundingBox();
    const track = await rows.nth(2).locator('.wf-track').boundingBox();
    assert.ok(label && track && track.y >= label.y + label.height - 1, `the bar under its label: ${JSON.stringify({ label, track })}`);
    const phoneShot = path.join(SHOTS, 'job-waterfall-phone.png');
    await section.screenshot({ path: phoneShot });
    t.diagnostic(`phone-width screenshot: ${phoneShot}`);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
