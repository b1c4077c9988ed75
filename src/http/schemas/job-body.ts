import { Type } from '@sinclair/typebox';
import { MAX_INLINE_FILES_CEILING } from '../../domain/plans.js';
import { AttachmentsField, EInvoiceField, PdfOptionsField } from './document-options.js';
import { ImagesField, OutputFormatField } from './page-images.js';
import { ProtectionField, SignatureField } from './protection-signature.js';

/** The body of a new render job (POST /v1/render-jobs; POST /v1/render and batch items build on it). */
export const CreateJobBody = Type.Object(
  {
    deployId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description:
          'Required on POST /v1/render-jobs unless the job brings inline sources (`html`); optional on the deploy-scoped route (must equal the path id).',
      }),
    ),
    deployVersionId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'A concrete version id, `latest`, or an alias name. Required unless the job brings inline sources (`html`).',
      }),
    ),
    html: Type.Optional(
      Type.String({
        description:
          'Inline sources instead of a deploy: the entry document (stored as `index.html` of a version of the account\'s inline deploy, slug `_inline`; the same sources sent again reuse that version). Not with `deployId`/`deployVersionId` (400). At most the plan\'s `maxInlineHtmlBytes` (UTF-8; 413 `body_too_large`, `details.field: "html"`).',
        examples: ['<!doctype html><link rel=stylesheet href=style.css><h1>Invoice</h1><img src=img/logo.png>'],
      }),
    ),
    files: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: 1024 }), Type.String(), {
        maxProperties: MAX_INLINE_FILES_CEILING,
        description:
          "With `html`: its CSS, images and fonts, by path relative to the document (bundle path rules) → the bytes in base64. The plan's `maxInlineFilesPerJob` and `maxInlineBytesPerJob` (html included, decoded) apply; a bad path or base64 is a 400 and a limit a 413, naming the file (`details.field: 'files[\"img/logo.png\"]'`).",
        examples: [{ 'style.css': 'aDEge2NvbG9yOiM0NDR9', 'img/logo.png': 'iVBORw0KGgo=' }],
      }),
    ),
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
    pdf: Type.Optional(PdfOptionsField),
    attachments: Type.Optional(AttachmentsField),
    protection: Type.Optional(ProtectionField),
    signature: Type.Optional(SignatureField),
    images: Type.Optional(ImagesField),
    outputFormat: Type.Optional(OutputFormatField),
    eInvoice: Type.Optional(EInvoiceField),
  },
  { additionalProperties: false },
);
