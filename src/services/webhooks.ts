import type { Kysely, Transaction } from 'kysely';
import { precompiled } from '../db/precompiled.js';
import type { RenderBatchesTable, RenderJobsTable, Tables, WebhookEventsTable } from '../db/tables.js';
import { newId } from '../domain/ids.js';
import { nextAfterAttempt, type AttemptResult } from '../domain/webhook-schedule.js';
import { AppError } from '../errors/app-error.js';
import { signatureHeader } from '../webhooks/signing.js';
import { batchView } from './batches/batch-views.js';
import type { ServiceContext } from './context.js';
import { sendTraced } from './webhook-send.js';
import type { PageImages } from './jobs/page-images.js';
import type { RenderedFiles } from './jobs/rendered-files.js';
import { jobViewsWithKind } from './jobs/job-kinds.js';
import { SECRET_ROTATION_OVERLAP_MS } from './accounts/settings.js';

export const EVENT_TYPE = 'render.job.terminated';
/** One per render batch, when every item is terminal and its product (merge or zip) is built or failed. */
export const BATCH_EVENT_TYPE = 'render_batch.completed';
export const USER_AGENT = 'Folio-Webhooks/1.0';
export const eventIdOf = (jobId: string) => `evt_render_job_terminated_${jobId}`;
export const batchEventIdOf = (batchId: string) => `evt_render_batch_completed_${batchId}`;

/** Where one delivery goes and what signs it, in one read: the deploy's webhook settings and the account's secret. */
const deliveryTarget = precompiled(['deployId', 'accountId'], (db: Kysely<Tables>, p) =>
  db
    .selectFrom('accounts as a')
    .leftJoin('deploy_settings as s', (j) => j.on('s.deploy_id', '=', p.deployId))
    .select([
      'a.webhook_secret',
      's.webhook_url',
      's.webhook_enabled',
      's.signing_secret',
      's.previous_signing_secret',
      's.signing_secret_rotated_at',
    ])
    .where('a.id', '=', p.accountId),
);
type DeliveryTarget = Awaited<ReturnType<typeof deliveryTarget>>[number];

/** Read in every job's terminal transaction (db/precompiled.ts). */
const webhookTarget = precompiled(['deployId'], (db: Kysely<Tables>, p) =>
  db.selectFrom('deploy_settings').select(['webhook_enabled', 'webhook_url']).where('deploy_id', '=', p.deployId),
);

