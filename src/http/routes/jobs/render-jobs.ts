import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_PAGE_SIZE } from '../../../domain/cursor.js';
import * as docEx from '../../openapi/document-examples.js';
import type { Services } from '../../../services/index.js';
import { idempotent } from '../../idempotent.js';
import { jobBodyLimit } from '../../job-body-limit.js';
import { partField } from '../../multipart/job-body.js';
import { inlineMultipartBody } from '../../multipart/reference.js';
import { principalOf } from '../../plugins/auth.js';
import * as ex from '../../openapi/examples.js';
import type { ErrorCode } from '../../../errors/codes.js';
import { RenderDiagnosticsSchema } from '../../schemas/diagnostics.js';
import { DeployIdParam, IdParam, ListQuery, NextCursor } from '../../schemas/common.js';
import { CreateJobBody, LinkBody, LinkQuery } from '../../schemas/render.js';
import { INLINE_SOURCE_ERRORS, VERSION_JOB_ERRORS } from '../../openapi/job-creation-errors.js';

const tags = ['Render jobs'];
export const JobParams = Type.Object({ jobId: IdParam('Render job id (`job_…`).') });
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

const expiresOf = (req: FastifyRequest<{ Body: { expiresInSeconds?: number } | null; Querystring: { expiresInSeconds?: number } }>) =>
  req.body?.expiresInSeconds ?? req.query.expiresInSeconds;

