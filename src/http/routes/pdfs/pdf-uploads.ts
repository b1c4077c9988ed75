// POST /v1/pdfs (a PDF from outside Folio becomes a managed PDF) and GET /v1/pdfs/{id}/info. The upload is
// the raw PDF (`Content-Type: application/pdf`, the password in `X-Pdf-Password`) or a multipart form with
// a `file` part and optional `password`, `fileName`, `businessKey` fields. Registered in a scope of its own
// (server.ts) with the multipart parser and the application/pdf stream parser, so no other route takes those.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError } from '../../../errors/app-error.js';
import type { Services } from '../../../services/index.js';
import { MAX_PASSWORD_LENGTH, MAX_UPLOAD_BYTES, PdfUploads, type UploadInput } from '../../../services/pdfs/pdf-uploads.js';
import { requestHash, runIdempotent } from '../../idempotent.js';
import { readLimited } from '../../read-limited.js';
import { readParts } from '../../multipart/read-parts.js';
import * as ex from '../../openapi/examples.js';
import { principalOf } from '../../plugins/auth.js';
import { IdParam } from '../../schemas/common.js';
import { PdfInfoSchema } from '../../schemas/pdf-info.js';
import { MAX_ATTACHMENT_READ_BYTES, readPdfAttachment } from '../../../services/pdfs/pdf-attachments.js';

const tags = ['Managed PDFs'];
const mediaTypeOf = (contentType: string | undefined) => (contentType ?? '').split(';')[0].trim().toLowerCase();
const TEXT_FIELDS = new Set(['password', 'fileName', 'businessKey']);
const MAX_FIELD = { password: MAX_PASSWORD_LENGTH, fileName: 200, businessKey: 200 } as const;

/** Options of @fastify/multipart in the upload scope: one file part and three short fields. */
export const uploadMultipartOptions = {
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 3, parts: 4, fieldSize: 4096, headerPairs: 200 },
};

/** What the parser's count limits mean for this form (one file part, three text fields). */
const UPLOAD_FORM_LIMITS: Record<string, string> = {
  FST_FILES_LIMIT: 'the form takes one file part (the PDF, as part `file`)',
  FST_FIELDS_LIMIT: 'the form takes at most the text fields password, fileName and businessKey',
  FST_PARTS_LIMIT: 'the form takes at most 4 parts: file, password, fileName and businessKey',
};

/** The PDF's bytes, refused with 413 once they pass `max`. */
const readPdf = (stream: Readable, max: number) =>
  readLimited(
    stream,
    max,
    () =>
      new AppError('body_too_large', `the PDF is larger than ${max} bytes, the most this plan accepts in one upload`, {
        field: 'file',
        maxBytes: max,
      }),
  );

const field = (name: string, value: string) => {
  const max = MAX_FIELD[name as keyof typeof MAX_FIELD];
  if (value.length > max) throw new AppError('invalid_request', `${name} may have at most ${max} characters`, { field: name });
  if (name !== 'password' && value.length === 0) throw new AppError('invalid_request', `${name} must not be empty`, { field: name });
  return value;
};

/** The upload as sent: a raw application/pdf body or a multipart form. */
async function readUpload(req: FastifyRequest, max: number): Promise<UploadInput> {
  const type = mediaTypeOf(req.headers['content-type']);
  if (type === 'application/pdf') {
    const pw = req.headers['x-pdf-password'];
    const fileName = req.headers['x-file-name'];
    return {
      bytes: await readPdf(req.body as Readable, max),
      ...(typeof pw === 'string' ? { password: field('password', pw) } : {}),
      ...(typeof fileName === 'string' ? { fileName: field('fileName', fileName) } : {}),
    };
  }
  if (type !== 'multipart/form-data')
    throw new AppError('unsupported_media_type', 'send the PDF as application/pdf, or as the `file` part of multipart/form-data');
  const out: Partial<UploadInput> & Record<string, unknown> = {};
  await readParts(
    req,
    async (part) => {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || out.bytes)
          throw new AppError('invalid_request', `the form takes one file part, named file (got ${part.fieldname})`, {
            field: part.fieldname,
          });
        out.bytes = await readPdf(part.file, max);
        if (part.file.truncated)
          throw new AppError('body_too_large', `the PDF is larger than ${max} bytes`, { field: 'file', maxBytes: max });
      } else {
        if (!TEXT_FIELDS.has(part.fieldname))
          throw new AppError('invalid_request', `unknown form field ${part.fieldname}; allowed: file, password, fileName, businessKey`, {
            field: part.fieldname,
          });
        out[part.fieldname] = field(part.fieldname, String(part.value));
      }
    },
    {
      fileTooLarge: () => new AppError('body_too_large', `the PDF is larger than ${max} bytes`, { field: 'file', maxBytes: max }),
      limits: UPLOAD_FORM_LIMITS,
    },
  );
  if (!out.bytes) throw new AppError('invalid_request', 'the form has no file part (the PDF, as part `file`)', { field: 'file' });
  return out as UploadInput;
}