/** The webhook outbox: events written with the terminal state, attempts signed and recorded. */
export class Webhooks {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly files: RenderedFiles,
    private readonly images: PageImages,
  ) {}

  /** Terminal hook (inside the job's terminal transaction): one event when the deploy's webhook is on; true when it wrote one. */
  async recordTerminal(trx: Transaction<Tables>, job: RenderJobsTable): Promise<boolean> {
    if (job.status !== 'succeeded' && job.status !== 'failed') return false;
    const [s] = await webhookTarget(this.ctx.db, { deployId: job.deploy_id }, trx);
    if (!s || s.webhook_enabled !== 1 || !s.webhook_url) return false;
    const now = this.ctx.clock.now();
    await trx
      .insertInto('webhook_events')
      .values({
        id: eventIdOf(job.id),
        account_id: job.account_id,
        deploy_id: job.deploy_id,
        job_id: job.id,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        lease_owner: null,
        lease_expires_at: null,
        occurred_at: job.finished_at ?? now,
        last_error: null,
        updated_at: now,
        batch_id: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return true;
  }

  /**
   * In the transaction that completes a batch (its last item, or its product): one render_batch.completed
   * event when the deploy's webhook is on; true when it wrote one. The event's job_id is the batch id.
   */
  async recordBatchCompleted(trx: Transaction<Tables>, batch: RenderBatchesTable): Promise<boolean> {
    const [s] = await webhookTarget(this.ctx.db, { deployId: batch.deploy_id }, trx);
    if (!s || s.webhook_enabled !== 1 || !s.webhook_url) return false;
    const now = this.ctx.clock.now();
    await trx
      .insertInto('webhook_events')
      .values({
        id: batchEventIdOf(batch.id),
        account_id: batch.account_id,
        deploy_id: batch.deploy_id,
        // job_id is unique per event: the batch id stands in (never a job id: `bat_…`).
        job_id: batch.id,
        batch_id: batch.id,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        lease_owner: null,
        lease_expires_at: null,
        occurred_at: now,
        last_error: null,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return true;
  }

  /** A batch event's body: the batch as GET /v1/render-batches/{id} shows it, product links fresh per attempt. */
  private async buildBatchBody(event: WebhookEventsTable): Promise<string> {
    const b = await this.ctx.db.selectFrom('render_batches').selectAll().where('id', '=', event.batch_id!).executeTakeFirstOrThrow();
    const batch = await batchView(this.ctx.db, this.files, b);
    return JSON.stringify({ id: event.id, type: BATCH_EVENT_TYPE, occurredAt: event.occurred_at, data: { batch } });
  }

  /**
   * Secrets that sign a deploy's webhooks: the deploy secret (and the previous one for 24 h after a rotation),
   * else the account's.
   */
  async secretsFor(accountId: string, deployId: string): Promise<string[]> {
    const [t] = await deliveryTarget(this.ctx.db, { deployId, accountId });
    if (!t) throw new Error(`account ${accountId} not found`);
    return this.#secretsOf(t);
  }

  #secretsOf(t: DeliveryTarget): string[] {
    const open = (v: string) => this.ctx.secrets.open(v);
    if (t.signing_secret) {
      const out = [open(t.signing_secret)];
      if (
        t.previous_signing_secret &&
        t.signing_secret_rotated_at !== null &&
        this.ctx.clock.now() - t.signing_secret_rotated_at < SECRET_ROTATION_OVERLAP_MS
      )
        out.push(open(t.previous_signing_secret));
      return out;
    }
    return [open(t.webhook_secret)];
  }

  /** The body of one attempt; rebuilt per attempt so the signed download URL is fresh each time. */
  async buildBody(event: WebhookEventsTable): Promise<string> {
    if (event.batch_id !== null) return this.buildBatchBody(event);
    const job = await this.ctx.db.selectFrom('render_jobs').selectAll().where('id', '=', event.job_id).executeTakeFirstOrThrow();
    const [v] = await jobViewsWithKind(this.ctx.db, [job]);
    const base = {
      id: v.id,
      status: v.status,
      ...(v.kind !== undefined ? { kind: v.kind } : {}),
      deployId: v.deployId,
      deployVersionId: v.deployVersionId,
      businessKey: v.businessKey,
      payloadHash: v.payloadHash,
      outputMode: v.outputMode,
      attempt: v.attempt,
      requestedAt: v.requestedAt,
      finishedAt: v.finishedAt,
      warnings: v.warnings,
      ...(v.document?.pdfSources ? { pdfSources: v.document.pdfSources } : {}),
    };
    const data: Record<string, unknown> = {};
    if (job.status === 'succeeded') {
      data.job = {
        ...base,
        deployVersionNo: v.deployVersionNo,
        deployVersionRoute: v.deployVersionRoute,
        deployVersionTitle: v.deployVersionTitle,
        startedAt: v.startedAt,
      };
      const out = await this.ctx.db.selectFrom('render_outputs').selectAll().where('job_id', '=', job.id).executeTakeFirst();
      if (out) {
        const link = this.files.signOutput(out.id, undefined, out.expires_at).access;
        data.output = {
          id: out.id,
          renderJobId: job.id,
          contentType: 'application/pdf',
          fileName: out.file_name,
          sha256: out.sha256,
          bytes: out.bytes,
          pageCount: out.page_count,
          download: link,
          // Transient outputs are guaranteed for the availability window after finishedAt; managed ones live with their PDF.
          ...(out.managed === 0
            ? { accessGuaranteedUntil: (job.finished_at ?? out.created_at) + this.ctx.config.transientOutputTtlSeconds * 1000 }
            : {}),
        };
      }
      // Page images, each with a fresh signed link, like the output's.
      const images = await this.images.ofJob(job.id);
      if (images.length > 0) data.images = images.map((i) => this.images.withLink(i));
    } else {
      data.job = { ...base, errorCode: v.errorCode, errorMessage: v.errorMessage };
    }
    return JSON.stringify({ id: event.id, type: EVENT_TYPE, occurredAt: event.occurred_at, data });
  }

  /** One signed POST; records the delivery. Returns the attempt's result and the delivery row. */
  async attempt(event: WebhookEventsTable, opts: { attempt: number; manual: boolean }) {
    const [settings] = await deliveryTarget(this.ctx.db, { deployId: event.deploy_id, accountId: event.account_id });
    const url = settings?.webhook_url ?? null;
    const deliveryId = newId('dlv', this.ctx.clock.now());
    let result: AttemptResult;
    let durationMs = 0;
    let body: string | null = null;
    let buildError: string | null = null;
    let sent = false;
    let traceId: string | null = null;
    if (url && settings?.webhook_enabled === 1) {
      try {
        body = await this.buildBody(event);
      } catch (err) {
        buildError = (err as Error).message;
      }
    }
    if (!url || settings?.webhook_enabled !== 1) {
      result = { kind: 'blocked', message: url ? 'the webhook was disabled' : 'the deploy has no webhook URL any more' };
    } else if (body === null) {
      // E.g. no signing key for the download link: recorded and retried on the schedule, never a crash loop.
      result = { kind: 'network_error', message: `could not build the event: ${buildError}` };
    } else {
      const timestamp = Math.floor(this.ctx.clock.now() / 1000);
      const secrets = this.#secretsOf(settings!);
      const headers = {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'service-webhook-event': event.batch_id !== null ? BATCH_EVENT_TYPE : EVENT_TYPE,
        'service-webhook-id': event.id,
        'service-webhook-delivery': deliveryId,
        'service-webhook-attempt': String(opts.attempt),
        'service-webhook-timestamp': String(timestamp),
        'service-webhook-signature': signatureHeader(secrets, timestamp, body),
      };
      const outcome = await sendTraced(this.ctx, event, { url, headers, body, attempt: opts.attempt });
      result = outcome.result;
      durationMs = outcome.durationMs;
      traceId = outcome.traceId;
      sent = true;
    }
    const delivery = {
      id: deliveryId,
      event_id: event.id,
      job_id: event.job_id,
      attempt: opts.attempt,
      manual: opts.manual ? 1 : 0,
      url: url ?? '',
      status_code: result.kind === 'response' ? result.status : null,
      duration_ms: durationMs,
      error:
        result.kind === 'response'
          ? result.status >= 200 && result.status < 300
            ? null
            : `HTTP ${result.status}`
          : `${result.kind}: ${result.message}`,
      created_at: this.ctx.clock.now(),
    };
    await this.ctx.db.insertInto('webhook_deliveries').values(delivery).execute();
    this.ctx.log.info(
      {
        ...(event.batch_id !== null ? { batchId: event.batch_id } : { jobId: event.job_id }),
        eventId: event.id,
        deliveryId,
        attempt: opts.attempt,
        status: delivery.status_code,
        error: delivery.error,
        ms: durationMs,
        ...(traceId ? { traceId } : {}),
      },
      'webhook attempt',
    );
    return { result, delivery, sent };
  }

  /** Scheduled attempt by the dispatcher (holding the event's lease). */
  async deliverScheduled(event: WebhookEventsTable, leaseOwner: string): Promise<void> {
    const attempt = event.attempts + 1;
    const { result, delivery, sent } = await this.attempt(event, { attempt, manual: false });
    const next = nextAfterAttempt(attempt, result, this.ctx.clock.now());
    // Only attempts that sent a request have a duration (not "webhook disabled" or an unbuildable event).
    if (sent) this.ctx.metrics.webhookDuration.observe(delivery.duration_ms / 1000);
    const updated = await this.ctx.db
      .updateTable('webhook_events')
      .set({
        attempts: attempt,
        status: next.status,
        next_attempt_at: next.status === 'pending' ? next.nextAttemptAt : event.next_attempt_at,
        last_error: next.status === 'failed' ? next.reason : delivery.error,
        lease_owner: null,
        lease_expires_at: null,
        updated_at: this.ctx.clock.now(),
      })
      .where('id', '=', event.id)
      .where('lease_owner', '=', leaseOwner)
      .executeTakeFirst();
    // The outcome counts only if it was recorded (a lost lease means another dispatcher owns the event).
    if (Number(updated.numUpdatedRows) > 0)
      this.ctx.metrics.webhookAttempts.inc({ outcome: next.status === 'pending' ? 'retry' : next.status });
  }

  private async requireJob(accountId: string, jobId: string) {
    const job = await this.ctx.db
      .selectFrom('render_jobs')
      .select(['id', 'status', 'deploy_id'])
      .where('id', '=', jobId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!job) throw new AppError('render_job_not_found', `render job ${jobId} not found`);
    return job;
  }

  async listDeliveries(accountId: string, jobId: string) {
    await this.requireJob(accountId, jobId);
    const [event, rows] = await Promise.all([
      this.ctx.db.selectFrom('webhook_events').selectAll().where('job_id', '=', jobId).executeTakeFirst(),
      this.ctx.db.selectFrom('webhook_deliveries').selectAll().where('job_id', '=', jobId).orderBy('id').execute(),
    ]);
    return {
      event: event
        ? {
            id: event.id,
            status: event.status,
            attempts: event.attempts,
            ...(event.status === 'pending' ? { nextAttemptAt: event.next_attempt_at } : {}),
            ...(event.last_error ? { lastError: event.last_error } : {}),
          }
        : null,
      items: rows.map((d) => ({
        id: d.id,
        eventId: d.event_id,
        attempt: d.attempt,
        manual: d.manual === 1,
        url: d.url,
        ...(d.status_code !== null ? { statusCode: d.status_code } : {}),
        durationMs: d.duration_ms,
        ...(d.error ? { error: d.error } : {}),
        createdAt: d.created_at,
      })),
    };
  }

  /**
   * Sends the event again now (same event id, new delivery id), whatever happened before. A terminal job
   * whose webhook was off at the time gets its event created now if the webhook is on.
   */
  async redeliver(accountId: string, jobId: string) {
    const job = await this.requireJob(accountId, jobId);
    if (job.status !== 'succeeded' && job.status !== 'failed')
      throw new AppError(
        'webhook_not_available',
        `render job ${jobId} is ${job.status}; only succeeded and failed jobs have a webhook event`,
      );
    let event = await this.ctx.db.selectFrom('webhook_events').selectAll().where('job_id', '=', jobId).executeTakeFirst();
    if (!event) {
      const full = await this.ctx.db.selectFrom('render_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
      await this.ctx.db.transaction().execute((trx) => this.recordTerminal(trx, full));
      event = await this.ctx.db.selectFrom('webhook_events').selectAll().where('job_id', '=', jobId).executeTakeFirst();
      if (!event) throw new AppError('webhook_not_available', 'the deploy has no enabled webhook URL');
      // A fresh event is due now: let the dispatcher's schedule take it from here.
    }
    const attempt = event.attempts + 1;
    const { delivery } = await this.attempt(event, { attempt, manual: true });
    const ok = delivery.status_code !== null && delivery.status_code >= 200 && delivery.status_code < 300;
    await this.ctx.db
      .updateTable('webhook_events')
      .set({ attempts: attempt, ...(ok ? { status: 'delivered' } : {}), last_error: delivery.error, updated_at: this.ctx.clock.now() })
      .where('id', '=', event.id)
      .execute();
    return { delivery: (await this.listDeliveries(accountId, jobId)).items.find((d) => d.id === delivery.id)! };
  }

  /** Operators: the secret in effect for an account (or a deploy of it). Never exposed over the API. */
  async revealSecret(accountId: string, deployId?: string): Promise<{ scope: 'account' | 'deploy'; secret: string }> {
    if (deployId) {
      const d = await this.ctx.db
        .selectFrom('deploys')
        .select('id')
        .where('id', '=', deployId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      if (!d) throw new AppError('deploy_not_found', `deploy ${deployId} not found in account ${accountId}`);
      const s = await this.ctx.db
        .selectFrom('deploy_settings')
        .select('signing_secret')
        .where('deploy_id', '=', deployId)
        .executeTakeFirst();
      if (s?.signing_secret) return { scope: 'deploy', secret: this.ctx.secrets.open(s.signing_secret) };
    }
    const a = await this.ctx.db.selectFrom('accounts').select('webhook_secret').where('id', '=', accountId).executeTakeFirst();
    if (!a) throw new AppError('account_not_found', `account ${accountId} not found`);
    return { scope: 'account', secret: this.ctx.secrets.open(a.webhook_secret) };
  }
}
