import { Type } from '@sinclair/typebox';
import { BATCH_COMBINES, MAX_BATCH_ITEMS } from '../../services/batches/render-batches.js';
import { batchProductErrorCodes } from '../../errors/codes.js';
import { EpochMs, ListQuery } from './common.js';
import { CreateJobBody } from './render.js';

const JOB_STATES = ['queued', 'rendering', 'retry_scheduled', 'succeeded', 'failed', 'canceled'] as const;

export const BatchItemBody = Type.Object(
  {
    payload: Type.Optional(
      Type.Unknown({ description: 'Any JSON value (canonicalised, RFC 8785) or, with a non-JSON payloadMime, a UTF-8 string.' }),
    ),
    payloadBase64: Type.Optional(Type.String({ description: 'Raw payload bytes in base64, instead of payload.' })),
    payloadMime: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Default `application/json; charset=utf-8`.' })),
    businessKey: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 255,
        description: "Your reference for this item (invoice number…); defaults to the item's job id.",
      }),
    ),
    outputMode: Type.Optional(
      Type.Union([Type.Literal('transient'), Type.Literal('managed')], {
        description: 'Default `transient` (deleted 10 minutes after finishing); `managed` keeps a managed PDF until deleted.',
      }),
    ),
    // The item's own document options, as a single job takes them (POST /v1/render-jobs).
    pdf: CreateJobBody.properties.pdf,
    attachments: CreateJobBody.properties.attachments,
    eInvoice: CreateJobBody.properties.eInvoice,
    protection: CreateJobBody.properties.protection,
    signature: CreateJobBody.properties.signature,
    images: CreateJobBody.properties.images,
    outputFormat: CreateJobBody.properties.outputFormat,
    // What its page waits for before it is printed, as a single job's.
    waitFor: CreateJobBody.properties.waitFor,
    // PDF steps applied to its printed PDF, as a single job's.
    steps: CreateJobBody.properties.steps,
  },
  {
    additionalProperties: false,
    description:
      'One render job of the batch: its payload, business key, output mode, its own document options (`pdf`, `attachments`, `eInvoice`, `protection`, `signature`, `images`, `outputFormat`, as on `POST /v1/render-jobs`; e.g. one Factur-X XML per invoice, or each payslip protected with its employee\'s password) wait conditions (`waitFor`) and PDF steps (`steps`). With `combine: "merge"` no item may be protected (an encrypted PDF cannot be joined), and with `merge` or `zip` no item may keep only images (`outputFormat` other than `pdf`): 400 naming the item\'s field.',
  },
);

export const CreateBatchBody = Type.Object(
  {
    deployId: Type.String({ minLength: 1, maxLength: 100, description: 'The deploy every item renders: its id or its slug.' }),
    deployVersionId: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'A concrete version id, `latest`, or an alias name: bound once, at creation, for every item of the batch.',
    }),
    businessKey: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Your reference for the whole batch.' })),
    combine: Type.Optional(
      Type.Union(
        BATCH_COMBINES.map((c) => Type.Literal(c)),
        {
          description:
            'Default `none`: each item is its own PDF. `merge`: once every item is terminal, the PDFs of the succeeded items are joined in item order into one managed PDF (`product.pdf`). `zip`: one zip file of the PDFs of the succeeded items, named by their file names (`product.zip`, kept like a transient output).',
        },
      ),
    ),
    itemWebhooks: Type.Optional(
      Type.Boolean({
        description:
          "Default `false`: the batch sends one `render_batch.completed` webhook and its items none. `true`: every item also sends its own `render.job.terminated` (the deploy's webhook settings apply to both).",
      }),
    ),
    items: Type.Array(BatchItemBody, {
      minItems: 1,
      maxItems: MAX_BATCH_ITEMS,
      description: `1 to ${MAX_BATCH_ITEMS} items, each one render job. Every item is checked before anything is created: one bad item refuses the whole request, naming it (\`items[17].payload\`).`,
    }),
  },
  { additionalProperties: false },
);

export const BatchCountsSchema = Type.Object(
  Object.fromEntries(JOB_STATES.map((s) => [s, Type.Integer({ minimum: 0 })])) as Record<
    (typeof JOB_STATES)[number],
    ReturnType<typeof Type.Integer>
  >,
  { description: 'How many items are in each job state.' },
);

