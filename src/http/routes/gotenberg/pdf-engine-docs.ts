// OpenAPI descriptions of Gotenberg's PDF engine routes (pdf-engines.ts, pdf-engine-reads.ts): what each
// route does in Folio's terms, its form and its answers. docs/gotenberg.md has the field-by-field table.
import type { EngineRoute } from '../../../domain/gotenberg/pdf-engines.js';

export const SUMMARIES: Record<EngineRoute, string> = {
  merge: 'Merge PDFs (Gotenberg-compatible)',
  split: 'Split PDFs (Gotenberg-compatible)',
  flatten: 'Flatten PDF forms (Gotenberg-compatible)',
  optimize: 'Optimise PDFs (Gotenberg-compatible)',
  convert: 'Convert PDFs to PDF/A or PDF/UA (Gotenberg-compatible)',
  'metadata/write': 'Write PDF metadata (Gotenberg-compatible)',
  'bookmarks/write': 'Write PDF bookmarks (Gotenberg-compatible)',
  encrypt: 'Encrypt PDFs (Gotenberg-compatible)',
  embed: 'Embed files in PDFs (Gotenberg-compatible)',
  watermark: 'Watermark PDFs (Gotenberg-compatible)',
  stamp: 'Stamp PDFs (Gotenberg-compatible)',
  rotate: 'Rotate PDF pages (Gotenberg-compatible)',
  'add-password': 'Protect PDFs with a password (Gotenberg-compatible)',
  'attachments/add': 'Attach files to PDFs (Gotenberg-compatible)',
  'stamp/bulk': 'Apply several stamps to PDFs (Gotenberg-compatible)',
};

const WHAT: Record<EngineRoute, string> = {
  merge:
    'joins the `files` PDFs in the alphanumeric order of their names (outlines kept), then applies the optional fields of the other routes to the result',
  split:
    '`splitMode=intervals` + `splitSpan=N`: parts of N pages; `splitMode=pages` + `splitSpan=2-`: each selected page alone, or together with `splitUnify=true` (a `split` or `select` step)',
  flatten: 'draws form fields and the other visible annotations into the page content (the `flatten` step)',
  optimize:
    'encodes images again as JPEG at `imageQuality` (1–100, default 80) where that is smaller, then linearises (the `optimize` step with `images: true`)',
  convert:
    "`pdfa` (`PDF/A-2b`, `PDF/A-3b`) and `pdfua=true` → the `conform` step: the post-processing of Folio's own prints (sRGB output intent, XMP, what PDF/A forbids removed); a PDF that cannot conform (a font not embedded, DeviceCMYK colour, PDF/UA-1 of an untagged PDF or one failing Folio's PDF/UA checks) is 422 naming `pdfa` or `pdfua`, never claimed; `PDF/A-1b` is 400",
  'metadata/write':
    '`metadata` (exiftool tag names: Title, Author, Subject, Keywords, Creator, Producer, CreationDate, ModDate, Trapped) → the `metadata` step; other tags are named in `Folio-Warnings`',
  'bookmarks/write': '`bookmarks` (`[{"title","page","children"}]`) replaces the outline (the `outline` step)',
  encrypt: '`userPassword`, `ownerPassword`, `allow…` → the `encrypt` step (AES-256)',
  embed: '`embeds` files (and `embedsMetadata`) → the `attachments` step',
  watermark:
    '`watermarkSource` (text, image, pdf), `watermarkExpression`, `watermarkPages`, `watermarkOptions`, `watermark` files → `watermark` steps (repeatable)',
  stamp: '`stampSource` (text, image, pdf), `stampExpression`, `stampPages`, `stampOptions`, `stamp` files → `stamp` steps (repeatable)',
  rotate: '`rotateAngle` (90, 180, 270) and `rotatePages` → the `rotate` step',
  'add-password':
    "a route proposed to Gotenberg before it became `/forms/pdfengines/encrypt`: `userPassword` (required) and `ownerPassword` → the `encrypt` step (AES-256, every permission allowed; without an owner password, or with the user's, a random one nobody knows stands in for it)",
  'attachments/add':
    'a route proposed to Gotenberg (its `embed` route under a new name): the `attachments` files → the `attachments` step (the media type from the file name)',
  'stamp/bulk':
    'a route proposed to Gotenberg: `stamps`, a JSON array of `{"source": "text"|"image"|"pdf", "expression", "file", "pages", "options"}` applied in order, `file` naming a `stamp` file part → `stamp` steps; `options` are pdfcpu\'s, mapped as on `/forms/pdfengines/stamp`',
};

