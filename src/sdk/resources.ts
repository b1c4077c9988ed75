// The API's resources as typed methods over the HTTP core: deploys, render jobs, managed PDFs and signing
// certificates (render batches are in batches.ts). Each is built once per client.
import { randomUUID } from 'node:crypto';
import type { Operations } from './api-types.js';
import { findDeployBySlug } from './deploy-directory.js';
import { FolioApiError } from './errors.js';
import type { CallOptions, HttpCore } from './http.js';
import { fetchImages, type DownloadedPageImage, type ImagesQuery } from './page-images.js';
import type { Paginate, QueryOf } from './pagination.js';
import { etagHash, readBody, verifiedStream } from './streams.js';

export type CreateRenderJobBody = Operations['POST /v1/render-jobs']['body'];
export type MergePdfsBody = Operations['POST /v1/pdfs/merge']['body'];
export type PdfJobBody = Operations['POST /v1/pdf-jobs']['body'];
export type PdfJobResult = Operations['GET /v1/pdf-jobs/{jobId}']['response'];
export type RenderJobResult = Operations['GET /v1/render-jobs/{jobId}']['response'];

export function deploysResource(http: HttpCore, paginate: Paginate) {
  return {
    list: (query: Operations['GET /v1/deploys']['query'] = {}, o: CallOptions = {}) => http.call('GET /v1/deploys', { query, ...o }),
    iterate: () => paginate('GET /v1/deploys'),
    get: (deployId: string, o: CallOptions = {}) => http.call('GET /v1/deploys/{deployId}', { path: { deployId }, ...o }),
    create: (body: Operations['POST /v1/deploys']['body'], o: CallOptions = {}) => http.call('POST /v1/deploys', { body, ...o }),
    update: (deployId: string, body: Operations['PATCH /v1/deploys/{deployId}']['body'], o: CallOptions = {}) =>
      http.call('PATCH /v1/deploys/{deployId}', { path: { deployId }, body, ...o }),
    delete: (deployId: string, o: CallOptions = {}) => http.call('DELETE /v1/deploys/{deployId}', { path: { deployId }, ...o }),
    /** A deploy by id (`dep_…`) or slug; FolioApiError 404 `deploy_not_found` when neither matches. */
    resolve: async (idOrSlug: string, o: CallOptions = {}): Promise<{ id: string; slug: string; name: string }> => {
      if (idOrSlug.startsWith('dep_')) {
        try {
          const { deploy } = await http.call('GET /v1/deploys/{deployId}', { path: { deployId: idOrSlug }, ...o });
          return deploy;
        } catch (err) {
          if (!(err instanceof FolioApiError && err.code === 'deploy_not_found')) throw err;
        }
      }
      const hit = await findDeployBySlug(http, idOrSlug, o.signal);
      if (!hit) throw new FolioApiError({ status: 404, code: 'deploy_not_found', message: `no deploy has the id or slug "${idOrSlug}"` });
      return hit;
    },
    versions: (deployId: string) => paginate('GET /v1/deploys/{deployId}/versions', { path: { deployId } }),
    getVersion: (deployId: string, deployVersionId: string, o: CallOptions = {}) =>
      http.call('GET /v1/deploys/{deployId}/versions/{deployVersionId}', { path: { deployId, deployVersionId }, ...o }),
    /** Prints the version's fixtures again and compares them with its snapshots (202, `status: "running"`). */
    checkVersion: (deployId: string, deployVersionId: string, body: { tolerance?: number } = {}, o: CallOptions = {}) =>
      http.call('POST /v1/deploys/{deployId}/versions/{deployVersionId}/checks', { path: { deployId, deployVersionId }, body, ...o }),
    getVersionCheck: (deployId: string, deployVersionId: string, checkId: string, o: CallOptions = {}) =>
      http.call('GET /v1/deploys/{deployId}/versions/{deployVersionId}/checks/{checkId}', {
        path: { deployId, deployVersionId, checkId },
        ...o,
      }),
    versionChecks: (deployId: string, deployVersionId: string) =>
      paginate('GET /v1/deploys/{deployId}/versions/{deployVersionId}/checks', { path: { deployId, deployVersionId } }),
    setAlias: (deployId: string, alias: string, deployVersionId: string, o: CallOptions = {}) =>
      http.call('PUT /v1/deploys/{deployId}/aliases/{alias}', { path: { deployId, alias }, body: { deployVersionId }, ...o }),
    getSettings: (deployId: string, o: CallOptions = {}) => http.call('GET /v1/deploys/{deployId}/settings', { path: { deployId }, ...o }),
    updateSettings: (deployId: string, body: Operations['PATCH /v1/deploys/{deployId}/settings']['body'], o: CallOptions = {}) =>
      http.call('PATCH /v1/deploys/{deployId}/settings', { path: { deployId }, body, ...o }),
  };
}