export function renderJobRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const createSchema = (deployScoped: boolean) => ({
    tags,
    summary: deployScoped ? 'Create a render job for this deploy' : 'Create a render job',
    description: `Asynchronous: answers 202 with the queued job; wait for it with \`GET /v1/render-jobs/{jobId}?waitSeconds=30\` or the webhook. ${
      deployScoped ? 'The deploy comes from the path; a `deployId` in the body must equal it. ' : ''
    }\`deployVersionId\` may be a concrete version id, \`latest\` or an alias name: the job binds to the concrete version now, so moving an alias later does not change it. \`payload\` is any JSON value (canonicalised, RFC 8785, so equal values give equal bytes and \`payloadHash\`), or a string with a non-JSON \`payloadMime\`; \`payloadBase64\` sends raw bytes instead. The monthly render-job and render-time allowances of the plan apply. Optional \`Idempotency-Key\` (24 h; the whole body is compared, attachments and e-invoice XML included).

Document options: \`pdf: {standard, metadata}\` overrides the version's \`render.metadata.pdf\`; \`attachments\` embeds files (base64 \`content\`, or a \`bundlePath\` of the version) as PDF/A-3 associated files; \`eInvoice\` makes a Factur-X / ZUGFeRD PDF/A-3b with the XML embedded as \`factur-x.xml\`. Every problem is a 400 \`invalid_request\` whose \`details.field\` names the field (\`attachments[2].content\`, \`eInvoice.xml\`) and nothing is stored. A job with none of these (and a version without document options) streams Chromium's PDF as printed.${
      deployScoped
        ? ''
        : `

Inline sources: instead of \`deployId\`/\`deployVersionId\`, \`html\` (the entry document) with optional \`files\` (\`{path: base64}\`), or the same as \`multipart/form-data\` (an \`index.html\` part, asset parts named by their path, a \`job\` part with the JSON rest of the job). Folio stores them as a content-addressed version of the account's inline deploy (slug \`_inline\`): the same sources sent again reuse that version and store nothing new; the job shows that deploy and version like any other. The plan's \`maxInlineHtmlBytes\`, \`maxInlineFilesPerJob\` and \`maxInlineBytesPerJob\` apply (413 \`body_too_large\` naming the field or part), and the bytes count toward its storage; unused inline versions are deleted after \`inlineVersionRetentionDays\`.`
    }`,
    headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) }),
    body: CreateJobBody,
    response: { 202: Accepted },
    'x-folio': {
      success: 'The queued job',
      errors: [
        ...(deployScoped ? (['deploy_id_mismatch'] as const) : []),
        ...VERSION_JOB_ERRORS,
        'url_source_not_allowed',
        ...(deployScoped ? [] : INLINE_SOURCE_ERRORS),
      ] satisfies ErrorCode[],
      request: deployScoped ? docEx.createEInvoiceJobForDeploy : ex.createJob,
      ...(deployScoped ? {} : { alternativeBody: inlineMultipartBody }),
      response: deployScoped ? docEx.eInvoiceJobAccepted : ex.jobAccepted,
    },
  });
  const create = (req: FastifyRequest<{ Body: typeof CreateJobBody.static; Params: { deployId?: string } }>) => {
    const created = s.renderJobs.create(
      principalOf(req).accountId,
      { ...req.body, hasPayload: Object.prototype.hasOwnProperty.call(req.body, 'payload') },
      req.params.deployId,
    );
    return req.isMultipart() ? created.catch(partField) : created;
  };

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
      schema: { ...createSchema(true), params: Type.Object({ deployId: DeployIdParam() }) },
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
        description:
          'One page of the render jobs of the account, newest first. Filters (`status`, `deployId`, `businessKey`) match exactly.',
        querystring: JobsQuery,
        response: { 200: Type.Object({ items: Type.Array(Type.Ref('RenderJob')), nextCursor: NextCursor }) },
        'x-folio': {
          success: 'One page of render jobs',
          errors: ['deploy_not_found'],
          query: { businessKey: 'INV-2026-0042', limit: 20 },
          response: ex.jobList,
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
        description: 'One page of the render jobs of one deploy, newest first; the same filters as the account-wide list.',
        params: Type.Object({ deployId: DeployIdParam() }),
        querystring: JobsQuery,
        response: { 200: Type.Object({ items: Type.Array(Type.Ref('RenderJob')), nextCursor: NextCursor }) },
        'x-folio': {
          success: 'One page of render jobs',
          errors: ['deploy_not_found'],
          query: { status: 'failed', limit: 20 },
          response: ex.jobList,
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
        description:
          '`waitSeconds` (0–30) long-polls: the answer comes as soon as the job is terminal (`succeeded`, `failed`, `canceled`), or after that many seconds with its current state. After success the answer also has `output` (absent once deleted or expired) and, for a managed job, `pdf`. A failed job has `errorCode` and `errorMessage`.',
        params: JobParams,
        querystring: Type.Object(
          { waitSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 30 })) },
          { additionalProperties: false },
        ),
        response: { 200: JobResponse },
        'x-folio': {
          success: 'The job, and its output after success',
          errors: ['render_job_not_found'],
          query: { waitSeconds: 30 },
          response: ex.jobResult,
        },
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
        response: { 200: Type.Object({ job: Type.Ref('RenderJob') }) },
        'x-folio': {
          success: 'The canceled job',
          errors: ['render_job_not_found', 'render_job_not_cancelable', 'insufficient_storage'],
          response: ex.canceledJob,
        },
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
          description: `A signed URL of the job's PDF, served by Folio with no API key (\`Content-Disposition: ${disposition}\`). \`expiresInSeconds\` (1–604800, default 600) in the JSON body or the query string. Only a succeeded job has an output; a transient output is deleted 10 minutes after the job finished.`,
          params: JobParams,
          querystring: LinkQuery,
          body: LinkBody,
          response: { 200: Type.Ref('Access') },
          'x-folio': {
            success: 'The signed URL and when it expires',
            errors: ['render_job_not_found', 'render_output_not_ready', 'render_output_not_found', 'render_provider_unavailable'],
            request: ex.linkRequest,
            query: ex.linkRequest,
            response: ex.access,
          },
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
        description:
          'The output stops resolving at once (its signed URLs answer 404). A managed job keeps its managed PDF: delete that through `/v1/pdfs`.',
        params: JobParams,
        response: { 204: Type.Null() },
        'x-folio': {
          success: 'Deleted',
          errors: ['render_job_not_found', 'render_output_not_ready', 'render_output_not_found', 'insufficient_storage'],
        },
      },
    },
    async (req, reply) => {
      await s.renderedFiles.deleteOutput(principalOf(req).accountId, req.params.jobId);
      return reply.code(204).send();
    },
  );

  r.get(
    '/v1/render-jobs/:jobId/diagnostics',
    {
      config: { scope: 'render:read' },
      schema: {
        tags,
        summary: "Render diagnostics of a job's last attempt",
        description:
          "What the page of the job's last finished attempt did: its console messages, uncaught exceptions and unhandled rejections, the requests that were blocked by the network policy, missing from the bundle or failed, the ready path it took, and how long each phase took. Bounded (200 entries, about 64 kB; `dropped` counts the rest). `null` until an attempt has ended. Kept as long as the job.",
        params: JobParams,
        response: { 200: Type.Object({ diagnostics: Type.Union([RenderDiagnosticsSchema, Type.Null()]) }) },
        'x-folio': { success: 'The diagnostics (or null)', errors: ['render_job_not_found'], response: ex.diagnostics },
      },
    },
    async (req) => s.renderJobs.diagnostics(principalOf(req).accountId, req.params.jobId),
  );
}
