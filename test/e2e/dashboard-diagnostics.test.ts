// Render diagnostics and payload schemas in the dashboard, in a real browser (playwright-core driving Debian's Chromium)
// against `bin/folio serve` with its worker: a job page shows the render diagnostics of its attempt (the
// ready path, the phase timings, a console line as text rather than markup, a file missing from the bundle
// with `not_found`); a version page shows its payload.schema.json and sample-payload.json, its render form
// is prefilled with the sample, and a payload the schema refuses lists the problem (`/customer`).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { file, type BundleFile } from '../helpers/bundle.js';
import { deployOverHttp } from '../helpers/http-deploy.js';
import { client, type Client } from '../helpers/http-client.js';
import { newBrowserContext, signIn, startDashboardServer } from '../helpers/dashboard.js';
import type { ServerProcess } from '../helpers/server-process.js';

const KEY = 'folio_sk_diagdash0000000000000000000000000000001';
// Markup in the log line: the page must show it as text, not make a <b> element of it.
const LOG_TEXT = 'diag-marker: invoice <b id="injected">1042</b> laid out';

const noisy: BundleFile[] = [
  file(
    'index.html',
    `<!doctype html><html><body><h1>Diagnostics</h1>
    <script>
      window.folio.waitForReady = true;
      console.log(${JSON.stringify(LOG_TEXT)});
      fetch('missing/logo.png').catch(() => {}).then(() => window.folio.ready());
    </script></body></html>`,
  ),
];

const schema = {
  type: 'object',
  required: ['customer'],
  properties: { customer: { type: 'string', minLength: 1 }, total: { type: 'number' } },
};
const sample = { customer: 'ACME Corp', total: 1042.5 };
const schematic: BundleFile[] = [
  file('index.html', '<!doctype html><html><body><h1>Static invoice</h1></body></html>'),
  file('payload.schema.json', JSON.stringify(schema)),
  file('sample-payload.json', JSON.stringify(sample)),
];

async function deployViaApi(api: Client, slug: string, name: string, files: BundleFile[]) {
  const d = await deployOverHttp(api, slug, files, { name });
  return { deployId: d.deployId, versionId: d.version.id };
}

