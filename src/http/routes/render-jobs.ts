import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_PAGE_SIZE } from '../../domain/cursor.js';
import type { Services } from '../../services/index.js';
import { idempotent } from '../idempotent.js';
import { principalOf } from '../plugins/auth.js';
import { errors, IdParam, ListQuery, NextCursor } from '../schemas/common.js';
import { CreateJobBody, LinkBody, LinkQuery } from '../schemas/render.js';

const tags = ['Render jobs'];
const JobParams = Type.Object({ jobId: IdParam('Render job id (`job_…`).') });
const JobsQuery = Type.Composite(
  [
    ListQuery,
    Type.Object({
      status: Type.Optional(
        Type.Union(['queued', 'rendering', 'succeeded', 'retry_scheduled', 'failed', 'canceled'].map((s) => Type.Literal(s))),
      ),
      deployId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
      businessKey: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    }),
  ],
  { additionalProperties: false },
);
const JobResponse = Type.Object({
  job: Type.Ref('RenderJob'),
  output: Type.Optional(Type.Ref('RenderOutput')),
  pdf: Type.Optional(Type.Ref('EmbeddedPdf')),
});
const Accepted = Type.Object({ accepted: Type.Boolean(), queue: Type.String(), job: Type.Ref('RenderJob') });
// Payloads up to FOLIO_MAX_PAYLOAD_BYTES, plus JSON overhead (base64 grows by a third).
const jobBodyLimit = (s: Services) => Math.ceil(s.ctx.config.maxPayloadBytes * 1.4) + 64 * 1024;

const expiresOf = (req: FastifyRequest<{ Body: { expiresInSeconds?: number } | null; Querystring: { expiresInSeconds?: number } }>) =>
  req.body?.expiresInSeconds ?? req.query.expiresInSeconds;