export function pdfUploadRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  // The raw body is read by the handler, within the plan's limit.
  app.addContentTypeParser('application/pdf', (_req, payload, done) => done(null, payload));

  r.post(
    '/v1/pdfs',
    {
      config: { scope: 'pdfs:write' },
      schema: {
        tags,
        summary: 'Upload a PDF as a managed PDF',
        description: `Makes a PDF from outside Folio a managed PDF, like a rendered one: it counts in the account's managed-PDF storage (429 \`storage_limit_exceeded\` past the plan's \`storageLimitBytes\`), has download and permanent links, \`GET /v1/pdfs/{id}/info\`, and lives until deleted. Send the raw PDF (\`Content-Type: application/pdf\`; optional headers \`X-Pdf-Password\` and \`X-File-Name\`) or \`multipart/form-data\` with a \`file\` part and optional \`password\`, \`fileName\` and \`businessKey\` fields. At most the plan's \`maxRenderOutputBytes\` (never more than ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB; 413 \`body_too_large\`). An image (PNG, JPEG, WebP, TIFF, GIF or AVIF) sent as the \`file\` part becomes a PDF of one page the image's size (its resolution, else 72 dpi; EXIF orientation applied) first. Before anything is stored the PDF is checked by \`qpdf --check\` (in a child process, at most 60 s and 1 GiB of memory) and read within Folio's PDF limits (objects, inflated stream bytes, a page tree that loops, pages): 422 \`pdf_invalid\` says what is wrong. An encrypted PDF needs its password (422 \`pdf_password_required\`, \`pdf_password_incorrect\`); the stored PDF is the decrypted copy (\`decrypted: true\`) and the password is neither stored nor logged. Its \`deployId\`, \`deployVersionId\` and \`renderJobId\` are empty strings. Optional \`Idempotency-Key\` (24 h, over the bytes and the file name): a repeat returns the same PDF. Without a key, the same bytes under the same file name (no business key, no password) answer the PDF the account already has (\`reused: true\`): uploads are stored once.`,
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) }),
        response: {
          201: Type.Object({
            pdf: Type.Ref('ManagedPdf'),
            decrypted: Type.Boolean({ description: 'The upload was encrypted; the stored PDF is its decrypted copy.' }),
            reused: Type.Boolean({
              description:
                'The account already had these bytes under this file name (uploaded without a business key or password): that PDF is answered, nothing is stored again.',
            }),
          }),
        },
        'x-folio': {
          success: 'The new managed PDF',
          errors: [
            'pdf_invalid',
            'pdf_password_required',
            'pdf_password_incorrect',
            'body_too_large',
            'unsupported_media_type',
            'storage_limit_exceeded',
            'insufficient_storage',
          ],
          rawBody: { mediaType: 'application/pdf', description: 'The raw bytes of the PDF.', example: '%PDF-1.7 …' },
          alternativeBody: {
            mediaType: 'multipart/form-data',
            schema: {
              type: 'object',
              required: ['file'],
              properties: {
                file: { type: 'string', format: 'binary', description: 'The PDF.' },
                password: { type: 'string', description: 'The password that opens an encrypted PDF (user or owner password).' },
                fileName: { type: 'string', description: 'The download file name (default: `upload-<id>.pdf`).' },
                businessKey: { type: 'string', description: 'Your own reference (default: the PDF id).' },
              },
            },
            example: { file: '(the PDF bytes)', fileName: 'supplier-invoice-4711.pdf' },
          },
          response: {
            pdf: {
              ...ex.managedPdf,
              deployId: '',
              deployVersionId: '',
              renderJobId: '',
              businessKey: 'supplier-4711',
              fileName: 'supplier-invoice-4711.pdf',
            },
            decrypted: false,
            reused: false,
          },
          parameters: { 'idempotency-key': 'upload-supplier-4711' },
        },
      },
    },
    async (req, reply) => {
      const accountId = principalOf(req).accountId;
      const input = await readUpload(req, await s.pdfUploads.maxBytes(accountId));
      const hash = () =>
        requestHash('POST', '/v1/pdfs', null, {
          sha256: PdfUploads.digest(input.bytes),
          fileName: input.fileName ?? null,
          businessKey: input.businessKey ?? null,
        });
      const done = await runIdempotent(req, s.idempotency, hash, 201, () => s.pdfUploads.upload(accountId, input));
      if (done.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(done.status as 201).send(done.value);
    },
  );

  r.get(
    '/v1/pdfs/:pdfId/info',
    {
      config: { scope: 'pdfs:read' },
      schema: {
        tags,
        summary: 'What a managed PDF says about itself',
        description:
          "Pages (count, size in points, rotation), metadata (the information dictionary, else the XMP packet), language, whether it is tagged, the PDF/A and PDF/UA identification it claims (XMP `pdfaid`, `pdfuaid`; claims, not validation), AcroForm fields (name, type, value, options), embedded files (name, size) and signatures (count, the signer names written in them; not verified). Read in the sandbox within Folio's PDF limits. A password-protected managed PDF answers 400 (Folio does not keep its password).",
        params: Type.Object({ pdfId: IdParam('Managed PDF id (`pdf_…`).') }),
        response: { 200: Type.Object({ pdfId: Type.String(), info: PdfInfoSchema }) },
        'x-folio': {
          success: "The PDF's facts",
          errors: ['pdf_not_found', 'pdf_deleting', 'pdf_invalid'],
          response: {
            pdfId: ex.ids.pdf,
            info: {
              pageCount: 1,
              pages: [{ number: 1, width: 595.28, height: 841.89, rotation: 0 }],
              metadata: {
                title: 'Invoice 4711',
                author: 'ACME GmbH',
                subject: null,
                keywords: null,
                creator: 'Writer',
                producer: 'LibreOffice 7.4',
                creationDate: 'D:20261120093000Z',
                modificationDate: null,
              },
              language: 'de-DE',
              tagged: true,
              pdfA: 'PDF/A-3b',
              pdfUA: null,
              formFields: [{ name: 'approved', type: 'checkbox', value: false, readOnly: false }],
              attachments: [{ name: 'factur-x.xml', bytes: 5120, description: 'Factur-X invoice' }],
              signatures: { count: 0, signers: [] },
              truncated: false,
            },
          },
        },
      },
    },
    async (req) => s.pdfUploads.info(principalOf(req).accountId, req.params.pdfId),
  );

  r.get(
    '/v1/pdfs/:pdfId/attachments/:name',
    {
      config: { scope: 'pdfs:read' },
      schema: {
        tags,
        summary: 'One embedded file of a managed PDF',
        description: `The bytes of the file the PDF embeds under \`name\` (as \`GET /v1/pdfs/{pdfId}/info\` lists it: /UF, else /F, else its key in the /EmbeddedFiles name tree), decoded in the sandbox, at most ${MAX_ATTACHMENT_READ_BYTES / 1024 / 1024} MB (more is 422 \`pdf_invalid\`). Served as \`application/octet-stream\` with \`Content-Disposition: attachment\` (the PDF's own media type, which the PDF's author chose, is in \`X-Folio-Attachment-Type\`). A name the PDF does not embed is 404 \`pdf_attachment_not_found\`; a password-protected managed PDF is 400.`,
        params: Type.Object({
          pdfId: IdParam('Managed PDF id (`pdf_…`).'),
          name: Type.String({ minLength: 1, maxLength: 1000, description: "The embedded file's name, URL-encoded." }),
        }),
        'x-folio': {
          success: 'The embedded file',
          errors: ['pdf_not_found', 'pdf_deleting', 'pdf_attachment_not_found', 'pdf_invalid'],
          parameters: { name: 'factur-x.xml' },
          responses: {
            200: {
              description: "The file's bytes",
              headers: {
                'X-Folio-Attachment-Type': {
                  description: 'The media type the PDF declares for it (/Subtype), when it declares one.',
                  schema: { type: 'string' },
                },
              },
              content: {
                'application/octet-stream': { schema: { type: 'string', format: 'binary' }, example: '<?xml … (the file bytes)' },
              },
            },
          },
        },
      },
    },
    async (req, reply) => {
      const file = await readPdfAttachment(s.ctx, principalOf(req).accountId, req.params.pdfId, req.params.name);
      // The media type is the PDF author's word: never a Content-Type a browser would render.
      if (file.mimeType && /^[\w.+-]+\/[\w.+-]+$/.test(file.mimeType)) reply.header('x-folio-attachment-type', file.mimeType);
      const ascii = req.params.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .header('content-type', 'application/octet-stream')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(req.params.name)}`)
        .send(file.bytes);
    },
  );
}
