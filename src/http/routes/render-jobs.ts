import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyMultipartOptions } from '@fastify/multipart';
import { MAX_INLINE_BYTES_CEILING, MAX_INLINE_FILES_CEILING } from '../../domain/plans.js';
import { AppError } from '../../errors/app-error.js';
import { DEFAULT_PAGE_SIZE } from '../../domain/cursor.js';
import * as docEx from '../openapi/document-examples.js';
import type { Services } from '../../services/index.js';
import { idempotent } from '../idempotent.js';
import { jobBodyLimit } from '../job-body-limit.js';
import { principalOf } from '../plugins/auth.js';
import * as ex from '../openapi/examples.js';
import type { ErrorCode } from '../../errors/codes.js';
import { RenderDiagnosticsSchema } from '../schemas/diagnostics.js';
import { IdParam, ListQuery, NextCursor } from '../schemas/common.js';
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
/** The largest single part of a multipart job: a file is at most 10 MiB (as an upload), the `job` part as big as a JSON job. */
const MULTIPART_FILE_BYTES = 10 * 1024 * 1024;

/**
 * Options of @fastify/multipart for the scope of the job-creation routes (server.ts): fixed ceilings that
 * bound the parsing (parts, sizes); the plan's own limits are checked by the service on the assembled body.
 */
export const multipartOptions = (s: Services): FastifyMultipartOptions => ({
  limits: {
    fileSize: MULTIPART_FILE_BYTES,
    fieldSize: jobBodyLimit(s),
    files: MAX_INLINE_FILES_CEILING + 2,
    fields: MAX_INLINE_FILES_CEILING + 2,
    parts: MAX_INLINE_FILES_CEILING + 2,
    headerPairs: 200,
  },
});

/** The parts a multipart job may have besides `index.html` and `job`: as many as inline `files` may have. */
const MAX_ASSET_PARTS = MAX_INLINE_FILES_CEILING;
const ASSET_PARTS_LIMIT = `a multipart job may have at most ${MAX_ASSET_PARTS} parts besides index.html and job (one per file)`;

const MULTIPART_LIMITS: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: `a part may be at most ${MULTIPART_FILE_BYTES} bytes`,
  FST_PARTS_LIMIT: ASSET_PARTS_LIMIT,
  FST_FILES_LIMIT: ASSET_PARTS_LIMIT,
  FST_FIELDS_LIMIT: ASSET_PARTS_LIMIT,
};

/** Messages of @fastify/busboy for a body that ends before its closing delimiter (`--boundary--`). */
const CUT_SHORT = /Unexpected end of multipart data|terminated early/;

/** The boundary parameter of a multipart Content-Type (RFC 2046: 1 to 70 characters), or null. */
function boundaryOf(contentType: string | undefined): string | null {
  const m = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const b = m ? (m[1] ?? m[2]) : '';
  return b.length >= 1 && b.length <= 70 ? b : null;
}

/**
 * Watches the raw body for the closing delimiter: @fastify/multipart ends its parts quietly when the body
 * ends before it, so a job cut short would otherwise be taken with the parts that did arrive. Content
 * cannot hold CRLF + `--boundary` (that is a delimiter), so finding CRLF + `--boundary--` means the body
 * reached its end. Attached before the parser starts reading, and sees every chunk before it.
 */
function watchClosingDelimiter(req: FastifyRequest, boundary: string): () => boolean {
  const close = Buffer.from(`\r\n--${boundary}--`);
  let seen = false;
  let tail = Buffer.from('\r\n'); // the body may start with the closing delimiter (no parts at all)
  const onData = (chunk: Buffer) => {
    const window = Buffer.concat([tail, chunk]);
    if (window.includes(close)) {
      seen = true;
      req.raw.off('data', onData);
    } else tail = window.subarray(Math.max(0, window.length - close.length + 1));
  };
  req.raw.on('data', onData);
  return () => seen;
}

/** A part name that arrived as bytes that are not UTF-8 (the parser turns each such sequence into U+FFFD). */
const NOT_UTF8 = '\uFFFD';

/**
 * A `multipart/form-data` job (the shape Gotenberg users send) turned into the JSON body of the same job,
 * before validation, so the body schema, idempotency and the service see one shape: the `index.html` part
 * is `html`, every other part a file whose path is its field name (`files`, base64), and the optional `job`
 * part (JSON) the rest of the job. A preValidation hook of the job-creation scope (server.ts); JSON
 * requests pass through untouched. A malformed body (no boundary, cut short before its closing delimiter,
 * a part name that is not UTF-8) is a 400, and every limit a 413 naming the part.
 */
