// The body of a new render job (POST /v1/render-jobs; POST /v1/render and batch items build on it) as a
// TypeBox schema: the HTTP layer validates requests and documents the API with it (http/schemas/), and the
// services derive their input type from it (CreateJobInput, services/jobs/render-job-types.ts), so the shape of a
// job request is written once. Schemas only: building them does no I/O.
import { MAX_SIGNATURE_TEXT } from '../pdfs/signature-text.js';
import { Type } from '@sinclair/typebox';
import {
  AF_RELATIONSHIPS,
  MAX_ATTACHMENT_NAME_BYTES,
  MAX_KEYWORD_LENGTH,
  MAX_KEYWORDS,
  MAX_LANG_TAG_LENGTH,
  MAX_METADATA_TEXT,
  MAX_MIME_TYPE_LENGTH,
  PDF_ACCESSIBILITY,
  PDF_STANDARDS,
} from '../pdfs/pdf-document.js';
import { MAX_CERTIFICATE_ID_LENGTH } from '../pdfs/document-options.js';
import { DEFAULT_IMAGE_DPI, IMAGE_DPI, IMAGE_FORMATS, IMAGE_QUALITY, IMAGE_WIDTH, MAX_IMAGE_PAGES, OUTPUT_FORMATS } from './page-images.js';
import { PDF_PERMISSIONS, type PdfPermission } from '../pdfs/pdf-protection.js';
import { MAX_ATTACHMENTS_CEILING, MAX_INLINE_FILES_CEILING } from '../accounts/plans.js';
import { VISIBLE_SIGNATURE_LIMITS } from '../pdfs/signature-appearance.js';
import { PRINT_OPTION_KEYS } from './print-options.js';
import { UrlSourceField } from './url-source.js';
import { TEMPLATE_ENGINES } from '../deploys/template-engines.js';
import { WaitForField } from './wait-for.js';
import { MAX_STEPS } from '../pdfs/pdf-steps.js';
import { EntryField, OfficeField } from '../office/office-job-field.js';
import { EInvoiceField } from './einvoice-field.js';

// The document options (`pdf`, `attachments`, `eInvoice`): what the PDF declares and carries.

export const Standard = Type.Union(
  PDF_STANDARDS.map((s) => Type.Literal(s)),
  {
    description:
      'Conformance level of the output: `none` (what Chromium prints), `pdf/a-2b` or `pdf/a-3b` (ISO 19005, as far as Folio checks it). An e-invoice is always `pdf/a-3b`.',
  },
);
export const Accessibility = Type.Union(
  PDF_ACCESSIBILITY.map((s) => Type.Literal(s)),
  {
    description:
      'Accessibility level of the output: `none`, or `pdf/ua-1` (ISO 14289-1): Chromium\'s tagged PDF with the PDF/UA identification, title, language and tab order added, then checked against the machine-checkable Matterhorn Protocol conditions listed in the PDF guide ("PDF/UA-1"); each failure is a `pdfua_violation` warning of the job (`failOn` can make it fatal). Combines with every `standard`.',
    examples: ['pdf/ua-1'],
  },
);
const Relationship = Type.Union(
  AF_RELATIONSHIPS.map((r) => Type.Literal(r)),
  { description: 'How the file relates to the document (PDF/A-3 `/AFRelationship`).' },
);

/** Document metadata written to the Info dictionary and the XMP packet alike. */
export const DocumentMetadata = Type.Object(
  {
    title: Type.Optional(
      Type.String({ maxLength: MAX_METADATA_TEXT, description: 'dc:title and Info /Title (shown as the window title).' }),
    ),
    author: Type.Optional(Type.String({ maxLength: MAX_METADATA_TEXT, description: 'dc:creator and Info /Author.' })),
    subject: Type.Optional(Type.String({ maxLength: MAX_METADATA_TEXT, description: 'dc:description and Info /Subject.' })),
    keywords: Type.Optional(
      Type.Array(Type.String({ maxLength: MAX_KEYWORD_LENGTH }), {
        maxItems: MAX_KEYWORDS,
        description: 'pdf:Keywords and Info /Keywords.',
      }),
    ),
    creator: Type.Optional(Type.String({ maxLength: MAX_METADATA_TEXT, description: 'xmp:CreatorTool and Info /Creator.' })),
    lang: Type.Optional(
      Type.String({
        maxLength: MAX_LANG_TAG_LENGTH,
        description: 'BCP 47 tag for the catalog /Lang; default: what the page declared (`<html lang>`).',
      }),
    ),
  },
  { additionalProperties: false },
);

