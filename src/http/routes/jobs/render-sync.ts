// POST /v1/render: one request, one PDF. A normal render job underneath (RenderJobs.create:
// quotas, meters, webhooks, retention), waited for with the job long poll, answered with the bytes.
import { parseStoredWarnings } from '../../../domain/jobs/job-warnings.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../errors/app-error.js';
import type { ErrorCode } from '../../../errors/codes.js';
import type { Services } from '../../../services/index.js';
import { parseJobDocumentView } from '../../../domain/jobs/job-document.js';
import { isSinglePage } from '../../../domain/jobs/page-images.js';
import { DEFAULT_SYNC_WAIT_SECONDS, SYNC_WAIT_MARGIN_SECONDS } from '../../../services/jobs/render-sync.js';
import { requestHash, runIdempotent } from '../../idempotent.js';
import { jobBodyLimit } from '../../job-body-limit.js';
import { partField } from '../../multipart/job-body.js';
import { inlineMultipartBody } from '../../multipart/reference.js';
import * as ex from '../../openapi/examples.js';
import { principalOf } from '../../plugins/auth.js';
import { CreateJobBody } from '../../schemas/render.js';
import { productOf, sendProduct, waitWhileConnected } from '../../waited-job.js';
import { INLINE_SOURCE_ERRORS, VERSION_JOB_ERRORS, WAITED_JOB_ERRORS } from '../../openapi/job-creation-errors.js';

const SyncBody = Type.Composite(
  [
    CreateJobBody,
    Type.Object({
      waitSeconds: Type.Optional(
        Type.Integer({
          minimum: 0,
          maximum: 3600,
          description: `How long to wait for the PDF (default ${DEFAULT_SYNC_WAIT_SECONDS}, or the maximum when that is lower); at most the version's render timeout plus ${SYNC_WAIT_MARGIN_SECONDS} s. After it the answer is 202 with the job.`,
        }),
      ),
    }),
  ],
  { additionalProperties: false },
);
type SyncBodyT = typeof SyncBody.static;
type JobBody = Omit<SyncBodyT, 'waitSeconds'>;
type Accepted = { accepted: boolean; queue: string; job: { id: string } };

/** JSON when the client asks for JSON and not for a PDF; the PDF otherwise (no Accept, `*\/*`, `application/pdf`). */
const wantsJson = (accept: string | undefined) =>
  accept !== undefined && /\bapplication\/json\b/i.test(accept) && !/\bapplication\/pdf\b/i.test(accept);

/** Whether a job keeps only page images (an image outputFormat): its answer is an image, not a PDF. */
const keepsOnlyImages = (job: { document_view_json: string | null }) =>
  parseJobDocumentView(job.document_view_json)?.outputFormat !== undefined;

const jobDoc = { $ref: '#/components/schemas/RenderJob' };
const headerDocs = {
  'Folio-Job-Id': { description: 'The render job (`job_…`).', schema: { type: 'string' } },
  'Folio-Page-Count': { description: 'Pages of the PDF.', schema: { type: 'integer' } },
  'Folio-Sha256': { description: 'sha256 hex of the PDF bytes.', schema: { type: 'string' } },
  'Folio-Warnings': {
    description:
      'Present when the job has warnings (the PDF was made, but something in the page went wrong): a list of `code;count=N`, e.g. `page_exception;count=2, http_error_status;count=1`. The messages are in the job (`GET /v1/render-jobs/{jobId}`, `warnings`).',
    schema: { type: 'string' },
  },
  ETag: { description: 'The quoted sha256 of the PDF, as its signed URLs answer.', schema: { type: 'string' } },
  'Content-Disposition': { description: '`attachment`, with the file name of the output.', schema: { type: 'string' } },
};

