// createClient(): the Folio API as typed methods, pagination iterators, and the three workflows a user
// wants in one call: deployDirectory(), renderAndWait(), download(). The parts live in files of their own:
// resources.ts (deploys, render jobs, PDFs, signing certificates), batches.ts, render.ts (render*,
// renderAndWait), download.ts, pagination.ts, page-images.ts and einvoices.ts.
import type { OperationId } from './api-types.js';
import { renderBatch, renderBatchesResource, type CreateRenderBatchBody, type RenderBatchOptions } from './batches.js';
import { deployDirectory, type DeployDirectoryOptions, type DeployDirectoryResult } from './deploy-directory.js';
import { downloader } from './download.js';
import { einvoicesResource } from './einvoices.js';
import { HttpCore, type CallOptions, type ClientOptions, type RequestParams, type ResponseOf } from './http.js';
import { paginator } from './pagination.js';
import { renderCalls } from './render.js';
import { deploysResource, pdfsResource, renderJobsResource, signingCertificatesResource } from './resources.js';

export type { ClientOptions, CallOptions, RequestParams, ResponseOf };

export type FolioClient = ReturnType<typeof createClient>;

/**
 * A Folio API client. `baseUrl` and `apiKey` are required; everything else has defaults (3 retries on
 * network errors and 429/503, Retry-After honoured up to 30 s).
 */
export function createClient(opts: ClientOptions) {
  const http = new HttpCore(opts);
  const paginate = paginator(http);
  const renderJobs = renderJobsResource(http, paginate);
  const pdfs = pdfsResource(http, paginate);
  const { render, renderImages, renderStream, renderAndWait } = renderCalls(http);
  const download = downloader(http, pdfs, renderJobs);

  return {
    baseUrl: http.baseUrl,
    /** Any operation of the API, typed from the OpenAPI document: `client.request('GET /v1/deploys/{deployId}', {path: {deployId}})`. */
    request: <K extends OperationId>(op: K, params?: RequestParams<K>) => http.call(op, params),
    paginate,
    account: () => http.call('GET /v1/account'),
    usage: () => http.call('GET /v1/usage'),
    deploys: deploysResource(http, paginate),
    renderJobs,
    /** Render batches: create (with an Idempotency-Key), get, list/iterate, iterateItems, cancel, streamProduct/downloadProduct. */
    renderBatches: renderBatchesResource(http),
    pdfs,
    signingCertificates: signingCertificatesResource(http, paginate),
    /** E-invoices: `validate(xmlOrPdf, {profile})` checks one against the official rule sets; nothing is stored. */
    einvoices: einvoicesResource(http),
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
