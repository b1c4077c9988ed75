// createClient(): the Folio API as typed methods, pagination iterators, and the three workflows a user
// wants in one call: deployDirectory(), renderAndWait(), download().
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Operations, OperationId, PageImage, RenderJob } from './api-types.js';
import { renderBatch, renderBatchesResource, type CreateRenderBatchBody, type RenderBatchOptions } from './batches.js';
import { deployDirectory, findDeployBySlug, type DeployDirectoryOptions, type DeployDirectoryResult } from './deploy-directory.js';
import { FolioApiError, FolioRenderError, FolioTimeoutError } from './errors.js';
import { HttpCore, type CallOptions, type ClientOptions, type RequestParams, type ResponseOf } from './http.js';
import { dispositionFileName, readAll, verifiedStream } from './streams.js';

export type { ClientOptions, CallOptions, RequestParams, ResponseOf };

type ListOps = {
  [K in OperationId]: Operations[K]['response'] extends { items: unknown[]; nextCursor?: unknown } ? K : never;
}[OperationId];
type ItemOf<K extends ListOps> = Operations[K]['response'] extends { items: Array<infer I> } ? I : never;
type QueryOf<K extends OperationId> = [Operations[K]['query']] extends [never]
  ? Record<string, never>
  : Omit<NonNullable<Operations[K]['query']>, 'cursor'>;

export type CreateRenderJobBody = Operations['POST /v1/render-jobs']['body'];
export type MergePdfsBody = Operations['POST /v1/pdfs/merge']['body'];
export type RenderJobResult = Operations['GET /v1/render-jobs/{jobId}']['response'];
export type RenderJobStatus = RenderJob['status'];

const TERMINAL = new Set<RenderJobStatus>(['succeeded', 'failed', 'canceled']);