export function renderJobsResource(http: HttpCore, paginate: Paginate) {
  return {
    create: (body: CreateRenderJobBody, o: CallOptions = {}) => http.call('POST /v1/render-jobs', { body, ...o }),
    get: (jobId: string, query: { waitSeconds?: number } = {}, o: CallOptions = {}) =>
      http.call('GET /v1/render-jobs/{jobId}', { path: { jobId }, query, ...o }),
    list: (query: Operations['GET /v1/render-jobs']['query'] = {}, o: CallOptions = {}) =>
      http.call('GET /v1/render-jobs', { query, ...o }),
    iterate: (query: QueryOf<'GET /v1/render-jobs'> = {}) => paginate('GET /v1/render-jobs', { query }),
    cancel: (jobId: string, o: CallOptions = {}) => http.call('POST /v1/render-jobs/{jobId}/cancel', { path: { jobId }, ...o }),
    downloadLink: (jobId: string, expiresInSeconds?: number, o: CallOptions = {}) =>
      http.call('POST /v1/render-jobs/{jobId}/output-download', {
        path: { jobId },
        body: expiresInSeconds ? { expiresInSeconds } : {},
        ...o,
      }),
    previewLink: (jobId: string, expiresInSeconds?: number, o: CallOptions = {}) =>
      http.call('POST /v1/render-jobs/{jobId}/output-preview', {
        path: { jobId },
        body: expiresInSeconds ? { expiresInSeconds } : {},
        ...o,
      }),
    deleteOutput: (jobId: string, o: CallOptions = {}) => http.call('DELETE /v1/render-jobs/{jobId}/output', { path: { jobId }, ...o }),
    /**
     * The page images of a succeeded job (`images` or an image `outputFormat`), in page order, each with a
     * signed URL (`access.url`, no API key needed): resolves with `{images}` (`[]` for a job that asked for
     * none). FolioApiError 409 `render_output_not_ready` before success, 404 `render_output_not_found` once
     * the output is deleted or expired.
     */
    images: (jobId: string, query: ImagesQuery = {}, o: CallOptions = {}) =>
      http.call('GET /v1/render-jobs/{jobId}/images', { path: { jobId }, query, ...o }),
    /**
     * The page images of a succeeded job with their bytes, in page order (each checked against its size and
     * sha256): `[{page, format, width, height, bytes, image}]`. All are held in memory.
     */
    downloadImages: async (jobId: string, o: CallOptions = {}): Promise<DownloadedPageImage[]> => {
      const { images } = await http.call('GET /v1/render-jobs/{jobId}/images', { path: { jobId }, query: {}, ...o });
      return fetchImages(http, images, `render job ${jobId}`, o.signal);
    },
  };
}

