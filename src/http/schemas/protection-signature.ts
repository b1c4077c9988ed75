import { Type } from '@sinclair/typebox';
import { PDF_PERMISSIONS, type PdfPermission } from '../../domain/pdf-protection.js';
import { VISIBLE_SIGNATURE_LIMITS } from '../../domain/signature-appearance.js';

// Protection (encryption and permissions) and signature of a job's PDF: the body fields and their views.

/** What each permission of a protected PDF allows (domain/pdf-protection.ts). */
const PERMISSION_TEXT: Record<PdfPermission, string> = {
  print: 'Print (at low resolution unless `printHighQuality`).',
  printHighQuality: 'Print at full resolution (needs `print`).',
  copy: 'Copy or extract text and images.',
  modify: 'Change the content (other than annotations, forms and assembly).',
  annotate: 'Add or change comments and annotations.',
  fillForms: 'Fill in form fields.',
  accessibility: 'Extract text for accessibility (screen readers).',
  assemble: 'Insert, rotate or delete pages.',
};

export const PermissionsView = Type.Object(
  Object.fromEntries(PDF_PERMISSIONS.map((p) => [p, Type.Boolean({ description: PERMISSION_TEXT[p] })])),
  {
    description: 'What a reader allows without the owner password.',
  },
);

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
      maxLength: 100,
      description: "One of the account's signing certificates (`scert_…`).",
    }),
    reason: Type.Optional(Type.String({ maxLength: 500, description: 'Shown by readers, e.g. "Invoice issued".' })),
    location: Type.Optional(Type.String({ maxLength: 500, description: 'Where it was signed, e.g. "Dublin, IE".' })),
    contactInfo: Type.Optional(Type.String({ maxLength: 500, description: 'How to reach the signer.' })),
    visible: Type.Optional(VisibleSignatureField),
  },
  {
    additionalProperties: false,
    description:
      "Signs the PDF (PAdES baseline B-B: a detached CMS, SHA-256 and RSA, SubFilter `ETSI.CAdES.detached`) as the very last step, so the signature covers the final bytes (after PDF/A, attachments and joined PDFs). The certificate must be valid when the job is created (400) and when it renders (else the job fails with `pdf_postprocess_failed`). Another account's id is 404 `signing_certificate_not_found`. With `protection` the signature field is encrypted with the document and the signature computed over the encrypted bytes (open it with a password to verify).",
  },
);
