// Warnings are part of a job's result: a template that throws, asks for a stylesheet the bundle lacks,
// reaches for a blocked address, or gets a payload with no schema to hold it to still prints, and says so
// in the job, the job list, the webhook body, batch items and POST /v1/render's headers. With failOn each
// fails with its documented code instead. Real Chromium, a real webhook receiver; SQLite and
// (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { pdfText } from '../helpers/pdf.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { waitUntil } from '../helpers/wait.js';

// The "Loading…" page: it throws before filling itself in, so without warnings it would be a success.
const throwing = file(
  'index.html',
  `<!doctype html><html><head><link rel="stylesheet" href="/css/missing.css"></head><body><h1 id="t">Loading…</h1>
  <img src="http://169.254.169.254/latest/meta-data/logo.png" alt="">
  <script>fetch(window.folio.payloadUrl).then(r => r.json()).then((p) => { p.items.map(x => x); });</script></body></html>`,
);
const schema = file('payload.schema.json', JSON.stringify({ type: 'object', required: ['n'], properties: { n: { type: 'number' } } }));
const clean = file('index.html', '<!doctype html><html><body><h1>Clean</h1></body></html>');

describe('job warnings and failOn', () => {
  let app: TestApp;
  let receiver: Receiver;
  let throwingDeploy: string;
  let cleanDeploy: string;
  let strictDeploy: string;

  before(async () => {
    app = await createTestApp({ env: { FOLIO_ALLOW_INSECURE_WEBHOOKS: '1' } });
    app.startBackground();
    receiver = await startReceiver();
    const t = await deployFiles(app, { createDeploy: { slug: 'loading', name: 'Loading' } }, [throwing], { route: '/', title: 'Loading' });
    assert.equal(t.status, 201, JSON.stringify(t.body));
    throwingDeploy = t.deployId;
    assert.equal(t.body.deployVersion.printDefaults, 2, 'a version committed now has the current print defaults');
    assert.deepEqual(t.body.deployVersion.failOn, []);
    const s = await app.api('PATCH', `/v1/deploys/${throwingDeploy}/settings`, { webhook: { enabled: true, url: receiver.url } });
    assert.equal(s.status, 200, JSON.stringify(s.body));
    const c = await deployFiles(app, { createDeploy: { slug: 'clean', name: 'Clean' } }, [clean, schema], { route: '/', title: 'Clean' });
    cleanDeploy = c.deployId;
    const strict = await deployFiles(app, { createDeploy: { slug: 'strict', name: 'Strict' } }, [throwing, schema], {
      route: '/',
      title: 'Strict',
      failOn: ['page_exception', 'http_error_status'],
    });
    assert.equal(strict.status, 201, JSON.stringify(strict.body));
    assert.deepEqual(strict.body.deployVersion.failOn, ['page_exception', 'http_error_status']);
    strictDeploy = strict.deployId;
  });
  after(async () => {
    await app.close();
    await receiver.close();
  });

  async function finished(body: Record<string, unknown>) {
    const c = await app.api('POST', '/v1/render-jobs', { deployVersionId: 'latest', ...body });
    assert.equal(c.status, 202, JSON.stringify(c.body));
    const done = await app.api('GET', `/v1/render-jobs/${c.body.job.id}?waitSeconds=30`);
    return done.body.job;
  }
  const codes = (job: { warnings: { code: string }[] }) => job.warnings.map((w) => w.code).sort();

  test('a page that throws, misses a stylesheet and is refused an address succeeds with each warning, everywhere', async () => {
    const job = await finished({ deployId: throwingDeploy, payload: { n: 1 } });
    assert.equal(job.status, 'succeeded', JSON.stringify(job));
    assert.deepEqual(codes(job), ['http_error_status', 'page_exception', 'payload_schema_missing', 'request_blocked']);
    const byCode = Object.fromEntries(job.warnings.map((w: { code: string }) => [w.code, w]));
    assert.match(byCode.page_exception.message, /TypeError/);
    assert.match(byCode.http_error_status.message, /\/css\/missing\.css: not in the bundle \(404\)/);
    assert.match(byCode.request_blocked.message, /169\.254\.169\.254/);
    // The job list shows them too.
    const list = await app.api('GET', `/v1/deploys/${throwingDeploy}/render-jobs`);
    assert.deepEqual(codes(list.body.items.find((j: { id: string }) => j.id === job.id)), codes(job));
    // And the webhook body.
    await waitUntil('the webhook', () => receiver.received.some((r) => r.body?.data?.job?.id === job.id), { timeoutMs: 30_000 });
    const hook = receiver.received.find((r) => r.body?.data?.job?.id === job.id)!;
    assert.deepEqual(codes(hook.body.data.job), codes(job));
  });

  test('a clean page with a payload schema has no warnings; its output names the browser that printed it', async () => {
    const job = await finished({ deployId: cleanDeploy, payload: { n: 1 } });
    assert.equal(job.status, 'succeeded');
    assert.deepEqual(job.warnings, []);
    const full = await app.api('GET', `/v1/render-jobs/${job.id}`);
    assert.match(full.body.output.browserVersion, /^(Headless)?Chrome\/\d+\.\d+\.\d+\.\d+$/);
  });

  test('POST /v1/render answers the PDF with a Folio-Warnings header', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/v1/render',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ deployId: throwingDeploy, deployVersionId: 'latest', payload: { n: 2 } }),
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(pdfText(res.rawPayload), /Loading…/);
    assert.match(String(res.headers['folio-warnings']), /page_exception;count=1/);
    assert.match(String(res.headers['folio-warnings']), /http_error_status;count=1/);
    const clean = await app.server.inject({
      method: 'POST',
      url: '/v1/render',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ deployId: cleanDeploy, deployVersionId: 'latest', payload: { n: 2 } }),
    });
    assert.equal(clean.statusCode, 200);
    assert.equal(clean.headers['folio-warnings'], undefined);
  });

  test('batch items carry their warnings', async () => {
    const created = await app.api('POST', '/v1/render-batches', {
      deployId: throwingDeploy,
      deployVersionId: 'latest',
      items: [{ payload: { n: 1 } }, { payload: { n: 2 } }],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.batch.id;
    await waitUntil('the batch', async () => (await app.api('GET', `/v1/render-batches/${id}`)).body.batch.status === 'completed', {
      timeoutMs: 60_000,
    });
    const items = await app.api('GET', `/v1/render-batches/${id}/items`);
    for (const item of items.body.items) assert.ok(codes(item.job).includes('page_exception'), JSON.stringify(item.job));
  });

  test("the version's failOn fails the job with the first offence named; a job's own failOn replaces it", async () => {
    const failed = await finished({ deployId: strictDeploy, payload: { n: 1 } });
    assert.equal(failed.status, 'failed');
    assert.equal(failed.errorCode, 'render_failed_on_warning');
    assert.match(failed.errorMessage, /^failOn lists (http_error_status|page_exception), and it happened/);
    assert.ok(codes(failed).includes('page_exception'), 'a failed job keeps its warnings');
    const own = await finished({ deployId: strictDeploy, payload: { n: 1 }, failOn: [] });
    assert.equal(own.status, 'succeeded', "an empty failOn of the job turns the version's off");
    assert.deepEqual(own.failOn, []);
    const blocked = await finished({ deployId: throwingDeploy, payload: { n: 1 }, failOn: ['request_blocked'] });
    assert.equal(blocked.errorCode, 'render_failed_on_warning');
    assert.match(blocked.errorMessage, /request_blocked.*169\.254\.169\.254/);
    const noSchema = await finished({ deployId: throwingDeploy, payload: { n: 1 }, failOn: ['payload_schema_missing'] });
    assert.equal(noSchema.errorCode, 'render_failed_on_warning');
    assert.match(noSchema.errorMessage, /payload_schema_missing/);
  });
});
