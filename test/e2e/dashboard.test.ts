// The dashboard in a real browser (playwright-core driving Debian's Chromium; no browser download) against
// `bin/folio serve` as a child process with its worker: sign in, keys, deploys, versions, settings, a
// render watched live to the end, its PDF preview, managed PDFs and permanent links, usage, a phone-width
// pass and sign-out. Screenshots of each main page go to test-output/screenshots, and to docs/screenshots
// with FOLIO_UPDATE_SCREENSHOTS=1 (how the committed ones were made).
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { tempDir } from '../helpers/app.js';
import { file, sha256, type BundleFile } from '../helpers/bundle.js';
import { newBrowserContext } from '../helpers/dashboard.js';
import { deployOverHttp } from '../helpers/http-deploy.js';
import { client, type Client } from '../helpers/http-client.js';
import { ROOT, startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

const EMAIL = 'owner@example.com';
const PASSWORD = 'correct horse battery staple';
const BOOT_KEY = 'folio_sk_dash0000000000000000000000000000000000001';
const SHOTS = [
  path.join(ROOT, 'test-output/screenshots'),
  ...(process.env.FOLIO_UPDATE_SCREENSHOTS === '1' ? [path.join(ROOT, 'docs/screenshots')] : []),
];

const bundle: BundleFile[] = [
  file(
    'index.html',
    `<!doctype html><html><head><link rel="stylesheet" href="style.css"></head><body><h1 id="t">Loading</h1>
    <script>
      window.folio.waitForReady = true;
      fetch(window.folio.payloadUrl).then(r => r.json()).then(p => {
        document.getElementById('t').textContent = 'Invoice for ' + p.name;
        window.folio.ready();
      });
    </script></body></html>`,
  ),
  file('style.css', '@page { size: A5; margin: 12mm } body { font-family: sans-serif }'),
];

const deployViaApi = (api: Client, slug: string, name: string, files: BundleFile[]) => deployOverHttp(api, slug, files, { name });

describe('dashboard in a browser', () => {
  let server: ServerProcess;
  let context: BrowserContext;
  let page: Page;
  let receiver: Receiver;
  let appPage: http.Server;
  let userKey: string; // created in the dashboard, used by the test from then on
  let deployId: string;
  let revealedSecret = '';
  let managedJobId = '';
  let pdfId = '';

  const url = (p: string) => server.url + p;
  const shot = async (name: string, p: Page = page) => {
    // The top of the page, without notices that happen to be on screen.
    await p.evaluate(() => {
      document.getElementById('toasts')?.replaceChildren();
      window.scrollTo(0, 0);
    });
    for (const dir of SHOTS) {
      fs.mkdirSync(dir, { recursive: true });
      await p.screenshot({ path: path.join(dir, `${name}.png`) });
    }
  };
  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
  /** Waits until the page's main heading is `text` (navigation finished rendering). */
  const heading = (text: string | RegExp, p: Page = page) => p.getByRole('heading', { level: 1, name: text }).waitFor();

  before(async () => {
    receiver = await startReceiver();
    // A page of "the team's own app", printed as a URL source (allow-listed: it is on loopback).
    appPage = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Internal invoice page</h1>'));
    await new Promise<void>((resolve) => appPage.listen(0, '127.0.0.1', resolve));
    server = await startServerProcess({
      FOLIO_URL_SOURCE_ALLOWED_HOSTS: `127.0.0.1:${(appPage.address() as AddressInfo).port}`,
      FOLIO_DATA_DIR: tempDir('folio-dash-'),
      FOLIO_BOOTSTRAP_EMAIL: EMAIL,
      FOLIO_BOOTSTRAP_PASSWORD: PASSWORD,
      FOLIO_BOOTSTRAP_API_KEY: BOOT_KEY,
      FOLIO_ALLOW_INSECURE_WEBHOOKS: '1',
      // Everything the server logs is captured and searched for the revealed secret at the end.
      FOLIO_LOG_LEVEL: 'debug',
    });
    context = await newBrowserContext({ viewport: { width: 1280, height: 860 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
  });
  after(async () => {
    await context?.close();
    await server?.stop();
    await receiver?.close();
    appPage?.closeAllConnections();
    await new Promise((resolve) => appPage?.close(resolve));
  });

  test('a page without a session redirects to sign-in; a wrong password shows the API message; the keyboard signs in', async () => {
    await page.goto(url('/dashboard/keys'));
    await page.waitForURL(/\/dashboard\/login\?next=%2Fdashboard%2Fkeys$/);
    await heading('Sign in to Folio');
    await shot('sign-in');

    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('the email or password is wrong').waitFor();

    // Keyboard only: focus the password, type, Enter submits the form.
    await page.getByLabel('Password').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/keys$/);
    await heading('API keys');
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'folio_session');
    assert.ok(session, 'session cookie set');
    assert.equal(session.httpOnly, true);
    assert.equal(session.sameSite, 'Lax');
  });

  test('API keys: create one with scopes, shown once with a copy button; the test uses it; a narrow key gets 403; revoke', async () => {
    await page.getByLabel('Name', { exact: true }).fill('ci-test');
    await page.getByRole('button', { name: 'Create key' }).click();
    const value = page.getByTestId('new-key-value');
    await value.waitFor();
    userKey = await value.inputValue();
    assert.match(userKey, /^folio_sk_[A-Za-z0-9]{40}$/);
    await page.getByTestId('copy-key').click();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), userKey, 'the copy button puts the key on the clipboard');
    await page.getByTestId('keys-table').getByText('ci-test').waitFor();
    assert.ok(
      await page
        .getByTestId('keys-table')
        .getByText(`folio_sk_…${userKey.slice(-4)}`)
        .isVisible(),
      'the list shows prefix and last 4',
    );
    await shot('api-keys');

    const api = client(server.url, userKey);
    const usage = await api.request('GET', '/v1/usage');
    assert.equal(usage.status, 200, JSON.stringify(usage.body));

    // A read-only key, created with a scope checkbox, cannot write; once revoked it cannot read either.
    await page.getByLabel('Name', { exact: true }).fill('read-only');
    await page.getByLabel(/^all/).uncheck();
    await page.getByLabel('deploys:read').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('heading', { name: 'Key “read-only” created' }).waitFor();
    const readOnly = await page.getByTestId('new-key-value').inputValue();
    const ro = client(server.url, readOnly);
    assert.equal((await ro.request('GET', '/v1/deploys')).status, 200);
    const denied = await ro.request('POST', '/v1/deploys', { json: { slug: 'nope', name: 'Nope' } });
    assert.equal(denied.status, 403);
    assert.equal(denied.body.error, 'forbidden');
    await page.getByRole('button', { name: 'Revoke key read-only' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('1 revoked key(s)').waitFor();
    assert.equal((await ro.request('GET', '/v1/deploys')).status, 401, 'a revoked key is refused at once');
    // The key the test uses has been used: its "last used" is filled in.
    await page.reload();
    const row = page.getByTestId('keys-table').getByRole('row', { name: /ci-test/ });
    await row.waitFor();
    assert.doesNotMatch(await row.innerText(), /never/);
  });

  test('deploys: one deployed through the API is listed; rename; its version, files and promotion', async () => {
    const api = client(server.url, userKey);
    const d = await deployViaApi(api, 'invoice', 'Invoice', bundle);
    deployId = d.deployId;
    await nav('Deploys');
    await heading('Deploys');
    await page.getByTestId('deploys-table').getByRole('link', { name: 'Invoice' }).waitFor();

    // Create and delete one by hand.
    await page.getByLabel('Name', { exact: true }).fill('Scratch Pad');
    assert.equal(await page.getByLabel('Slug').inputValue(), 'scratch-pad', 'the slug follows the name');
    await page.getByRole('button', { name: 'Create deploy' }).click();
    await page.getByTestId('deploys-table').getByRole('link', { name: 'Scratch Pad' }).waitFor();
    await shot('deploys');
    await page.getByRole('button', { name: 'Delete Scratch Pad' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete deploy' }).click();
    await page.getByTestId('deploys-table').getByRole('link', { name: 'Scratch Pad' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Rename Invoice' }).click();
    await page.getByRole('dialog').getByLabel('Name', { exact: true }).fill('Invoices');
    await page.getByRole('dialog').getByRole('button', { name: 'Save name' }).click();
    await page.getByTestId('deploys-table').getByRole('link', { name: 'Invoices' }).waitFor();
    assert.equal((await api.request('GET', `/v1/deploys/${deployId}`)).body.deploy.name, 'Invoices');

    await page.getByTestId('deploys-table').getByRole('link', { name: 'Invoices' }).click();
    await heading('Invoices');
    await page.getByTestId('versions-table').getByRole('link', { name: d.version.displayId }).waitFor();
    await page.getByRole('button', { name: `Promote ${d.version.displayId} to production` }).click();
    await page.getByTestId('aliases').getByText('production').waitFor();
    const alias = await api.request('GET', `/v1/deploys/${deployId}`);
    assert.deepEqual(
      alias.body.aliases.map((a: { alias: string; deployVersionId: string }) => [a.alias, a.deployVersionId]),
      [['production', d.version.id]],
    );
    await shot('deploy');

    await page.getByTestId('versions-table').getByRole('link', { name: d.version.displayId }).click();
    await heading(`Invoices · ${d.version.displayId}`);
    await page.getByTestId('files-table').getByText('/index.html').waitFor();
    assert.ok(await page.getByTestId('files-table').getByText('/style.css').isVisible());
    await page.getByRole('button', { name: 'Promote to preview' }).click();
    await page.getByTestId('version-aliases').getByText('Aliases: preview, production').waitFor();
    // In use by an alias: deleting shows the API's refusal.
    await page.getByRole('button', { name: 'Delete version' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete version' }).click();
    await page.getByText(/deploy_version_in_use/).waitFor();
    await shot('version');
  });

  test('settings: webhook URL and switch, rotate the secret, reveal it; variables, write-only secrets, retention', async () => {
    const api = client(server.url, userKey);
    await page.goto(url(`/dashboard/deploys/${deployId}/settings`));
    await heading('Settings · Invoices');
    await page.getByLabel('Webhook URL').fill(receiver.url);
    await page.getByRole('switch', { name: 'Send webhooks when render jobs finish' }).check();
    await page.getByRole('button', { name: 'Save webhook' }).click();
    await page.getByText('Webhook settings saved').waitFor();

    await page.getByTestId('rotate-secret').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create secret' }).click();
    await page
      .getByTestId('secret-preview')
      .getByText(/Deploy secret whsec_…/)
      .waitFor();
    const preview = (await page.getByTestId('secret-preview').innerText()).replace('Deploy secret ', '').trim();

    await page.getByTestId('reveal-secret').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reveal' }).click();
    revealedSecret = await page.getByTestId('revealed-secret').inputValue();
    assert.match(revealedSecret, /^whsec_[A-Za-z0-9]{40}$/);
    assert.equal(preview, `whsec_…${revealedSecret.slice(-4)}`, 'the revealed secret matches the masked preview');

    // Rotating again gives a different secret (revealed anew).
    await page.getByTestId('rotate-secret').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate' }).click();
    await page.waitForFunction((old) => !document.querySelector('[data-testid="secret-preview"]')!.textContent!.includes(old), preview);
    await page.getByTestId('reveal-secret').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reveal' }).click();
    const second = await page.getByTestId('revealed-secret').inputValue();
    assert.notEqual(second, revealedSecret);
    revealedSecret = second;

    await page.getByRole('button', { name: 'Add variable' }).click();
    await page.getByLabel('Variable name').last().fill('COMPANY');
    await page.getByLabel('Variable value').last().fill('ACME');
    await page.getByRole('button', { name: 'Save variables' }).click();
    await page.getByText('Variables saved').waitFor();

    const secrets = page.getByRole('region', { name: 'Secrets' });
    await secrets.getByLabel('Name', { exact: true }).fill('TOKEN');
    await secrets.getByLabel('Value', { exact: true }).fill('s3cr3t-value');
    await secrets.getByRole('button', { name: 'Save secret' }).click();
    await secrets.getByText('TOKEN').waitFor();

    await page.getByRole('switch', { name: 'Delete old versions automatically' }).check();
    await page.getByLabel('Versions to keep').fill('5');
    await page.getByRole('button', { name: 'Save retention' }).click();
    await page.getByText('Retention saved').waitFor();
    await shot('settings');

    const s = (await api.request('GET', `/v1/deploys/${deployId}/settings`)).body.settings;
    assert.equal(s.webhook.enabled, true);
    assert.equal(s.webhook.url, receiver.url);
    assert.deepEqual(
      s.environment.variables.map((v: { name: string; value: string }) => [v.name, v.value]),
      [['COMPANY', 'ACME']],
    );
    assert.deepEqual(
      s.secrets.items.map((v: { name: string }) => v.name),
      ['TOKEN'],
    );
    assert.ok(!JSON.stringify(s).includes('s3cr3t-value'), 'secret values are write-only');
    assert.deepEqual(s.versionLifecycle, { enabled: true, retainLatestVersions: 5 });
  });

  test('render: start one in the dashboard, watch it reach succeeded live, preview its PDF; the webhook is signed with the revealed secret; redeliver', async () => {
    const api = client(server.url, userKey);
    const usageBefore = (await api.request('GET', '/v1/usage')).body.usageMeters.find((m: { code: string }) => m.code === 'render_jobs')
      .totalQuantity as number;

    await page.goto(url(`/dashboard/deploys/${deployId}`));
    await heading('Invoices');
    await page.getByLabel('Version', { exact: true }).selectOption('production');
    await page.getByLabel('Payload (JSON)').fill('{"name": "Ada"}');
    await page.getByLabel('Business key', { exact: true }).fill('inv-1042');
    await page.getByLabel(/Managed PDF/).check();
    await page.getByRole('button', { name: 'Start render' }).click();
    // The form stays and follows the job under it; its id links to the job page.
    await page.getByTestId('render-job-link').click();
    await page.waitForURL(/\/dashboard\/jobs\/job_/);
    managedJobId = page.url().split('/').pop()!;
    await heading('Render job inv-1042');
    // The page polls: the badge turns to succeeded without a reload.
    await page.getByTestId('job-status').getByText('succeeded').waitFor({ timeout: 90_000 });
    assert.equal(await page.getByTestId('payload-hash').innerText(), sha256('{"name":"Ada"}'));
    await page.getByRole('list', { name: 'State timeline' }).getByText('Succeeded').waitFor();

    // The pages drawn by pdf.js; the link opens the signed preview URL in the browser's own viewer.
    await page
      .getByTestId('pdf-pages')
      .getByRole('img', { name: /^Page 1 of / })
      .waitFor();
    const src = (await page.getByTestId('pdf-open').getAttribute('href'))!;
    assert.ok(src.startsWith(`${server.url}/v1/files/`), src);
    const pdf = await fetch(src);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.match(pdf.headers.get('content-disposition') ?? '', /^inline;/);
    assert.equal(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
      '%PDF-',
    );

    // The webhook reached the receiver, signed with the secret the dashboard revealed.
    await page.getByTestId('deliveries-table').getByText('HTTP 200').waitFor({ timeout: 30_000 });
    const hook = receiver.received.find((r) => r.body?.data?.job?.id === managedJobId);
    assert.ok(hook, 'the receiver got the event');
    const ts = String(hook.headers['service-webhook-timestamp']);
    const expected = `v1=${createHmac('sha256', revealedSecret).update(`${ts}.${hook.rawBody}`).digest('hex')}`;
    assert.ok(String(hook.headers['service-webhook-signature']).split(',').includes(expected), 'signed with the revealed secret');

    await page.getByTestId('redeliver').click();
    await page.getByTestId('deliveries-table').getByText('#2 (manual)').waitFor();
    await shot('render-job');

    const job = await api.request('GET', `/v1/render-jobs/${managedJobId}`);
    pdfId = job.body.pdf.id;
    const usageAfter = (await api.request('GET', '/v1/usage')).body.usageMeters.find((m: { code: string }) => m.code === 'render_jobs')
      .totalQuantity as number;
    assert.equal(usageAfter, usageBefore + 1);
  });

  test('render jobs list: status filter, and a job created through the API appears and finishes without a reload', async () => {
    const api = client(server.url, userKey);
    await page.goto(url('/dashboard/jobs'));
    await heading('Render jobs');
    await page.getByTestId('jobs-table').getByText('inv-1042').waitFor();
    const created = await api.request('POST', '/v1/render-jobs', {
      json: { deployId, deployVersionId: 'latest', payload: { name: 'Grace' }, businessKey: 'live-update' },
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const row = page.getByTestId('jobs-table').getByRole('row', { name: /live-update/ });
    await row.waitFor({ timeout: 10_000 });
    await row.getByText('succeeded').waitFor({ timeout: 90_000 });
    await shot('render-jobs');

    await page.getByLabel('Status', { exact: true }).selectOption('failed');
    await page.waitForURL(/status=failed/);
    await page.getByText('No failed render jobs').waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('succeeded');
    await page.getByTestId('jobs-table').getByText('live-update').waitFor();
  });

  test('a job of a deploy without a webhook offers no redelivery; the focused page heading draws no ring', async () => {
    const api = client(server.url, userKey);
    const created = await api.request('POST', '/v1/render', {
      json: { html: '<!doctype html><h1>No webhook here</h1>', businessKey: 'no-hook' },
    });
    assert.equal(created.status, 200, String(created.body).slice(0, 300));
    const jobs = await api.request('GET', '/v1/render-jobs?limit=5');
    const jobId = jobs.body.items.find((j: { businessKey: string }) => j.businessKey === 'no-hook').id as string;
    await page.goto(url(`/dashboard/jobs/${jobId}`));
    await page.getByText('No webhook event: the deploy had no enabled webhook when the job finished.').waitFor({ timeout: 30_000 });
    assert.equal(await page.getByTestId('redeliver').count(), 0, 'nothing to redeliver');
    // Navigation moves focus to the page's heading (for screen readers), without a focus ring on it, also when
    // the keyboard navigated (where the browser shows :focus-visible rings).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Usage', exact: true }).focus();
    await page.keyboard.press('Enter');
    await heading('Usage');
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { tag: el.tagName, shadow: getComputedStyle(el).boxShadow, outline: getComputedStyle(el).outlineStyle };
    });
    assert.deepEqual(ring, { tag: 'H1', shadow: 'none', outline: 'none' });

    // A job that printed a web page shows the page (origin and path; the query may hold secrets).
    const pageUrl = `http://127.0.0.1:${(appPage.address() as AddressInfo).port}/invoices/42`;
    const printed = await api.request('POST', '/v1/render', {
      json: { source: { url: `${pageUrl}?token=s3cr3t` }, businessKey: 'url-page' },
    });
    assert.equal(printed.status, 200, String(printed.body).slice(0, 300));
    const urlJob = (await api.request('GET', '/v1/render-jobs?limit=5')).body.items.find(
      (j: { businessKey: string }) => j.businessKey === 'url-page',
    );
    await page.goto(url(`/dashboard/jobs/${urlJob.id}`));
    assert.equal(await page.getByTestId('job-source').textContent({ timeout: 30_000 }), pageUrl);
  });

  test("a job's document options: PDF standard, e-invoice profile and attachments (names and sizes only)", async () => {
    const api = client(server.url, userKey);
    const xml = fs.readFileSync(path.join(ROOT, 'examples/invoice/factur-x-sample.xml'));
    const created = await api.request('POST', '/v1/render-jobs', {
      json: {
        deployId,
        deployVersionId: 'latest',
        payload: { name: 'Ada' },
        businessKey: 'e-invoice-1',
        eInvoice: { standard: 'factur-x', profile: 'MINIMUM', xml: xml.toString('utf8') },
        attachments: [
          { name: 'lines.csv', mimeType: 'text/csv', relationship: 'Data', content: Buffer.from('a,b\n1,2\n').toString('base64') },
        ],
      },
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    await page.goto(url(`/dashboard/jobs/${created.body.job.id}`));
    await heading('Render job e-invoice-1');
    assert.equal(await page.getByTestId('pdf-standard').innerText(), 'PDF/A-3B');
    assert.match(await page.getByTestId('e-invoice').innerText(), /Factur-X MINIMUM · factur-x\.xml · [\d.]+ (B|KiB)/);
    assert.match(await page.getByTestId('attachments').innerText(), /lines\.csv · Data · text\/csv · 8 B/);
    await page.getByText('succeeded').first().waitFor({ timeout: 90_000 });
  });

  test('managed PDFs: listed, previewed; a permanent link is created, copied, opened and deleted', async () => {
    await nav('PDFs');
    await heading('PDFs');
    await page.getByTestId('pdfs-table').getByRole('link', { name: 'invoice-inv-1042.pdf' }).click();
    await page.waitForURL(new RegExp(`/dashboard/pdfs/${pdfId}$`));
    // The pages are drawn by pdf.js; the link opens the PDF itself.
    await page.getByTestId('pdf-page-canvas').first().waitFor();
    const src = (await page.getByTestId('pdf-open').getAttribute('href'))!;
    assert.equal((await fetch(src)).headers.get('content-type'), 'application/pdf');

    await page.getByTestId('create-link').click();
    const link = page.getByTestId('permanent-link');
    await link.waitFor();
    const linkUrl = (await link.getAttribute('href'))!;
    assert.match(linkUrl, new RegExp(`^${server.url}/p/`));
    await page.getByTestId('links-table').getByRole('button', { name: 'Copy link' }).click();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), linkUrl);
    await shot('pdf');

    // Open it as a visitor would: a new tab from the link.
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    const opened = await tab.waitForResponse((r) => r.url() === linkUrl).catch(() => null);
    const direct = await fetch(linkUrl);
    assert.equal(direct.status, 200);
    assert.equal(direct.headers.get('content-type'), 'application/pdf');
    if (opened) assert.equal(opened.status(), 200);
    await tab.close();

    await page
      .getByTestId('links-table')
      .getByRole('button', { name: /^Delete link/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete link' }).click();
    await page.getByText('No permanent links.').waitFor();
    assert.equal((await fetch(linkUrl)).status, 404, 'a deleted link stops resolving');

    await nav('PDFs');
    await shot('pdfs');
  });

  test('usage: meters against plan limits, and they move after a render', async () => {
    const api = client(server.url, userKey);
    await nav('Usage');
    await heading('Usage');
    const value = page.getByTestId('meter-render_jobs-value');
    await value.waitFor();
    const before = Number((await value.innerText()).match(/^[\d,]+/)![0].replace(/,/g, ''));
    assert.ok(before >= 2);
    await page.getByRole('meter', { name: 'Stored bytes' }).waitFor();
    await page.getByText('Managed PDF storage: daily peaks').waitFor();
    await shot('usage');

    const created = await api.request('POST', '/v1/render-jobs', {
      json: { deployId, deployVersionId: 'latest', payload: { name: 'Usage' } },
    });
    assert.equal(created.status, 202);
    const done = await api.request('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=30`);
    assert.equal(done.body.job.status, 'succeeded');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page
      .getByTestId('meter-render_jobs-value')
      .getByText(new RegExp(`^${before + 1}\\b`))
      .waitFor();
  });

  test('phone width: no sideways scrolling, the menu opens, tables stack', async () => {
    const phone = await newBrowserContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.addCookies(await context.cookies());
    const p = await phone.newPage();
    for (const [path_, title] of [
      [`/dashboard/jobs/${managedJobId}`, 'Render job inv-1042'],
      ['/dashboard/deploys', 'Deploys'],
      [`/dashboard/deploys/${deployId}/settings`, 'Settings · Invoices'],
      ['/dashboard/usage', 'Usage'],
    ] as const) {
      await p.goto(url(path_));
      await heading(title, p);
      const { overflow, culprits } = await p.evaluate(() => {
        const w = document.documentElement.clientWidth;
        const wide = Array.from(document.querySelectorAll('body *')).filter((e) => e.getBoundingClientRect().right > w + 1);
        return {
          overflow: document.documentElement.scrollWidth - w,
          culprits: wide.slice(-5).map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
        };
      });
      assert.ok(overflow <= 0, `${path_} scrolls sideways by ${overflow}px at 390px: ${culprits.join(', ')}`);
    }
    await p.getByRole('button', { name: 'Menu' }).click();
    await p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Render jobs' }).click();
    await heading('Render jobs', p);
    await shot('phone-render-jobs', p);
    await phone.close();
  });

  test('sign out ends the session: pages redirect and the API refuses the old cookie', async () => {
    const cookie = (await context.cookies()).find((c) => c.name === 'folio_session')!;
    await page.getByTestId('sign-out').click();
    await page.waitForURL(/\/dashboard\/login/);
    const r = await fetch(url('/v1/deploys'), { headers: { cookie: `folio_session=${cookie.value}` } });
    assert.equal(r.status, 401);
    await page.goto(url('/dashboard/usage'));
    await page.waitForURL(/\/dashboard\/login\?next=%2Fdashboard%2Fusage/);
  });

  test('the revealed secret never appears in the server log (which does record that it was revealed)', () => {
    const log = server.output();
    assert.ok(revealedSecret.length > 20);
    assert.ok(log.includes('webhook signing secret revealed'), 'the audit line is logged');
    assert.ok(!log.includes(revealedSecret), 'the secret itself is not');
    assert.ok(!log.includes(revealedSecret.slice(6)), 'not even without its prefix');
    // The password came from FOLIO_BOOTSTRAP_PASSWORD: the first start's banner names the variable instead.
    assert.ok(!log.includes(PASSWORD), 'the password appears nowhere, not even in the bootstrap banner');
    assert.match(log, new RegExp(`owner login +${EMAIL} / password from FOLIO_BOOTSTRAP_PASSWORD`));
    assert.ok(!log.includes(userKey), 'nor the API key created in the dashboard');
  });
});
