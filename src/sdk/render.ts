// Rendering in one call: render(), renderImages() and renderStream() (one request, POST /v1/render, the
// server waits for the product) and renderAndWait() (a render job followed with the long poll).
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { PageImage, RenderJob } from './api-types.js';
import { FolioApiError, FolioRenderError, FolioTimeoutError } from './errors.js';
import type { HttpCore } from './http.js';
import { fetchImages, IMAGE_FORMATS, type DownloadedPageImage, type ImageFormat } from './page-images.js';
import type { CreateRenderJobBody, RenderJobResult } from './resources.js';
import { dispositionFileName, readAll, verifiedStream } from './streams.js';
import { parseWarningsHeader, type WarningCount } from './warnings.js';

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
  | {
      status: 'succeeded';
      pdf: Buffer;
      jobId: string;
      pageCount: number;
      sha256: string;
      fileName: string | null;
      /** The job's warnings by code and count (Folio-Warnings; `[]` for none); the messages are in the job. */
      warnings: WarningCount[];
    }
  | { status: 'pending'; job: RenderJob };

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
      /** The job's warnings by code and count (Folio-Warnings; `[]` for none); the messages are in the job. */
      warnings: WarningCount[];
    }
  | { status: 'pending'; job: RenderJob };

/** What `renderImages()` resolves with: the job and its page images, or the job when the wait ran out first. */
export type RenderImagesResult =
  { status: 'succeeded'; job: RenderJob; images: DownloadedPageImage[] } | { status: 'pending'; job: RenderJob };

export type JobBodyOf<F> = CreateRenderJobBody & { outputFormat: F };

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
  /** The job's warnings by code and count (Folio-Warnings; `[]` for none); the messages are in the job. */
  warnings: WarningCount[];
}

/** What `renderStream()` resolves with: the PDF as a stream, or the job when the wait ran out first. */
export type RenderStreamResult = RenderedStream | { status: 'pending'; job: RenderJob };

/** renderAndWait(): the job created, then followed with the long poll until it ends or timeoutMs passes. */
async function renderAndWait(http: HttpCore, body: CreateRenderJobBody, o: RenderAndWaitOptions = {}): Promise<RenderJobResult> {
  const timeoutMs = o.timeoutMs ?? 120_000;
  const deadline = Date.now() + timeoutMs;
  const created = await http.call('POST /v1/render-jobs', { body, idempotencyKey: o.idempotencyKey ?? randomUUID(), signal: o.signal });
  let job = created.job;
  o.onUpdate?.(job);
  for (;;) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new FolioTimeoutError(job.id, job.status, timeoutMs);
    const r = await http.call('GET /v1/render-jobs/{jobId}', {
      path: { jobId: job.id },
      query: { waitSeconds: Math.max(1, Math.min(30, Math.floor(remaining / 1000))) },
      signal: o.signal,
    });
    job = r.job;
    o.onUpdate?.(job);
    if (job.status === 'succeeded') return r;
    if (TERMINAL.has(job.status)) throw new FolioRenderError(job);
  }
}

/** `POST /v1/render`: the 200 response (body unread) or the job of a 202; a 422 becomes FolioRenderError. */
async function renderResponse(
  http: HttpCore,
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
    warnings: parseWarningsHeader(res.headers.get('folio-warnings')),
  };
}

/** render(), renderImages(), renderStream() and renderAndWait() over the client's HTTP core. */
export function renderCalls(http: HttpCore) {
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
    const res = await renderResponse(http, body, o);
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
        warnings: rest.warnings,
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
    const res = await renderResponse(http, body, o, 'application/json');
    if (!(res instanceof Response)) return { status: 'pending', job: res.job };
    const answer = (await res.json()) as { job: RenderJob; images?: PageImage[] };
    return {
      status: 'succeeded',
      job: answer.job,
      images: await fetchImages(http, answer.images ?? [], `render job ${answer.job.id}`, o.signal),
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
    const res = await renderResponse(http, body, o);
    if (!(res instanceof Response)) return { status: 'pending', job: res.job };
    return renderedStream(res);
  }

  return {
    render,
    renderImages,
    renderStream,
    /**
     * Creates a render job and waits for it with the long-poll (`GET /v1/render-jobs/{id}?waitSeconds=…`):
     * no fixed-interval polling. Resolves with `{job, output, pdf?}` on success; throws FolioRenderError when
     * the job fails or is canceled, FolioTimeoutError when timeoutMs passes first.
     */
    renderAndWait: (body: CreateRenderJobBody, o?: RenderAndWaitOptions) => renderAndWait(http, body, o),
  };
}
