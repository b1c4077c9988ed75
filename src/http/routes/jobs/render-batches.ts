import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PAGE_SIZE } from '../../../domain/cursor.js';
import { MAX_BATCH_ITEMS } from '../../../services/batches/render-batches.js';
import type { Services } from '../../../services/index.js';
import * as bx from '../../openapi/batch-examples.js';
import { idempotent } from '../../idempotent.js';
import { principalOf } from '../../plugins/auth.js';
import { IdParam, ListQuery, NextCursor } from '../../schemas/common.js';
import { BatchItem, BatchItemsQuery, CreateBatchBody, RenderBatch } from '../../schemas/render-batches.js';
import { VERSION_JOB_ERRORS } from '../../openapi/job-creation-errors.js';

const tags = ['Render batches'];
const BatchParams = Type.Object({ batchId: IdParam('Render batch id (`bat_…`).') });
const BatchResponse = Type.Object({ batch: RenderBatch });
const parameters = { batchId: bx.batchId };

/**
 * The largest batch body: every item may carry a payload up to the payload limit, but the request as a
 * whole is bounded (32 MiB, or one full payload with JSON overhead when the payload limit is larger).
 */
const batchBodyLimit = (s: Services) => Math.max(32 * 1024 * 1024, Math.ceil(s.ctx.config.maxPayloadBytes * 1.4) + 64 * 1024);

export function renderBatchRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/v1/render-batches',
    {
      config: { scope: 'render:write' },
      bodyLimit: batchBodyLimit(s),
      schema: {
        tags,
        summary: 'Create a render batch',
        description: `Up to ${MAX_BATCH_ITEMS} render jobs of one deploy version in one request; each item is an ordinary render job (the worker, quotas, meters, webhooks, outputs and retention treat it like any other). \`deployVersionId\` (a version id, \`latest\` or an alias) is bound once, now, for every item. Every item is checked before anything is created: one bad item refuses the whole request with a 400 naming it (\`details.field: "items[17].payload"\`), and more than ${MAX_BATCH_ITEMS} items is a 400 naming \`items\`. The plan's monthly render-job allowance is taken for the whole batch at once: either every item is accepted, or a 429 \`render_job_quota_exceeded\` says how many fit (\`details.fit\`) and nothing is created. \`combine\` is \`none\` (each item its own PDF), \`merge\` (once every item is terminal, the succeeded items' PDFs joined in item order into one managed PDF) or \`zip\` (one zip of those PDFs, named by their file names); the batch shows it as \`product\` with a signed link. One \`render_batch.completed\` webhook is sent when the batch completes (after its product is built); items send their own \`render.job.terminated\` only with \`itemWebhooks: true\`. The body may be at most 32 MiB. Optional \`Idempotency-Key\` for the whole batch (24 h; a replay answers the batch as it was created).`,
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) }),
        body: CreateBatchBody,
        response: { 201: BatchResponse },
        'x-folio': {
          success: 'The created batch, every item queued',
          errors: [...VERSION_JOB_ERRORS],
          request: bx.createBatch,
          response: bx.batchCreated,
        },
      },
    },
    async (req, reply) =>
      idempotent(req, reply, s.idempotency, 201, () =>
        s.renderBatches.create(principalOf(req).accountId, {
          ...req.body,
          items: req.body.items.map((item) => ({ ...item, hasPayload: Object.prototype.hasOwnProperty.call(item, 'payload') })),
        }),
      ),
  );

  r.get(
    '/v1/render-batches',
    {
      config: { scope: 'render:read' },
      schema: {
        tags,
        summary: 'List render batches (newest first)',
        description: 'One page of the batches of the account, newest first, each with its counts per job state.',
        querystring: ListQuery,
        response: { 200: Type.Object({ items: Type.Array(RenderBatch), nextCursor: NextCursor }) },
        'x-folio': { success: 'One page of render batches', query: { limit: 20 }, response: bx.batchList },
      },
    },
    async (req) => s.renderBatches.list(principalOf(req).accountId, { ...req.query, limit: req.query.limit ?? DEFAULT_PAGE_SIZE }),
  );

  r.get(
    '/v1/render-batches/:batchId',
    {
      config: { scope: 'render:read' },
      schema: {
        tags,
        summary: 'Get a render batch with its counts',
        description:
          'The batch with how many items are in each job state (`queued`, `rendering`, `retry_scheduled`, `succeeded`, `failed`, `canceled`); `status` is `completed` once every item is terminal (then `finishedAt` is when the last one finished), `running` before.',
        params: BatchParams,
        response: { 200: BatchResponse },
        'x-folio': { success: 'The batch and its counts', errors: ['render_batch_not_found'], parameters, response: bx.batchCompleted },
      },
    },
    async (req) => s.renderBatches.get(principalOf(req).accountId, req.params.batchId),
  );

  r.get(
    '/v1/render-batches/:batchId/items',
    {
      config: { scope: 'render:read' },
      schema: {
        tags,
        summary: 'List the items of a render batch (in item order)',
        description:
          "The batch's items in the order of the creating request, each as `{index, job}` (the full render job: its state, error, business key). `status` keeps only the items in that state (e.g. `failed`). Cursor paging like every list. A succeeded item's PDF is fetched like any job's: `POST /v1/render-jobs/{jobId}/output-download`.",
        params: BatchParams,
        querystring: BatchItemsQuery,
        response: { 200: Type.Object({ items: Type.Array(BatchItem), nextCursor: NextCursor }) },
        'x-folio': {
          success: 'One page of items',
          errors: ['render_batch_not_found'],
          parameters,
          query: { status: 'succeeded', limit: 3 },
          response: bx.batchItems,
        },
      },
    },
    async (req) =>
      s.renderBatches.items(principalOf(req).accountId, req.params.batchId, {
        ...req.query,
        limit: req.query.limit ?? DEFAULT_PAGE_SIZE,
      }),
  );

  r.delete(
    '/v1/render-batches/:batchId',
    {
      config: { scope: 'render:write' },
      schema: {
        tags,
        summary: 'Cancel every unfinished item of a render batch',
        description:
          'Every item not yet terminal is canceled as `POST /v1/render-jobs/{jobId}/cancel` would: `queued` and `retry_scheduled` at once, `rendering` with its page aborted; canceled items send no webhook. Items already terminal keep their state and outputs; the batch itself stays readable. Answers the batch (200) with its new counts; cancelling a completed batch changes nothing.',
        params: BatchParams,
        response: { 200: BatchResponse },
        'x-folio': {
          success: 'The batch after the cancel',
          errors: ['render_batch_not_found', 'insufficient_storage'],
          parameters,
          response: bx.batchCanceled,
        },
      },
    },
    async (req) => s.renderBatches.cancel(principalOf(req).accountId, req.params.batchId),
  );
}
