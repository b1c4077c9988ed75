// The Folio SDK: import from 'folio/sdk'. Nothing here imports server code.
export { verifyWebhook, WebhookVerificationError, type FolioWebhookEvent, type VerifyWebhookInput } from './webhooks.js';
