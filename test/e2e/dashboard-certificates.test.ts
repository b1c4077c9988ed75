// Certificates, protected and signed PDFs in the dashboard, in a real browser (playwright-core driving Debian's Chromium)
// against `bin/folio serve` with its worker: the Signing certificates page uploads a PKCS#12 file through its
// form (the file read in the browser, the passphrase cleared afterwards and found nowhere in the page, URL or
// storage), shows the API's 400 naming `passphrase` for a wrong one, and deletes after a confirmation; a job
// page shows a job's protection (AES-256, password to open, refused permissions) and signature (subject
// linking to the certificate); a managed protected PDF has the "protected" badge on its page and in the list.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { tempDir } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { PASSPHRASE, selfSigned } from '../helpers/certificates.js';
import { deployOverHttp } from '../helpers/http-deploy.js';
import { client, type Client } from '../helpers/http-client.js';
import { newBrowserContext, signIn, startDashboardServer } from '../helpers/dashboard.js';
import type { ServerProcess } from '../helpers/server-process.js';

const KEY = 'folio_sk_certdash0000000000000000000000000000001';
const USER_PASSWORD = 'open-sesame-4512';
const OWNER_PASSWORD = 'owner-secret-9931';

describe('dashboard: signing certificates, protected and signed PDFs in a browser', () => {
  let server: ServerProcess;
  let context: BrowserContext;
  let page: Page;
  let api: Client;
  let deployId = '';
  let certDir = '';
  let formP12 = '';

  const url = (p: string) => server.url + p;
  const heading = (text: string | RegExp) => page.getByRole('heading', { level: 1, name: text }).waitFor();

  async function certificates(): Promise<{ id: string; name: string; subject: string; fingerprintSha256: string }[]> {
    const r = await api.request('GET', '/v1/signing-certificates');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.items;
  }

  /** Renders through the API and waits for the end; answers the job detail ({job, output, pdf}). */
  async function render(extra: Record<string, unknown>) {
    const created = await api.request('POST', '/v1/render-jobs', {
      json: { deployId, deployVersionId: 'latest', payload: { n: 1 }, ...extra },
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const id = created.body.job.id as string;
    for (let i = 0; i < 6; i++) {
      const r = await api.request('GET', `/v1/render-jobs/${id}?waitSeconds=20`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      if (r.body.job.status === 'succeeded') return r.body;
      assert.ok(['queued', 'rendering', 'retry_scheduled'].includes(r.body.job.status), JSON.stringify(r.body.job));
    }
    throw new Error(`job ${id} did not finish`);
  }

  before(async () => {
    certDir = tempDir('folio-dash-certs-');
    formP12 = path.join(certDir, 'form.p12');
    selfSigned(certDir, 'form', ['-newkey', 'rsa:2048'], '/CN=Dashboard Form Signer/O=Folio');
    server = await startDashboardServer('folio-dash-certs-data-', KEY);
    api = client(server.url, KEY);
    const d = await deployOverHttp(api, 'statement', [file('index.html', '<!doctype html><html><body><h1>Statement</h1></body></html>')], {
      name: 'Statement',
    });
    deployId = d.deployId;
    context = await newBrowserContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    await signIn(page, url('/dashboard/certificates'));
    await heading('Signing certificates');
  });
  after(async () => {
    await context?.close();
    await server?.stop();
    if (certDir) fs.rmSync(certDir, { recursive: true, force: true });
  });

  test('an upload through the form lists the certificate; the passphrase and file are cleared and kept nowhere', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Certificates' }).click();
    await heading('Signing certificates');
    await page.getByText('No signing certificates yet').waitFor();

    const form = page.getByTestId('cert-form');
    await form.getByLabel('Name', { exact: true }).fill('Form signer');
    await form.getByLabel(/PKCS#12 file/).setInputFiles(formP12);
    await form.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await form.getByRole('button', { name: 'Upload certificate' }).click();

    const row = page.getByTestId('certs-table').getByRole('row').filter({ hasText: 'Form signer' });
    await row.waitFor();
    const [stored] = await certificates();
    assert.equal(stored.name, 'Form signer');
    assert.equal(stored.subject, 'CN=Dashboard Form Signer, O=Folio');
    assert.equal(await row.getByTestId('cert-subject').innerText(), 'CN=Dashboard Form Signer, O=Folio');
    const fp = row.getByTestId('cert-fingerprint');
    assert.equal(await fp.getAttribute('title'), stored.fingerprintSha256);
    assert.equal(await fp.innerText(), `${stored.fingerprintSha256.slice(0, 12)}…${stored.fingerprintSha256.slice(-8)}`);
    const cells = await row.locator('td').allInnerTexts();
    assert.ok(cells.includes('RSA 2048'), cells.join(' | '));
    assert.ok(cells.includes('0'), `no chain certificates: ${cells.join(' | ')}`);
    assert.ok(cells.includes('self-signed'), cells.join(' | '));
    assert.equal(await row.getByTestId('cert-expired').count(), 0);
    assert.equal(await row.getByTestId('cert-not-yet-valid').count(), 0);

    // The secrets are gone from the form, the page, the URL and the storage of the origin.
    assert.equal(await form.getByLabel('Passphrase', { exact: true }).inputValue(), '');
    assert.equal(await form.getByLabel(/PKCS#12 file/).evaluate((el) => (el as HTMLInputElement).files?.length ?? 0), 0);
    assert.equal(await form.getByLabel('Name', { exact: true }).inputValue(), '', 'the form is reset');
    assert.ok(!(await page.content()).includes(PASSPHRASE), 'the passphrase is not in the page');
    assert.ok(!page.url().includes(PASSPHRASE) && !page.url().includes('pkcs12'), page.url());
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    assert.ok(!storage.includes(PASSPHRASE), storage);
    const p12Base64 = fs.readFileSync(formP12).toString('base64');
    assert.ok(!(await page.content()).includes(p12Base64.slice(0, 40)), 'the file is not in the page');
  });

  test('a wrong passphrase shows the API error naming the passphrase and stores nothing', async () => {
    await page.goto(url('/dashboard/certificates'));
    await heading('Signing certificates');
    const form = page.getByTestId('cert-form');
    await form.getByLabel('Name', { exact: true }).fill('Wrong passphrase');
    await form.getByLabel(/PKCS#12 file/).setInputFiles(formP12);
    await form.getByLabel('Passphrase', { exact: true }).fill('not-the-passphrase');
    await form.getByRole('button', { name: 'Upload certificate' }).click();

    const errors = page.getByTestId('cert-form-errors');
    await errors.getByRole('alert').waitFor();
    const text = await errors.innerText();
    assert.match(text, /passphrase does not open this PKCS#12 file/);
    assert.match(text, /invalid_request/);
    assert.equal(await errors.getByTestId('cert-error-field').innerText(), 'Field: passphrase');
    const passphrase = form.getByLabel('Passphrase', { exact: true });
    assert.equal(await passphrase.getAttribute('aria-invalid'), 'true');
    assert.equal(await passphrase.inputValue(), '', 'the wrong passphrase is cleared too');
    assert.ok(!(await page.content()).includes('not-the-passphrase'));
    assert.deepEqual(
      (await certificates()).map((c) => c.name),
      ['Form signer'],
    );
    assert.equal(await page.getByTestId('certs-table').getByRole('row').filter({ hasText: 'Wrong passphrase' }).count(), 0);
  });

  test('delete asks for a confirmation, then removes the certificate', async () => {
    await page.goto(url('/dashboard/certificates'));
    await heading('Signing certificates');
    const row = page.getByTestId('certs-table').getByRole('row').filter({ hasText: 'Form signer' });
    await row.getByRole('button', { name: 'Delete certificate Form signer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete “Form signer”?' });
    await dialog.waitFor();
    // Cancel keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal((await certificates()).length, 1);

    await row.getByRole('button', { name: 'Delete certificate Form signer' }).click();
    await dialog.getByRole('button', { name: 'Delete certificate' }).click();
    await page.getByText('No signing certificates yet').waitFor();
    assert.deepEqual(await certificates(), []);
  });

  test('a protected job shows AES-256, the password to open and the refused permissions; its PDF is "protected"', async () => {
    const detail = await render({
      outputMode: 'managed',
      businessKey: 'protected-statement',
      protection: { userPassword: USER_PASSWORD, ownerPassword: OWNER_PASSWORD, permissions: { copy: false, modify: false } },
    });
    assert.ok(detail.pdf?.id, JSON.stringify(detail));

    await page.goto(url(`/dashboard/jobs/${detail.job.id}`));
    await heading(/^Render job/);
    const protection = page.getByTestId('protection');
    await protection.waitFor();
    const text = await protection.innerText();
    assert.match(text, /Encrypted with AES-256/);
    assert.equal(await protection.getByTestId('protection-open').innerText(), 'A password is needed to open it');
    assert.equal(
      await protection.getByTestId('protection-refused').innerText(),
      'Refused without the owner password: copy text and images, modify',
    );
    assert.equal(await page.getByTestId('signature').count(), 0);
    // The inline preview cannot open a PDF that needs its user password, and says so instead of an error.
    await page.getByTestId('pdf-needs-password').waitFor();
    const html = await page.content();
    assert.ok(!html.includes(USER_PASSWORD) && !html.includes(OWNER_PASSWORD), 'no password in the page');

    await page.goto(url(`/dashboard/pdfs/${detail.pdf.id}`));
    await heading(detail.pdf.fileName);
    assert.equal(await page.getByTestId('pdf-protected').innerText(), 'protected');
    await page.getByTestId('pdf-protected-note').waitFor();

    // The list too; an unprotected managed PDF has no badge.
    const plain = await render({ outputMode: 'managed', businessKey: 'plain-statement' });
    assert.notEqual(plain.pdf.fileName, detail.pdf.fileName);
    await page.goto(url('/dashboard/pdfs'));
    await heading('PDFs');
    const rows = page.getByTestId('pdfs-table').getByRole('row');
    const protectedRow = rows.filter({ has: page.getByRole('link', { name: detail.pdf.fileName, exact: true }) });
    const plainRow = rows.filter({ has: page.getByRole('link', { name: plain.pdf.fileName, exact: true }) });
    await protectedRow.getByTestId('pdf-protected').waitFor();
    assert.equal(await plainRow.count(), 1);
    assert.equal(await plainRow.getByTestId('pdf-protected').count(), 0);
  });

  test('a signed job shows the subject (linking to the certificate), the reason and the location', async () => {
    const made = selfSigned(certDir, 'api', ['-newkey', 'rsa:2048'], '/CN=Dashboard API Signer/O=Folio');
    const up = await api.request('POST', '/v1/signing-certificates', {
      json: { name: 'API signer', pkcs12: made.p12.toString('base64'), passphrase: PASSPHRASE },
    });
    assert.equal(up.status, 201, JSON.stringify(up.body));
    const cert = up.body.signingCertificate;
    const detail = await render({ signature: { certificateId: cert.id, reason: 'Statement issued', location: 'Dublin, IE' } });

    await page.goto(url(`/dashboard/jobs/${detail.job.id}`));
    await heading(/^Render job/);
    const signature = page.getByTestId('signature');
    await signature.waitFor();
    assert.match(await signature.innerText(), /PAdES B-B, signed by CN=Dashboard API Signer, O=Folio/);
    assert.equal(await signature.getByTestId('signature-reason').innerText(), 'Reason: Statement issued');
    assert.equal(await signature.getByTestId('signature-location').innerText(), 'Location: Dublin, IE');
    assert.equal(await page.getByTestId('protection').count(), 0);

    // The subject links to the certificate on the certificates page, whose row is marked.
    await signature.getByTestId('signature-certificate').click();
    await heading('Signing certificates');
    assert.equal(new URL(page.url()).searchParams.get('certificate'), cert.id);
    const marked = page.getByTestId('cert-highlighted');
    await marked.waitFor();
    assert.equal(await marked.getByTestId('cert-subject').innerText(), 'CN=Dashboard API Signer, O=Folio');
    assert.equal(await marked.getByTestId('cert-fingerprint').getAttribute('title'), cert.fingerprintSha256);
  });
});