/** `pdf` of a job body. */
export const PdfOptionsField = Type.Object(
  { standard: Type.Optional(Standard), accessibility: Type.Optional(Accessibility), metadata: Type.Optional(DocumentMetadata) },
  {
    additionalProperties: false,
    description:
      'Document options of this job, over the version\'s `render.metadata.pdf`: `standard` and `accessibility` replace the version\'s, each `metadata` field replaces the version\'s field of the same name. PDF/A-2b + PDF/UA-1: `{standard: "pdf/a-2b", accessibility: "pdf/ua-1"}`.',
  },
);

/** `attachments` of a job body. */
export const AttachmentsField = Type.Array(
  Type.Object(
    {
      // Characters here, UTF-8 bytes in the rule (attachmentNameProblem): a name has at least as many bytes.
      name: Type.String({
        minLength: 1,
        maxLength: MAX_ATTACHMENT_NAME_BYTES,
        description: 'File name shown by PDF viewers; unique in the job.',
      }),
      mimeType: Type.String({
        minLength: 1,
        maxLength: MAX_MIME_TYPE_LENGTH,
        description: 'Media type without parameters, e.g. `text/csv`.',
      }),
      relationship: Relationship,
      description: Type.Optional(Type.String({ maxLength: MAX_METADATA_TEXT, description: 'Shown by PDF viewers beside the name.' })),
      content: Type.Optional(
        Type.String({
          description:
            "The file bytes in base64. Exactly one of `content` and `bundlePath`. Bounded by the plan's `maxAttachmentBytesPerJob` (decoded bytes), not by a length here.",
        }),
      ),
      bundlePath: Type.Optional(
        Type.String({ minLength: 1, maxLength: 1024, description: "A file of the job's version to attach, e.g. `/terms.pdf`." }),
      ),
    },
    { additionalProperties: false },
  ),
  {
    maxItems: MAX_ATTACHMENTS_CEILING,
    description:
      "Files embedded as PDF/A-3 associated files (needs `pdf/a-3b`, or no standard). The plan's `maxAttachmentsPerJob` and `maxAttachmentBytesPerJob` apply (400 naming the attachment).",
  },
);

// Protection (encryption and permissions) and signature of the PDF.

/** What each permission of a protected PDF allows (domain/pdfs/pdf-protection.ts). */
export const PERMISSION_TEXT: Record<PdfPermission, string> = {
  print: 'Print (at low resolution unless `printHighQuality`).',
  printHighQuality: 'Print at full resolution (needs `print`).',
  copy: 'Copy or extract text and images.',
  modify: 'Change the content (other than annotations, forms and assembly).',
  annotate: 'Add or change comments and annotations.',
  fillForms: 'Fill in form fields.',
  accessibility: 'Extract text for accessibility (screen readers).',
  assemble: 'Insert, rotate or delete pages.',
};

const L = VISIBLE_SIGNATURE_LIMITS;
export const VisibleSignatureField = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: L.maxPage, description: 'The page (1-based).' }),
    rect: Type.Object(
      {
        x: Type.Number({ minimum: 0, maximum: L.maxCoordinate, description: "Points from the page's left edge." }),
        y: Type.Number({ minimum: 0, maximum: L.maxCoordinate, description: "Points from the page's top edge." }),
        width: Type.Number({ minimum: L.minWidth, maximum: L.maxCoordinate }),
        height: Type.Number({ minimum: L.minHeight, maximum: L.maxCoordinate }),
      },
      { additionalProperties: false },
    ),
  },
  {
    additionalProperties: false,
    description:
      "Draws the signature on a page: a box at `rect` (points, 1/72 inch — a CSS pixel is 0.75 pt — measured from the page's top-left corner) saying who signed (the certificate's common name), when (UTC), and the reason and location. The letters are drawn as outlines, so a PDF/A stays PDF/A. A page past the end, or a box reaching past the page, fails the job with `pdf_postprocess_failed`. Default: an invisible signature.",
    examples: [{ page: 1, rect: { x: 380, y: 700, width: 180, height: 50 } }],
  },
);

/** `protection` of a job body. */
export const ProtectionField = Type.Object(
  {
    userPassword: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          'Needed to open the PDF. Leave it out for a PDF anyone can open, with the permissions below enforced by readers. At most 127 bytes of UTF-8.',
      }),
    ),
    ownerPassword: Type.String({
      minLength: 1,
      description: 'Lifts the restrictions (and opens the PDF). Must differ from `userPassword`. At most 127 bytes of UTF-8.',
    }),
    permissions: Type.Optional(
      Type.Object(Object.fromEntries(PDF_PERMISSIONS.map((p) => [p, Type.Optional(Type.Boolean({ description: PERMISSION_TEXT[p] }))])), {
        additionalProperties: false,
        description: 'What a reader allows without the owner password. Each defaults to `true`: set the ones to refuse to `false`.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "Encrypts the PDF with AES-256 (PDF 2.0, security handler revision 6) after every other document option. The passwords are secrets: kept sealed only until the job ends, never logged, returned or sent in webhooks. Cannot be combined with PDF/A (`pdf.standard`, the version's standard, or `eInvoice`): 400.",
  },
);

