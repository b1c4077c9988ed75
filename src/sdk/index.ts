// The Folio SDK, packaged as @folio/sdk (packages/sdk, built by scripts/build-sdk.mjs as ES modules and
// CommonJS): `import { createClient } from '@folio/sdk'`. Nothing here imports server code: only Node
// built-ins and the files of this folder (api-types.ts is generated from the served OpenAPI document). The
// same code is compiled to CommonJS, so no top-level await and no import.meta.
export {
  createClient,
  type FolioClient,
  type CreateRenderJobBody,
  type MergePdfsBody,
  type RenderJobResult,
  type RenderJobStatus,
  type RenderAndWaitOptions,
  type RenderOptions,
  type RenderResult,
  type RenderImageResult,
  type RenderImagesResult,
  type ImageFormat,
  type ImagesQuery,
  type DownloadedPageImage,
  type RenderedStream,
  type RenderStreamResult,
  type DownloadOptions,
  type DownloadResult,
} from './client.js';
export type {
  CreateRenderBatchBody,
  ProductOptions,
  RenderBatch,
  RenderBatchCounts,
  RenderBatchItem,
  RenderBatchOptions,
  RenderBatchProduct,
  RenderBatchProductStream,
} from './batches.js';
export type { ClientOptions, CallOptions, RequestParams, ResponseOf } from './http.js';
export { retryAfterMs } from './http.js';
export { attachment, facturX } from './document.js';
export { FolioApiError, FolioBatchProductError, FolioRenderError, FolioTimeoutError } from './errors.js';
export {
  listDirectory,
  slugify,
  type DeployDirectoryOptions,
  type DeployDirectoryResult,
  type DeployProgress,
} from './deploy-directory.js';
export type * as Api from './api-types.js';
export type {
  Operations,
  OperationId,
  Deploy,
  DeployListItem,
  DeployVersion,
  Alias,
  DeploySettings,
  FileDescriptor,
  UploadSession,
  UsageOverview,
  RenderJob,
  RenderOutput,
  ManagedPdf,
  EmbeddedPdf,
  PermanentLink,
  Access,
  PageImage,
} from './api-types.js';
export { verifyWebhook, WebhookVerificationError, type FolioWebhookEvent, type VerifyWebhookInput } from './webhooks.js';
