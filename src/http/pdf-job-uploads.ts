// A PDF job sent as multipart/form-data: a `job` part (the JSON body of POST /v1/pdf-jobs) and file parts
// that its sources name (`{"upload": "<part name>"}`), so "stamp PAID on this supplier's invoice" is one
// request. The preValidation hook reads the form (files bounded by the upload limits) into the body and a
// side table; the route then makes each named file a managed PDF (POST /v1/pdfs's checks) and puts its id
// in place of `upload` — all of them or none: a later failure deletes those made before it.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import type { Services } from '../services/index.js';
import { MAX_MERGE_SOURCES } from '../services/pdfs/pdf-merges.js';
import { MAX_UPLOAD_BYTES } from '../services/pdfs/pdf-uploads.js';
import { readParts } from './multipart/read-parts.js';
import { looksLikeImage } from '../domain/pdfs/image-formats.js';

/** Options of @fastify/multipart for PDF jobs: one JSON part and up to one file per source. */
export const pdfJobMultipartOptions = {
  limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_MERGE_SOURCES, fields: 1, parts: MAX_MERGE_SOURCES + 1, fieldSize: 1024 * 1024 },
};

/** What the parser's count limits mean for this form (a `job` part and the PDFs its sources name). */
const PDF_JOB_FORM_LIMITS: Record<string, string> = {
  FST_FILES_LIMIT: `the form takes at most ${MAX_MERGE_SOURCES} file parts (the PDFs the job's sources name)`,
  FST_FIELDS_LIMIT: 'the form takes one text part, job (the JSON body of POST /v1/pdf-jobs)',
  FST_PARTS_LIMIT: `the form takes at most ${MAX_MERGE_SOURCES + 1} parts: job and the PDFs its sources name`,
};

interface Upload {
  bytes: Buffer;
  fileName: string;
}

const uploadsOf = new WeakMap<FastifyRequest, Map<string, Upload>>();

/** preValidation: a multipart request's `job` part becomes the body; its files wait in a side table. */
export async function multipartPdfJobBody(req: FastifyRequest): Promise<void> {
  if (!req.isMultipart()) return;
  const files = new Map<string, Upload>();
  let job: unknown;
  await readParts(
    req,
    async (part) => {
      if (part.type === 'file') {
        if (files.has(part.fieldname))
          throw new AppError('invalid_request', `the form has two file parts named ${part.fieldname}`, { field: part.fieldname });
        const bytes = await part.toBuffer();
        files.set(part.fieldname, { bytes, fileName: part.filename || `${part.fieldname}.pdf` });
      } else if (part.fieldname === 'job') {
        try {
          // A part sent as application/json arrives parsed already; a plain field arrives as text.
          job = typeof part.value === 'string' ? JSON.parse(part.value) : part.value;
        } catch {
          throw new AppError('invalid_request', 'the job part must be the JSON body of POST /v1/pdf-jobs', { field: 'job' });
        }
      } else
        throw new AppError('invalid_request', `unknown form field ${part.fieldname}; send job and file parts`, { field: part.fieldname });
    },
    {
      limits: PDF_JOB_FORM_LIMITS,
      fileTooLarge: () =>
        new AppError('body_too_large', `a file part is larger than ${MAX_UPLOAD_BYTES} bytes`, {
          field: 'file',
          maxBytes: MAX_UPLOAD_BYTES,
        }),
    },
  );
  if (job === undefined)
    throw new AppError('invalid_request', 'the form has no job part (the JSON body of POST /v1/pdf-jobs)', { field: 'job' });
  req.body = job;
  uploadsOf.set(req, files);
}

type Source = { pdfId?: string; jobId?: string; upload?: string };

/**
 * The sources as bytes, nothing stored (a transient PDF job): an upload is its file part as sent (checked in
 * the sandbox by the run), a managed PDF or render output is read for the account (404 naming the source).
 */
