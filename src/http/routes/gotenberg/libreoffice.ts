// Gotenberg's LibreOffice route at Gotenberg's own path: `files` parts, each an Office document, converted
// by Folio's LibreOffice engine as ordinary render jobs with an Office entry (quotas, meters, diagnostics,
// the sandbox). One file is answered as its PDF; several as a zip of their PDFs, or with merge=true as one
// PDF (merged in the alphanumeric order of their names); the PDF-engine fields (split, metadata, flatten,
// encryption, …) run on the converted PDFs (libreoffice-results.ts). The field mapping is
// domain/gotenberg/libreoffice.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mapLibreOfficeForm } from '../../../domain/gotenberg/libreoffice.js';
import { REPEATABLE_FIELDS } from '../../../domain/gotenberg/pdf-engines.js';
import { isOfficeFileName } from '../../../domain/office/office-input.js';
import { AppError } from '../../../errors/app-error.js';
import type { ErrorCode } from '../../../errors/codes.js';
import type { Services } from '../../../services/index.js';
import { MAX_MERGE_SOURCES } from '../../../services/pdfs/pdf-merges.js';
import { oneFile, sendFiles } from '../../file-answer.js';
import { jobBodyLimit } from '../../job-body-limit.js';
import { readFormParts } from '../../multipart/form-parts.js';
import { principalOf } from '../../plugins/auth.js';
import { QUOTA_ERRORS } from '../../openapi/job-creation-errors.js';
import { renderAndAnswer, webhookCall, WEBHOOK_WAIT_SECONDS } from './answer.js';
import { gotenbergHeaders } from './chromium.js';
import { officeResults } from './libreoffice-results.js';
import { EXTRA_FILE_FIELDS } from './pdf-engine-inputs.js';

const PATH = '/forms/libreoffice/convert';

const errors: ErrorCode[] = [
  'office_input_invalid',
  'office_password_required',
  'office_unavailable',
  'render_job_failed',
  'conversion_timeout',
  'pdf_step_failed',
  ...QUOTA_ERRORS,
  'body_too_large',
  'invalid_path',
  'storage_limit_exceeded',
];

/**
 * The form: its Office documents (every file but the `stamp`, `watermark` and `embeds` files, at most as
 * many as a merge takes, checked before any is converted) and its fields mapped, or a 400 naming what is wrong.
 */
async function formOf(req: FastifyRequest) {
  const form = await readFormParts(req, REPEATABLE_FIELDS);
  const inputs = form.files.filter((f) => !EXTRA_FILE_FIELDS.has(f.field));
  if (inputs.length === 0)
    throw new AppError('invalid_request', 'files: the form needs at least one Office document as a files part', { field: 'files' });
  if (inputs.length > MAX_MERGE_SOURCES)
    throw new AppError('invalid_request', `files: a form takes 1 to ${MAX_MERGE_SOURCES} Office documents; this one has ${inputs.length}`, {
      field: 'files',
    });
  const notOffice = inputs.find((f) => !isOfficeFileName(f.name));
  if (notOffice)
    throw new AppError(
      'office_input_invalid',
      `file ${notOffice.name}: not an Office document LibreOffice converts here (by its extension: .docx .xlsx .pptx .odt .ods .odp .doc .xls .ppt .rtf .txt .csv)`,
      { field: notOffice.name },
    );
  const extra = form.files.filter((f) => EXTRA_FILE_FIELDS.has(f.field));
  const mapped = mapLibreOfficeForm(form.fields, { repeated: form.repeated, extra });
  if ('problem' in mapped) throw new AppError('invalid_request', mapped.problem.message, { field: mapped.problem.field });
  return { ...mapped, inputs };
}

const jobOf = (file: { name: string; bytes: Buffer }, office: object) => ({
  entry: file.name,
  files: { [file.name]: file.bytes.toString('base64') },
  ...(Object.keys(office).length > 0 ? { office } : {}),
});

