import { Type } from '@sinclair/typebox';
import { AF_RELATIONSHIPS, FACTURX_PROFILES, PDF_STANDARDS } from '../../domain/pdf-document.js';
import { MAX_ATTACHMENTS_CEILING } from '../../domain/plans.js';

// The document options of a job (`pdf`, `attachments`, `eInvoice`): what the PDF declares and carries.

export const Standard = Type.Union(
  PDF_STANDARDS.map((s) => Type.Literal(s)),
  {
    description:
      'Conformance level of the output: `none` (what Chromium prints), `pdf/a-2b` or `pdf/a-3b` (ISO 19005, as far as Folio checks it). An e-invoice is always `pdf/a-3b`.',
  },
);
const Relationship = Type.Union(
  AF_RELATIONSHIPS.map((r) => Type.Literal(r)),
  { description: 'How the file relates to the document (PDF/A-3 `/AFRelationship`).' },
);
const Profile = Type.Union(
  FACTURX_PROFILES.map((p) => Type.Literal(p)),
  { description: 'Factur-X / ZUGFeRD profile of the XML.' },
);

/** Document metadata written to the Info dictionary and the XMP packet alike. */
export const DocumentMetadata = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 2000, description: 'dc:title and Info /Title (shown as the window title).' })),
    author: Type.Optional(Type.String({ maxLength: 2000, description: 'dc:creator and Info /Author.' })),
    subject: Type.Optional(Type.String({ maxLength: 2000, description: 'dc:description and Info /Subject.' })),
    keywords: Type.Optional(
      Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100, description: 'pdf:Keywords and Info /Keywords.' }),
    ),
    creator: Type.Optional(Type.String({ maxLength: 2000, description: 'xmp:CreatorTool and Info /Creator.' })),
    lang: Type.Optional(
      Type.String({ maxLength: 100, description: 'BCP 47 tag for the catalog /Lang; default: what the page declared (`<html lang>`).' }),
    ),
  },
  { additionalProperties: false },
);

/** `pdf` of a job body. */
export const PdfOptionsField = Type.Object(
  { standard: Type.Optional(Standard), metadata: Type.Optional(DocumentMetadata) },
  {
    additionalProperties: false,
    description:
      "Document options of this job, over the version's `render.metadata.pdf`: `standard` replaces the version's, each `metadata` field replaces the version's field of the same name.",
  },
);

/** `attachments` of a job body. */
export const AttachmentsField = Type.Array(
  Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: 255, description: 'File name shown by PDF viewers; unique in the job.' }),
      mimeType: Type.String({ minLength: 1, maxLength: 255, description: 'Media type without parameters, e.g. `text/csv`.' }),
      relationship: Relationship,
      description: Type.Optional(Type.String({ maxLength: 2000, description: 'Shown by PDF viewers beside the name.' })),
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

/** `eInvoice` of a job body. */
export const EInvoiceField = Type.Object(
  {
    standard: Type.Literal('factur-x', { description: 'Factur-X 1.0 / ZUGFeRD 2.x.' }),
    profile: Profile,
    // No minLength: ajv would count the characters of a string of up to 16 MiB on the event loop; an
    // empty XML is refused by the check that parses it ("eInvoice.xml is empty").
    xml: Type.String({
      description:
        "The CrossIndustryInvoice XML (UTF-8), embedded byte for byte as `factur-x.xml`; its bytes count toward the plan's `maxAttachmentBytesPerJob`. Checked to be well-formed with a CrossIndustryInvoice root; not validated against EN 16931.",
    }),
  },
  {
    additionalProperties: false,
    description: 'Makes the output a Factur-X / ZUGFeRD e-invoice: PDF/A-3b with the XML embedded and the Factur-X XMP schema.',
  },
);