const LinkAccess = Type.Object(
  { url: Type.String({ description: 'Signed download URL (10 minutes, refreshed on every read).' }), expiresAt: EpochMs },
  { description: 'A signed download link; absent only on a server without a signing key (FOLIO_SIGNING_KEY).' },
);

export const BatchProduct = Type.Object(
  {
    kind: Type.Union([Type.Literal('merge'), Type.Literal('zip')]),
    state: Type.Union([Type.Literal('pending'), Type.Literal('ready'), Type.Literal('failed'), Type.Literal('deleted')], {
      description:
        '`pending` while it is built; `ready` with `pdf` or `zip`; `failed` with `error` (nothing to combine, too large, over the storage limit); `deleted` once the merged PDF was deleted or the zip expired.',
    }),
    items: Type.Optional(Type.Integer({ minimum: 0, description: 'How many item PDFs it holds (the succeeded items, in item order).' })),
    pdf: Type.Optional(
      Type.Object(
        {
          id: Type.String({ description: 'The managed PDF (`pdf_…`): see `/v1/pdfs/{pdfId}`.' }),
          fileName: Type.String(),
          bytes: Type.Integer(),
          pageCount: Type.Integer({ description: 'The sum of the page counts of the included items.' }),
          sha256: Type.String(),
          access: Type.Optional(LinkAccess),
        },
        { description: '`merge`: the merged PDF.' },
      ),
    ),
    zip: Type.Optional(
      Type.Object(
        {
          fileName: Type.String(),
          bytes: Type.Integer(),
          files: Type.Integer({ description: 'PDFs in the zip.' }),
          sha256: Type.String(),
          expiresAt: Type.Union([EpochMs, Type.Null()], { description: 'When the zip is deleted (like a transient output).' }),
          access: Type.Optional(LinkAccess),
        },
        { description: '`zip`: the zip of the item PDFs, each named by its file name (a business-key file name template applies).' },
      ),
    ),
    error: Type.Optional(
      Type.Object({
        code: Type.Union(
          Object.keys(batchProductErrorCodes).map((c) => Type.Literal(c)),
          {
            description: Object.entries(batchProductErrorCodes)
              .map(([c, d]) => `\`${c}\`: ${d}`)
              .join(' '),
          },
        ),
        message: Type.String(),
      }),
    ),
  },
  { title: 'RenderBatchProduct', description: 'The combined product (`combine` `merge` or `zip`), present once every item is terminal.' },
);

export const RenderBatch = Type.Object(
  {
    id: Type.String({ description: 'Batch id (`bat_…`).' }),
    deployId: Type.String(),
    deployVersionId: Type.String({
      description: 'The concrete version every item is bound to, even when `latest` or an alias was requested.',
    }),
    deployVersionNo: Type.Integer(),
    businessKey: Type.Optional(Type.String()),
    combine: Type.Union(
      [...BATCH_COMBINES, 'check' as const].map((c) => Type.Literal(c)),
      {
        description:
          'What the batch makes of its items once they are all terminal: `none`, `merge` or `zip`; `check` for the prints of a version check (`POST /v1/deploys/{deployId}/versions/{deployVersionId}/checks`), whose result is read as the check.',
      },
    ),
    itemWebhooks: Type.Boolean({ description: 'Whether every item sends its own `render.job.terminated` webhook.' }),
    status: Type.Union([Type.Literal('running'), Type.Literal('combining'), Type.Literal('completed')], {
      description:
        '`running` while any item is unfinished; `combining` while the merged PDF or the zip is built; `completed` once every item is terminal (succeeded, failed or canceled) and the product, if any, is ready or failed.',
    }),
    itemCount: Type.Integer(),
    counts: BatchCountsSchema,
    product: Type.Optional(BatchProduct),
    createdAt: EpochMs,
    updatedAt: EpochMs,
    finishedAt: Type.Optional(Type.Integer({ description: 'When the last item reached a terminal state (once completed).' })),
  },
  { title: 'RenderBatch' },
);

export const BatchItem = Type.Object({
  index: Type.Integer({ minimum: 0, description: "The item's 0-based position in the creating request." }),
  job: Type.Ref('RenderJob'),
});

export const BatchItemsQuery = Type.Composite(
  [
    ListQuery,
    Type.Object({
      status: Type.Optional(
        Type.Union(
          JOB_STATES.map((s) => Type.Literal(s)),
          { description: 'Only the items in this job state.' },
        ),
      ),
    }),
  ],
  { additionalProperties: false },
);
