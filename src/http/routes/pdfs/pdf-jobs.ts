// POST /v1/pdf-jobs: ordered PDF steps on managed PDFs and render outputs. A job runs as a render job that
// prints no page (asynchronous, answered when done within `waitSeconds`); a job ending in `split` runs in
// the request. GET /v1/pdf-jobs/{jobId} shows one. The steps' own rules are src/domain/pdfs/pdf-steps.ts.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_STEPS, PDF_STEP_TYPES, STAMP_POSITIONS } from '../../../domain/pdfs/pdf-steps.js';
import { PDF_JOB_BODY_LIMIT } from '../../../domain/pdfs/pdf-step-shapes.js';
import { MAX_MERGE_SOURCES } from '../../../services/pdfs/pdf-merges.js';
import type { Services } from '../../../services/index.js';
import { idempotent, requestHash, runIdempotent } from '../../idempotent.js';
import { AppError } from '../../../errors/app-error.js';
import { runsInRequest, type PdfJobInput } from '../../../services/pdfs/pdf-jobs.js';
import { checkSteps } from '../../../domain/pdfs/pdf-steps.js';
import { sourceFiles, uploadSources } from '../../pdf-job-uploads.js';
import { sendFiles } from '../../file-answer.js';

type Source = { pdfId?: string; jobId?: string; upload?: string };

/** Whether the client asks for the file itself rather than JSON (`Accept: application/pdf` or `application/zip`). */
const acceptsFile = (accept: string | undefined) =>
  /application\/(pdf|zip)|text\/(plain|markdown)/i.test(accept ?? '') && !/application\/json/i.test(accept ?? '');
/** `Accept: text/plain` or `text/markdown`: the answer is the text of the job's (last) extractText step. */
const acceptsText = (accept: string | undefined) =>
  /text\/(plain|markdown)/i.test(accept ?? '') && !/application\/(pdf|zip)/i.test(accept ?? '');
import * as ex from '../../openapi/examples.js';
import * as pdfEx from '../../openapi/pdf-job-examples.js';
import { principalOf } from '../../plugins/auth.js';
import { QUOTA_ERRORS } from '../../openapi/job-creation-errors.js';

const Step = Type.Object(
  {
    type: Type.String({
      description:
        'select, rotate, stamp, watermark, merge, fillForm, flatten, metadata, attachments, outline, redact, nUp, conform, extractText, validate, split, optimize, encrypt, sign or timestamp.',
      enum: [...PDF_STEP_TYPES],
    }),
  },
  {
    additionalProperties: true,
    description: `One step; its other properties depend on \`type\` (the PDF guide, "PDF jobs"). Page selections (\`pages\`, \`ranges\`): 1-based pages and ranges, \`!\` excludes (\`"1-3,!2"\`, \`"5-"\`, \`"!1"\`). Stamp positions: ${STAMP_POSITIONS.join(', ')} or \`{x, y}\` in points.`,
  },
);

/** The longest and the default wait of POST /v1/pdf-jobs for its job. */
const MAX_PDF_JOB_WAIT_SECONDS = 120;
const DEFAULT_PDF_JOB_WAIT_SECONDS = 60;

const PdfJobResult = Type.Object(
  {
    job: Type.Optional(Type.Ref('RenderJob')),
    pdfs: Type.Optional(
      Type.Array(Type.Ref('ManagedPdf'), {
        description: 'The managed PDFs made: one, or one per part of a split; none when every step only reads.',
      }),
    ),
    reports: Type.Optional(
      Type.Array(Type.Object({}, { additionalProperties: true }), {
        description:
          'What the steps that read reported, in order: `extractText` → `{step, type, format, text, pages, structure: tags|layout|none, truncated}`; `validate` → `{step, type, passed, results: [{standard, passed, claimed, findings: [{clause, message, pages?, count}], checked}]}`.',
      }),
    ),
  },
  { description: '`{job, pdfs}` once the job succeeded, `{job}` while it runs; a job run in the request answers `{pdfs, reports?}`.' },
);

