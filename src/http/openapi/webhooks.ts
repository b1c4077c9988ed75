// The `webhooks` section of the OpenAPI document: the events Folio sends, its headers, its signature and
// how the receiver's answer is treated. Header names, event type and user agent come from the code that
// sends them (services/webhooks.ts), the example signature from the signing code (webhooks/signing.ts).
import { ATTEMPT_DELAYS_MS, REQUEST_TIMEOUT_MS, RETRY_AFTER_CAP_MS } from '../../domain/webhook-schedule.js';
import { BATCH_EVENT_TYPE, batchEventIdOf, EVENT_TYPE, eventIdOf, USER_AGENT } from '../../services/webhooks.js';
import { signatureHeader } from '../../webhooks/signing.js';
import * as bx from './batch-examples.js';
import { failedJob, ids, PUBLIC_URL, renderOutput, succeededJob } from './examples.js';

const pick = <T extends Record<string, unknown>, K extends keyof T>(o: T, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;

const BASE = [
  'id',
  'status',
  'kind',
  'deployId',
  'deployVersionId',
  'businessKey',
  'payloadHash',
  'outputMode',
  'attempt',
  'requestedAt',
  'finishedAt',
  'warnings',
] as const;

export const succeededEvent = {
  id: eventIdOf(succeededJob.id),
  type: EVENT_TYPE,
  occurredAt: succeededJob.finishedAt,
  data: {
    job: {
      ...pick(succeededJob, BASE),
      ...pick(succeededJob, ['deployVersionNo', 'deployVersionRoute', 'deployVersionTitle', 'startedAt'] as const),
    },
    output: {
      id: ids.output,
      renderJobId: succeededJob.id,
      contentType: 'application/pdf',
      fileName: 'invoice-INV-2026-0042.pdf',
      sha256: 'b570bb96f1c0d1a8e2f4c6b8a0d2e4f6a8c0e2d4f6b8a0c2e4d6f8a0b2c4d6e8',
      bytes: renderOutput.bytes,
      pageCount: renderOutput.pageCount,
      download: {
        url: `${PUBLIC_URL}/v1/files/WyJvdXQiLCJvdXRfMDFtODBxNXRkemUwMGJ2MGY1eTE4czRucnQiLCJhIiwxNzk1MzIxMjQyMDAwXQ.Zk3pQ8vR1tY6wA9cE2gJ5mN7qS0uX4bD8fH1kL3nP6r`,
        expiresAt: succeededJob.finishedAt + 600_000 + 12,
      },
    },
  },
};

export const failedEvent = {
  id: eventIdOf(failedJob.id),
  type: EVENT_TYPE,
  occurredAt: failedJob.finishedAt,
  data: { job: { ...pick(failedJob, BASE), ...pick(failedJob, ['errorCode', 'errorMessage'] as const) } },
};

/** The example request's signature, made the way Folio makes it (secret `whsec_example`). */
const timestamp = Math.floor((succeededJob.finishedAt + 12) / 1000);
const signature = signatureHeader(['whsec_example'], timestamp, JSON.stringify(succeededEvent));

const seconds = (ms: number) => (ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`);
const delays = ATTEMPT_DELAYS_MS.slice(1).map(seconds);
const schedule = `${delays.slice(0, -1).join(', ')} and ${delays[delays.length - 1]}`;
const cap = `${RETRY_AFTER_CAP_MS / 3_600_000} hour`;

export const SIGNING = `Every request carries \`Service-Webhook-Timestamp\` (Unix **seconds**) and \`Service-Webhook-Signature\`: one or more comma-separated \`v1=<64 lowercase hex>\` entries, each

\`hex(HMAC-SHA256(key = signing secret, message = <Service-Webhook-Timestamp> + "." + <raw body bytes>))\`

A request is authentic when **any** \`v1=\` entry matches the HMAC computed with your secret (compare in constant time) and the timestamp is within 5 minutes of your clock. Compute the HMAC over the raw bytes received, before parsing the JSON. After a rotation of a deploy's secret, for 24 hours two entries are sent (\`v1=<new>,v1=<previous>\`). The secret is the deploy's own when it has one (\`PATCH /v1/deploys/{deployId}/settings\` with \`webhook.signingSecretAction\`), otherwise the account's (\`whsec_…\`); the API shows only whether it exists and a masked preview. Stripe's webhook libraries verify the same scheme when given \`t=<timestamp>,<signature entries>\`.`;

const header = (name: string, description: string, schema: Record<string, unknown>, example: string | number) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema,
  example,
});

/** The headers of every webhook request, for one event type. */
const eventHeaders = (type: string, idPattern: string, idExample: string, ts: number, sig: string) => [
  header('User-Agent', 'Always this value.', { type: 'string', const: USER_AGENT }, USER_AGENT),
  header('Service-Webhook-Event', 'The event type.', { type: 'string', const: type }, type),
  header(
    'Service-Webhook-Id',
    'The event id, the same on every attempt and redelivery: deduplicate on it.',
    { type: 'string', pattern: idPattern },
    idExample,
  ),
  header('Service-Webhook-Delivery', 'A new id (`dlv_…`) for every attempt.', { type: 'string', pattern: '^dlv_[0-9a-z]+$' }, ids.delivery),
  header('Service-Webhook-Attempt', '1-based attempt number (a redelivery counts too).', { type: 'string', pattern: '^[1-9][0-9]*$' }, '1'),
  header(
    'Service-Webhook-Timestamp',
    'Unix time in **seconds** when this attempt was signed; part of the signed message.',
    { type: 'string', pattern: '^[0-9]+$' },
    String(ts),
  ),
  header(
    'Service-Webhook-Signature',
    'One or more comma-separated `v1=<hex>` entries: see the description above.',
    { type: 'string', pattern: '^v1=[0-9a-f]{64}(,v1=[0-9a-f]{64})*$' },
    sig,
  ),
];