export async function sourceFiles(req: FastifyRequest, s: Services, accountId: string, sources: Source[]) {
  const files = uploadsOf.get(req) ?? new Map<string, Upload>();
  const unused = [...files.keys()].find((name) => !sources.some((src) => src.upload === name));
  if (unused) throw new AppError('invalid_request', `the file part ${unused} is named by no source`, { field: unused });
  const out: Array<{ name: string; bytes: Buffer }> = [];
  for (const [i, src] of sources.entries()) {
    const given = (['pdfId', 'jobId', 'upload'] as const).filter((k) => src[k] !== undefined);
    if (given.length !== 1)
      throw new AppError('invalid_request', `sources[${i}] needs exactly one of pdfId, jobId or upload`, { field: `sources[${i}]` });
    if (src.upload !== undefined) {
      const file = files.get(src.upload);
      if (!file)
        throw new AppError('invalid_request', `sources[${i}].upload names ${src.upload}, which is no file part of the request`, {
          field: `sources[${i}].upload`,
        });
      // An image becomes a PDF of one page first (POST /v1/pdfs does the same).
      out.push(
        looksLikeImage(file.bytes)
          ? {
              name: file.fileName.replace(/\.\w+$/, '') + '.pdf',
              bytes: await s.pdfUploads.pdfOfImage(accountId, file.bytes, `sources[${i}].upload`),
            }
          : { name: file.fileName, bytes: file.bytes },
      );
      continue;
    }
    const r = await s.pdfMerges.resolve(accountId, src.pdfId !== undefined ? { pdfId: src.pdfId } : { jobId: src.jobId! }, `sources[${i}]`);
    out.push({ name: r.fileName, bytes: await s.ctx.blobs.getBuffer(r.storageKey) });
  }
  return out;
}

/**
 * The sources with each `upload` made a managed PDF: a name no file part has is a 400 naming the source;
 * a file that is not a readable PDF is POST /v1/pdfs's 422 naming the source. Every file part must be used.
 */
export async function uploadSources(req: FastifyRequest, s: Services, accountId: string, sources: Source[]) {
  const files = uploadsOf.get(req) ?? new Map<string, Upload>();
  const unused = [...files.keys()].find((name) => !sources.some((src) => src.upload === name));
  if (unused) throw new AppError('invalid_request', `the file part ${unused} is named by no source`, { field: unused });
  const made: string[] = [];
  try {
    const out: Array<{ pdfId: string } | { jobId: string }> = [];
    for (const [i, src] of sources.entries()) {
      const given = (['pdfId', 'jobId', 'upload'] as const).filter((k) => src[k] !== undefined);
      if (given.length !== 1)
        throw new AppError('invalid_request', `sources[${i}] needs exactly one of pdfId, jobId or upload`, { field: `sources[${i}]` });
      if (src.upload === undefined) {
        out.push(src.pdfId !== undefined ? { pdfId: src.pdfId } : { jobId: src.jobId! });
        continue;
      }
      const file = files.get(src.upload);
      if (!file)
        throw new AppError('invalid_request', `sources[${i}].upload names ${src.upload}, which is no file part of the request`, {
          field: `sources[${i}].upload`,
        });
      try {
        const { pdf, reused } = await s.pdfUploads.upload(accountId, { bytes: file.bytes, fileName: file.fileName });
        // A PDF the account already had is not this request's to delete when the job fails.
        if (!reused) made.push(pdf.id);
        out.push({ pdfId: pdf.id });
      } catch (err) {
        if (err instanceof AppError)
          throw new AppError(err.code, `sources[${i}].upload (${src.upload}): ${err.message}`, {
            ...err.details,
            field: `sources[${i}].upload`,
          });
        throw err;
      }
    }
    return { sources: out, made };
  } catch (err) {
    for (const id of made) await s.renderedFiles.deletePdf(accountId, id).catch(() => undefined);
    throw err;
  }
}