export async function multipartJobBody(req: FastifyRequest): Promise<void> {
  if (!req.isMultipart()) return;
  const boundary = boundaryOf(req.headers['content-type']);
  if (boundary === null)
    throw new AppError(
      'invalid_request',
      'Content-Type multipart/form-data needs a boundary parameter of 1 to 70 characters (multipart/form-data; boundary=…)',
      { field: 'content-type' },
    );
  const closed = watchClosingDelimiter(req, boundary);
  const cutShort = () =>
    new AppError('invalid_request', `the multipart body ends before its closing boundary (--${boundary}--): it was cut short`, {
      field: 'body',
    });
  let html: string | undefined;
  let job: Record<string, unknown> = {};
  const files: Record<string, string> = {};
  let assetParts = 0;
  const seen = new Set<string>();
  let current = 'body';
  let sourceBytes = 0;
  try {
    for await (const part of req.parts()) {
      current = part.fieldname;
      if (part.fieldname.includes(NOT_UTF8))
        throw new AppError(
          'invalid_request',
          `a part name is not valid UTF-8 (${JSON.stringify(part.fieldname)} as read): part names are paths, sent in UTF-8, and U+FFFD is refused as the mark of bytes that were not`,
          { field: part.fieldname },
        );
      if (seen.has(part.fieldname))
        throw new AppError('invalid_request', `part ${part.fieldname} is sent twice`, { field: part.fieldname });
      seen.add(part.fieldname);
      if (part.fieldname !== 'index.html' && part.fieldname !== 'job' && ++assetParts > MAX_ASSET_PARTS)
        throw new AppError('body_too_large', `${ASSET_PARTS_LIMIT}; part ${part.fieldname} is one more`, { field: part.fieldname });
      let bytes: Buffer;
      if (part.type === 'file') bytes = await part.toBuffer();
      else {
        if (part.valueTruncated)
          throw new AppError('body_too_large', `part ${part.fieldname} is larger than a part may be`, { field: part.fieldname });
        bytes = Buffer.from(String(part.value), 'utf8');
      }
      // A text part (no filename) has the same limit as a file part; the job part is as big as a JSON job.
      if (part.fieldname !== 'job' && bytes.length > MULTIPART_FILE_BYTES)
        throw new AppError(
          'body_too_large',
          `part ${part.fieldname} is ${bytes.length} bytes; a part may be at most ${MULTIPART_FILE_BYTES}`,
          {
            field: part.fieldname,
          },
        );
      // The sources' ceiling bounds what a request can make the server hold (the plan's limits come later).
      if (part.fieldname !== 'job') sourceBytes += bytes.length;
      if (sourceBytes > MAX_INLINE_BYTES_CEILING)
        throw new AppError('body_too_large', `part ${part.fieldname} brings the sources past ${MAX_INLINE_BYTES_CEILING} bytes`, {
          field: part.fieldname,
        });
      if (part.fieldname === 'index.html') html = bytes.toString('utf8');
      else if (part.fieldname === 'job') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(bytes.toString('utf8'));
        } catch {
          throw new AppError('invalid_request', 'the job part must be a JSON object', { field: 'job' });
        }
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
          throw new AppError('invalid_request', 'the job part must be a JSON object', { field: 'job' });
        job = parsed as Record<string, unknown>;
        for (const k of ['html', 'files'])
          if (k in job) throw new AppError('invalid_request', `the job part must not hold ${k}: send it as parts`, { field: 'job' });
      } else files[part.fieldname] = bytes.toString('base64');
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    // A body that stopped arriving (the client went away, or took longer than FOLIO_REQUEST_TIMEOUT_MS and
    // was answered 408) is the client's doing, not a server fault: logged as such, answered to nobody.
    if (!(err instanceof AppError) && !req.raw.complete && (req.raw.destroyed || code === 'ECONNRESET')) {
      req.log.info({ reason: (err as Error).message }, 'multipart job body aborted before it was complete');
      throw new AppError('invalid_request', 'the request body ended before it was complete (the connection was closed)', {
        field: 'body',
      });
    }
    if (code !== undefined && code in MULTIPART_LIMITS)
      throw new AppError('body_too_large', `part ${current}: ${MULTIPART_LIMITS[code]}`, { field: current });
    if (code === 'FST_PROTO_VIOLATION') throw new AppError('invalid_request', `part ${current}: a reserved name`, { field: current });
    if (!(err instanceof AppError) && CUT_SHORT.test((err as Error).message ?? '')) throw cutShort();
    throw err;
  }
  if (!closed()) throw cutShort();
  if (html === undefined)
    throw new AppError('invalid_request', 'a multipart job needs an index.html part (the entry document)', { field: 'index.html' });
  req.body = { ...job, html, ...(Object.keys(files).length > 0 ? { files } : {}) };
}

