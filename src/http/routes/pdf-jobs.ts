// POST /v1/pdf-jobs: ordered PDF steps on managed PDFs and render outputs, answered with the managed PDFs
// they made (synchronously). The steps' own rules are src/domain/pdf-steps.ts.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { MAX_STEPS, STAMP_POSITIONS } from '../../domain/pdf-steps.js';
import { PDF_JOB_BODY_LIMIT } from '../../domain/pdf-step-shapes.js';
import { MAX_MERGE_SOURCES } from '../../services/pdf-merges.js';
import type { Services } from '../../services/index.js';
import { idempotent } from '../idempotent.js';
import * as ex from '../openapi/examples.js';
import { principalOf } from '../plugins/auth.js';

const Step = Type.Object(
  {
    type: Type.String({
      description:
        'select, rotate, stamp, watermark, merge, fillForm, flatten, metadata, attachments, outline, split, optimize, encrypt, sign or timestamp.',
      enum: [
        'select',
        'rotate',
        'stamp',
        'watermark',
        'merge',
        'fillForm',
        'flatten',
        'metadata',
        'attachments',
        'outline',
        'split',
        'optimize',
        'encrypt',
        'sign',
        'timestamp',
      ],
    }),
  },
  {
    additionalProperties: true,
    description: `One step; its other properties depend on \`type\` (the PDF guide, "PDF jobs"). Page selections (\`pages\`, \`ranges\`): 1-based pages and ranges, \`!\` excludes (\`"1-3,!2"\`, \`"5-"\`, \`"!1"\`). Stamp positions: ${STAMP_POSITIONS.join(', ')} or \`{x, y}\` in points.`,
  },
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
        },
        { additionalProperties: false, description: 'Exactly one of `pdfId` or `jobId`.' },
      ),
      { minItems: 1, maxItems: MAX_MERGE_SOURCES, description: 'Joined in this order before the first step.' },
    ),
    steps: Type.Array(Step, { maxItems: MAX_STEPS }),
    fileName: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'File name of the result (split: `-1`, `-2`… appended).' }),
    ),
    businessKey: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Your reference (split: `-1`, `-2`… appended).' })),
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
        description: `Joins the sources (managed PDFs, uploaded ones included, and succeeded render outputs of the account), applies \`steps\` in order and stores the result as a new managed PDF, or one per part after \`split\` → 201 \`{pdfs}\`. Synchronous: the answer comes when the work is done. Steps (the PDF guide, "PDF jobs"): \`select {pages}\`, \`rotate {angle: 90|180|270, pages?}\`, \`stamp\` with exactly one of \`text\` (\`fontSize?, color?\`), \`image {contentBase64}\` (PNG or JPEG, at most 2 MB) or \`pdf {pdfId, page?}\` (a page of a managed PDF, embedded as a form XObject), and \`width?, height?\` (image, page), \`opacity?, rotation?, position?, pages?, layer?\` (over the content by default); \`watermark\` (a stamp under the content by default); \`merge {pdfIds}\` (appends managed PDFs); \`fillForm {fields: {name: value}}\` (text: a string; checkbox: true/false; radio, dropdown: an option; list box: options); \`flatten\`; \`metadata {title?, author?, subject?, keywords?}\`; \`attachments {add: [{name, contentBase64, mimeType, description?}]}\` (embedded files; GET /v1/pdfs/{id}/info lists them); \`outline {entries: [{title, page, children?}]}\` (replaces the bookmarks); \`split {every} | {ranges}\`; \`optimize\` (qpdf --linearize --object-streams=generate); \`encrypt {ownerPassword, userPassword?, permissions?}\` (AES-256 as a render job's \`protection\`; passwords held in memory only); \`sign {certificateId, reason?, location?, contactInfo?, timestamp?}\` (PAdES B-B with a stored signing certificate; \`timestamp: true\` adds a signature time-stamp, PAdES B-T); \`timestamp\` (a document timestamp, /DocTimeStamp). Timestamps come from the operator's RFC 3161 authority (FOLIO_TIMESTAMP_AUTHORITY_URL; 400 when none is set, 502 \`timestamp_authority_failed\` when it fails). Order rules, checked before anything is read (400 naming the step): content steps first, then at most one each of \`split\`, \`optimize\`, \`encrypt\`, \`sign\` in this order, then \`timestamp\`s; nothing that rewrites the file after \`sign\` or \`timestamp\`; no \`timestamp\` with \`encrypt\`, no \`sign\`/\`timestamp\` with \`optimize\`; no \`fillForm\` after \`flatten\`. After \`split\`, the later steps apply to each part. A step that does not fit the PDF (an unknown form field, a page past the last, an encrypted PDF/A source, the time or memory limit) is 422 \`pdf_step_failed\` naming it; nothing is stored. Sources, stamp pages, merged PDFs and certificates of another account are 404; limits as for a merge (${MAX_MERGE_SOURCES} sources, the plan's \`maxRenderOutputBytes\` for the sources and each result); images and attachments at most 8 MB together. Optional \`Idempotency-Key\`.`,
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) }),
        body: PdfJobBody,
        response: { 201: Type.Object({ pdfs: Type.Array(Type.Ref('ManagedPdf')) }) },
        'x-folio': {
          success: 'The managed PDFs made',
          errors: [
            'pdf_not_found',
            'render_job_not_found',
            'render_output_not_found',
            'pdf_deleting',
            'render_output_not_ready',
            'signing_certificate_not_found',
            'pdf_step_failed',
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
          },
          response: { pdfs: [{ ...ex.managedPdf, deployId: '', deployVersionId: '', renderJobId: '', fileName: 'invoice-4711-paid.pdf' }] },
          parameters: { 'idempotency-key': 'paid-4711' },
        },
      },
    },
    async (req, reply) => idempotent(req, reply, s.idempotency, 201, () => s.pdfJobs.run(principalOf(req).accountId, req.body)),
  );
}
