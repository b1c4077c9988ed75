import { OfficeView } from '../../domain/office/office-job-field.js';
import { Type } from '@sinclair/typebox';
import { EpochMs } from './common.js';
import { JOB_ERRORS } from '../../domain/jobs/job-errors.js';
import { JOB_KINDS } from '../../domain/jobs/job-kind.js';
import { JobWarningCodeSchema, JobWarningsSchema } from './warnings.js';
import { Accessibility, DocumentMetadata, PERMISSION_TEXT, Standard, VisibleSignatureField } from '../../domain/jobs/job-body.js';
import { PDF_PERMISSIONS } from '../../domain/pdfs/pdf-protection.js';

// What the API answers about render jobs and their products (components of the OpenAPI document).

/** How the API shows a protected PDF's permissions. */
const PermissionsView = Type.Object(
  Object.fromEntries(PDF_PERMISSIONS.map((p) => [p, Type.Boolean({ description: PERMISSION_TEXT[p] })])),
  {
    description: 'What a reader allows without the owner password.',
  },
);

/** What a job makes its document from (domain/jobs/job-kind.ts): on job views and webhook bodies. */
export const JobKindSchema = Type.Union(
  JOB_KINDS.map((k) => Type.Literal(k)),
  {
    description:
      'What the job makes its document from: `page` (an HTML entry printed by Chromium, deployed or inline), `template` (a Handlebars, Liquid, Nunjucks or Mustache entry), `markdown` (a Markdown entry), `url` (a web page, `source.url`), `office` (an Office document converted by LibreOffice), `word-template` (a Word template filled from the payload, then converted) or `pdf-job` (existing PDFs joined by `POST /v1/pdf-jobs`). On every view of a job (reads, lists, the answers of creation and cancellation, batch items) and in webhook bodies; absent when it depends on a version that no longer exists.',
    examples: ['page'],
  },
);

export const RenderJob = Type.Object(
  {
    id: Type.String(),
    deployId: Type.String(),
    deployVersionId: Type.String({
      description: 'The concrete version the job is bound to, even when `latest` or an alias was requested.',
    }),
    deployVersionNo: Type.Optional(Type.Integer()),
    deployVersionRoute: Type.Optional(Type.String()),
    deployVersionTitle: Type.Optional(Type.String()),
    businessKey: Type.String({ description: 'Defaults to the job id.' }),
    payloadHash: Type.String({
      description: 'sha256 hex of the exact payload bytes the page receives (canonical JSON for JSON MIME types).',
    }),
    payloadMime: Type.String(),
    status: Type.Union(['queued', 'rendering', 'succeeded', 'retry_scheduled', 'failed', 'canceled'].map((s) => Type.Literal(s))),
    attempt: Type.Integer({ description: 'Starts at 0; increases with each automatic retry.' }),
    outputMode: Type.Union([Type.Literal('transient'), Type.Literal('managed')]),
    queue: Type.String(),
    requestedAt: EpochMs,
    startedAt: Type.Optional(EpochMs),
    finishedAt: Type.Optional(EpochMs),
    nextAttemptAt: Type.Optional(Type.Integer({ description: 'When a job in retry_scheduled is tried again.' })),
    errorCode: Type.Optional(
      Type.String({
        description: `On failure: ${Object.keys(JOB_ERRORS).join(', ')} (the render job error codes).`,
      }),
    ),
    errorMessage: Type.Optional(Type.String()),
    batchId: Type.Optional(Type.String({ description: 'Set on the items of a render batch: the batch (`bat_…`).' })),
    batchIndex: Type.Optional(Type.Integer({ minimum: 0, description: "The item's position in its batch, from 0." })),
    warnings: JobWarningsSchema,
    failOn: Type.Optional(
      Type.Array(JobWarningCodeSchema, { description: "The job's own failOn, when it gave one (it replaces the version's)." }),
    ),
    pagesDone: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          "Long documents only (`pdf.parts`, the long-documents guide): pages printed so far with their final page numbers, across all parts; the joined document's page count once every part printed. Absent for every other job.",
        examples: [4200],
      }),
    ),
    traceId: Type.Optional(
      Type.String({
        pattern: '^[0-9a-f]{32}$',
        description:
          "The W3C trace the job's work belongs to: the trace of the `traceparent` header its creating request sent, or the trace Folio started for that request when it exports traces (OTEL_* variables, the operations guide). The job's spans, log lines (`traceId`) and webhook requests (`traceparent`) carry it. Absent when the job was created without a traceparent and Folio does not trace.",
        examples: ['4bf92f3577b34da6a3ce929d0e0e4736'],
      }),
    ),
    kind: Type.Optional(JobKindSchema),
    source: Type.Optional(
      Type.Object(
        {
          type: Type.Literal('url'),
          url: Type.String({ description: "The page's origin and path; its query, fragment, cookies and headers are never shown." }),
        },
        { description: 'Set when the job prints a web page (`source.url`) rather than a deploy or inline HTML.' },
      ),
    ),
    document: Type.Optional(
      Type.Object(
        {
          standard: Type.Optional(Standard),
          accessibility: Type.Optional(Accessibility),
          metadata: Type.Optional(DocumentMetadata),
          attachments: Type.Optional(
            Type.Array(
              Type.Object({
                name: Type.String(),
                mimeType: Type.String(),
                relationship: Type.String(),
                description: Type.Optional(Type.String()),
                bytes: Type.Integer({ description: 'Size of the attached file.' }),
                bundlePath: Type.Optional(Type.String({ description: 'Set when the file came from the version.' })),
              }),
            ),
          ),
          eInvoice: Type.Optional(
            Type.Object({
              standard: Type.Literal('factur-x'),
              profile: Type.String(),
              bytes: Type.Integer({ description: 'Size of the XML.' }),
            }),
          ),
          signature: Type.Optional(
            Type.Object(
              {
                certificateId: Type.String(),
                subject: Type.String({ description: "The certificate's subject when the job was created." }),
                fingerprintSha256: Type.String(),
                reason: Type.Optional(Type.String()),
                location: Type.Optional(Type.String()),
                contactInfo: Type.Optional(Type.String()),
                visible: Type.Optional(VisibleSignatureField),
              },
              { description: 'The PDF is signed with this certificate (PAdES B-B).' },
            ),
          ),
          protection: Type.Optional(
            Type.Object(
              {
                userPassword: Type.Boolean({ description: 'Whether a password is needed to open the PDF.' }),
                permissions: PermissionsView,
              },
              { description: 'The PDF is encrypted (AES-256). The passwords are never shown, stored past the job, or sent in webhooks.' },
            ),
          ),
          images: Type.Optional(
            Type.Object(
              {
                format: Type.String(),
                pages: Type.String(),
                width: Type.Optional(Type.Integer()),
                dpi: Type.Optional(Type.Integer()),
                quality: Type.Optional(Type.Integer()),
              },
              { description: 'The page images the job asked for (`images`, with the format filled in).' },
            ),
          ),
          outputFormat: Type.Optional(
            Type.String({ description: 'Present when the job keeps only page images (`png`, `jpeg` or `webp`): it has no PDF output.' }),
          ),
          steps: Type.Optional(
            Type.Array(Type.String(), {
              description: "The types of the job's PDF `steps`, in order (never their values).",
              examples: [['stamp', 'flatten']],
            }),
          ),
          pdfSources: Type.Optional(
            Type.Array(
              Type.Object({ pdfId: Type.Optional(Type.String()), jobId: Type.Optional(Type.String()) }, { additionalProperties: false }),
              { description: 'A PDF job (`POST /v1/pdf-jobs`): the sources it joins, in order, instead of printing a page.' },
            ),
          ),
          office: Type.Optional(OfficeView),
        },
        {
          description:
            "What the job asked of its output with `pdf`, `attachments`, `eInvoice`, `protection`, `signature`, `images`, `outputFormat` and `steps` (never their content or passwords: names, sizes, the profile). Absent for a job that asked none of them; the version's own `render.metadata.pdf` options apply either way and are not repeated here.",
        },
      ),
    ),
  },
  { $id: 'RenderJob', title: 'RenderJob' },
);

