// The SDK against a real server: an in-process app listening on a real port, with its worker rendering in
// Chromium. The 503/429 retries go through a tiny HTTP proxy that answers one request with an error and
// Retry-After, then forwards everything: no SDK internals are mocked.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  attachment,
  createClient,
  facturX,
  FolioApiError,
  FolioRenderError,
  listDirectory,
  slugify,
  type DeployProgress,
} from '../../src/sdk/index.js';
import { createTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { PASSPHRASE, selfSigned } from '../helpers/certificates.js';
import { pdfText } from '../helpers/pdf.js';

const PAGE = `<!doctype html><html><head><style>@page { size: A5; margin: 15mm; }</style><link rel="stylesheet" href="css/site.css"></head>
<body><h1 id="t">Loading</h1><script>
window.folio.waitForReady = true;
fetch(window.folio.payloadUrl).then((r) => r.json()).then((p) => { document.getElementById('t').textContent = 'Invoice for ' + p.customer; }).finally(() => window.folio.ready());
</script></body></html>`;

function writeBundle(dir: string, files: Record<string, string>): void {
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  }
}

/** Forwards to `target`; `failNext(status, retryAfter)` makes the next request answer that status once. */
async function startFlakyProxy(target: string) {
  const failures: Array<{ status: number; retryAfter: string }> = [];
  const seen: Array<{ method: string; url: string; status: number }> = [];
  const server = http.createServer((req, res) => {
    const fail = failures.shift();
    if (fail) {
      seen.push({ method: req.method!, url: req.url!, status: fail.status });
      req.resume();
      res.writeHead(fail.status, { 'content-type': 'application/json', 'retry-after': fail.retryAfter });
      res.end(JSON.stringify({ error: fail.status === 503 ? 'service_unavailable' : 'rate_limited', message: 'try again later' }));
      return;
    }
    const up = http.request(new URL(req.url!, target), { method: req.method, headers: req.headers }, (upRes) => {
      seen.push({ method: req.method!, url: req.url!, status: upRes.statusCode! });
      res.writeHead(upRes.statusCode!, upRes.headers);
      upRes.pipe(res);
    });
    up.on('error', (err) => res.destroy(err));
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    failNext: (status: number, retryAfter: string) => failures.push({ status, retryAfter }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('SDK against a real server', () => {
  let app: TestApp;
  let baseUrl: string;
  let proxy: Awaited<ReturnType<typeof startFlakyProxy>>;
  const work = tempDir('folio-sdk-');

  before(async () => {
    app = await createTestApp();
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
    // Signed links point at the public URL, as `folio serve` sets it once the port is known.
    app.config.resolved.publicUrl = baseUrl;
    app.startBackground();
    proxy = await startFlakyProxy(baseUrl);
  });
  after(async () => {
    await proxy.close();
    await app.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('deployDirectory: hashes and uploads a folder, skips dotfiles and node_modules, then a one-file change sends one blob', async () => {
    const dir = path.join(work, 'Invoice Template');
    const files: Record<string, string> = {
      'index.html': PAGE,
      'css/site.css': 'h1 { color: #124; }',
      '.env': 'SECRET=1',
      'node_modules/x/index.js': '1',
      '.git/HEAD': 'ref',
    };
    for (let i = 0; i < 40; i++) files[`assets/part-${String(i).padStart(2, '0')}.txt`] = `part ${i}\n`.repeat(50);
    files['assets/copy-of-00.txt'] = files['assets/part-00.txt']; // same bytes: one blob for two files
    writeBundle(dir, files);

    const listed = await listDirectory(dir);
    assert.equal(listed.length, 43);
    assert.ok(!listed.some((f) => f.path.startsWith('.') || f.path.includes('node_modules')));
    assert.equal((await listDirectory(dir, { includeDotfiles: true, includeNodeModules: true })).length, 46);

    const client = createClient({ baseUrl, apiKey: app.key });
    const events: DeployProgress[] = [];
    const first = await client.deployDirectory(dir, {
      slug: slugify(path.basename(dir)),
      title: 'Invoice',
      alias: 'production',
      concurrency: 4,
      onProgress: (e) => events.push(e),
    });
    assert.equal(first.slug, 'invoice-template');
    assert.equal(first.createdDeploy, true);
    assert.equal(first.files, 43);
    assert.equal(first.newBlobs, 42, 'the duplicated file is one blob');
    assert.equal(first.version, 1);
    assert.equal(first.deployVersion.status, 'ready');
    assert.equal(first.bytesSent, listed.reduce((n, f) => n + f.size, 0) - Buffer.byteLength(files['assets/part-00.txt']));
    const hashes = events.filter((e) => e.phase === 'hash');
    const uploads = events.filter((e) => e.phase === 'upload');
    assert.deepEqual(hashes.at(-1), { phase: 'hash', done: 43, total: 43, bytesDone: first.totalBytes, bytesTotal: first.totalBytes });
    assert.equal(uploads.at(-1)!.phase === 'upload' && uploads.at(-1)!.done, 42);
    assert.deepEqual([...new Set(events.map((e) => e.phase))], ['scan', 'hash', 'check', 'upload', 'commit', 'alias']);

    const deploy = await client.deploys.get(first.deployId);
    assert.equal(deploy.deploy.slug, 'invoice-template');
    assert.deepEqual(
      deploy.aliases.map((a) => [a.alias, a.deployVersionId]),
      [['production', first.deployVersion.id]],
    );

    fs.writeFileSync(path.join(dir, 'css/site.css'), 'h1 { color: #421; }');
    const second = await client.deployDirectory(dir, { slug: 'invoice-template', title: 'Invoice' });
    assert.equal(second.createdDeploy, false);
    assert.equal(second.deployId, first.deployId);
    assert.equal(second.version, 2);
    assert.equal(second.newBlobs, 1);
    assert.equal(second.bytesSent, Buffer.byteLength('h1 { color: #421; }'));

    // Nothing changed: the latest version is the answer; newVersion makes one anyway.
    const third = await client.deployDirectory(dir, { deployId: first.deployId, title: 'Invoice' });
    assert.equal(third.newBlobs, 0);
    assert.equal(third.bytesSent, 0);
    assert.equal(third.version, 2);
    assert.equal(third.unchanged, true);
    const fourth = await client.deployDirectory(dir, { deployId: first.deployId, title: 'Invoice', newVersion: true });
    assert.equal(fourth.version, 3);
    assert.equal(fourth.unchanged, false);
  });

  test('attachment() and facturX() build the job fields the server takes; the job view shows names and sizes', async () => {
    const client = createClient({ baseUrl, apiKey: app.key });
    const dir = tempDir('folio-sdk-doc-');
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Invoice</title><h1>Invoice</h1>');
    const { deployId } = await client.deployDirectory(dir, { slug: 'sdk-e-invoice' });
    const xml = fs.readFileSync(fileURLToPath(new URL('../../examples/invoice/factur-x-sample.xml', import.meta.url)));
    const csv = new TextEncoder().encode('item,amount\n');
    const { job } = await client.renderJobs.create({
      deployId,
      deployVersionId: 'latest',
      eInvoice: facturX(xml, 'MINIMUM'),
      attachments: [
        attachment('lines.csv', csv, { mimeType: 'text/csv', relationship: 'Data' }),
        attachment('note.txt', 'hello', { mimeType: 'text/plain' }),
      ],
    });
    assert.deepEqual(job.document?.eInvoice, { standard: 'factur-x', profile: 'MINIMUM', bytes: xml.length });
    assert.deepEqual(
      job.document?.attachments?.map((a) => [a.name, a.relationship, a.bytes]),
      [
        ['lines.csv', 'Data', csv.length],
        ['note.txt', 'Supplement', 5],
      ],
    );
    const bad = await client.renderJobs
      .create({ deployId, deployVersionId: 'latest', eInvoice: facturX('<Invoice/>', 'MINIMUM') })
      .catch((err: unknown) => err);
    assert.ok(bad instanceof FolioApiError);
    assert.equal(bad.details?.field, 'eInvoice.xml');
  });

  test('signingCertificates: upload bytes, list, sign a job with it, delete; protection on a job', async () => {
    const client = createClient({ baseUrl, apiKey: app.key });
    const made = selfSigned(work, 'sdk-signer', ['-newkey', 'rsa:2048'], '/CN=SDK Signer/O=Folio');
    // The certificate starts at the second openssl made it; the test clock stands still since the app
    // started (on a loaded machine, many seconds ago): bring it to after that second.
    app.clock.set(Math.max(app.clock.now(), Date.now() + 1_000));
    const { signingCertificate } = await client.signingCertificates.create({ name: 'SDK', pkcs12: made.p12, passphrase: PASSPHRASE });
    assert.equal(signingCertificate.subject, 'CN=SDK Signer, O=Folio');
    const listed = [];
    for await (const c of client.signingCertificates.iterate()) listed.push(c.id);
    assert.ok(listed.includes(signingCertificate.id));
    assert.equal(
      (await client.signingCertificates.get(signingCertificate.id)).signingCertificate.fingerprintSha256,
      signingCertificate.fingerprintSha256,
    );
    const dir = tempDir('folio-sdk-sign-');
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Signed</title><h1>Signed</h1>');
    const { deployId } = await client.deployDirectory(dir, { slug: 'sdk-signed' });
    const signed = await client.renderJobs.create({
      deployId,
      deployVersionId: 'latest',
      signature: { certificateId: signingCertificate.id },
    });
    assert.equal(signed.job.document?.signature?.subject, 'CN=SDK Signer, O=Folio');
    const locked = await client.renderJobs.create({ deployId, deployVersionId: 'latest', protection: { ownerPassword: 'owner-pw' } });
    assert.equal(locked.job.document?.protection?.userPassword, false);
    await client.signingCertificates.delete(signingCertificate.id);
    const gone = await client.signingCertificates.get(signingCertificate.id).catch((err: unknown) => err);
    assert.ok(gone instanceof FolioApiError && gone.code === 'signing_certificate_not_found');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // That the retry waits the delay the answer names (and not less) is test/unit/sdk-retry-after.test.ts's,
  // on a clock the test moves; here, that a real deploy goes through a retried 503.
  test('a 503 with Retry-After is retried, and the deploy completes', async () => {
    const dir = path.join(work, 'retry');
    writeBundle(dir, { 'index.html': PAGE, 'css/site.css': 'h1 { color: #999; }' });
    const client = createClient({ baseUrl: proxy.url, apiKey: app.key });
    proxy.failNext(503, '1');
    const r = await client.deployDirectory(dir, { slug: 'retry-me' });
    assert.equal(r.version, 1);
    const [failed, retried] = proxy.seen.slice(0, 2);
    assert.equal(failed.status, 503);
    assert.equal(retried.url, failed.url, 'the same request is sent again');
    assert.equal(retried.status, 200);
  });

  test('429 with Retry-After is retried; a Retry-After beyond the bound is reported instead of waited for', async () => {
    const client = createClient({ baseUrl: proxy.url, apiKey: app.key, maxRetryDelayMs: 5000 });
    proxy.failNext(429, '0');
    const usage = await client.usage();
    assert.equal(usage.period.kind, 'month');

    proxy.failNext(429, '3600');
    await assert.rejects(
      client.usage(),
      (err: unknown) => err instanceof FolioApiError && err.status === 429 && err.code === 'rate_limited',
    );

    const noRetry = createClient({ baseUrl: proxy.url, apiKey: app.key, retries: 0 });
    proxy.failNext(503, '0');
    await assert.rejects(noRetry.usage(), (err: unknown) => err instanceof FolioApiError && err.status === 503);
  });

  test('network errors are retried for safe requests and then reported as network_error', async () => {
    const dead = http.createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((resolve) => dead.close(() => resolve()));
    const client = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: app.key, retries: 2, retryBaseDelayMs: 10 });
    await assert.rejects(
      client.usage(),
      (err: unknown) =>
        err instanceof FolioApiError && err.status === 0 && err.code === 'network_error' && /could not reach/.test(err.message),
    );
  });

  test('renderAndWait long-polls to success; download() writes the PDF; managed outputs and pagination', async () => {
    const client = createClient({ baseUrl, apiKey: app.key });
    const { id: deployId } = await client.deploys.resolve('invoice-template');
    const updates: string[] = [];
    const done = await client.renderAndWait(
      { deployId, deployVersionId: 'production', payload: { customer: 'Ada Lovelace' }, businessKey: 'inv-42' },
      { timeoutMs: 60_000, onUpdate: (j) => updates.push(j.status) },
    );
    assert.equal(done.job.status, 'succeeded');
    assert.equal(done.job.deployVersionNo, 1, 'the production alias still names v1');
    assert.equal(updates[0], 'queued');
    assert.ok(updates.length <= 4, `long-poll, not busy polling: ${updates.join(',')}`);
    assert.ok(done.output && done.output.pageCount >= 1);

    const dest = path.join(work, 'out', 'invoice.pdf');
    const got = await client.download(done.job.id, dest);
    assert.equal(got.path, dest);
    const pdf = fs.readFileSync(dest);
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.equal(got.bytes, pdf.length);
    assert.equal(got.bytes, done.output!.bytes);
    assert.match(pdfText(pdf), /Invoice for Ada Lovelace/);
    assert.deepEqual(fs.readdirSync(path.dirname(dest)), ['invoice.pdf'], 'no temporary file left');

    const managed = await client.renderAndWait(
      { deployId, deployVersionId: 'latest', payload: { customer: 'Grace Hopper' }, outputMode: 'managed' },
      { timeoutMs: 60_000 },
    );
    assert.ok(managed.pdf);
    const viaPdf = await client.download(managed.pdf!.id, path.join(work, 'managed.pdf'));
    assert.match(pdfText(fs.readFileSync(viaPdf.path)), /Invoice for Grace Hopper/);
    const link = await client.pdfs.createLink(managed.pdf!.id);
    const viaLink = await client.download(link.link.url, path.join(work, 'link.pdf'));
    assert.equal(viaLink.bytes, viaPdf.bytes);

    const jobs: string[] = [];
    for await (const j of client.paginate('GET /v1/render-jobs', { query: { limit: 1, deployId } })) jobs.push(j.id);
    assert.deepEqual(jobs, [managed.job.id, done.job.id], 'newest first, one per page');
    const pdfIds: string[] = [];
    for await (const p of client.pdfs.iterate({ deployId })) pdfIds.push(p.id);
    assert.deepEqual(pdfIds, [managed.pdf!.id]);
  });

  test('renderAndWait reports a failed job with its error code', async () => {
    const dir = path.join(work, 'stuck');
    writeBundle(dir, { 'index.html': '<!doctype html><script>window.folio.waitForReady = true;</script><p>never ready</p>' });
    const client = createClient({ baseUrl, apiKey: app.key });
    const d = await client.deployDirectory(dir, { slug: 'stuck', renderTimeoutMs: 1000 });
    await assert.rejects(
      client.renderAndWait({ deployId: d.deployId, deployVersionId: 'latest' }, { timeoutMs: 30_000 }),
      (err: unknown) => {
        assert.ok(err instanceof FolioRenderError);
        assert.equal(err.code, 'render_timeout_exceeded');
        assert.equal(err.job.status, 'failed');
        return true;
      },
    );
  });

  test('errors carry the server status, code, message and details; idempotency keys dedupe', async () => {
    const bad = createClient({ baseUrl, apiKey: 'folio_sk_wrong000000000000000000000000000000' });
    await assert.rejects(
      bad.usage(),
      (err: unknown) =>
        err instanceof FolioApiError && err.status === 401 && err.code === 'unauthorized' && typeof err.requestId === 'string',
    );

    const client = createClient({ baseUrl, apiKey: app.key });
    await assert.rejects(
      client.deploys.resolve('no-such-deploy'),
      (err: unknown) => err instanceof FolioApiError && err.status === 404 && err.code === 'deploy_not_found',
    );
    await assert.rejects(client.deploys.create({ slug: 'Bad Slug!', name: 'x' }), (err: unknown) => {
      assert.ok(err instanceof FolioApiError);
      assert.equal(err.status, 400);
      assert.equal(err.code, 'invalid_request');
      assert.equal(err.details?.field, 'slug');
      return true;
    });

    const { id: deployId } = await client.deploys.resolve('invoice-template');
    const body = { deployId, deployVersionId: 'latest', payload: { customer: 'Same' } };
    const a = await client.renderJobs.create(body, { idempotencyKey: 'sdk-test-key-1' });
    const b = await client.renderJobs.create(body, { idempotencyKey: 'sdk-test-key-1' });
    assert.equal(a.job.id, b.job.id);
    const c = await client.renderJobs.create(body);
    assert.notEqual(c.job.id, a.job.id, 'without a key, every create is a new job');
    await client.renderJobs.get(c.job.id, { waitSeconds: 30 });
  });

  test('the SDK imports nothing from the server: only node built-ins and its own files', () => {
    const sdkDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/sdk');
    for (const f of fs
      .readdirSync(sdkDir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts'))) {
      const src = fs.readFileSync(path.join(sdkDir, f), 'utf8');
      for (const m of src.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)) {
        const spec = m[1];
        const ok = spec.startsWith('node:') || (spec.startsWith('./') && !spec.includes('..'));
        assert.ok(ok, `${f} imports ${spec}`);
      }
    }
  });
});