const DESCRIPTION = [
  "Gotenberg's `/forms/libreoffice/convert`: `files` parts, each an Office document named by its file name (.docx, .xlsx, .pptx, .odt, .ods, .odp, .doc, .xls, .ppt, .rtf, .txt, .csv; at most 50), converted by LibreOffice in Folio's sandbox (no network, an unprivileged user, time and memory limits; the Office guide). Each file is an ordinary render job with an Office entry (as `entry` on `POST /v1/render-jobs`), converted one after the other: it counts in the plan's allowances and meters and shows in `GET /v1/render-jobs` with LibreOffice's messages.",
  'LibreOffice fields: `landscape`, `nativePageRanges`, `pdfa` (`PDF/A-1b`, `PDF/A-2b`, `PDF/A-3b`), `pdfua` (a tagged PDF), `exportFormFields`, `exportBookmarks`, `exportNotes`, `exportHiddenSlides`, `singlePageSheets`, `quality`, `maxImageResolution`, `reduceImageResolution`, `password`, `merge`.',
  "PDF-engine fields, run on the converted PDFs as on the `/forms/pdfengines` routes and in Gotenberg's order (a split first, then on each result watermarks, stamps, rotation, flattening, metadata, embedded files, PDF/A, image optimisation, encryption): `splitMode`, `splitSpan`, `splitUnify`, `metadata` (exiftool tag names; tags Folio does not write are named in `Folio-Warnings`), `flatten`, `userPassword`, `ownerPassword`, `allow…`, `embeds` files and `embedsMetadata`, `watermark…` and `stamp…` fields and files, `rotateAngle`, `rotatePages`, `optimizeImages`, `imageQuality`. With any of them, `pdfa` is made after that work (`PDF/A-2b`, `PDF/A-3b`; `PDF/A-1b` is then a 400). Any other field is a 400 naming it (the Gotenberg guide has the table).",
  "One file answers its PDF; several answer a zip of their PDFs named as Gotenberg names them (`report.docx` → `report.docx.pdf`; the parts of a split `report.docx_0.pdf`, …), or with `merge=true` one PDF merged in the alphanumeric order of their names. A renamed or oversized-zip file is a 400 `office_input_invalid`, a protected one without `password` a 400 `office_password_required`, no LibreOffice on the server a 503 `office_unavailable`; a failed conversion is a 422 `render_job_failed` naming the file, with the job's code in `details.jobErrorCode`; PDF work that fails is a 422 `pdf_step_failed`.",
].join(' ');

export function gotenbergLibreOfficeRoutes(app: FastifyInstance, s: Services) {
  app.post(
    PATH,
    {
      config: { scope: 'render:write', basicAuth: true },
      bodyLimit: jobBodyLimit(s),
      schema: {
        tags: ['Gotenberg'],
        summary: 'Convert Office documents to PDF (Gotenberg-compatible)',
        description: DESCRIPTION,
        headers: gotenbergHeaders,
        'x-folio': {
          success: 'The PDF, or a zip of PDFs',
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
                metadata: { type: 'string', example: '{"Title":"Quarterly report","Author":"ACME"}' },
                splitMode: { type: 'string', example: 'intervals' },
                splitSpan: { type: 'string', example: '2' },
              },
              additionalProperties: { type: 'string', description: 'A Gotenberg form field: mapped, or refused by name (400).' },
            },
            example: { files: ['<report.docx>', '<figures.xlsx>'], metadata: '{"Author":"ACME"}' },
          },
          responses: {
            200: {
              description: 'The PDF, or a zip of the PDFs when there are several',
              content: {
                'application/pdf': { schema: { type: 'string', format: 'binary' }, example: '%PDF-1.7 … (the PDF bytes)' },
                'application/zip': { schema: { type: 'string', format: 'binary' }, example: 'PK… (the zip bytes)' },
              },
            },
          },
        },
      },
    },
    async (req, reply) => {
      const form = await formOf(req);
      if (form.inputs.length === 1 && !form.after) return renderAndAnswer(s, req, reply, PATH, jobOf(form.inputs[0]!, form.office));
      // Several files, or PDF work after the conversion: the jobs waited for in turn, the answer made of their PDFs.
      const { accountId } = principalOf(req);
      const header = req.headers['gotenberg-output-filename'] as string | undefined;
      const hook = webhookCall(req, reply);
      if (hook) {
        // Webhook mode, as Gotenberg: 204 now; the conversions and their failures go to the webhook.
        s.gotenbergWebhooks.start(hook, async () =>
          oneFile((await officeResults(s, accountId, form, header, WEBHOOK_WAIT_SECONDS)).files, header),
        );
        return reply.code(204).send();
      }
      const waitSeconds = await s.renderSync.waitOf(accountId, {}, undefined);
      const { files, warnings } = await officeResults(s, accountId, form, header, waitSeconds);
      if (warnings.length > 0) reply.header('folio-warnings', warnings.join(', '));
      return sendFiles(reply, files, header);
    },
  );
}