describe('dashboard: render diagnostics and payload schemas in a browser', () => {
  let server: ServerProcess;
  let context: BrowserContext;
  let page: Page;
  let api: Client;

  const url = (p: string) => server.url + p;
  const heading = (text: string | RegExp) => page.getByRole('heading', { level: 1, name: text }).waitFor();

  before(async () => {
    server = await startDashboardServer('folio-dash-diag-', KEY);
    api = client(server.url, KEY);
    context = await newBrowserContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    await signIn(page, url('/dashboard/jobs'));
    await heading('Render jobs');
  });
  after(async () => {
    await context?.close();
    await server?.stop();
  });

  test('the job page shows the diagnostics: ready path, timings, the log line as text, the missing file', async () => {
    const { deployId } = await deployViaApi(api, 'noisy', 'Noisy', noisy);
    const created = await api.request('POST', '/v1/render-jobs', { json: { deployId, deployVersionId: 'latest', payload: { n: 1 } } });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const jobId = created.body.job.id as string;

    // Opened at once, while the job is queued or rendering: the page polls, and the entries appear once the
    // attempt has ended.
    await page.goto(url(`/dashboard/jobs/${jobId}`));
    await heading(/^Render job/);
    const section = page.getByTestId('diagnostics');
    await section.getByRole('heading', { name: 'Diagnostics' }).waitFor();
    await page.getByTestId('job-status').getByText('succeeded').waitFor({ timeout: 60_000 });
    await section.getByTestId('diagnostics-entries').waitFor({ timeout: 15_000 });

    // What the API says, so the assertions compare with the real URL (the bundle's origin) rather than a guess.
    const d = (await api.request('GET', `/v1/render-jobs/${jobId}/diagnostics`)).body.diagnostics;
    const missing = d.entries.find((e: { kind: string; url?: string }) => e.kind === 'request' && e.url?.endsWith('/missing/logo.png'));
    assert.ok(missing, JSON.stringify(d.entries));
    assert.equal(missing.problem, 'not_found');
    assert.equal(d.ready.mode, 'explicit');

    assert.match(await section.getByTestId('diagnostics-ready').innerText(), /^Ready: explicit\b/);
    const timings = await section.getByTestId('diagnostics-timings').innerText();
    assert.match(timings, /Load/);
    assert.match(timings, /Print/);

    const items = section.getByTestId('diagnostics-entries').locator('li');
    const texts = await items.allInnerTexts();
    const log = texts.find((t) => t.includes('diag-marker'));
    assert.ok(log, texts.join('\n'));
    assert.match(log, /^log\s+\+\d+ ms\s+/);
    assert.ok(log.includes(LOG_TEXT), `the log line as text: ${log}`);
    assert.equal(await page.locator('#injected').count(), 0, 'no element made from the log text');
    const request = texts.find((t) => t.includes(missing.url));
    assert.ok(request, texts.join('\n'));
    assert.match(request, /not_found/);
    assert.ok(request.includes(missing.reason), request);
    assert.equal(await section.getByTestId('diagnostics-empty').count(), 0);
    assert.equal(await section.getByTestId('diagnostics-dropped').count(), 0, 'nothing dropped');
  });

  test('a job of a version with page references shows how many ids were numbered and in how many prints', async () => {
    const files = [
      file(
        'index.html',
        `<!doctype html><html><head><style>h1 { break-before: page; }</style></head><body>
        <p>Part B: page <span data-folio-page-of="b">0</span>, typo: <span data-folio-page-of="bee">?</span></p><h1 id="b">Part B</h1></body></html>`,
      ),
    ];
    const d = await deployOverHttp(api, 'toc', files, { name: 'TOC', metadata: { pdf: { pageReferences: true } } });
    const created = await api.request('POST', '/v1/render-jobs', { json: { deployId: d.deployId, deployVersionId: 'latest' } });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    await page.goto(url(`/dashboard/jobs/${created.body.job.id}`));
    await page.getByTestId('job-status').getByText('succeeded').waitFor({ timeout: 60_000 });
    const line = page.getByTestId('diagnostics').getByTestId('diagnostics-page-references');
    await line.waitFor({ timeout: 15_000 });
    assert.equal(await line.innerText(), 'Page references: 2 id(s), printed 2 time(s) — no printed element for #bee');
  });

  test('a version page shows its payload schema and sample; the render form is prefilled and lists /customer', async () => {
    const { deployId, versionId } = await deployViaApi(api, 'schematic', 'Schematic', schematic);
    await page.goto(url(`/dashboard/deploys/${deployId}/versions/${versionId}`));
    await heading(/^Schematic · /);

    const shownSchema = page.getByTestId('payload-schema');
    await shownSchema.waitFor();
    assert.deepEqual(JSON.parse(await shownSchema.locator('pre').innerText()), schema);
    assert.equal(await shownSchema.locator('pre').innerText(), JSON.stringify(schema, null, 2));
    assert.deepEqual(JSON.parse(await page.getByTestId('sample-payload').locator('pre').innerText()), sample);

    // The version page's render form starts from the sample payload.
    const form = page.getByTestId('render-form');
    const payload = form.getByLabel('Payload (JSON)');
    assert.equal(await payload.inputValue(), JSON.stringify(sample, null, 2));

    // A payload the schema refuses: the problem list, pointer and message, and no job created.
    const before = (await api.request('GET', `/v1/render-jobs?deployId=${deployId}`)).body.items.length;
    await payload.fill('{}');
    await form.getByRole('button', { name: 'Start render' }).click();
    const problems = page.getByTestId('payload-problems');
    await problems.waitFor();
    const listed = await problems.locator('li').allInnerTexts();
    assert.deepEqual(listed, ['/customer: is required']);
    assert.match(await problems.innerText(), /payload_invalid/);
    assert.equal((await api.request('GET', `/v1/render-jobs?deployId=${deployId}`)).body.items.length, before);
    assert.match(page.url(), new RegExp(`/versions/${versionId}$`), 'still on the version page');

    // The deploy page's form (version `latest`) is prefilled with the sample too.
    await page.goto(url(`/dashboard/deploys/${deployId}`));
    await heading('Schematic');
    const deployForm = page.getByTestId('render-form');
    assert.equal(await deployForm.getByLabel('Payload (JSON)').inputValue(), JSON.stringify(sample, null, 2));

    // The sample is a valid payload: submitted as prefilled, the job renders; a static page logs nothing.
    await deployForm.getByRole('button', { name: 'Start render' }).click();
    // The form stays and follows the job under it; its id links to the job page.
    await deployForm.getByTestId('render-job-link').click();
    await page.waitForURL(/\/dashboard\/jobs\/job_/);
    await page.getByTestId('job-status').getByText('succeeded').waitFor({ timeout: 60_000 });
    const empty = page.getByTestId('diagnostics').getByTestId('diagnostics-empty');
    await empty.waitFor({ timeout: 15_000 });
    assert.equal(await empty.innerText(), 'The page logged nothing and every request was served.');
    assert.match(await page.getByTestId('diagnostics-ready').innerText(), /^Ready: default\b/);
  });
});