export function pdfsResource(http: HttpCore, paginate: Paginate) {
  return {
    list: (query: Operations['GET /v1/pdfs']['query'] = {}, o: CallOptions = {}) => http.call('GET /v1/pdfs', { query, ...o }),
    iterate: (query: QueryOf<'GET /v1/pdfs'> = {}) => paginate('GET /v1/pdfs', { query }),
    get: (pdfId: string, o: CallOptions = {}) => http.call('GET /v1/pdfs/{pdfId}', { path: { pdfId }, ...o }),
    delete: (pdfId: string, o: CallOptions = {}) => http.call('DELETE /v1/pdfs/{pdfId}', { path: { pdfId }, ...o }),
    downloadLink: (pdfId: string, expiresInSeconds?: number, o: CallOptions = {}) =>
      http.call('POST /v1/pdfs/{pdfId}/download', { path: { pdfId }, body: expiresInSeconds ? { expiresInSeconds } : {}, ...o }),
    previewLink: (pdfId: string, expiresInSeconds?: number, o: CallOptions = {}) =>
      http.call('POST /v1/pdfs/{pdfId}/preview', { path: { pdfId }, body: expiresInSeconds ? { expiresInSeconds } : {}, ...o }),
    listLinks: (pdfId: string, o: CallOptions = {}) => http.call('GET /v1/pdfs/{pdfId}/permanent-links', { path: { pdfId }, ...o }),
    createLink: (pdfId: string, o: CallOptions = {}) => http.call('POST /v1/pdfs/{pdfId}/permanent-links', { path: { pdfId }, ...o }),
    deleteLink: (pdfId: string, linkId: string, o: CallOptions = {}) =>
      http.call('DELETE /v1/pdfs/{pdfId}/permanent-links/{linkId}', { path: { pdfId, linkId }, ...o }),
    /**
     * Joins managed PDFs (`{pdfId}`) and succeeded jobs' outputs (`{jobId}`), each optionally cut to
     * `pageRanges` (`"1-3,5"`), in order, into a new managed PDF: resolves with `{pdf}`. Sent with an
     * Idempotency-Key (a random one unless given), so a retry after a network error creates no second PDF.
     */
    merge: (body: MergePdfsBody, o: CallOptions = {}) => http.call('POST /v1/pdfs/merge', { body, ...o }),
    /**
     * Uploads a PDF from outside Folio as a managed PDF (`POST /v1/pdfs`, raw `application/pdf`): resolves
     * with `{pdf, decrypted}`. An encrypted PDF needs `password` (sent in `X-Pdf-Password`, never stored).
     * Sent with an Idempotency-Key (a random one unless given), so a retry stores no second PDF.
     */
    upload: async (
      pdf: Uint8Array,
      opts: { password?: string; fileName?: string } & CallOptions = {},
    ): Promise<Operations['POST /v1/pdfs']['response']> => {
      const res = await http.send({
        method: 'POST',
        url: '/v1/pdfs',
        bytes: pdf,
        contentType: 'application/pdf',
        headers: {
          ...opts.headers,
          'idempotency-key': opts.idempotencyKey ?? randomUUID(),
          ...(opts.password !== undefined ? { 'x-pdf-password': opts.password } : {}),
          ...(opts.fileName !== undefined ? { 'x-file-name': opts.fileName } : {}),
        },
        signal: opts.signal,
        retrySafe: true,
        what: 'POST /v1/pdfs',
      });
      return (await res.json()) as Operations['POST /v1/pdfs']['response'];
    },
    /** What a managed PDF says about itself: pages, metadata, form fields, attachments, signatures, PDF/A and PDF/UA claims. */
    info: (pdfId: string, o: CallOptions = {}) => http.call('GET /v1/pdfs/{pdfId}/info', { path: { pdfId }, ...o }),
    /**
     * Runs a PDF job (`POST /v1/pdf-jobs`: `select`, `rotate`, `stamp`, `watermark`, `fillForm`, `flatten`,
     * `metadata`, `redact`, `nUp`, `conform`, `extractText`, `validate`, `split`, `optimize`, `encrypt`, `sign`,
     * `timestamp`) and resolves once it is done, with the job and the managed PDF(s) it made, and `reports`
     * of the steps that read (`extractText`'s text, `validate`'s findings; `pdfs` is empty when every step
     * only reads): a job still running when the request's wait ends is long-polled (`GET /v1/pdf-jobs/{jobId}`).
     * A failed job rejects with FolioApiError (`pdf_step_failed` naming the step in `details.field`, else
     * `render_job_failed` with `details.jobErrorCode`).
     */
    runSteps: async (body: PdfJobBody, o: CallOptions = {}) => {
      // The SDK asks for JSON: the 200 file answer (Accept: application/pdf) is not this call's.
      let r = (await http.call('POST /v1/pdf-jobs', { body, ...o })) as PdfJobResult;
      while (!r.pdfs && r.job && (r.job.status === 'queued' || r.job.status === 'rendering' || r.job.status === 'retry_scheduled'))
        r = await http.call('GET /v1/pdf-jobs/{jobId}', { path: { jobId: r.job.id }, query: { waitSeconds: 30 }, ...o });
      if (!r.pdfs)
        throw new FolioApiError({
          status: 422,
          code: 'render_job_failed',
          message: r.job?.errorMessage ?? `PDF job ${r.job?.id ?? ''} ended ${r.job?.status ?? 'without a PDF'}`,
          details: { jobId: r.job?.id, jobStatus: r.job?.status, ...(r.job?.errorCode ? { jobErrorCode: r.job.errorCode } : {}) },
        });
      return { ...r, pdfs: r.pdfs };
    },
    /** A PDF job and, after success, its PDF (`GET /v1/pdf-jobs/{jobId}`); `waitSeconds` (0–30) long-polls. */
    getJob: (jobId: string, query: { waitSeconds?: number } = {}, o: CallOptions = {}) =>
      http.call('GET /v1/pdf-jobs/{jobId}', { path: { jobId }, query, ...o }),
    /**
     * Page 1 of a managed PDF as a PNG 240 px wide (`GET /v1/pdfs/{pdfId}/thumbnail`): resolves with its
     * bytes. FolioApiError 409 `thumbnail_unavailable` for a PDF that needs a password to open.
     */
    thumbnail: async (pdfId: string, o: CallOptions = {}): Promise<Buffer> => {
      if (!pdfId) throw new TypeError('pdfs.thumbnail: pdfId is required');
      const res = await http.send({
        method: 'GET',
        url: `/v1/pdfs/${encodeURIComponent(pdfId)}/thumbnail`,
        headers: { ...o.headers, accept: 'image/png' },
        signal: o.signal,
        retrySafe: true,
        what: 'GET /v1/pdfs/{pdfId}/thumbnail',
      });
      const what = `the thumbnail of PDF ${pdfId}`;
      return readBody(verifiedStream(res, { ...etagHash(res), what }), what);
    },
  };
}