/** `signature` of a job body. */
export const SignatureField = Type.Object(
  {
    certificateId: Type.String({
      minLength: 1,
      maxLength: MAX_CERTIFICATE_ID_LENGTH,
      description: "One of the account's signing certificates (`scert_…`).",
    }),
    reason: Type.Optional(Type.String({ maxLength: MAX_SIGNATURE_TEXT, description: 'Shown by readers, e.g. "Invoice issued".' })),
    location: Type.Optional(Type.String({ maxLength: MAX_SIGNATURE_TEXT, description: 'Where it was signed, e.g. "Dublin, IE".' })),
    contactInfo: Type.Optional(Type.String({ maxLength: MAX_SIGNATURE_TEXT, description: 'How to reach the signer.' })),
    visible: Type.Optional(VisibleSignatureField),
  },
  {
    additionalProperties: false,
    description:
      "Signs the PDF (PAdES baseline B-B: a detached CMS, SHA-256 and RSA, SubFilter `ETSI.CAdES.detached`) as the very last step, so the signature covers the final bytes (after PDF/A, attachments and joined PDFs). The certificate must be valid when the job is created (400) and when it renders (else the job fails with `pdf_postprocess_failed`). Another account's id is 404 `signing_certificate_not_found`. With `protection` the signature field is encrypted with the document and the signature computed over the encrypted bytes (open it with a password to verify).",
  },
);

// Page images: the `images` and `outputFormat` fields.

const ImageFormatField = Type.Union(
  IMAGE_FORMATS.map((f) => Type.Literal(f)),
  { description: '`png` (lossless, sharp text), `jpeg` or `webp` (smaller; see `quality`). Defaults to an image `outputFormat`.' },
);