export interface RenderAndWaitOptions {
  /** Give up waiting after this long (default 120 000 ms). The job keeps running on the server. */
  timeoutMs?: number;
  /** Called with the job after creation and after every long-poll answer. */
  onUpdate?: (job: RenderJob) => void;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface RenderOptions {
  /**
   * How long the server waits for the PDF (default 60, or the version's render timeout + 10 s when lower;
   * more than that is a 400). After it the job comes back pending.
   */
  waitSeconds?: number;
  /** Sent as Idempotency-Key (a random one unless given, so a retry after a network error renders once). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** What `render()` resolves with: the PDF, or the job when the wait ran out first (keep polling it). */
export type RenderResult =
  | { status: 'succeeded'; pdf: Buffer; jobId: string; pageCount: number; sha256: string; fileName: string | null }
  | { status: 'pending'; job: RenderJob };

/** The formats of page images (`images.format`, an image `outputFormat`). */
export type ImageFormat = 'png' | 'jpeg' | 'webp';

/** What `render()` resolves with for an image `outputFormat`: the one picture, or the job when the wait ran out first. */
export type RenderImageResult =
  | {
      status: 'succeeded';
      /** The image bytes (PNG, JPEG or WebP, as `format` says). */
      image: Buffer;
      format: ImageFormat;
      /** `image/png`, `image/jpeg` or `image/webp` (the response's Content-Type). */
      contentType: string;
      jobId: string;
      sha256: string;
      fileName: string | null;
    }
  | { status: 'pending'; job: RenderJob };

/** A page image with its bytes: what `renderJobs.downloadImages()` and `renderImages()` resolve with. */
export interface DownloadedPageImage {
  page: number;
  format: ImageFormat;
  width: number;
  height: number;
  /** Size of `image`. */
  bytes: number;
  image: Buffer;
}

/** What `renderImages()` resolves with: the job and its page images, or the job when the wait ran out first. */
export type RenderImagesResult =
  { status: 'succeeded'; job: RenderJob; images: DownloadedPageImage[] } | { status: 'pending'; job: RenderJob };

export interface ImagesQuery {
  /** Lifetime of the signed URLs (default: the server's 600 s). */
  expiresInSeconds?: number;
  /** `inline` (default) or `attachment`: the Content-Disposition the signed URLs answer with. */
  disposition?: 'inline' | 'attachment';
}

type JobBodyOf<F> = CreateRenderJobBody & { outputFormat: F };
const IMAGE_FORMATS: ReadonlySet<string> = new Set<ImageFormat>(['png', 'jpeg', 'webp']);

/** The PDF of `renderStream()` (or the image of an image `outputFormat`) as a Node Readable, with what the response headers say of it. */
export interface RenderedStream {
  status: 'succeeded';
  /** `application/pdf`, or `image/png`, `image/jpeg`, `image/webp` for an image `outputFormat`. */
  contentType: string;
  /** The PDF bytes; errors with FolioApiError `integrity_error` when they do not hash to `sha256`. */
  stream: Readable;
  jobId: string;
  pageCount: number;
  /** sha256 hex of the PDF (Folio-Sha256). */
  sha256: string;
  /** The PDF's size (Content-Length), for a Content-Length of your own; null when the server sent none. */
  bytes: number | null;
  fileName: string | null;
}

/** What `renderStream()` resolves with: the PDF as a stream, or the job when the wait ran out first. */
export type RenderStreamResult = RenderedStream | { status: 'pending'; job: RenderJob };

export interface DownloadOptions {
  /** Signed-link lifetime when the SDK asks for one (default: the server's 600 s). */
  expiresInSeconds?: number;
  signal?: AbortSignal;
}

export interface DownloadResult {
  path: string;
  bytes: number;
  url: string;
}

export type FolioClient = ReturnType<typeof createClient>;

/**
 * A Folio API client. `baseUrl` and `apiKey` are required; everything else has defaults (3 retries on
 * network errors and 429/503, Retry-After honoured up to 30 s).
 */
export function createClient(opts: ClientOptions) {
  const http = new HttpCore(opts);

  /** Every item of a list operation, page after page (follows nextCursor). */
  async function* paginate<K extends ListOps>(
    op: K,
    params: Omit<RequestParams<K>, 'query'> & { query?: QueryOf<K> } = {} as never,
  ): AsyncGenerator<ItemOf<K>> {
    let cursor: string | undefined;
    do {
      const page = (await http.call(op, { ...params, query: { ...(params.query ?? {}), ...(cursor ? { cursor } : {}) } } as never)) as {
        items: ItemOf<K>[];
        nextCursor?: string | null;
      };
      for (const item of page.items) yield item;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  const deploys = {
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
    setAlias: (deployId: string, alias: string, deployVersionId: string, o: CallOptions = {}) =>
      http.call('PUT /v1/deploys/{deployId}/aliases/{alias}', { path: { deployId, alias }, body: { deployVersionId }, ...o }),
    getSettings: (deployId: string, o: CallOptions = {}) => http.call('GET /v1/deploys/{deployId}/settings', { path: { deployId }, ...o }),
    updateSettings: (deployId: string, body: Operations['PATCH /v1/deploys/{deployId}/settings']['body'], o: CallOptions = {}) =>
      http.call('PATCH /v1/deploys/{deployId}/settings', { path: { deployId }, body, ...o }),
  };

  const renderJobs = {
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
      return fetchImages(images, `render job ${jobId}`, o.signal);
    },
  };

  const pdfs = {
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

  /** Downloads listed page images from their signed URLs, in order; each is checked against its size and the ETag's sha256. */
  async function fetchImages(images: PageImage[], what: string, signal?: AbortSignal): Promise<DownloadedPageImage[]> {
    const out: DownloadedPageImage[] = [];
    for (const img of images) {
      const res = await http.send({
        method: 'GET',
        url: img.access.url,
        headers: { accept: 'image/*' },
        signal,
        retrySafe: true,
        what: `GET page image ${img.page}`,
      });
      const label = `page ${img.page} of ${what}`;
      const image = await readBody(verifiedStream(res, { ...etagHash(res), bytes: img.bytes, what: label }), label);
      out.push({ page: img.page, format: img.format as ImageFormat, width: img.width, height: img.height, bytes: image.length, image });
    }
    return out;
  }

  /** The account's signing certificates (PKCS#12): only subject, issuer, validity and fingerprint come back. */
  const signingCertificates = {
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

  /**
   * Creates a render job and waits for it with the long-poll (`GET /v1/render-jobs/{id}?waitSeconds=…`):
   * no fixed-interval polling. Resolves with `{job, output, pdf?}` on success; throws FolioRenderError when
   * the job fails or is canceled, FolioTimeoutError when timeoutMs passes first.
   */
  async function renderAndWait(body: CreateRenderJobBody, o: RenderAndWaitOptions = {}): Promise<RenderJobResult> {
    const timeoutMs = o.timeoutMs ?? 120_000;
    const deadline = Date.now() + timeoutMs;
    const created = await http.call('POST /v1/render-jobs', { body, idempotencyKey: o.idempotencyKey ?? randomUUID(), signal: o.signal });
    let job = created.job;
    o.onUpdate?.(job);
    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new FolioTimeoutError(job.id, job.status, timeoutMs);
      const r = await renderJobs.get(
        job.id,
        { waitSeconds: Math.max(1, Math.min(30, Math.floor(remaining / 1000))) },
        { signal: o.signal },
      );
      job = r.job;
      o.onUpdate?.(job);
      if (job.status === 'succeeded') return r;
      if (TERMINAL.has(job.status)) throw new FolioRenderError(job);
    }
  }

  /** `POST /v1/render`: the 200 response (body unread) or the job of a 202; a 422 becomes FolioRenderError. */
  async function renderResponse(
    body: CreateRenderJobBody,
    o: RenderOptions,
    // The bytes of the product (a PDF, or the one image of an image outputFormat), or the JSON answer.
    accept = 'application/pdf, image/png, image/jpeg, image/webp',
  ): Promise<Response | { job: RenderJob }> {
    const json = o.waitSeconds === undefined ? body : { ...body, waitSeconds: o.waitSeconds };
    let res: Response;
    try {
      res = await http.send({
        method: 'POST',
        url: '/v1/render',
        json,
        headers: { accept, 'idempotency-key': o.idempotencyKey ?? randomUUID() },
        signal: o.signal,
        retrySafe: true,
        extraTimeoutMs: (o.waitSeconds ?? 60) * 1000,
        what: 'POST /v1/render',
      });
    } catch (err) {
      if (err instanceof FolioApiError && err.code === 'render_job_failed') {
        const d = err.details ?? {};
        throw new FolioRenderError({
          id: String(d.jobId),
          status: String(d.jobStatus ?? 'failed'),
          ...(typeof d.jobErrorCode === 'string' ? { errorCode: d.jobErrorCode } : {}),
          errorMessage: err.message,
        });
      }
      throw err;
    }
    if (res.status === 202) return { job: ((await res.json()) as { job: RenderJob }).job };
    return res;
  }

  /** The PDF of a 200 answer of `POST /v1/render` as a stream checked against its Folio-Sha256 and Content-Length. */
  function renderedStream(res: Response): RenderedStream {
    const jobId = res.headers.get('folio-job-id') ?? '';
    const sha256 = res.headers.get('folio-sha256') ?? '';
    const length = res.headers.get('content-length');
    const bytes = length !== null && /^\d+$/.test(length) ? Number(length) : null;
    return {
      status: 'succeeded',
      contentType: (res.headers.get('content-type') ?? 'application/pdf').split(';')[0]!.trim().toLowerCase(),
      stream: verifiedStream(res, {
        sha256,
        ...(bytes !== null ? { bytes } : {}),
        what: `the ${(res.headers.get('content-type') ?? '').startsWith('image/') ? 'image' : 'PDF'} of render job ${jobId}`,
      }),
      jobId,
      pageCount: Number(res.headers.get('folio-page-count') ?? 0),
      sha256,
      bytes,
      fileName: dispositionFileName(res.headers.get('content-disposition')),
    };
  }

  /**
   * One request, one PDF (`POST /v1/render`): the server creates the job and answers its bytes when it
   * succeeds within `waitSeconds`. Resolves with `{status: 'succeeded', pdf, jobId, pageCount, sha256}`, or
   * `{status: 'pending', job}` when the wait ran out (the job keeps running: `renderJobs.get(job.id, …)`);
   * throws FolioRenderError when the job fails or is canceled.
   */
  function render(body: JobBodyOf<ImageFormat>, o?: RenderOptions): Promise<RenderImageResult>;
  function render(body: CreateRenderJobBody & { outputFormat?: 'pdf' }, o?: RenderOptions): Promise<RenderResult>;
  function render(body: CreateRenderJobBody, o?: RenderOptions): Promise<RenderResult | RenderImageResult>;
  async function render(body: CreateRenderJobBody, o: RenderOptions = {}): Promise<RenderResult | RenderImageResult> {
    const res = await renderResponse(body, o);
    if (!(res instanceof Response)) return { status: 'pending', job: res.job };
    const { stream, bytes: _bytes, contentType, ...rest } = renderedStream(res);
    if (contentType.startsWith('image/')) {
      const format = contentType === 'image/jpeg' ? 'jpeg' : contentType.slice('image/'.length);
      if (!IMAGE_FORMATS.has(format)) {
        stream.destroy();
        throw new FolioApiError({ status: res.status, code: 'unexpected_response', message: `POST /v1/render answered ${contentType}` });
      }
      return {
        status: 'succeeded',
        image: await readAll(stream),
        format: format as ImageFormat,
        contentType,
        jobId: rest.jobId,
        sha256: rest.sha256,
        fileName: rest.fileName,
      };
    }
    return { ...rest, pdf: await readAll(stream) };
  }

  /**
   * `POST /v1/render` for the page images of a job (an image `outputFormat`, or `images` beside a PDF), any
   * number of pages: the server answers JSON with signed links, and the images are downloaded from them.
   * Resolves with `{status: 'succeeded', job, images: [{page, format, width, height, bytes, image}]}` or
   * `{status: 'pending', job}`; throws FolioRenderError when the job fails or is canceled.
   */
  async function renderImages(body: CreateRenderJobBody, o: RenderOptions = {}): Promise<RenderImagesResult> {
    const res = await renderResponse(body, o, 'application/json');
    if (!(res instanceof Response)) return { status: 'pending', job: res.job };
    const answer = (await res.json()) as { job: RenderJob; images?: PageImage[] };
    return {
      status: 'succeeded',
      job: answer.job,
      images: await fetchImages(answer.images ?? [], `render job ${answer.job.id}`, o.signal),
    };
  }

  /**
   * `render()` without holding the PDF in memory: resolves as soon as the response headers arrive with
   * `{status: 'succeeded', stream, contentType, jobId, pageCount, sha256, bytes, fileName}`, `stream` being a Node
   * Readable of the PDF to pipe to a file or an HTTP response. The stream errors (FolioApiError
   * `integrity_error`) when its bytes do not hash to `sha256`, and with the network error when the
   * connection breaks. Read it to the end or `destroy()` it: it holds the connection until then. 202 and
   * 422 are answered as `render()` answers them.
   */
  async function renderStream(body: CreateRenderJobBody, o: RenderOptions = {}): Promise<RenderStreamResult> {
    const res = await renderResponse(body, o);
    if (!(res instanceof Response)) return { status: 'pending', job: res.job };
    return renderedStream(res);
  }

  /**
   * Downloads a PDF to `dest` (written to a temporary file, then renamed: never a half-written file).
   * `ref` is a render job id (`job_…`: its output), a managed PDF id (`pdf_…`), or a signed/permanent URL.
   */
  async function download(ref: string, dest: string, o: DownloadOptions = {}): Promise<DownloadResult> {
    let url: string;
    if (/^https?:\/\//i.test(ref)) url = ref;
    else if (ref.startsWith('pdf_')) url = (await pdfs.downloadLink(ref, o.expiresInSeconds, { signal: o.signal })).access.url;
    else url = (await renderJobs.downloadLink(ref, o.expiresInSeconds, { signal: o.signal })).access.url;
    const res = await http.send({
      method: 'GET',
      url,
      headers: { accept: 'application/pdf' },
      signal: o.signal,
      retrySafe: true,
      what: 'GET PDF',
    });
    const target = path.resolve(dest);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${randomUUID().slice(0, 8)}.part`;
    let bytes = 0;
    try {
      const body = Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>);
      body.on('data', (c: Buffer) => (bytes += c.length));
      await pipeline(body, fs.createWriteStream(tmp), { signal: o.signal });
      fs.renameSync(tmp, target);
    } catch (err) {
      fs.rmSync(tmp, { force: true });
      throw err;
    }
    return { path: target, bytes, url };
  }

  return {
    baseUrl: http.baseUrl,
    /** Any operation of the API, typed from the OpenAPI document: `client.request('GET /v1/deploys/{deployId}', {path: {deployId}})`. */
    request: <K extends OperationId>(op: K, params?: RequestParams<K>) => http.call(op, params),
    paginate,
    account: () => http.call('GET /v1/account'),
    usage: () => http.call('GET /v1/usage'),
    deploys,
    renderJobs,
    /** Render batches: create (with an Idempotency-Key), get, list/iterate, iterateItems, cancel, streamProduct/downloadProduct. */
    renderBatches: renderBatchesResource(http),
    pdfs,
    signingCertificates,
    deployDirectory: (dir: string, options: DeployDirectoryOptions): Promise<DeployDirectoryResult> => deployDirectory(http, dir, options),
    render,
    renderImages,
    renderStream,
    renderAndWait,
    /** Creates a render batch and polls it until it is completed (items terminal, product built); resolves with the final batch. */
    renderBatch: (body: CreateRenderBatchBody, o: RenderBatchOptions = {}) => renderBatch(http, body, o),
    download,
  };
}

/** `{sha256}` from an ETag that is a quoted sha256 (what Folio's file answers carry); nothing otherwise. */
function etagHash(res: Response): { sha256?: string } {
  const m = /^"([0-9a-f]{64})"$/i.exec(res.headers.get('etag') ?? '');
  return m ? { sha256: m[1]! } : {};
}

/** Reads a response body to the end; a connection that breaks off mid-body is a FolioApiError `network_error` naming what was read. */
async function readBody(stream: Readable, what: string): Promise<Buffer> {
  try {
    return await readAll(stream);
  } catch (err) {
    if (err instanceof FolioApiError || (err as Error).name === 'AbortError') throw err;
    const cause = err as Error & { cause?: { code?: string; message?: string } };
    throw new FolioApiError({
      status: 0,
      code: 'network_error',
      message: `${what}: the download broke off (${cause.cause?.code ?? cause.cause?.message ?? cause.message})`,
      cause: err,
    });
  }
}