export const RenderOutput = Type.Object(
  {
    id: Type.String(),
    bytes: Type.Integer(),
    pageCount: Type.Integer(),
    state: Type.String(),
    createdAt: EpochMs,
    expiresAt: Type.Optional(Type.Integer({ description: 'Transient outputs: when the cleanup deletes it.' })),
    browserVersion: Type.Optional(
      Type.String({
        description:
          "The browser that printed the PDF, as Chromium names itself. After a Chromium upgrade, compare with the version's fixtures (`folio test`) to see which documents print differently. Absent for outputs made before it was recorded.",
        examples: ['HeadlessChrome/156.0.8078.73'],
      }),
    ),
  },
  { $id: 'RenderOutput', title: 'RenderOutput' },
);

export const ManagedPdf = Type.Object(
  {
    id: Type.String(),
    state: Type.String({ description: '`available` or `deleting`.' }),
    fileName: Type.String(),
    bytes: Type.Integer(),
    pageCount: Type.Integer(),
    deployId: Type.String(),
    deployVersionId: Type.String(),
    renderJobId: Type.String(),
    businessKey: Type.String(),
    createdAt: EpochMs,
    protected: Type.Optional(
      Type.Literal(true, {
        description:
          'Present when the PDF is encrypted (its job asked for `protection`). Folio keeps no password: a protected PDF cannot be a merge source.',
      }),
    ),
  },
  { $id: 'ManagedPdf', title: 'ManagedPdf' },
);

export const EmbeddedPdf = Type.Object(
  {
    id: Type.String(),
    state: Type.String(),
    fileName: Type.String(),
    bytes: Type.Integer(),
    pageCount: Type.Integer(),
    createdAt: EpochMs,
  },
  { $id: 'EmbeddedPdf', title: 'EmbeddedPdf' },
);

export const PermanentLink = Type.Object(
  {
    id: Type.String(),
    pdfId: Type.String(),
    url: Type.String({ description: 'Public URL; valid until the link or the PDF is deleted.' }),
    createdAt: EpochMs,
  },
  { $id: 'PermanentLink', title: 'PermanentLink' },
);

export const Access = Type.Object(
  {
    access: Type.Object({
      url: Type.String({ format: 'uri', description: 'Signed URL served by Folio; no API key needed.' }),
      expiresAt: EpochMs,
    }),
  },
  { $id: 'Access', title: 'Access' },
);
