import { Type } from '@sinclair/typebox';
import { EpochMs, Sha256 } from './common.js';
import { Name, Slug } from './deploys.js';

export const FileDescriptor = Type.Object(
  {
    path: Type.String({
      minLength: 1,
      maxLength: 1024,
      description: 'Path inside the bundle, e.g. `css/site.css` (a leading `/` is optional).',
    }),
    sha256: Sha256,
    size: Type.Integer({ minimum: 0, description: 'Bytes; at most 10485760.' }),
    mime: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  },
  { additionalProperties: false, $id: 'FileDescriptor', title: 'FileDescriptor' },
);

export const MAX_FILES_PER_REQUEST = 20000;
/**
 * Longest title of a version (`render.title`): a label in listings and the dashboard, not the PDF's title
 * (that is `render.metadata.pdf.metadata.title`, MAX_METADATA_TEXT of domain/pdfs/pdf-document.ts).
 */
export const MAX_VERSION_TITLE_LENGTH = 500;

export const CreateSessionBody = Type.Object(
  {
    deployId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'An existing deploy: its id or its slug.' })),
    createDeploy: Type.Optional(Type.Object({ slug: Slug, name: Name }, { additionalProperties: false })),
    files: Type.Array(Type.Ref(FileDescriptor), { maxItems: MAX_FILES_PER_REQUEST }),
  },
  { additionalProperties: false },
);

export const UploadSession = Type.Object(
  {
    id: Type.String(),
    deployId: Type.String(),
    status: Type.String({ description: '`open`, `committed` or `expired`.' }),
    requestedFileCount: Type.Integer(),
    requestedBytes: Type.Integer(),
    createdAt: EpochMs,
    expiresAt: EpochMs,
  },
  { $id: 'UploadSession', title: 'UploadSession' },
);

export const MissingBlobsBody = Type.Object(
  { files: Type.Array(Type.Ref(FileDescriptor), { maxItems: MAX_FILES_PER_REQUEST }) },
  { additionalProperties: false },
);

export const Blob = Type.Object(
  {
    sha256: Type.String(),
    size: Type.Integer(),
    mime: Type.Optional(Type.String()),
    storeKey: Type.String({ description: 'Key of the blob in content-addressed storage.' }),
  },
  { $id: 'Blob', title: 'Blob' },
);

export const CommitBody = Type.Object(
  {
    newVersion: Type.Optional(
      Type.Boolean({
        description:
          'Accepted and ignored: every commit makes a new version. (Earlier releases answered an identical commit with the latest version unless this was `true`; clients now decide that before uploading.)',
      }),
    ),
    entries: Type.Array(
      Type.Object(
        {
          path: Type.String({ minLength: 1, maxLength: 1024 }),
          blobHash: Sha256,
          size: Type.Integer({ minimum: 0 }),
          mime: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
        },
        { additionalProperties: false },
      ),
      { maxItems: MAX_FILES_PER_REQUEST },
    ),
    render: Type.Object(
      {
        route: Type.String({
          minLength: 1,
          maxLength: 1024,
          description: 'Entry point; begins with `/`. `/` and `/dir/` resolve to index.html; `/invoice` also tries `/invoice.html`.',
        }),
        title: Type.String({ maxLength: MAX_VERSION_TITLE_LENGTH }),
        renderTimeoutMs: Type.Optional(
          Type.Integer({ minimum: 1000, maximum: 600000, description: "Default 30000; at most the plan's maxRenderTimeoutMs." }),
        ),
        metadata: Type.Optional(
          Type.Record(Type.String(), Type.Unknown(), {
            description: 'Any keys; `pdf` (PDF option overrides) and `fileName` are read by the renderer.',
          }),
        ),
        failOn: Type.Optional(
          Type.Array(Type.String(), {
            maxItems: 20,
            description:
              'Warning codes that fail this version\'s jobs instead of letting them succeed with the warning (`render_failed_on_warning`; `render_request_failed` for `request_failed`, which is retried). A job may give its own list. Default: none (the templates guide, "Warnings and failOn", says why).',
            examples: [['page_exception', 'http_error_status']],
          }),
        ),
        engine: Type.Optional(
          Type.String({
            description:
              'The template language of the entry: `html` (none), `handlebars`, `liquid`, `nunjucks` (Jinja2 syntax), `mustache` or `markdown`. Default: from the entry\'s extension (`index.hbs`, `index.liquid`, `index.njk`, `index.mustache`, `index.md`; anything else is HTML). The template runs in the rendering page with the payload as its data (the templates guide, "Template languages"). Every template file is parsed at commit: a syntax error is 400 `template_syntax_error` naming the file, line and column. `docx`: the entry (a `.docx` the route names, e.g. `/invoice.docx`) is a Word template whose `+++` commands (`+++INS customer.name+++`, `+++FOR line IN lines+++`…`+++END-FOR line+++`, `+++IF paid+++`…`+++END-IF+++`, `+++IMAGE image("logo.png", 3)+++`) are filled from the payload with Folio\'s helpers, then converted to PDF by LibreOffice (the Office guide, "Word templates"); a broken tag is 400 `template_syntax_error` with `details.tag`, a command that fails at run time fails the job with `template_render_failed`. A `.docx` entry without `docx` is converted as it is.',
            examples: ['handlebars'],
          }),
        ),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