const pdfAnswer = {
  description: 'The PDF, or a zip of the PDFs when there are several',
  content: {
    'application/pdf': { schema: { type: 'string', format: 'binary' }, example: '%PDF-1.7 … (the PDF bytes)' },
    'application/zip': { schema: { type: 'string', format: 'binary' }, example: 'PK… (the zip bytes)' },
  },
};

const BULK_EXAMPLE =
  '[{"source":"text","expression":"PAID","options":{"rot":"45"}},{"source":"image","file":"logo.png","options":{"pos":"br"}}]';
const text = (example: string) => ({ type: 'string', example });
const files = { type: 'array', items: { type: 'string', format: 'binary' } };

/** The fields a route's form example shows beside `files`, and the example. */
const EXAMPLES: Partial<Record<EngineRoute, { properties: Record<string, unknown>; example: Record<string, unknown> }>> = {
  split: {
    properties: { splitMode: text('intervals'), splitSpan: text('1') },
    example: { files: ['<report.pdf>'], splitMode: 'intervals', splitSpan: '1' },
  },
  stamp: {
    properties: { stampSource: text('text'), stampExpression: text('PAID') },
    example: { files: ['<invoice.pdf>'], stampSource: 'text', stampExpression: 'PAID' },
  },
  'stamp/bulk': {
    properties: { stamps: text(BULK_EXAMPLE), stamp: files },
    example: { files: ['<invoice.pdf>'], stamp: ['<logo.png>'], stamps: BULK_EXAMPLE },
  },
  'add-password': {
    properties: { userPassword: text('open-sesame') },
    example: { files: ['<invoice.pdf>'], userPassword: 'open-sesame' },
  },
  'attachments/add': {
    properties: { attachments: files },
    example: { files: ['<invoice.pdf>'], attachments: ['<factur-x.xml>'] },
  },
};

const form = (route: EngineRoute | 'read') => ({
  mediaType: 'multipart/form-data',
  schema: {
    type: 'object',
    required: ['files'],
    properties: {
      files: { ...files, description: 'The PDFs, each named by its file name.' },
      ...(route !== 'read' ? EXAMPLES[route]?.properties : {}),
    },
  },
  example: (route !== 'read' ? EXAMPLES[route]?.example : undefined) ?? { files: ['<file1.pdf>', '<file2.pdf>'] },
});

export function engineRouteSchema(route: EngineRoute, path: string) {
  return {
    tags: ['Gotenberg'],
    ...(path === '/forms/pdf/merge' ? { hide: true } : {}),
    description: `Gotenberg's \`${path}\`: ${WHAT[route]}. The PDFs are Folio PDF-job steps run in the sandbox on the uploads (each an unencrypted PDF with pages, at most 50 files and 5,000 pages, the plan's \`maxRenderOutputBytes\`), answered and never stored. One result is answered as the PDF (named after the input, or \`Gotenberg-Output-Filename\`), several as a zip. A field Folio cannot honour is a 400 naming it; an option drawn differently is named in \`Folio-Warnings\`. Authenticated like the other Gotenberg routes (Bearer, or the key as the HTTP Basic password).`,
    'x-folio': {
      success: 'The PDF, or a zip of PDFs',
      errors: ['body_too_large', 'pdf_step_failed'] as const,
      alternativeBody: form(route),
      responses: { 200: pdfAnswer },
    },
  };
}