/** `images` of a job body. */
export const ImagesField = Type.Object(
  {
    format: Type.Optional(ImageFormatField),
    pages: Type.Optional(
      Type.String({
        maxLength: 20,
        description: `Which pages: \`all\`, one page (\`1\`), a range (\`1-3\`) or a page onwards (\`2-\`). Default \`all\`; \`1\` with an image \`outputFormat\` (its product is one picture). At most ${MAX_IMAGE_PAGES} pages per job; a page past the end of the document fails the job with \`pdf_postprocess_failed\`.`,
        examples: ['1'],
      }),
    ),
    width: Type.Optional(
      Type.Integer({
        minimum: IMAGE_WIDTH.min,
        maximum: IMAGE_WIDTH.max,
        description: 'Width of every image in pixels; the height follows the page. Not with `dpi`.',
      }),
    ),
    dpi: Type.Optional(
      Type.Integer({
        minimum: IMAGE_DPI.min,
        maximum: IMAGE_DPI.max,
        description: `Resolution (pixels per inch of paper); default ${DEFAULT_IMAGE_DPI}, one pixel per CSS pixel. Not with \`width\`.`,
      }),
    ),
    quality: Type.Optional(
      Type.Integer({
        minimum: IMAGE_QUALITY.min,
        maximum: IMAGE_QUALITY.max,
        description: 'JPEG and WebP quality (default 85). Not for PNG, which is lossless.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "Pictures of the printed pages, drawn from the finished PDF by poppler (the same layout, not a screenshot), stored beside the PDF and listed with signed links by `GET /v1/render-jobs/{jobId}/images`. They are drawn before encryption and signing (which change no page), count toward the account's storage as render outputs, and are deleted with the job's output (or, for a managed job, with its PDF).",
  },
);

/** `outputFormat` of a job body. */
export const OutputFormatField = Type.Union(
  OUTPUT_FORMATS.map((f) => Type.Literal(f)),
  {
    description:
      '`pdf` (default) keeps the PDF. An image format keeps only page images (social cards, certificates as pictures): `images` defaults to page 1 in that format, no PDF is stored, and options that only change the PDF (`pdf`, `attachments`, `eInvoice`, `protection`, `signature`) and `outputMode: "managed"` are refused (400).',
  },
);

/**
 * `print` of a job body: print options of this job over its version's `render.metadata.pdf` print overrides,
 * checked by the same rules (domain/jobs/print-options.ts), each problem a 400 naming `print.<option>`. A record
 * here so that the one validator decides (and names) every key.
 */
export const PrintField = Type.Record(Type.String(), Type.Unknown(), {
  description: `Print options of this job (one-shot renders, inline sources): the same options and rules as a version's \`render.metadata.pdf\` print overrides — ${PRINT_OPTION_KEYS.map((k) => `\`${k}\``).join(', ')} — each replacing the version's (\`margin\` side by side). Lengths are a number of CSS px or a string with \`px\`, \`in\`, \`cm\`, \`mm\`, \`pt\` or \`pc\`; \`mediaType\` is \`print\` (default) or \`screen\`; \`parts\` (\`{items: "rows", size: 1000}\` or \`{marks: true, size: 1}\`) prints a long document in parts of the payload's array or of the page's marked elements and joins them, numbered as one (the long-documents guide). CSS \`@page\` rules still win over the paper size and margins. An unknown option or a bad value is a 400 naming \`print.<option>\`.`,
  examples: [
    {
      format: 'A4',
      landscape: true,
      margin: { top: '20mm', bottom: '20mm' },
      displayHeaderFooter: true,
      footerTemplate: '<div style="font-size:8px;margin:auto">Page <span class=pageNumber></span></div>',
    },
  ],
});

/** The body of a new render job (POST /v1/render-jobs; POST /v1/render and batch items build on it). */
export const CreateJobBody = Type.Object(
  {
    deployId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description:
          'The deploy: its id (`dep_…`) or its slug. Required on POST /v1/render-jobs unless the job brings inline sources (`html`, `markdown`) or a `source`; optional on the deploy-scoped route (must name the same deploy as the path).',
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
    markdown: Type.Optional(
      Type.String({
        description:
          'Inline sources instead of a deploy: a Markdown document (CommonMark with GFM tables, rendered in the page by the Markdown engine: the templates guide, section Template languages), stored as `index.md` of a version of the inline deploy. YAML front matter (`title`, `lang`, `css`) is its data; `style.css` among `files` (or the files front matter `css` lists) is linked after the default print stylesheet. Not with `html` (400). The plan\'s `maxInlineHtmlBytes` applies (413 `body_too_large`, `details.field: "markdown"`).',
        examples: ['---\ntitle: Release notes\n---\n# Release 2.4\n\n| Area | Change |\n|---|---|\n| API | Slugs in paths |\n'],
      }),
    ),
    entry: Type.Optional(EntryField),
    office: Type.Optional(OfficeField),
    engine: Type.Optional(
      Type.Union([Type.Literal('html'), ...TEMPLATE_ENGINES.map((e) => Type.Literal(e))], {
        description:
          "With `html`: the template language it is written in (as `render.engine` of a version: `handlebars`, `liquid`, `nunjucks`, `mustache`), rendered in the page with the job's payload as its data and Folio's helpers (the templates guide, section Template languages); `markdown` makes `html` a page that places Markdown files of `files` with `{{ toHTML \"name.md\" }}` (Gotenberg's convention). Default `html`: a plain page. A syntax error is a 400 `template_syntax_error` with file, line and column; a runtime error fails the job with `template_render_failed`.",
        examples: ['handlebars'],
      }),
    ),
    files: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: 1024 }), Type.String(), {
        maxProperties: MAX_INLINE_FILES_CEILING,
        description:
          "With `html` or `markdown`: its CSS, images, fonts (and partials of a template), by path relative to the document (bundle path rules) → the bytes in base64. The plan's `maxInlineFilesPerJob` and `maxInlineBytesPerJob` (html included, decoded) apply; a bad path or base64 is a 400 and a limit a 413, naming the file (`details.field: 'files[\"img/logo.png\"]'`).",
        examples: [{ 'style.css': 'aDEge2NvbG9yOiM0NDR9', 'img/logo.png': 'iVBORw0KGgo=' }],
      }),
    ),
    source: Type.Optional(UrlSourceField),
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
    print: Type.Optional(PrintField),
    waitFor: Type.Optional(WaitForField),
    steps: Type.Optional(
      Type.Array(Type.Object({ type: Type.String() }, { additionalProperties: true }), {
        maxItems: MAX_STEPS,
        description:
          'PDF steps applied to the printed PDF, in order, before the document options (`pdf`, `attachments`, `eInvoice`), the encryption and the signature: the steps of `POST /v1/pdf-jobs` (stamp, watermark, rotate, select, fillForm, flatten, metadata, optimize…) with their rules, except `split` (a render job makes one PDF). A text stamp cannot be combined with a PDF/A standard (its font is not embedded), nor `optimize` with `protection` or `signature`: 400 naming `steps[i]`. A step that does not fit the printed PDF fails the job with `pdf_step_failed`.',
        examples: [[{ type: 'stamp', text: 'COPY', position: 'top-right', fontSize: 18 }]],
      }),
    ),
    failOn: Type.Optional(
      Type.Array(Type.String(), {
        maxItems: 20,
        description:
          "Warning codes that fail this job instead of letting it succeed with the warning; replaces the version's `failOn` (an empty list: none). Unknown codes are refused (400 naming `failOn[i]`). The job then fails with `render_failed_on_warning` naming the first offence (`render_request_failed`, retried, for `request_failed`).",
        examples: [['page_exception', 'request_failed', 'http_error_status', 'console_error', 'ready_by_timeout']],
      }),
    ),
  },
  { additionalProperties: false },
);
