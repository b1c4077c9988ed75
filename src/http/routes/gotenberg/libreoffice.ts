// Gotenberg's LibreOffice route at Gotenberg's own path: `files` parts, each an Office document, converted
// by Folio's LibreOffice engine as ordinary render jobs with an Office entry (quotas, meters, diagnostics,
// the sandbox), and answered as the PDF; with merge=true the PDFs of several files merged in the
// alphanumeric order of their names. The field mapping is domain/gotenberg-libreoffice.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mergeOrder, outputFileName } from '../../../domain/gotenberg/form.js';
import { mapLibreOfficeForm } from '../../../domain/gotenberg/libreoffice.js';
import { isOfficeFileName } from '../../../domain/office/office-input.js';
import { AppError } from '../../../errors/app-error.js';
import type { ErrorCode } from '../../../errors/codes.js';
import type { Services } from '../../../services/index.js';
import { jobBodyLimit } from '../../job-body-limit.js';
import { readFormParts } from '../../multipart/form-parts.js';
import { principalOf } from '../../plugins/auth.js';
import { contentDisposition } from '../jobs/files.js';
import { formField, renderAndAnswer } from './answer.js';
import { gotenbergHeaders } from './chromium.js';
import { QUOTA_ERRORS } from '../../openapi/job-creation-errors.js';

const PATH = '/forms/libreoffice/convert';

const errors: ErrorCode[] = [
  'office_input_invalid',
  'office_password_required',
  'office_unavailable',
  'render_job_failed',
  'conversion_timeout',
  ...QUOTA_ERRORS,
  'body_too_large',
  'invalid_path',
  'storage_limit_exceeded',
];

async function formOf(req: FastifyRequest) {
  const form = await readFormParts(req);
  if (form.files.length === 0)
    throw new AppError('invalid_request', 'files: the form needs at least one Office document as a files part', { field: 'files' });
  const notOffice = form.files.find((f) => !isOfficeFileName(f.name));
  if (notOffice)
    throw new AppError(
      'office_input_invalid',
      `file ${notOffice.name}: not an Office document LibreOffice converts here (by its extension: .docx .xlsx .pptx .odt .ods .odp .doc .xls .ppt .rtf .txt .csv)`,
      { field: notOffice.name },
    );
  const mapped = mapLibreOfficeForm(form.fields);
  if ('problem' in mapped) throw new AppError('invalid_request', mapped.problem.message, { field: mapped.problem.field });
  if (form.files.length > 1 && !mapped.merge)
    throw new AppError(
      'invalid_request',
      'files: several files are answered merged into one PDF: send merge=true (Folio does not answer a zip of PDFs; convert the files one by one for separate PDFs)',
      { field: 'files' },
    );
  return { files: form.files, office: mapped.office };
}

const jobOf = (file: { name: string; bytes: Buffer }, office: object) => ({
  entry: file.name,
  files: { [file.name]: file.bytes.toString('base64') },
  ...(Object.keys(office).length > 0 ? { office } : {}),
});

