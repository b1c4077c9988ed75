// The Folio SDK: `import { createClient } from 'folio/sdk'`. Nothing here imports server code: only Node
// built-ins and the files of this folder (api-types.ts is generated from the served OpenAPI document).
export {
  createClient,
  type FolioClient,
  type CreateRenderJobBody,
  type RenderJobResult,
  type RenderJobStatus,
  type RenderAndWaitOptions,
  type DownloadOptions,
  type DownloadResult,
} from './client.js';
export type { ClientOptions, CallOptions, RequestParams, ResponseOf } from './http.js';
export { retryAfterMs } from './http.js';
export { FolioApiError, FolioRenderError, FolioTimeoutError } from './errors.js';
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
} from './api-types.js';
export { verifyWebhook, WebhookVerificationError, type FolioWebhookEvent, type VerifyWebhookInput } from './webhooks.js';