export function renderSyncRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const sync = s.renderSync;
  // Shutdown: every waiting request answers 202 with its job now instead of holding the server open.
  app.addHook('preClose', async () => sync.close());

  /** Creates the job once per Idempotency-Key (waitSeconds is not part of the compared body). */
  async function createOnce(req: FastifyRequest, accountId: string, body: JobBody): Promise<{ accepted: Accepted; replayed: boolean }> {
    const create = () => {
      const created = s.renderJobs.create(accountId, {
        ...body,
        hasPayload: Object.prototype.hasOwnProperty.call(body, 'payload'),
      }) as Promise<Accepted>;
      return req.isMultipart() ? created.catch(partField) : created;
    };
    const r = await runIdempotent(req, s.idempotency, () => requestHash('POST', '/v1/render', {}, body), 202, create);
    return { accepted: r.value, replayed: r.replayed };
  }

  async function answer(req: FastifyRequest, reply: FastifyReply, accountId: string, jobId: string, waitSeconds: number) {
    const { job, gone } = await waitWhileConnected(s, reply, accountId, jobId, waitSeconds);
    if (job.status === 'succeeded' && !gone) {
      const warnings = parseStoredWarnings(job.warnings_json);
      if (warnings.length) reply.header('folio-warnings', warnings.map((w) => `${w.code};count=${w.count}`).join(', '));
      const imagesOnly = keepsOnlyImages(job);
      if (wantsJson(req.headers.accept)) {
        const images = await s.pageImages.ofJob(jobId);
        const result = await s.renderJobs.get(accountId, jobId);
        const link = imagesOnly ? {} : await s.renderedFiles.outputLink(accountId, jobId, 'attachment');
        const pictured = images.length > 0 ? { images: images.map((i) => s.pageImages.withLink(i)) } : {};
        return reply.code(200).send({ ...result, ...link, ...pictured });
      }
      // A job that keeps only images was checked to picture one page (or to ask for JSON).
      return sendProduct(s, reply, jobId, await productOf(s, jobId, imagesOnly));
    }
    if (job.status === 'failed' || job.status === 'canceled') {
      throw new AppError('render_job_failed', job.error_message ?? `render job ${jobId} was ${job.status}`, {
        jobId,
        jobStatus: job.status,
        ...(job.error_code !== null ? { jobErrorCode: job.error_code } : {}),
      });
    }
    // Still running: the job as a read shows it now.
    return reply.code(202).send({ accepted: true, queue: job.queue, job: (await s.renderJobs.get(accountId, jobId)).job });
  }

  r.post(
    '/v1/render',
    {
      config: { scope: 'render:write' },
      bodyLimit: jobBodyLimit(s),
      schema: {
        tags: ['Render jobs'],
        summary: 'Render and answer the PDF (synchronous)',
        description: `One request, one PDF: takes everything \`POST /v1/render-jobs\` takes plus \`waitSeconds\` (default ${DEFAULT_SYNC_WAIT_SECONDS}, or the maximum when lower; at most the version's render timeout, capped by the plan, plus ${SYNC_WAIT_MARGIN_SECONDS} s, otherwise 400 naming \`waitSeconds\`). It creates a normal render job (plan allowances, meters, webhooks and retention apply as to any job) and waits for it:

- succeeded in time: 200 with the PDF streamed (\`Content-Type: application/pdf\`, \`Content-Disposition: attachment\` with the file name, \`ETag\`, \`Folio-Job-Id\`, \`Folio-Page-Count\`, \`Folio-Sha256\`); with \`Accept: application/json\` (and not \`application/pdf\`) 200 with the job, its output and a signed download link (\`access\`) instead;
- still running when the wait is over (or the server shuts down): 202 with the job, exactly as \`POST /v1/render-jobs\` answers, to poll with \`GET /v1/render-jobs/{jobId}?waitSeconds=30\`;
- an image \`outputFormat\` (\`png\`, \`jpeg\`, \`webp\`): 200 with the image of the one page the job pictures (\`images.pages\`, default \`1\`; a job that would picture more is refused with 400 naming \`images.pages\`), \`Content-Type\` \`image/…\`, \`Folio-Job-Id\`, \`Folio-Sha256\`, \`ETag\`; with \`Accept: application/json\`, the job and \`images\` with signed links (and no \`access\`: there is no PDF). A PDF job with \`images\` answers the PDF, and lists \`images\` in its JSON answer;
- failed or canceled: 422 \`render_job_failed\`, the job's \`errorMessage\` as \`message\` and its \`errorCode\` as \`details.jobErrorCode\`.

Optional \`Idempotency-Key\` (24 h, the body compared without \`waitSeconds\`): a replay answers the same job, waited for again, so a succeeded one gives the same bytes (until a transient output is deleted, 10 minutes after the job finished: then 404 \`render_output_not_found\`). A client that disconnects while waiting leaves the job running to its end.`,
        headers: Type.Object({
          'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
          accept: Type.Optional(Type.String({ description: '`application/json` for the job and a signed link instead of the PDF.' })),
        }),
        body: SyncBody,
        'x-folio': {
          success: 'The PDF',
          errors: [
            ...VERSION_JOB_ERRORS,
            ...WAITED_JOB_ERRORS,
            'url_source_not_allowed',
            // Inline sources (html or markdown, files, engine; JSON or multipart), as on POST /v1/render-jobs.
            ...INLINE_SOURCE_ERRORS,
          ] satisfies ErrorCode[],
          request: { ...ex.createJob, waitSeconds: 60 },
          alternativeBody: inlineMultipartBody,
          parameters: { accept: 'application/pdf' },
          responses: {
            200: {
              description:
                'The job succeeded in time: the PDF (or, with `Accept: application/json`, the job, its output and a signed download link)',
              headers: headerDocs,
              content: {
                'application/pdf': { schema: { type: 'string', format: 'binary' }, example: '%PDF-1.7 … (the PDF bytes)' },
                'image/png': {
                  schema: { type: 'string', format: 'binary' },
                  example: 'PNG … (the image bytes; image/jpeg, image/webp alike)',
                },
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['job'],
                    properties: {
                      job: jobDoc,
                      output: { $ref: '#/components/schemas/RenderOutput' },
                      pdf: { $ref: '#/components/schemas/EmbeddedPdf' },
                      images: {
                        type: 'array',
                        items: { $ref: '#/components/schemas/PageImage' },
                        description: 'The page images of a job with `images` or an image `outputFormat`.',
                      },
                      access: {
                        type: 'object',
                        required: ['url', 'expiresAt'],
                        properties: { url: { type: 'string' }, expiresAt: { type: 'integer' } },
                      },
                    },
                  },
                  example: { job: ex.jobResult.job, output: ex.jobResult.output, ...ex.access },
                },
              },
            },
            202: {
              description: 'The wait is over and the job is not finished: the job, as `POST /v1/render-jobs` answers it',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['accepted', 'queue', 'job'],
                    properties: { accepted: { type: 'boolean' }, queue: { type: 'string' }, job: jobDoc },
                  },
                  example: ex.jobAccepted,
                },
              },
            },
          },
        },
      },
    },
    async (req, reply) => {
      const { accountId } = principalOf(req);
      const { waitSeconds: asked, ...body } = req.body;
      // An image product answered as the body is one image: refused before anything is created otherwise.
      if (body.outputFormat !== undefined && body.outputFormat !== 'pdf' && !wantsJson(req.headers.accept)) {
        const pages = body.images?.pages ?? '1';
        if (!isSinglePage(pages))
          throw new AppError(
            'invalid_request',
            `images.pages "${pages}" pictures more than one page, and a synchronous render answers one image: picture one page, or ask for the job and its image links with Accept: application/json`,
            { field: 'images.pages' },
          );
      }
      const waitSeconds = await sync.waitOf(accountId, body, asked);
      const { accepted, replayed } = await createOnce(req, accountId, body);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return answer(req, reply, accountId, accepted.job.id, waitSeconds);
    },
  );
}
