// Signed webhooks against a real local HTTP receiver; the schedule runs on the injected clock.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import Stripe from 'stripe';
import { verifyWebhook, WebhookVerificationError } from '../../src/sdk/webhooks.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { waitUntil } from '../helpers/wait.js';

const okPage = file('index.html', '<!doctype html><h1>Webhook test</h1>');
const neverReady = file('never.html', '<!doctype html><script>window.folio.waitForReady = true;</script><h1>never ready</h1>');

describe('webhooks', () => {
  let app: TestApp;
  let receiver: Receiver;
  let deployId: string;
  let okVersionId: string;

  /** The deploy's signing secret in effect, opened from its sealed row. */
  const signingSecretOf = async (id: string) => {
    const row = await app.services.ctx.db
      .selectFrom('deploy_settings')
      .select('signing_secret')
      .where('deploy_id', '=', id)
      .executeTakeFirstOrThrow();
    return app.services.ctx.secrets.open(row.signing_secret!);
  };

  before(async () => {
    app = await createTestApp({ env: { FOLIO_ALLOW_INSECURE_WEBHOOKS: '1' } });
    app.worker!.start(); // the dispatcher is driven by hand: dispatcher.runOnce() after moving the clock
    receiver = await startReceiver();
    const v = await deployFiles(app, { createDeploy: { slug: 'hooks', name: 'Hooks' } }, [okPage, neverReady], {
      route: '/',
      title: 'Hooks',
      renderTimeoutMs: 1500,
    });
    deployId = v.deployId;
    okVersionId = v.version.id;
    const s = await app.api('PATCH', `/v1/deploys/${deployId}/settings`, { webhook: { enabled: true, url: receiver.url } });
    assert.equal(s.status, 200, JSON.stringify(s.body));
  });
  after(async () => {
    await receiver.close();
    await app.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.replies.length = 0;
  });

  async function renderJob(body: Record<string, unknown> = {}) {
    const created = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: okVersionId, payload: { x: 1 }, ...body });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const done = await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=30`);
    assert.ok(['succeeded', 'failed'].includes(done.body.job.status), JSON.stringify(done.body));
    return done.body;
  }
  const accountSecret = async () =>
    app.services.ctx.secrets.open(
      (await app.services.ctx.db.selectFrom('accounts').select('webhook_secret').where('id', '=', app.accountId).executeTakeFirstOrThrow())
        .webhook_secret,
    );
  const deliveries = async (jobId: string) => (await app.api('GET', `/v1/render-jobs/${jobId}/webhook-deliveries`)).body;

  test('success event: headers, body, signature (SDK and Stripe), fresh download link', async () => {
    const done = await renderJob({ businessKey: 'order-7' });
    assert.equal(await app.dispatcher!.runOnce(), 1);
    assert.equal(receiver.received.length, 1);
    const [r] = receiver.received;
    const jobId = done.job.id;
    assert.equal(r.headers['content-type'], 'application/json');
    assert.equal(r.headers['user-agent'], 'Folio-Webhooks/1.0');
    assert.equal(r.headers['service-webhook-event'], 'render.job.terminated');
    assert.equal(r.headers['service-webhook-id'], `evt_render_job_terminated_${jobId}`);
    assert.match(String(r.headers['service-webhook-delivery']), /^dlv_/);
    assert.equal(r.headers['service-webhook-attempt'], '1');
    assert.equal(r.headers['service-webhook-timestamp'], String(Math.floor(app.clock.now() / 1000)));
    assert.match(String(r.headers['service-webhook-signature']), /^v1=[0-9a-f]{64}$/);

    assert.equal(r.body.id, `evt_render_job_terminated_${jobId}`);
    assert.equal(r.body.type, 'render.job.terminated');
    assert.equal(r.body.occurredAt, done.job.finishedAt);
    const j = r.body.data.job;
    assert.equal(j.kind, 'page', 'what the job printed from');
    for (const k of [
      'id',
      'status',
      'deployId',
      'deployVersionId',
      'businessKey',
      'payloadHash',
      'outputMode',
      'attempt',
      'requestedAt',
      'finishedAt',
      'deployVersionNo',
      'deployVersionRoute',
      'deployVersionTitle',
      'startedAt',
    ])
      assert.ok(k in j, `data.job.${k}`);
    assert.equal(j.status, 'succeeded');
    assert.equal(j.businessKey, 'order-7');
    const o = r.body.data.output;
    for (const k of ['id', 'renderJobId', 'contentType', 'fileName', 'sha256', 'bytes', 'pageCount', 'download'])
      assert.ok(k in o, `data.output.${k}`);
    assert.equal(o.contentType, 'application/pdf');
    assert.equal(o.accessGuaranteedUntil, done.job.finishedAt + 600_000);
    assert.equal(o.download.expiresAt, app.clock.now() + 600_000);
    const u = new URL(o.download.url);
    const pdf = await app.server.inject({ url: u.pathname });
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');

    const secret = await accountSecret();
    const event = verifyWebhook({ secret, headers: r.headers as Record<string, string>, rawBody: r.rawBody, now: app.clock.now() });
    assert.equal(event.id, r.body.id);
    assert.throws(
      () => verifyWebhook({ secret: secret + 'x', headers: r.headers as Record<string, string>, rawBody: r.rawBody, now: app.clock.now() }),
      WebhookVerificationError,
    );
    assert.throws(
      () => verifyWebhook({ secret, headers: r.headers as Record<string, string>, rawBody: r.rawBody + ' ', now: app.clock.now() }),
      WebhookVerificationError,
    );
    assert.throws(
      () => verifyWebhook({ secret, headers: r.headers as Record<string, string>, rawBody: r.rawBody, now: app.clock.now() + 301_000 }),
      (err: WebhookVerificationError) => err.code === 'webhook_timestamp_out_of_tolerance' && /tolerance/.test(err.message),
    );
    // A body parsed by a framework (express.json()) instead of the raw bytes: said so, with what to do.
    assert.throws(
      () => verifyWebhook({ secret, headers: r.headers as Record<string, string>, rawBody: JSON.parse(r.rawBody), now: app.clock.now() }),
      (err: WebhookVerificationError) =>
        err instanceof WebhookVerificationError &&
        err.code === 'webhook_body_not_raw' &&
        /not a parsed object[\s\S]*express\.raw/.test(err.message),
    );
    assert.throws(
      () => verifyWebhook({ secret: secret + 'x', headers: r.headers as Record<string, string>, rawBody: r.rawBody, now: app.clock.now() }),
      { code: 'webhook_signature_mismatch' },
    );

    // An independent implementation: Stripe's library, given t=<timestamp>,<signature>.
    const stripe = new Stripe('sk_test_unused');
    const header = `t=${r.headers['service-webhook-timestamp']},${r.headers['service-webhook-signature']}`;
    const tolerance = Math.abs(Math.floor(Date.now() / 1000) - Number(r.headers['service-webhook-timestamp'])) + 300;
    const viaStripe = stripe.webhooks.constructEvent(r.rawBody, header, secret, tolerance);
    assert.equal(viaStripe.id, r.body.id);
    assert.throws(() => stripe.webhooks.constructEvent(r.rawBody, header, 'whsec_wrong', tolerance));

    const log = await deliveries(jobId);
    assert.equal(log.event.status, 'delivered');
    assert.equal(log.items.length, 1);
    assert.equal(log.items[0].statusCode, 200);
    assert.equal(log.items[0].id, r.headers['service-webhook-delivery']);
  });

  test('failure event carries errorCode and errorMessage and no output', async () => {
    const v = await deployFiles(app, { deployId }, [okPage, neverReady], { route: '/never', title: 'Never', renderTimeoutMs: 1500 });
    const done = await renderJob({ deployVersionId: v.version.id });
    assert.equal(done.job.status, 'failed');
    assert.equal(done.job.errorCode, 'render_timeout_exceeded');
    await app.dispatcher!.runOnce();
    const [r] = receiver.received;
    assert.equal(r.body.data.job.status, 'failed');
    assert.equal(r.body.data.job.errorCode, 'render_timeout_exceeded');
    assert.ok(r.body.data.job.errorMessage);
    assert.equal(r.body.data.output, undefined);
  });

  test('503 then 200: two attempts 15 s apart, same event id, new delivery id', async () => {
    receiver.replies.push({ status: 503 });
    const done = await renderJob();
    await app.dispatcher!.runOnce();
    app.clock.advance(14_000);
    assert.equal(await app.dispatcher!.runOnce(), 0, 'not due before 15 s');
    app.clock.advance(1_000);
    assert.equal(await app.dispatcher!.runOnce(), 1);
    assert.equal(receiver.received.length, 2);
    const [a, b] = receiver.received;
    assert.equal(a.headers['service-webhook-id'], b.headers['service-webhook-id']);
    assert.notEqual(a.headers['service-webhook-delivery'], b.headers['service-webhook-delivery']);
    assert.deepEqual([a.headers['service-webhook-attempt'], b.headers['service-webhook-attempt']], ['1', '2']);
    // Each attempt signs a link, which ends when the transient output is deleted, not later.
    for (const r of [a, b]) assert.equal(r.body.data.output.download.expiresAt, done.output.expiresAt);
    const log = await deliveries(done.job.id);
    assert.deepEqual(
      log.items.map((d: { statusCode: number }) => d.statusCode),
      [503, 200],
    );
    assert.equal(log.event.status, 'delivered');
  });

  test('410 ends the delivery; Retry-After: 120 replaces the next delay', async () => {
    receiver.replies.push({ status: 410 });
    const gone = await renderJob();
    await app.dispatcher!.runOnce();
    app.clock.advance(3600_000);
    assert.equal(await app.dispatcher!.runOnce(), 0);
    assert.equal((await deliveries(gone.job.id)).event.status, 'failed');

    receiver.received.length = 0;
    receiver.replies.push({ status: 429, headers: { 'retry-after': '120' } });
    const later = await renderJob();
    await app.dispatcher!.runOnce();
    app.clock.advance(60_000);
    assert.equal(await app.dispatcher!.runOnce(), 0, 'the 15 s default was replaced');
    app.clock.advance(60_000);
    assert.equal(await app.dispatcher!.runOnce(), 1);
    assert.equal((await deliveries(later.job.id)).event.status, 'delivered');
  });

  test('the full six-attempt schedule (0 s, 15 s, 60 s, 5 min, 15 min, 30 min), then failed for good', async () => {
    for (let i = 0; i < 6; i++) receiver.replies.push({ status: 500 });
    const done = await renderJob();
    const delays = [0, 15_000, 60_000, 300_000, 900_000, 1_800_000];
    for (const [i, d] of delays.entries()) {
      app.clock.advance(d - 1);
      if (d > 0) assert.equal(await app.dispatcher!.runOnce(), 0, `attempt ${i + 1} not due 1 ms early`);
      app.clock.advance(1);
      assert.equal(await app.dispatcher!.runOnce(), 1, `attempt ${i + 1}`);
    }
    app.clock.advance(24 * 3600_000);
    assert.equal(await app.dispatcher!.runOnce(), 0);
    const log = await deliveries(done.job.id);
    assert.equal(log.items.length, 6);
    assert.equal(log.event.status, 'failed');
    assert.deepEqual(
      receiver.received.map((r) => r.headers['service-webhook-attempt']),
      ['1', '2', '3', '4', '5', '6'],
    );

    // Redeliver: same event id, a new delivery, now acknowledged.
    const again = await app.api('POST', `/v1/render-jobs/${done.job.id}/webhook-deliveries/redeliver`);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.delivery.statusCode, 200);
    assert.equal(again.body.delivery.manual, true);
    assert.equal(receiver.received.at(-1)!.headers['service-webhook-id'], `evt_render_job_terminated_${done.job.id}`);
  });

  test('a receiver that hangs is cut off at 10 s and retried', { timeout: 30_000 }, async () => {
    receiver.replies.push({ hang: true });
    const done = await renderJob();
    // The receiver never answers: the attempt ends only by its own timer, which the error names.
    await app.dispatcher!.runOnce();
    const log = await deliveries(done.job.id);
    assert.equal(log.items[0].error, 'timeout: no response within 10000 ms');
    assert.equal(log.event.status, 'pending');
    app.clock.advance(15_000);
    assert.equal(await app.dispatcher!.runOnce(), 1);
    assert.equal((await deliveries(done.job.id)).event.status, 'delivered');
  });

  test('rotation: both secrets sign for 24 h; disable falls back to the account secret', async () => {
    const rotated = await app.api('PATCH', `/v1/deploys/${deployId}/settings`, {
      webhook: { enabled: true, signingSecretAction: 'rotate' },
    });
    assert.equal(rotated.body.settings.webhook.signingSecretConfigured, true);
    const first = await signingSecretOf(deployId);
    await app.api('PATCH', `/v1/deploys/${deployId}/settings`, { webhook: { enabled: true, signingSecretAction: 'rotate' } });
    const second = await signingSecretOf(deployId);
    await renderJob();
    await app.dispatcher!.runOnce();
    const r = receiver.received.at(-1)!;
    assert.equal(String(r.headers['service-webhook-signature']).split(',').length, 2);
    for (const secret of [first, second])
      verifyWebhook({ secret, headers: r.headers as Record<string, string>, rawBody: r.rawBody, now: app.clock.now() });
    const acct = await accountSecret();
    assert.throws(() =>
      verifyWebhook({ secret: acct, headers: r.headers as Record<string, string>, rawBody: r.rawBody, now: app.clock.now() }),
    );

    app.clock.advance(24 * 3600_000 + 1);
    await renderJob();
    await app.dispatcher!.runOnce();
    assert.equal(
      String(receiver.received.at(-1)!.headers['service-webhook-signature']).split(',').length,
      1,
      'the previous secret stops after 24 h',
    );

    await app.api('PATCH', `/v1/deploys/${deployId}/settings`, { webhook: { enabled: true, signingSecretAction: 'disable' } });
    await renderJob();
    await app.dispatcher!.runOnce();
    const last = receiver.received.at(-1)!;
    verifyWebhook({
      secret: await accountSecret(),
      headers: last.headers as Record<string, string>,
      rawBody: last.rawBody,
      now: app.clock.now(),
    });
  });
});

describe('webhook wake-up', () => {
  test("a job's webhook goes out at once, not at the dispatcher's next poll", { timeout: 30_000 }, async () => {
    // Polls 60 s apart: only the wake-up from the job's terminal transaction can deliver within seconds.
    const app = await createTestApp({ env: { FOLIO_ALLOW_INSECURE_WEBHOOKS: '1', FOLIO_WORKER_POLL_MS: '60000' } });
    const receiver = await startReceiver();
    try {
      const v = await deployFiles(app, { createDeploy: { slug: 'wake', name: 'Wake' } }, [okPage]);
      const s = await app.api('PATCH', `/v1/deploys/${v.deployId}/settings`, { webhook: { enabled: true, url: receiver.url } });
      assert.equal(s.status, 200, JSON.stringify(s.body));
      // The dispatcher's first pass runs at start and finds nothing; its next poll is a minute away. Wait
      // for that pass to end, or it could be the one that sends the event rather than the wake-up.
      const dispatcher = app.dispatcher!;
      const runOnce = dispatcher.runOnce.bind(dispatcher);
      let passes = 0;
      dispatcher.runOnce = () => runOnce().finally(() => passes++);
      app.startBackground();
      await waitUntil("the dispatcher's first pass", () => passes > 0);
      const created = await app.api('POST', '/v1/render-jobs', { deployId: v.deployId, deployVersionId: 'latest', payload: {} });
      assert.equal(created.status, 202, JSON.stringify(created.body));
      const done = await app.api('GET', `/v1/render-jobs/${created.body.job.id}?waitSeconds=30`);
      assert.equal(done.body.job.status, 'succeeded', JSON.stringify(done.body));
      await waitUntil('the delivery, within 5 s of the job finishing', () => receiver.received.length > 0, { timeoutMs: 5000 });
      assert.equal(receiver.received.length, 1, 'delivered once');
      assert.equal(receiver.received[0].headers['service-webhook-id'], `evt_render_job_terminated_${created.body.job.id}`);
    } finally {
      await receiver.close();
      await app.close();
    }
  });
});