/**
 * A refusal of a multipart job names the part (`index.html`, `img/logo.png`) rather than the JSON field the
 * parts became (`html`, `files["img/logo.png"]`), in `details.field` and in the message.
 */
export function partField(err: unknown): never {
  if (err instanceof AppError && err.details && typeof err.details.field === 'string') {
    const field = err.details.field;
    const m = /^files\[("(?:[^"\\]|\\.)*")\]$/.exec(field);
    const part = field === 'html' ? 'index.html' : m ? (JSON.parse(m[1]) as string) : null;
    if (part !== null) {
      err.details.field = part;
      if (err.message.startsWith(field)) err.message = `part ${part}${err.message.slice(field.length)}`;
    } else if (field === 'files')
      err.message = err.message
        .replace(/^files has (\d+) entries/, 'the job has $1 parts besides index.html and job')
        .replace(/^html and files are/, 'index.html and the other parts are');
  }
  throw err;
}

/**
 * The `multipart/form-data` form of a job body in the API reference (x-folio `alternativeBody`): the job
 * routes here and any route that reuses the job body (POST /v1/render) take it.
 */
export const inlineMultipartBody = {
  mediaType: 'multipart/form-data',
  schema: {
    type: 'object',
    description:
      "Inline sources the way Gotenberg users send them: the `index.html` part is `html`, every other part a file of `files` whose path is the part's field name (`css/style.css`), and the optional `job` part the JSON rest of the job (`payload`, `businessKey`, `outputMode`, `pdf`, …; not `html`, `files`, `deployId`). A missing `index.html` part is a 400 naming it; a plan limit is a 413 naming the part.",
    required: ['index.html'],
    properties: {
      'index.html': { type: 'string', format: 'binary', description: 'The entry document (UTF-8).' },
      job: { type: 'string', contentMediaType: 'application/json', description: 'The rest of the job as a JSON object.' },
    },
    additionalProperties: { type: 'string', format: 'binary', description: 'An asset; the field name is its path.' },
  },
  example: {
    'index.html': '<!doctype html><link rel=stylesheet href=css/style.css><h1>Invoice</h1>',
    'css/style.css': 'h1 { color: #444 }',
    job: '{"businessKey":"INV-2026-0042","payload":{"customer":"ACME"}}',
  },
  encoding: { job: { contentType: 'application/json' } },
} as const;

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
        'deploy_not_found',
        'deploy_version_not_found',
        'deploy_has_no_versions',
        'payload_too_large',
        'payload_invalid',
        'signing_certificate_not_found',
        'render_job_quota_exceeded',
        'render_time_quota_exceeded',
        'render_provider_unavailable',
        'insufficient_storage',
        ...(deployScoped ? [] : (['body_too_large', 'invalid_path', 'storage_limit_exceeded'] as const)),
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
        params: Type.Object({ deployId: IdParam('Deploy id.') }),
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

  r.get(
    '/v1/render-jobs/:jobId/webhook-deliveries',
    {
      config: { scope: 'render:read' },
      schema: {
        tags: ['Webhooks'],
        summary: 'Webhook event and delivery attempts of a job',
        description:
          "The job's `render.job.terminated` event (`null` when none was recorded: the webhook was off, or the job is not terminal) and every delivery attempt, oldest first: `statusCode` when a response arrived, `error` otherwise or for a non-2xx.",
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
        },
        'x-folio': { success: 'The event and its attempts', errors: ['render_job_not_found'], response: ex.deliveries },
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
        description:
          'Same event id, new delivery id, `manual: true`; the attempt is made before the response (at most 10 s) and recorded, and counts toward the six attempts. A 2xx marks the event `delivered`. A terminal job without an event (its webhook was off when it finished) gets one now if the webhook is enabled with a URL.',
        params: JobParams,
        response: { 200: Type.Object({ delivery: Delivery }) },
        'x-folio': {
          success: 'The recorded attempt',
          errors: ['render_job_not_found', 'webhook_not_available', 'insufficient_storage'],
          response: ex.redelivered,
        },
      },
    },
    async (req) => s.webhooks.redeliver(principalOf(req).accountId, req.params.jobId),
  );
}
