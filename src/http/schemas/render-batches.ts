import { Type } from '@sinclair/typebox';
import { BATCH_COMBINES, MAX_BATCH_ITEMS } from '../../services/render-batches.js';
import { EpochMs, ListQuery } from './common.js';

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
  },
  { additionalProperties: false },
);

export const CreateBatchBody = Type.Object(
  {
    deployId: Type.String({ minLength: 1, maxLength: 100, description: 'The deploy every item renders.' }),
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
            'Default `none`: each item is its own PDF. `merge` and `zip` are not supported yet (400 `invalid_request` naming `combine`).',
        },
      ),
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

export const RenderBatch = Type.Object(
  {
    id: Type.String({ description: 'Batch id (`bat_…`).' }),
    deployId: Type.String(),
    deployVersionId: Type.String({
      description: 'The concrete version every item is bound to, even when `latest` or an alias was requested.',
    }),
    deployVersionNo: Type.Integer(),
    businessKey: Type.Optional(Type.String()),
    combine: Type.String({ description: '`none`.' }),
    status: Type.Union([Type.Literal('running'), Type.Literal('completed')], {
      description: '`completed` once every item is terminal (succeeded, failed or canceled).',
    }),
    itemCount: Type.Integer(),
    counts: BatchCountsSchema,
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