export function renderJobRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const createSchema = (deployScoped: boolean) => ({
    tags,
    summary: deployScoped ? 'Create a render job for this deploy' : 'Create a render job',
    description:
      'Asynchronous: answers 202 with the queued job. Optional `Idempotency-Key` (24 h). `deployVersionId` may be a concrete id, `latest` or an alias; the job binds to the concrete version now.',
    headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) }),
    body: CreateJobBody,
    response: { 202: Accepted, ...errors(400, 401, 403, 404, 409, 413, 429, 503) },
  });
  const create = (req: FastifyRequest<{ Body: typeof CreateJobBody.static; Params: { deployId?: string } }>) =>
    s.renderJobs.create(
      principalOf(req).accountId,
      { ...req.body, hasPayload: Object.prototype.hasOwnProperty.call(req.body, 'payload') },
      req.params.deployId,
    );

  r.post(
    '/v1/render-jobs',
    { config: { scope: 'render:write' }, bodyLimit: jobBodyLimit(s), schema: createSchema(false) },
    async (req, reply) => idempotent(req, reply, s.idempotency, 202, () => create(req as never)),
  );
  r.post(
    '/v1/deploys/:deployId/render-jobs',
    {
      config: { scope: 'render:write' },
      bodyLimit: jobBodyLimit(s),
      schema: { ...createSchema(true), params: Type.Object({ deployId: IdParam('Deploy id.') }) },
    },
    async (req, reply) => idempotent(req, reply, s.idempotency, 202, () => create(req as never)),
  );

  r.get(
    '/v1/render-jobs',
    {
      config: { scope: 'render:read' },
      schema: {
        tags,
        summary: 'List render jobs (newest first)',
        querystring: JobsQuery,
        response: {
          200: Type.Object({ items: Type.Array(Type.Ref('RenderJob')), nextCursor: NextCursor }),
          ...errors(400, 401, 403, 404, 429),
        },
      },
    },
    async (req) => s.renderJobs.list(principalOf(req).accountId, { ...req.query, limit: req.query.limit ?? DEFAULT_PAGE_SIZE }),
  );

  r.get(
    '/v1/deploys/:deployId/render-jobs',
    {
      config: { scope: 'render:read' },
      schema: {
        tags,
        summary: 'List render jobs of a deploy (newest first)',
        params: Type.Object({ deployId: IdParam('Deploy id.') }),
        querystring: JobsQuery,
        response: {
          200: Type.Object({ items: Type.Array(Type.Ref('RenderJob')), nextCursor: NextCursor }),
          ...errors(400, 401, 403, 404, 429),
        },
      },
    },
    async (req) =>
      s.renderJobs.list(principalOf(req).accountId, {
        ...req.query,
        deployId: req.params.deployId,
        limit: req.query.limit ?? DEFAULT_PAGE_SIZE,
      }),
  );

  r.get(
    '/v1/render-jobs/:jobId',
    {
      config: { scope: 'render:read' },
      schema: {
        tags,
        summary: 'Get a render job (with its output after success)',
        description: '`waitSeconds` (0–30) long-polls: the answer comes as soon as the job is terminal, or after that many seconds.',
        params: JobParams,
        querystring: Type.Object(
          { waitSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 30 })) },
          { additionalProperties: false },
        ),
        response: { 200: JobResponse, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (req) => s.renderJobs.get(principalOf(req).accountId, req.params.jobId, req.query.waitSeconds ?? 0),
  );

  r.post(
    '/v1/render-jobs/:jobId/cancel',
    {
      config: { scope: 'render:write' },
      schema: {
        tags,
        summary: 'Cancel a render job',
        description:
          'From queued or retry_scheduled at once; from rendering the page is aborted. Canceled jobs send no webhook. 409 `render_job_not_cancelable` when already terminal.',
        params: JobParams,
        response: { 200: Type.Object({ job: Type.Ref('RenderJob') }), ...errors(401, 403, 404, 409, 429) },
      },
    },
    async (req) => s.renderJobs.cancel(principalOf(req).accountId, req.params.jobId),
  );

  for (const [path, disposition, summary] of [
    ['output-download', 'attachment', 'Signed download URL of the output'],
    ['output-preview', 'inline', 'Signed preview URL of the output (renders inline in a browser)'],
  ] as const) {
    r.post(
      `/v1/render-jobs/:jobId/${path}`,
      {
        config: { scope: 'render:read' },
        schema: {
          tags,
          summary,
          description: '`expiresInSeconds` (1–604800, default 600) in the JSON body or the query string.',
          params: JobParams,
          querystring: LinkQuery,
          body: LinkBody,
          response: { 200: Type.Ref('Access'), ...errors(400, 401, 403, 404, 409, 429, 503) },
        },
      },
      async (req) => s.renderedFiles.outputLink(principalOf(req).accountId, req.params.jobId, disposition, expiresOf(req as never)),
    );
  }

  r.delete(
    '/v1/render-jobs/:jobId/output',
    {
      config: { scope: 'render:write' },
      schema: {
        tags,
        summary: 'Delete the output of a job',
        description: 'A managed job keeps its managed PDF.',
        params: JobParams,
        response: { 204: Type.Null(), ...errors(401, 403, 404, 409, 429) },
      },
    },
    async (req, reply) => {
      await s.renderedFiles.deleteOutput(principalOf(req).accountId, req.params.jobId);
      return reply.code(204).send();
    },
  );

  const Delivery = Type.Object({
    id: Type.String({ description: 'Delivery id (`dlv_…`), new for every attempt.' }),
    eventId: Type.String({ description: '`evt_render_job_terminated_<jobId>`, stable across attempts.' }),
    attempt: Type.Integer({ description: '1-based; the Service-Webhook-Attempt header.' }),
    manual: Type.Boolean({ description: 'Sent by a redeliver request rather than the schedule.' }),
    url: Type.String(),
    statusCode: Type.Optional(Type.Integer()),
    durationMs: Type.Integer(),
    error: Type.Optional(Type.String()),
    createdAt: Type.Integer(),
  });
  r.get(
    '/v1/render-jobs/:jobId/webhook-deliveries',
    {
      config: { scope: 'render:read' },
      schema: {
        tags: ['Webhooks'],
        summary: 'Webhook event and delivery attempts of a job',
        params: JobParams,
        response: {
          200: Type.Object({
            event: Type.Union([
              Type.Object({
                id: Type.String(),
                status: Type.String({ description: 'pending, delivered, failed' }),
                attempts: Type.Integer(),
                nextAttemptAt: Type.Optional(Type.Integer()),
                lastError: Type.Optional(Type.String()),
              }),
              Type.Null(),
            ]),
            items: Type.Array(Delivery),
          }),
          ...errors(401, 403, 404, 429),
        },
      },
    },
    async (req) => s.webhooks.listDeliveries(principalOf(req).accountId, req.params.jobId),
  );

  r.post(
    '/v1/render-jobs/:jobId/webhook-deliveries/redeliver',
    {
      config: { scope: 'render:write' },
      schema: {
        tags: ['Webhooks'],
        summary: "Send the job's webhook event again now",
        description: 'Same event id, new delivery id; the attempt is made before the response (at most 10 s) and recorded.',
        params: JobParams,
        response: { 200: Type.Object({ delivery: Delivery }), ...errors(401, 403, 404, 409, 429) },
      },
    },
    async (req) => s.webhooks.redeliver(principalOf(req).accountId, req.params.jobId),
  );
}
