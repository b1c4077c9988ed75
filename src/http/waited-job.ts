// A render job waited for in the request and answered with its product, for every route that does so
// (POST /v1/render, Gotenberg's routes): the wait ends when the client goes away (the job runs on), and the
// product (the PDF, or the one page image of a job that keeps only images) is streamed from the blob store.
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors/app-error.js';
import type { Services } from '../services/index.js';
import { imageFile } from '../services/jobs/rendered-files.js';
import { contentDisposition } from './routes/jobs/files.js';

/** Waits for the job at most `waitSeconds`, or until the client goes away (`gone`). */
export async function waitWhileConnected(s: Services, reply: FastifyReply, accountId: string, jobId: string, waitSeconds: number) {
  // A client that goes away stops the wait (its timers and listeners are released); the job runs on.
  const gone = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) gone.abort();
  };
  reply.raw.on('close', onClose);
  try {
    const job = await s.renderSync.wait(accountId, jobId, waitSeconds, gone.signal);
    return { job, gone: gone.signal.aborted };
  } finally {
    reply.raw.off('close', onClose);
  }
}

export interface StoredProduct {
  storageKey: string;
  contentType: string;
  fileName: string;
  sha256: string;
  bytes: number;
  /** Pages of a PDF (the `Folio-Page-Count` header); none for an image. */
  pageCount?: number;
}

/** A succeeded job's product: its PDF, or its one page image when the job keeps only images. */
export async function productOf(s: Services, jobId: string, imagesOnly: boolean): Promise<StoredProduct> {
  if (imagesOnly) {
    const [image] = await s.pageImages.ofJob(jobId);
    if (!image) throw new AppError('render_output_not_found', `the page image of render job ${jobId} was deleted`);
    return imageFile(image);
  }
  return { ...(await s.renderSync.output(jobId)), contentType: 'application/pdf' };
}

/** Streams the product as the answer, with Folio's job headers; `fileName` overrides the stored one. */
export async function sendProduct(s: Services, reply: FastifyReply, jobId: string, file: StoredProduct, fileName = file.fileName) {
  if (file.pageCount !== undefined) reply.header('folio-page-count', String(file.pageCount));
  return reply
    .code(200)
    .header('content-type', file.contentType)
    .header('content-length', String(file.bytes))
    .header('content-disposition', contentDisposition('attachment', fileName))
    .header('etag', `"${file.sha256}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('folio-job-id', jobId)
    .header('folio-sha256', file.sha256)
    .send(await s.ctx.blobs.get(file.storageKey));
}
