import { Type } from '@sinclair/typebox';
import {
  DEFAULT_IMAGE_DPI,
  IMAGE_DPI,
  IMAGE_FORMATS,
  IMAGE_QUALITY,
  IMAGE_WIDTH,
  MAX_IMAGE_PAGES,
  OUTPUT_FORMATS,
} from '../../domain/page-images.js';

// Page images: the `images` and `outputFormat` fields of a job body, and a stored image as the API shows it.

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

export const PageImage = Type.Object(
  {
    page: Type.Integer({ minimum: 1, description: 'The page of the document (1-based).' }),
    format: Type.String({ description: '`png`, `jpeg` or `webp`.' }),
    width: Type.Integer({ description: 'Pixels.' }),
    height: Type.Integer({ description: 'Pixels.' }),
    bytes: Type.Integer(),
    access: Type.Object({
      url: Type.String({ format: 'uri', description: 'Signed URL served by Folio; no API key needed.' }),
      expiresAt: Type.Integer({ description: 'Epoch milliseconds.' }),
    }),
  },
  { $id: 'PageImage', title: 'PageImage' },
);