export function readRouteSchema(what: 'metadata' | 'bookmarks') {
  const example =
    what === 'metadata'
      ? { 'file.pdf': { Title: 'Invoice 4711', Author: 'ACME', CreateDate: '2026:01:31 12:00:00Z', PageCount: 2, PDFVersion: 1.7 } }
      : { 'file.pdf': [{ title: 'Chapter 1', page: 1, children: [{ title: 'Section 1.1', page: 2 }] }] };
  return {
    tags: ['Gotenberg'],
    summary: `Read PDF ${what} (Gotenberg-compatible)`,
    description:
      what === 'metadata'
        ? "Gotenberg's `/forms/pdfengines/metadata/read`: each PDF's document information in exiftool's names (`CreateDate` as `2006:09:18 16:27:50-04:00`, `Keywords` a list when comma-separated), with `PageCount` and `PDFVersion`, by file name. Read in the sandbox; nothing is stored."
        : "Gotenberg's `/forms/pdfengines/bookmarks/read`: each PDF's outline as `[{title, page, children}]` (page 1-based; 0 for an entry that opens no page of the file), by file name. Read in the sandbox; nothing is stored.",
    'x-folio': {
      success: `The ${what} of each PDF`,
      errors: ['body_too_large'] as const,
      alternativeBody: form('read'),
      responses: {
        200: {
          description: `The ${what} by file name`,
          content: { 'application/json': { schema: { type: 'object', additionalProperties: true }, example } },
        },
      },
    },
  };
}

export function imageRouteSchema() {
  return {
    tags: ['Gotenberg'],
    summary: 'Convert PDF pages to images (Gotenberg-compatible)',
    description:
      "A route proposed to Gotenberg, `/forms/pdfengines/convert/image`: each page of the `files` PDFs drawn by poppler's pdftoppm, as a job's page images are. `format` `png` (default), `jpeg` or `tiff`; `dpi` 18–600 (default 150); `quality` 1–100 for JPEG (default 100); `firstPage` and `lastPage` (of each file; a last page past the end is the end). The uploads are checked first (each an unencrypted PDF with pages, at most 50 files); at most 200 pages are drawn per request, each page's pixels are bounded before it is drawn (a page too large at that dpi is a 400 naming `dpi`), and the images together stay within the plan's `maxRenderOutputBytes`. One image is answered as itself (`<name>-1.png`, or `Gotenberg-Output-Filename`), several as a zip (`<name>-1.png`, `<name>-2.png`… numbered within each file). A field Folio cannot honour is a 400 naming it. Nothing is stored. Authenticated like the other Gotenberg routes (Bearer, or the key as the HTTP Basic password).",
    'x-folio': {
      success: 'The image, or a zip of the images',
      errors: ['body_too_large', 'pdf_step_failed'] as const,
      alternativeBody: {
        mediaType: 'multipart/form-data',
        schema: {
          type: 'object',
          required: ['files'],
          properties: {
            files: { ...files, description: 'The PDFs, each named by its file name.' },
            format: text('png'),
            dpi: text('150'),
            firstPage: text('1'),
            lastPage: text('3'),
          },
        },
        example: { files: ['<report.pdf>'], format: 'png', dpi: '150', firstPage: '1', lastPage: '3' },
      },
      responses: {
        200: {
          description: 'The image, or a zip of the images when there are several',
          content: {
            'image/png': { schema: { type: 'string', format: 'binary' }, example: '…PNG… (the image bytes)' },
            'image/jpeg': { schema: { type: 'string', format: 'binary' }, example: '(the JPEG bytes)' },
            'image/tiff': { schema: { type: 'string', format: 'binary' }, example: 'II*… (the TIFF bytes)' },
            'application/zip': { schema: { type: 'string', format: 'binary' }, example: 'PK… (the zip bytes)' },
          },
        },
      },
    },
  };
}
