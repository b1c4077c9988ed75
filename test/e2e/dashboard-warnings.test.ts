// Render job warnings in the dashboard, in a real browser (playwright-core driving Debian's Chromium) against
// `bin/folio serve` with its worker and real renders: a template that throws and asks for a stylesheet the
// bundle lacks succeeds with page_exception and http_error_status; every job list (the jobs page, a deploy's
// jobs, a batch's items) marks it with a "⚠ 2" badge naming the codes, the render form too, and its job page
// lists each warning with its message and a link into the diagnostics. A clean job has no badge and says
// "No warnings."; a version page shows its print defaults and failOn, and a version that carries fixtures
// is checked against its snapshots from its page. Five renders in all.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { capturePdf, SNAPSHOT_DPI } from '../../src/pdf/snapshots/snapshot-capture.js';
import { descriptors, entries, file, sha256, type BundleFile } from '../helpers/bundle.js';
import { client, type Client } from '../helpers/http-client.js';
import { newBrowserContext, signIn, startDashboardServer } from '../helpers/dashboard.js';
import { ROOT, type ServerProcess } from '../helpers/server-process.js';

const KEY = 'folio_sk_warndash00000000000000000000000000000001';
const SHOTS = path.join(ROOT, 'test-output/screenshots');

// Each has a payload schema, so no job gets payload_schema_missing: the throwing one has exactly two warnings.
const schema = file('payload.schema.json', JSON.stringify({ type: 'object', properties: { n: { type: 'number' } } }));
const throwing: BundleFile[] = [
  file(
    'index.html',
    `<!doctype html><html><head><link rel="stylesheet" href="css/missing.css"></head><body><h1>Loading…</h1>
    <script>throw new Error('warn-marker: the totals were never computed');</script></body></html>`,
  ),
  schema,
];
const clean: BundleFile[] = [file('index.html', '<!doctype html><html><body><h1>Clean</h1></body></html>'), schema];