const PdfJobBody = Type.Object(
  {
    sources: Type.Array(
      Type.Object(
        {
          pdfId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'A managed PDF of the account (`pdf_…`).' })),
          jobId: Type.Optional(
            Type.String({ minLength: 1, maxLength: 100, description: 'A succeeded render job of the account (`job_…`).' }),
          ),
          upload: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 100,
              description:
                'multipart/form-data only: the name of a file part of the request, a PDF that becomes a managed PDF of the account (as `POST /v1/pdfs` makes one) before the job runs.',
            }),
          ),
        },
        { additionalProperties: false, description: 'Exactly one of `pdfId`, `jobId` or `upload`.' },
      ),
      { minItems: 1, maxItems: MAX_MERGE_SOURCES, description: 'Joined in this order before the first step.' },
    ),
    steps: Type.Array(Step, { maxItems: MAX_STEPS }),
    fileName: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'File name of the result (split: `-1`, `-2`… appended).' }),
    ),
    businessKey: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Your reference (split: `-1`, `-2`… appended).' })),
    outputMode: Type.Optional(
      Type.Union([Type.Literal('transient'), Type.Literal('managed')], {
        description:
          '`transient`: nothing is kept; the result is the answer (needs `Accept: application/pdf`, or `application/zip` for several), and uploads are not stored either. `managed` (the default for a JSON answer): the result is a managed PDF. With `Accept: application/pdf` the default is `transient`.',
      }),
    ),
    waitSeconds: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_PDF_JOB_WAIT_SECONDS,
        description: `How long the request waits for the job (default ${DEFAULT_PDF_JOB_WAIT_SECONDS}): 201 with its PDF when it finished, else 202 with the job to poll. 0: answer 202 at once. Not part of the body an \`Idempotency-Key\` compares.`,
      }),
    ),
  },
  { additionalProperties: false },
);