/** How the receiver's answer is treated (every event type). */
const receiverAnswers = {
  '2XX': {
    description: `Acknowledged: the event is \`delivered\` and not sent again. Answer quickly (within ${REQUEST_TIMEOUT_MS / 1000} s) and do the work afterwards.`,
  },
  '408': { description: 'Retried on the schedule.' },
  '429': { description: `Retried; a \`Retry-After\` (seconds or an HTTP date) replaces the next delay, capped at ${cap}.` },
  '5XX': {
    description: `Retried; a \`Retry-After\` replaces the next delay, capped at ${cap}. Network errors and timeouts are retried too.`,
  },
  default: { description: 'Any other answer, redirects included (they are not followed), ends the event as `failed`.' },
};

/** The render_batch.completed example: the merged batch of batch-examples.ts. */
export const batchCompletedEvent = {
  id: batchEventIdOf(bx.batchId),
  type: BATCH_EVENT_TYPE,
  occurredAt: bx.batchCompleted.batch.updatedAt,
  data: bx.batchCompleted,
};
const batchTimestamp = Math.floor((bx.batchCompleted.batch.updatedAt + 15) / 1000);
const batchSignature = signatureHeader(['whsec_example'], batchTimestamp, JSON.stringify(batchCompletedEvent));

export const webhooks = {
  [EVENT_TYPE]: {
    post: {
      operationId: 'renderJobTerminatedWebhook',
      tags: ['Webhooks'],
      summary: 'A render job succeeded or failed',
      description: `Folio POSTs this event to the webhook URL of the job's deploy (\`PATCH /v1/deploys/{deployId}/settings\`, \`webhook: {enabled: true, url}\`) when a render job reaches \`succeeded\` or \`failed\`, if at that moment the deploy's webhook is enabled with a URL. Canceled jobs send nothing. Delivery is **at least once**: deduplicate on \`Service-Webhook-Id\` (= the body's \`id\`), never on the body's bytes, which change between attempts (fresh download URL).

**Attempts.** The first at once, the next ones ${schedule} after the previous one (${ATTEMPT_DELAYS_MS.length} in all, about ${Math.round(ATTEMPT_DELAYS_MS.reduce((a, b) => a + b, 0) / 60_000)} minutes). Each attempt has a ${REQUEST_TIMEOUT_MS / 1000} s timeout. \`GET /v1/render-jobs/{jobId}/webhook-deliveries\` lists them; \`POST /v1/render-jobs/{jobId}/webhook-deliveries/redeliver\` sends the event again now.

**Signature.** ${SIGNING}

**URL policy.** \`https://\` only (plain \`http://\` only on a server started with \`FOLIO_ALLOW_INSECURE_WEBHOOKS=1\`); hosts that are or resolve to loopback, private, link-local or other non-public addresses are refused, when the settings are saved and again before every attempt.`,
      security: [{ webhookSignature: [] }],
      parameters: eventHeaders(EVENT_TYPE, '^evt_render_job_terminated_job_[0-9a-z]+$', eventIdOf(succeededJob.id), timestamp, signature),
      requestBody: {
        required: true,
        description: 'Compact JSON (`Content-Type: application/json`).',
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/RenderJobTerminatedEvent' },
            examples: {
              succeeded: { summary: 'A managed render that succeeded', value: succeededEvent },
              failed: { summary: 'A transient render that failed', value: failedEvent },
            },
          },
        },
      },
      responses: receiverAnswers,
    },
  },
  [BATCH_EVENT_TYPE]: {
    post: {
      operationId: 'renderBatchCompletedWebhook',
      tags: ['Webhooks'],
      summary: 'A render batch completed',
      description: `One event per render batch (\`POST /v1/render-batches\`), sent when every item is terminal (succeeded, failed or canceled) and, for \`combine\` \`merge\` or \`zip\`, once the product is built or has failed. The body carries the batch as \`GET /v1/render-batches/{batchId}\` answers it, with fresh signed links to the product on every attempt. Items send their own \`render.job.terminated\` events only when the batch was created with \`itemWebhooks: true\`. The deploy's webhook URL, secret, schedule, URL policy and at-least-once delivery are those of \`render.job.terminated\`: deduplicate on \`Service-Webhook-Id\` (\`evt_render_batch_completed_<batchId>\`).`,
      security: [{ webhookSignature: [] }],
      parameters: eventHeaders(
        BATCH_EVENT_TYPE,
        '^evt_render_batch_completed_bat_[0-9a-z]+$',
        batchEventIdOf(bx.batchId),
        batchTimestamp,
        batchSignature,
      ),
      requestBody: {
        required: true,
        description: 'Compact JSON (`Content-Type: application/json`).',
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/RenderBatchCompletedEvent' },
            examples: { merged: { summary: 'A batch of three invoices, merged', value: batchCompletedEvent } },
          },
        },
      },
      responses: receiverAnswers,
    },
  },
};

export const webhookSignatureScheme = {
  type: 'apiKey',
  in: 'header',
  name: 'Service-Webhook-Signature',
  description: `How a receiver authenticates Folio's webhook requests. ${SIGNING}`,
};
