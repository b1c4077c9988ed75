// The Folio SDK, packaged as @folio/sdk (packages/sdk, built by scripts/build-sdk.mjs as ES modules and
// CommonJS): `import { createClient } from '@folio/sdk'`. Nothing here imports server code: only Node
// built-ins and the files of this folder (api-types.ts is generated from the served OpenAPI document). The
// same code is compiled to CommonJS, so no top-level await and no import.meta.
export { createClient, type FolioClient } from './client.js';
export type { CreateRenderJobBody, MergePdfsBody, RenderJobResult } from './resources.js';
export type {
  RenderJobStatus,
  RenderAndWaitOptions,
  RenderOptions,
  RenderResult,
  RenderImageResult,
  RenderImagesResult,
  RenderedStream,
  RenderStreamResult,
} from './render.js';
export type { ImageFormat, ImagesQuery, DownloadedPageImage } from './page-images.js';
export type { DownloadOptions, DownloadResult } from './download.js';
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
export { attachment, facturX, officeDocument, type OfficeOptions } from './document.js';
export {
  einvoiceContentType,
  type EInvoiceFinding,
  type EInvoiceProfile,
  type EInvoiceReport,
  type EInvoiceValidation,
  type ValidateEInvoiceOptions,
} from './einvoices.js';
export {
  JOB_WARNING_CODES,
  isJobWarningCode,
  parseWarningsHeader,
  type JobWarning,
  type JobWarningCode,
  type WarningCount,
} from './warnings.js';
export { FolioApiError, FolioBatchProductError, FolioRenderError, FolioTimeoutError } from './errors.js';
export type { FolioApiErrorCode, ServerErrorCode } from './errors.js';
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
export {
  verifyWebhook,
  WebhookVerificationError,
  type FolioWebhookEvent,
  type VerifyWebhookInput,
  type WebhookVerificationCode,
} from './webhooks.js';