/** A deploy through the upload API with the version's `render` options (failOn among them). */
async function deploy(api: Client, slug: string, files: BundleFile[], render: Record<string, unknown> = {}) {
  const s = await api.request('POST', '/v1/upload-sessions', { json: { createDeploy: { slug, name: slug }, files: descriptors(files) } });
  assert.equal(s.status, 201, JSON.stringify(s.body));
  const headers = { 'x-upload-token': s.body.uploadToken as string };
  for (const f of files) {
    const r = await api.request('PUT', `/v1/upload-sessions/${s.body.uploadSession.id}/blobs/${sha256(f.content)}`, {
      body: f.content,
      headers,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  const c = await api.request('POST', `/v1/upload-sessions/${s.body.uploadSession.id}/commit`, {
    json: { entries: entries(files), render: { route: '/', title: slug, ...render } },
    headers,
  });
  assert.equal(c.status, 201, JSON.stringify(c.body));
  return { deployId: c.body.deployVersion.deployId as string, version: c.body.deployVersion };
}

describe('dashboard: render job warnings in a browser', () => {
  let server: ServerProcess;
  let context: BrowserContext;
  let page: Page;
  let api: Client;
  let loading: { deployId: string; version: { id: string; displayId: string; printDefaults: number; failOn: string[] } };
  let warnedJob: { id: string; status: string; warnings: { code: string; count: number; message: string }[] };
  let cleanJobId = '';
  let batchId = '';

  const url = (p: string) => server.url + p;
  const heading = (text: string | RegExp) => page.getByRole('heading', { level: 1, name: text }).waitFor();
  /** The job once it has ended (the API waits at most 30 s per request). */
  const finished = async (jobId: string) => {
    for (let i = 0; i < 4; i++) {
      const r = await api.request('GET', `/v1/render-jobs/${jobId}?waitSeconds=30`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      if (['succeeded', 'failed', 'canceled'].includes(r.body.job.status)) return r.body.job;
    }
    throw new Error(`job ${jobId} did not end within 2 minutes`);
  };
  const row = (testid: string, jobId: string) =>
    page
      .getByTestId(testid)
      .getByRole('row')
      .filter({ has: page.locator(`a[title="${jobId}"]`) });

  const shot = async (name: string) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  };

  before(async () => {
    server = await startDashboardServer('folio-dash-warnings-', KEY);
    api = client(server.url, KEY);
    loading = await deploy(api, 'loading', throwing, { failOn: ['request_blocked'] });
    const c = await deploy(api, 'clean', clean);
    const created = await api.request('POST', '/v1/render-jobs', {
      json: { deployId: c.deployId, deployVersionId: 'latest', payload: { n: 1 } },
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    cleanJobId = created.body.job.id;
    context = await newBrowserContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    await signIn(page, url(`/dashboard/deploys/${loading.deployId}/versions/${loading.version.id}`));
  });
  after(async () => {
    await context?.close();
    await server?.stop();
  });

  test('the version page shows its print defaults and failOn; its render form marks the job with the badge', async () => {
    await heading(/^loading · /);
    assert.equal(loading.version.printDefaults, 2);
    assert.match(await page.getByTestId('version-print-defaults').innerText(), /^2 — /);
    assert.equal(
      await page
        .getByTestId('version-fail-on')
        .locator('code')
        .allInnerTexts()
        .then((t) => t.join(',')),
      'request_blocked',
    );

    const form = page.getByTestId('render-form');
    await form.getByLabel('Payload (JSON)').fill('{"n": 1}');
    await form.getByRole('button', { name: 'Start render' }).click();
    const status = form.getByTestId('render-status');
    await status.getByText('succeeded').waitFor({ timeout: 60_000 });
    const jobId = (await form.getByTestId('render-job-link').innerText()).trim();
    warnedJob = await finished(jobId);
    assert.equal(warnedJob.status, 'succeeded', JSON.stringify(warnedJob));
    assert.deepEqual(warnedJob.warnings.map((w) => w.code).sort(), ['http_error_status', 'page_exception'], JSON.stringify(warnedJob));
    assert.equal(await status.getByTestId('warnings-badge').getAttribute('data-count'), '2');
  });

  test('the jobs page and a deploy’s jobs mark the job with warnings, and not the clean one', async () => {
    const clean = await finished(cleanJobId);
    assert.equal(clean.status, 'succeeded');
    assert.deepEqual(clean.warnings, []);

    for (const path of ['/dashboard/jobs', `/dashboard/jobs?deployId=${loading.deployId}`]) {
      await page.goto(url(path));
      await heading('Render jobs');
      const warned = row('jobs-table', warnedJob.id);
      await warned.waitFor();
      const badge = warned.getByTestId('warnings-badge');
      // The visible "⚠ 2", the codes with their counts in the tooltip, and the same in words for screen readers.
      assert.equal(await badge.locator('[aria-hidden="true"]').innerText(), '⚠ 2');
      const title = (await badge.getAttribute('title'))!;
      assert.match(title, /^2 warnings: /);
      for (const w of warnedJob.warnings) assert.ok(title.includes(`${w.code} ×${w.count}`), title);
      assert.equal(await badge.locator('.sr-only').innerText(), title);
      // Next to the state, which stays "succeeded": a warning is not a failure.
      assert.match(await warned.locator('.badge-succeeded').innerText(), /succeeded/);
      assert.equal(await warned.locator('.badge-failed').count(), 0);
      assert.equal(await badge.evaluate((el) => el.classList.contains('badge-failed')), false);
      if (path === '/dashboard/jobs') {
        const plain = row('jobs-table', cleanJobId);
        await plain.waitFor();
        assert.equal(await plain.getByTestId('warnings-badge').count(), 0);
        await shot('warnings-render-jobs');
      } else {
        assert.equal(await row('jobs-table', cleanJobId).count(), 0, 'another deploy’s job is not listed');
      }
    }
  });

  test('a batch’s items carry the badge', async () => {
    const created = await api.request('POST', '/v1/render-batches', {
      json: { deployId: loading.deployId, deployVersionId: 'latest', items: [{ businessKey: 'W-1', payload: { n: 2 } }] },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    batchId = created.body.batch.id;
    await page.goto(url(`/dashboard/batches/${batchId}`));
    await page.getByTestId('batch-status').getByText('completed').waitFor({ timeout: 60_000 });
    const item = page.getByTestId('items-table').getByRole('row', { name: /W-1/ });
    await item.getByText('succeeded').waitFor();
    const badge = item.getByTestId('warnings-badge');
    await badge.waitFor();
    assert.equal(await badge.locator('[aria-hidden="true"]').innerText(), '⚠ 2');
  });

  test('the job page lists each warning with its message, explanation and a link into the diagnostics', async () => {
    await page.goto(url(`/dashboard/jobs/${warnedJob.id}`));
    await heading(/^Render job/);
    const section = page.getByTestId('job-warnings');
    await section.getByRole('heading', { name: 'Warnings (2)' }).waitFor();
    assert.equal(await page.getByTestId('job-status').getByTestId('warnings-badge').count(), 0, 'the page has the section instead');
    const items = section.getByTestId('job-warning');
    assert.equal(await items.count(), 2);
    for (const w of warnedJob.warnings) {
      const item = section.locator(`[data-code="${w.code}"]`);
      assert.equal(await item.getByTestId('job-warning-message').innerText(), w.message);
      assert.equal(await item.getByTestId('job-warning-count').innerText(), 'once');
      assert.ok((await item.getByTestId('job-warning-explanation').innerText()).length > 20);
    }
    const exception = section.locator('[data-code="page_exception"]');
    assert.match(await exception.getByTestId('job-warning-message').innerText(), /warn-marker: the totals were never computed/);
    assert.match(
      await section.locator('[data-code="http_error_status"]').getByTestId('job-warning-message').innerText(),
      /css\/missing\.css: not in the bundle \(404\)/,
    );

    // The link goes to the first exception in the diagnostics (focused, in view) without leaving the page.
    await page.getByTestId('diagnostics-entries').waitFor({ timeout: 15_000 });
    const before = page.url();
    await exception.getByTestId('job-warning-diagnostics').click();
    await page.waitForFunction(() => document.activeElement?.id === 'diag-page_exception');
    const focused = await page.evaluate(() => document.activeElement!.textContent ?? '');
    assert.match(focused, /^exception.*warn-marker/s);
    assert.equal(page.url(), before);
    await shot('warnings-render-job');
    const request = page.locator('#diag-http_error_status');
    assert.match(await request.innerText(), /^not_found[\s\S]*css\/missing\.css/);
  });

  test('a clean job page says “No warnings.” and has no badge', async () => {
    await page.goto(url(`/dashboard/jobs/${cleanJobId}`));
    await heading(/^Render job/);
    await page.getByTestId('job-status').getByText('succeeded').waitFor();
    assert.equal(await page.getByTestId('job-warnings-none').innerText(), 'No warnings.');
    assert.equal(await page.getByTestId('warnings-badge').count(), 0);
    assert.equal(await page.getByTestId('job-warning').count(), 0);
  });

  test('a version that carries fixtures is checked from its page: the check runs and lists each fixture', async () => {
    // The snapshot: this server's print of the clean template, kept as `folio test --server --update` keeps it.
    const printed = await fetch(url('/v1/render'), {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ html: '<!doctype html><html><body><h1>Clean</h1></body></html>', payload: { n: 1 } }),
    });
    assert.equal(printed.status, 200);
    const captured = await capturePdf(Buffer.from(await printed.arrayBuffer()));
    const meta = {
      pages: captured.images.length,
      browser: 'Skia/PDF',
      dpi: SNAPSHOT_DPI,
      createdAt: new Date().toISOString(),
      renderer: 'server',
    };
    const checked = await deploy(api, 'checked', [
      ...clean,
      file('tests/one.json', '{"n": 1}'),
      file('__snapshots__/one/meta.json', JSON.stringify(meta)),
      file('__snapshots__/one/text.txt', captured.text),
      ...captured.images.map((png, i) => file(`__snapshots__/one/page-${i + 1}.png`, png)),
    ]);
    await page.goto(url(`/dashboard/deploys/${checked.deployId}/versions/${checked.version.id}`));
    await heading(/^checked · /);
    await page.getByText('No check has run for this version yet.').waitFor();
    await page.getByTestId('run-check').click();
    const done = page.locator('[data-testid="version-check"][data-status="passed"]');
    await done.waitFor({ timeout: 60_000 });
    assert.match(await done.innerText(), /1 passed/);
    assert.equal(await done.getByTestId('check-fixture-message').innerText(), 'matches its snapshot (1 page)');
    await shot('version-check-passed');

    // A version without fixtures says how to add them, and its button is off.
    await page.goto(url(`/dashboard/deploys/${loading.deployId}/versions/${loading.version.id}`));
    await page.getByText('This version carries no fixtures.', { exact: false }).waitFor();
    assert.equal(await page.getByTestId('run-check').isDisabled(), true);
  });
});