export function pdfJobRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/v1/pdf-jobs',
    {
      config: { scope: 'pdfs:write' },
      bodyLimit: PDF_JOB_BODY_LIMIT,
      schema: {
        tags: ['Managed PDFs'],
        summary: 'Run PDF steps (stamp, watermark, rotate, select, fill, flatten, split…)',
        description: `Joins the sources (managed PDFs, uploaded ones included, and succeeded render outputs of the account), applies \`steps\` in order and keeps the result as a new managed PDF. The work is a **job**: a render job that prints no page, with its states, the render-job and render-time allowances of the plan, the \`render.job.terminated\` webhook of the account's inline deploy (\`_inline\`), diagnostics, and \`GET /v1/pdf-jobs/{jobId}\` (it is listed by \`GET /v1/render-jobs\` too, with \`document.pdfSources\`). The request waits for it up to \`waitSeconds\` (default ${DEFAULT_PDF_JOB_WAIT_SECONDS}): **201** \`{job, pdfs}\` when it succeeded, **202** \`{job}\` when it still runs (poll \`GET /v1/pdf-jobs/{jobId}?waitSeconds=30\`), **422** when it failed: \`pdf_step_failed\` naming the step (\`details.field\`, \`details.jobId\`), else \`render_job_failed\` with \`details.jobErrorCode\`. Steps that need the server beside the sandbox — \`split\` (several PDFs), \`merge\`, a stamp of a PDF page, \`encrypt\` (its passwords are never stored), \`sign\`, \`timestamp\` — make the job run **in the request** instead (at most 120 s): 201 \`{pdfs}\`, one per part of a split, all stored or none. Steps (the PDF guide, "PDF jobs"): \`select {pages}\`, \`rotate {angle: 90|180|270, pages?}\`, \`stamp\` with exactly one of \`text\` (\`fontSize?, color?\`), \`image {contentBase64}\` (PNG or JPEG, at most 2 MB) or \`pdf {pdfId, page?}\` (a page of a managed PDF, embedded as a form XObject), and \`width?, height?\` (image, page), \`opacity?, rotation?, position?, pages?, layer?\` (over the content by default); \`watermark\` (a stamp under the content by default); \`merge {pdfIds}\` (appends managed PDFs); \`fillForm {fields: {name: value}}\` (text: a string; checkbox: true/false; radio, dropdown: an option; list box: options); \`flatten\`; \`metadata {title?, author?, subject?, keywords?}\`; \`attachments {add: [{name, contentBase64, mimeType, description?}]}\` (embedded files; GET /v1/pdfs/{id}/info lists them); \`outline {entries: [{title, page, children?}]}\` (replaces the bookmarks); \`split {every} | {ranges} | {outline: true}\` (one part per top-level bookmark); \`optimize {images?}\` (qpdf --linearize --object-streams=generate; \`images: true\` also recompresses images as JPEG where smaller, lossy); \`encrypt {ownerPassword, userPassword?, permissions?}\` (AES-256 as a render job's \`protection\`; passwords held in memory only); \`sign {certificateId, reason?, location?, contactInfo?, timestamp?}\` (PAdES B-B with a stored signing certificate; \`timestamp: true\` adds a signature time-stamp, PAdES B-T); \`timestamp\` (a document timestamp, /DocTimeStamp). Timestamps come from the account's RFC 3161 authority (\`PUT /v1/account/timestamp-authority\`), else the operator's (FOLIO_TIMESTAMP_AUTHORITY_URL); 400 when none is set, 502 \`timestamp_authority_failed\` when it fails. \`redact {areas?: [{page, x, y, width, height}], text?, patterns?, ignoreCase?, pages?, fill?}\` removes what lies under the areas (points from the top-left of the page as shown) and the strings or regular expressions found, from the content itself (text, images, paths), draws a box of \`fill\` (default black, \`null\` none) and fails rather than return a page where the text can still be read; \`nUp {columns, rows, sheet?, landscape?, order?, margin?, gap?, border?}\` puts several pages on each sheet; \`conform {standard?: pdf/a-2b|pdf/a-3b, accessibility?: pdf/ua-1}\` makes the document PDF/A or PDF/UA-1 or fails naming why; \`extractText {format?: text|markdown, pages?}\` and \`validate {standards: [pdf/a-1b|pdf/a-2b|pdf/a-3b|pdf/ua-1], failOnFindings?}\` read the document where they stand and report in \`reports\` (a job with them runs in the request; with only such steps no PDF is made; \`Accept: text/markdown\` or \`text/plain\` answers the extracted text itself). Order rules, checked before anything is read (400 naming the step): content steps first, then at most one each of \`split\`, \`optimize\`, \`encrypt\`, \`sign\` in this order, then \`timestamp\`s; nothing that rewrites the file after \`sign\` or \`timestamp\`; no \`timestamp\` with \`encrypt\`, no \`sign\`/\`timestamp\` with \`optimize\`; no \`fillForm\` after \`flatten\`. After \`split\`, the later steps apply to each part. Sources, stamp pages, merged PDFs and certificates of another account are 404 at once; a source deleted before an asynchronous job runs fails it with \`pdf_source_unavailable\`. Limits as for a merge (${MAX_MERGE_SOURCES} sources, the plan's \`maxRenderOutputBytes\` for the sources and each result); images and attachments at most 8 MB together. Optional \`Idempotency-Key\` (\`waitSeconds\` is not compared). **One request, nothing kept**: with \`Accept: application/pdf\` (or \`application/zip\`) the steps run in the request on the sources' bytes (uploads are not stored) and the answer is **200** with the PDF, or a zip of the parts of a split (\`outputMode: transient\`, the default then; \`outputMode: managed\` keeps it as usual). Results are named after \`fileName\`, else the first source.`,
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) }),
        body: PdfJobBody,
        response: { 201: PdfJobResult, 202: PdfJobResult },
        'x-folio': {
          success: 'The job and the managed PDF it made (a split: the PDFs)',
          errors: [
            'pdf_not_found',
            'render_job_not_found',
            'render_output_not_found',
            'pdf_deleting',
            'render_output_not_ready',
            'signing_certificate_not_found',
            'pdf_step_failed',
            'render_job_failed',
            ...QUOTA_ERRORS,
            'timestamp_authority_failed',
            'storage_limit_exceeded',
            'insufficient_storage',
          ],
          request: {
            sources: [{ pdfId: ex.ids.pdf }],
            steps: [
              { type: 'stamp', text: 'PAID', pages: '1', rotation: 45, opacity: 0.3, fontSize: 96 },
              { type: 'stamp', pdf: { pdfId: ex.ids.pdf, page: 1 }, position: 'bottom-right', width: 120, pages: '1' },
              { type: 'rotate', angle: 90, pages: '2-3' },
              { type: 'metadata', title: 'Invoice 4711 (paid)' },
              { type: 'outline', entries: [{ title: 'Invoice', page: 1, children: [{ title: 'Terms', page: 3 }] }] },
              { type: 'sign', certificateId: 'scert_01m80q5tg7e00c2n4p6r8t0v2x', reason: 'Paid', timestamp: true },
              { type: 'timestamp' },
            ],
            fileName: 'invoice-4711-paid',
            businessKey: 'paid-4711',
            waitSeconds: 30,
          },
          response: { job: pdfEx.pdfJob, pdfs: [pdfEx.pdfJobPdf] },
          parameters: { 'idempotency-key': 'paid-4711' },
          responses: {
            200: {
              description:
                'With `Accept: application/pdf` (or `application/zip`): the result itself, kept nowhere (`outputMode: transient`, the default then); several results (a split) as a zip. Named after `fileName`, else the first source.',
              content: {
                'application/pdf': { schema: { type: 'string', format: 'binary' }, example: '%PDF-1.7 … (the PDF bytes)' },
                'application/zip': { schema: { type: 'string', format: 'binary' }, example: 'PK… (the zip of the parts)' },
                'text/markdown': {
                  schema: { type: 'string' },
                  example: '# Invoice 4711\n\n| Item | Amount |\n| --- | --- |\n| Consulting | 1,200.00 |',
                },
              },
            },
          },
          alternativeBody: {
            mediaType: 'multipart/form-data',
            schema: {
              type: 'object',
              description:
                'The job with its PDFs in one request: the `job` part is the JSON body, and a source `{"upload": "<part name>"}` names a file part. Each such file becomes a managed PDF of the account (the checks and limits of `POST /v1/pdfs`: 422 `pdf_invalid` naming `sources[i].upload`) before the job runs; a file part no source names, or a name no file part has, is a 400; when the job cannot be created, the PDFs made for it are deleted again.',
              required: ['job'],
              properties: { job: { type: 'string', contentMediaType: 'application/json', description: 'The JSON body.' } },
              additionalProperties: { type: 'string', format: 'binary', description: 'A PDF a source names by this part name.' },
            },
            example: {
              job: '{"sources":[{"upload":"invoice"}],"steps":[{"type":"stamp","text":"PAID","rotation":45,"opacity":0.3}]}',
              invoice: "%PDF-1.7 … (the supplier's invoice)",
            },
          },
        },
      },
    },
    async (req, reply) => {
      const { accountId } = principalOf(req);
      const { waitSeconds, outputMode, ...sent } = req.body;
      const wantsFile = acceptsFile(req.headers.accept);
      if (outputMode === 'transient' && !wantsFile)
        throw new AppError(
          'invalid_request',
          'a transient PDF job answers with the file: send Accept: application/pdf (application/zip for several), or leave out outputMode',
          { field: 'outputMode' },
        );
      if (wantsFile && outputMode !== 'managed') return answerTransient(req, reply, accountId, sent as PdfJobInput & { sources: Source[] });
      // Files of a multipart request become managed PDFs first (the steps are checked before that).
      let made: string[] = [];
      let body = sent as PdfJobInput;
      if (sent.sources.some((src) => src.upload !== undefined)) {
        const checked = checkSteps(sent.steps);
        if ('problem' in checked) throw new AppError('invalid_request', checked.problem.message, { field: checked.problem.field });
        const uploaded = await uploadSources(req, s, accountId, sent.sources);
        made = uploaded.made;
        body = { ...sent, sources: uploaded.sources };
      }
      try {
        return await runJob(req, reply, accountId, body, waitSeconds);
      } catch (err) {
        // Nothing half-written: a job that was never created leaves no uploaded PDF behind.
        if (!reply.sent) for (const id of made) await s.renderedFiles.deletePdf(accountId, id).catch(() => undefined);
        throw err;
      }
    },
  );

  /** A transient job: the sources as bytes, the steps in the request, the result answered and forgotten. */
  async function answerTransient(req: FastifyRequest, reply: FastifyReply, accountId: string, body: PdfJobInput & { sources: Source[] }) {
    const checked = checkSteps(body.steps);
    if ('problem' in checked) throw new AppError('invalid_request', checked.problem.message, { field: checked.problem.field });
    const files = await sourceFiles(req, s, accountId, body.sources);
    const asText = acceptsText(req.headers.accept);
    if (asText && !checked.steps.some((st) => st.type === 'extractText'))
      throw new AppError(
        'invalid_request',
        'Accept: text/plain or text/markdown answers the text of an extractText step, and steps has none',
        {
          field: 'steps',
        },
      );
    const [results] = await s.pdfJobs.runOnUploads(accountId, files, () => body.steps, { each: false });
    if (asText) {
      const texts = (results[0].reports ?? []).filter((r) => r.type === 'extractText');
      const last = texts[texts.length - 1] as { format: string; text: string };
      return reply
        .code(200)
        .type(last.format === 'markdown' ? 'text/markdown; charset=utf-8' : 'text/plain; charset=utf-8')
        .send(last.text);
    }
    const base = (body.fileName ?? files[0].name).replace(/\.pdf$/i, '');
    const named = results.map((r, k) => ({
      name: `${base}${results.length > 1 ? `-${k + 1}` : ''}.pdf`,
      bytes: r.bytes,
      pageCount: r.pageCount,
    }));
    return sendFiles(reply, named, body.fileName);
  }

  async function runJob(req: FastifyRequest, reply: FastifyReply, accountId: string, body: PdfJobInput, waitSeconds: number | undefined) {
    // Several PDFs (split), or steps that need the server beside the sandbox: the work runs in the request.
    if (runsInRequest(body.steps)) return idempotent(req, reply, s.idempotency, 201, () => s.pdfJobs.run(accountId, body));
    const created = await runIdempotent(
      req,
      s.idempotency,
      () => requestHash('POST', '/v1/pdf-jobs', {}, body),
      202,
      () => s.pdfJobs.create(accountId, body),
    );
    if (created.replayed) reply.header('idempotent-replayed', 'true');
    return answer(reply, accountId, created.value.job.id, waitSeconds ?? DEFAULT_PDF_JOB_WAIT_SECONDS, true);
  }

  /**
   * The job once it ended or `seconds` passed: 201 (POST) or 200 `{job, pdfs}` when it succeeded, 202 `{job}`
   * while it runs. A POST whose job failed answers its failure: 422 pdf_step_failed naming the step (as the
   * steps' checks do), else 422 render_job_failed with the job's code.
   */
  async function answer(reply: FastifyReply, accountId: string, jobId: string, seconds: number, post: boolean) {
    const gone = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableFinished) gone.abort();
    };
    reply.raw.on('close', onClose);
    try {
      await s.renderSync.wait(accountId, jobId, seconds, gone.signal);
    } finally {
      reply.raw.off('close', onClose);
    }
    const view = await s.pdfJobs.view(accountId, jobId);
    const { job } = view;
    if (post && job.status === 'failed') {
      const message = job.errorMessage ?? `PDF job ${jobId} failed`;
      if (job.errorCode === 'pdf_step_failed')
        throw new AppError('pdf_step_failed', message, { field: /^(steps\[\d+\][^:\s]*)/.exec(message)?.[1] ?? 'steps', jobId });
      throw new AppError('render_job_failed', message, {
        jobId,
        jobStatus: job.status,
        ...(job.errorCode ? { jobErrorCode: job.errorCode } : {}),
      });
    }
    if (job.status === 'succeeded') return reply.code(post ? 201 : 200).send(view);
    return reply.code(post ? 202 : 200).send(view);
  }

  r.get(
    '/v1/pdf-jobs/:jobId',
    {
      config: { scope: 'pdfs:read' },
      schema: {
        tags: ['Managed PDFs'],
        summary: 'Get a PDF job (with its PDF after success)',
        description:
          "A PDF job is a render job that prints no page (it also appears in `GET /v1/render-jobs`, with `document.pdfSources`): `waitSeconds` (0–30) long-polls until it ends. After success `pdfs` holds the managed PDF it made. A failed job has `errorCode` (`pdf_step_failed` naming the step, `pdf_source_unavailable`, `pdf_limit_exceeded`, `storage_limit_exceeded`…) and `errorMessage`. Another account's job, or a render job that is not a PDF job, is 404.",
        params: Type.Object({ jobId: Type.String({ minLength: 1, maxLength: 100 }) }),
        querystring: Type.Object(
          { waitSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 30 })) },
          { additionalProperties: false },
        ),
        response: { 200: PdfJobResult },
        'x-folio': {
          success: 'The job, and its PDF after success',
          errors: ['render_job_not_found'],
          query: { waitSeconds: 30 },
          response: { job: pdfEx.pdfJob, pdfs: [pdfEx.pdfJobPdf] },
        },
      },
    },
    async (req, reply) => answer(reply, principalOf(req).accountId, req.params.jobId, req.query.waitSeconds ?? 0, false),
  );
}