export function gotenbergLibreOfficeRoutes(app: FastifyInstance, s: Services) {
  app.post(
    PATH,
    {
      config: { scope: 'render:write', basicAuth: true },
      bodyLimit: jobBodyLimit(s),
      schema: {
        tags: ['Gotenberg'],
        summary: 'Convert Office documents to PDF (Gotenberg-compatible)',
        description:
          "Gotenberg's `/forms/libreoffice/convert`: `files` parts, each an Office document named by its file name (.docx, .xlsx, .pptx, .odt, .ods, .odp, .doc, .xls, .ppt, .rtf, .txt, .csv), converted by LibreOffice in Folio's sandbox (no network, an unprivileged user, time and memory limits; the Office guide). Each file is an ordinary render job with an Office entry (as `entry` on `POST /v1/render-jobs`): it counts in the plan's allowances and meters and shows in `GET /v1/render-jobs` with LibreOffice's messages. Fields: `landscape`, `nativePageRanges`, `pdfa` (`PDF/A-1b`, `PDF/A-2b`, `PDF/A-3b`), `pdfua` (a tagged PDF), `exportFormFields`, `exportBookmarks`, `exportNotes`, `exportHiddenSlides`, `singlePageSheets`, `quality`, `maxImageResolution`, `reduceImageResolution`, `password`, `merge`; any other field is a 400 naming it. One file answers its PDF; several need `merge=true` and answer the PDFs merged in the alphanumeric order of their names (Folio answers no zip). A renamed or oversized-zip file is a 400 `office_input_invalid`, a protected one without `password` a 400 `office_password_required`, no LibreOffice on the server a 503 `office_unavailable`; a failed conversion is a 422 `render_job_failed` with the job's code in `details.jobErrorCode`.",
        headers: gotenbergHeaders,
        'x-folio': {
          success: 'The PDF',
          errors,
          alternativeBody: {
            mediaType: 'multipart/form-data',
            schema: {
              type: 'object',
              required: ['files'],
              properties: {
                files: {
                  type: 'array',
                  items: { type: 'string', format: 'binary' },
                  description: 'The Office documents, each named by its file name.',
                },
                landscape: { type: 'string', example: 'false' },
                nativePageRanges: { type: 'string', example: '1-3' },
                pdfa: { type: 'string', example: 'PDF/A-2b' },
                merge: { type: 'string', example: 'true' },
              },
              additionalProperties: { type: 'string', description: 'A Gotenberg form field: mapped, or refused by name (400).' },
            },
            example: { files: ['<report.docx>', '<figures.xlsx>'], merge: 'true', pdfa: 'PDF/A-2b' },
          },
          responses: {
            200: {
              description: 'The PDF',
              content: { 'application/pdf': { schema: { type: 'string', format: 'binary' }, example: '%PDF-1.7 … (the PDF bytes)' } },
            },
          },
        },
      },
    },
    async (req, reply) => {
      const { files, office } = await formOf(req);
      if (files.length === 1) return renderAndAnswer(s, req, reply, PATH, jobOf(files[0]!, office));
      // Several files: one job each, waited for in turn, their PDFs merged in Gotenberg's order.
      const { accountId } = principalOf(req);
      const waitSeconds = await s.renderSync.waitOf(accountId, {}, undefined);
      const byName = new Map(files.map((f) => [f.name, f]));
      const pdfs: Array<{ name: string; bytes: Buffer }> = [];
      for (const name of mergeOrder([...byName.keys()])) {
        const created = await s.renderJobs.create(accountId, { ...jobOf(byName.get(name)!, office), hasPayload: false }).catch(formField);
        const jobId = created.job.id;
        const job = await s.renderSync.wait(accountId, jobId, waitSeconds);
        const details = { jobId, jobStatus: job.status, file: name, ...(job.error_code !== null ? { jobErrorCode: job.error_code } : {}) };
        if (job.status === 'failed' || job.status === 'canceled')
          throw new AppError('render_job_failed', `${name}: ${job.error_message ?? `render job ${jobId} was ${job.status}`}`, details);
        if (job.status !== 'succeeded')
          throw new AppError('conversion_timeout', `${name}: render job ${jobId} is still ${job.status} after ${waitSeconds} s`, details);
        const out = await s.renderSync.output(jobId);
        pdfs.push({ name: `${name}.pdf`, bytes: await s.ctx.blobs.getBuffer(out.storageKey) });
      }
      const merged = await s.pdfMerges.mergeUploads(accountId, pdfs);
      const name = outputFileName(req.headers['gotenberg-output-filename'] as string | undefined, 'pdf') ?? 'merged.pdf';
      return reply
        .code(200)
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', name))
        .header('cache-control', 'private, no-store')
        .header('folio-page-count', String(merged.pageCount))
        .send(Buffer.from(merged.bytes.buffer, merged.bytes.byteOffset, merged.bytes.length));
    },
  );
}
