// Receiver side of Folio webhooks. No server imports: usable from any Node ≥ 18 backend.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PageImage } from './api-types.js';

/** Why a webhook was refused: each WebhookVerificationError carries one. */
export type WebhookVerificationCode =
  | 'webhook_body_not_raw'
  | 'webhook_signature_missing'
  | 'webhook_timestamp_invalid'
  | 'webhook_timestamp_out_of_tolerance'
  | 'webhook_signature_mismatch'
  | 'webhook_body_not_json';

export class WebhookVerificationError extends Error {
  readonly code: WebhookVerificationCode;
  constructor(code: WebhookVerificationCode, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.code = code;
  }
}

export interface VerifyWebhookInput {
  /** The signing secret (`whsec_…`): the deploy's when configured, else the account's. */
  secret: string;
  /** Request headers (any casing; values may be arrays, as in Node's IncomingMessage). */
  headers: Record<string, string | string[] | undefined> | Headers;
  /** The raw request body exactly as received (do not re-serialise parsed JSON). */
  rawBody: string | Buffer | Uint8Array;
  /** Accepted clock difference, default 300 s. */
  toleranceSeconds?: number;
  /** Current time in ms (tests). */
  now?: number;
}

export interface FolioWebhookEvent {
  id: string;
  type: 'render.job.terminated';
  occurredAt: number;
  data: {
    job: Record<string, unknown> & { id: string; status: 'succeeded' | 'failed' };
    output?: Record<string, unknown>;
    /** A succeeded job's page images, each with a signed URL fresh for this attempt (an image-only job has no `output`). */
    images?: PageImage[];
  };
}

function header(headers: VerifyWebhookInput['headers'], name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const h = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(h).find((k) => k.toLowerCase() === name);
  const v = key ? h[key] : undefined;
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Verifies a Folio webhook: any `v1=` entry of Service-Webhook-Signature must equal HMAC-SHA256 over
 * `<Service-Webhook-Timestamp>.<rawBody>` (compared in constant time), and the timestamp must be within the
 * tolerance. Returns the parsed event; throws WebhookVerificationError otherwise. Deduplicate on `event.id`.
 */
export function verifyWebhook(input: VerifyWebhookInput): FolioWebhookEvent {
  const tolerance = input.toleranceSeconds ?? 300;
  const signature = header(input.headers, 'service-webhook-signature');
  const timestamp = header(input.headers, 'service-webhook-timestamp');
  const body: unknown = input.rawBody;
  if (typeof body !== 'string' && !(body instanceof Uint8Array))
    throw new WebhookVerificationError(
      'webhook_body_not_raw',
      `rawBody must be the request body exactly as received (a string or a Buffer), not ${body === null ? 'null' : typeof body === 'object' ? 'a parsed object' : typeof body}: the signature covers the bytes, and JSON parsed and serialised again differs. With Express, read it with express.raw({ type: 'application/json' }) on the webhook route`,
    );
  if (!signature) throw new WebhookVerificationError('webhook_signature_missing', 'missing Service-Webhook-Signature header');
  if (!timestamp || !/^\d+$/.test(timestamp))
    throw new WebhookVerificationError('webhook_timestamp_invalid', 'missing or malformed Service-Webhook-Timestamp header');
  const nowSeconds = Math.floor((input.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > tolerance)
    throw new WebhookVerificationError('webhook_timestamp_out_of_tolerance', 'timestamp outside the tolerance (replayed or clock skew)');
  const raw = typeof input.rawBody === 'string' ? Buffer.from(input.rawBody) : Buffer.from(input.rawBody);
  const expected = Buffer.from(createHmac('sha256', input.secret).update(`${timestamp}.`).update(raw).digest('hex'));
  const candidates = signature
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.startsWith('v1='))
    .map((s) => Buffer.from(s.slice(3)));
  if (!candidates.some((c) => c.length === expected.length && timingSafeEqual(c, expected)))
    throw new WebhookVerificationError('webhook_signature_mismatch', 'no v1 signature matches this secret');
  try {
    return JSON.parse(raw.toString('utf8')) as FolioWebhookEvent;
  } catch {
    throw new WebhookVerificationError('webhook_body_not_json', 'the body is not JSON');
  }
}