/** The account's signing certificates (PKCS#12): only subject, issuer, validity and fingerprint come back. */
export function signingCertificatesResource(http: HttpCore, paginate: Paginate) {
  return {
    /** Uploads a PKCS#12 file (bytes, or base64 already) with its passphrase; resolves with `{signingCertificate}`. */
    create: (body: { name: string; pkcs12: Uint8Array | string; passphrase: string }, o: CallOptions = {}) =>
      http.call('POST /v1/signing-certificates', {
        body: {
          name: body.name,
          passphrase: body.passphrase,
          pkcs12:
            typeof body.pkcs12 === 'string'
              ? body.pkcs12
              : Buffer.from(body.pkcs12.buffer, body.pkcs12.byteOffset, body.pkcs12.byteLength).toString('base64'),
        },
        ...o,
      }),
    list: (query: Operations['GET /v1/signing-certificates']['query'] = {}, o: CallOptions = {}) =>
      http.call('GET /v1/signing-certificates', { query, ...o }),
    iterate: () => paginate('GET /v1/signing-certificates'),
    get: (certificateId: string, o: CallOptions = {}) =>
      http.call('GET /v1/signing-certificates/{signingCertificateId}', { path: { signingCertificateId: certificateId }, ...o }),
    delete: (certificateId: string, o: CallOptions = {}) =>
      http.call('DELETE /v1/signing-certificates/{signingCertificateId}', { path: { signingCertificateId: certificateId }, ...o }),
  };
}
