import { Type } from '@sinclair/typebox';
import { jobErrorCodes } from '../../errors/codes.js';
import { JobWarningsSchema } from './warnings.js';
import { EpochMs, Sha256 } from './common.js';
import { RenderBatch } from './render-batches.js';
import { JobKindSchema } from './render-views.js';

// The bodies of the webhooks Folio sends (src/services/webhooks.ts, buildBody): documented in the
// OpenAPI document's `webhooks` section. Never used to validate anything at runtime.

const WebhookJob = Type.Object(
  {
    id: Type.String({ description: 'Render job id (`job_…`).' }),
    status: Type.Union([Type.Literal('succeeded'), Type.Literal('failed')]),
    kind: Type.Optional(JobKindSchema),
    deployId: Type.String(),
    deployVersionId: Type.String({ description: 'The concrete version the job rendered.' }),
    businessKey: Type.String(),
    payloadHash: Type.String({ description: 'sha256 hex of the payload bytes the page received.' }),
    outputMode: Type.Union([Type.Literal('transient'), Type.Literal('managed')]),
    attempt: Type.Integer({ description: 'Automatic retries the job needed (0 when the first attempt finished it).' }),
    requestedAt: EpochMs,
    finishedAt: EpochMs,
    warnings: JobWarningsSchema,
    pdfSources: Type.Optional(
      Type.Array(
        Type.Object({ pdfId: Type.Optional(Type.String()), jobId: Type.Optional(Type.String()) }, { additionalProperties: false }),
        {
          description: 'A PDF job (`POST /v1/pdf-jobs`) only: the sources it joined, in order.',
        },
      ),
    ),
    deployVersionNo: Type.Optional(Type.Integer({ description: 'Succeeded jobs only.' })),
    deployVersionRoute: Type.Optional(Type.String({ description: 'Succeeded jobs only.' })),
    deployVersionTitle: Type.Optional(Type.String({ description: 'Succeeded jobs only.' })),
    startedAt: Type.Optional(Type.Integer({ description: 'Succeeded jobs only. Unix epoch milliseconds.' })),
    errorCode: Type.Optional(
      Type.String({ description: `Failed jobs only: ${Object.keys(jobErrorCodes).join(', ')} (the render job error codes).` }),
    ),
    errorMessage: Type.Optional(Type.String({ description: 'Failed jobs only.' })),
  },
  { additionalProperties: false },
);

const WebhookOutput = Type.Object(
  {
    id: Type.String({ description: 'Render output id (`out_…`).' }),
    renderJobId: Type.String(),
    contentType: Type.Literal('application/pdf'),
    fileName: Type.String(),
    sha256: Sha256,
    bytes: Type.Integer(),
    pageCount: Type.Integer(),
    download: Type.Object(
      {
        url: Type.String({ format: 'uri', description: 'Signed download URL (no API key needed), fresh for every attempt.' }),
        expiresAt: Type.Integer({ description: 'Unix epoch milliseconds: 10 minutes after this attempt was built.' }),
      },
      { additionalProperties: false },
    ),
    accessGuaranteedUntil: Type.Optional(
      Type.Integer({
        description:
          'Transient outputs only: `finishedAt` + the transient-output lifetime (10 minutes). The file is deleted after it, so a later attempt carries a URL that answers 404. Absent for managed outputs.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const RenderJobTerminatedEvent = Type.Object(
  {
    id: Type.String({
      description: '`evt_render_job_terminated_<jobId>`: the same on every attempt (= Service-Webhook-Id). Deduplicate on it.',
    }),
    type: Type.Literal('render.job.terminated'),
    occurredAt: Type.Integer({ description: "Unix epoch milliseconds: the job's `finishedAt`." }),
    data: Type.Object(
      {
        job: WebhookJob,
        output: Type.Optional(WebhookOutput),
      },
      { additionalProperties: false, description: '`output` is present only when the job succeeded.' },
    ),
  },
  {
    additionalProperties: false,
    title: 'RenderJobTerminatedEvent',
    description:
      'The body of the `render.job.terminated` webhook, sent as compact JSON. It is rebuilt for every attempt (fresh download URL), so its bytes differ between attempts.',
  },
);

export const RenderBatchCompletedEvent = Type.Object(
  {
    id: Type.String({ description: '`evt_render_batch_completed_<batchId>`: the same on every attempt (= Service-Webhook-Id).' }),
    type: Type.Literal('render_batch.completed'),
    occurredAt: Type.Integer({ description: 'Unix epoch milliseconds: when the batch completed (its product, if any, built or failed).' }),
    data: Type.Object({ batch: RenderBatch }, { additionalProperties: false }),
  },
  {
    additionalProperties: false,
    title: 'RenderBatchCompletedEvent',
    description:
      'The body of the `render_batch.completed` webhook: the batch as `GET /v1/render-batches/{batchId}` shows it, rebuilt for every attempt (fresh product links).',
  },
);
