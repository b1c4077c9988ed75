import { Type } from '@sinclair/typebox';
import { EpochMs } from './common.js';

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
        description:
          'On failure: navigation_timeout, render_crashed, render_timeout_exceeded, render_failed, render_retry_limit_exceeded, render_output_too_large, storage_limit_exceeded.',
      }),
    ),
    errorMessage: Type.Optional(Type.String()),
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

export const CreateJobBody = Type.Object(
  {
    deployId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'Required on POST /v1/render-jobs; optional on the deploy-scoped route (must equal the path id).',
      }),
    ),
    deployVersionId: Type.String({ minLength: 1, maxLength: 100, description: 'A concrete version id, `latest`, or an alias name.' }),
    businessKey: Type.Optional(
      Type.String({ minLength: 1, maxLength: 255, description: 'Your reference (invoice number…); defaults to the job id.' }),
    ),
    payload: Type.Optional(
      Type.Unknown({ description: 'Any JSON value (canonicalised, RFC 8785) or, with a non-JSON payloadMime, a UTF-8 string.' }),
    ),
    payloadMime: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Default `application/json; charset=utf-8`.' })),
    payloadBase64: Type.Optional(Type.String({ description: 'Raw payload bytes in base64, instead of payload.' })),
    outputMode: Type.Optional(
      Type.Union([Type.Literal('transient'), Type.Literal('managed')], {
        description: 'Default `transient` (deleted 10 minutes after finishing); `managed` keeps a managed PDF until deleted.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const LinkBody = Type.Union([
  Type.Object(
    {
      expiresInSeconds: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 604800, description: 'Lifetime of the signed URL; default 600.' }),
      ),
    },
    { additionalProperties: false },
  ),
  Type.Null(),
]);
export const LinkQuery = Type.Object(
  { expiresInSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 604800 })) },
  { additionalProperties: false },
);
