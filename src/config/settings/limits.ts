// Settings of lifetimes (upload sessions, idempotency keys, transient outputs) and of the size and time a
// request may take.
// Listed in schema.ts in this order, which is docs/config.md's.
import type { SettingSpec } from '../setting-spec.js';

export const limitSettings: SettingSpec[] = [
  {
    env: 'FOLIO_UPLOAD_SESSION_TTL_SECONDS',
    key: 'uploadSessionTtlSeconds',
    type: 'integer',
    default: '3600',
    min: 60,
    max: 86400,
    doc: 'Lifetime of an upload session (the interface fixes 1 hour).',
  },
  {
    env: 'FOLIO_IDEMPOTENCY_TTL_SECONDS',
    key: 'idempotencyTtlSeconds',
    type: 'integer',
    default: '86400',
    min: 60,
    max: 604800,
    doc: 'How long an Idempotency-Key is remembered (the interface fixes 24 hours).',
  },
  {
    env: 'FOLIO_TRANSIENT_OUTPUT_TTL_SECONDS',
    key: 'transientOutputTtlSeconds',
    type: 'integer',
    default: '600',
    min: 60,
    max: 604800,
    doc: 'How long a transient render output stays downloadable after the job finished.',
  },
  {
    env: 'FOLIO_MAX_JSON_BODY_BYTES',
    key: 'maxJsonBodyBytes',
    type: 'integer',
    default: '1048576',
    min: 1024,
    max: 104857600,
    doc: 'Largest JSON request body for ordinary routes (upload-session and render-job routes allow more; see docs/api.md).',
  },
  {
    env: 'FOLIO_REQUEST_TIMEOUT_MS',
    key: 'requestTimeoutMs',
    type: 'integer',
    default: '300000',
    min: 1000,
    max: 3600000,
    doc: "How long a client may take to send a whole request, headers and body (a JSON body, a multipart job, a blob upload), counted from its first byte; the headers alone get at most 60 s (or this, when lower). A request still arriving then is answered 408 `request_timeout` and its connection closed; checked at least every second. The default is Node's own `server.requestTimeout`: a 10 MiB blob upload then needs about 35 KB/s. What happens after the request arrived (a render, a long poll) is not limited by it.",
  },
  {
    env: 'FOLIO_REQUEST_IDLE_TIMEOUT_MS',
    key: 'requestIdleTimeoutMs',
    type: 'integer',
    default: '30000',
    min: 1000,
    max: 3600000,
    doc: 'How long a request body may go without a byte arriving (a JSON body, a multipart job, a blob upload), besides `FOLIO_REQUEST_TIMEOUT_MS` for the whole request. A body that stalls this long is answered 408 `request_timeout` and its connection closed. Only while a body is arriving: a long poll, or the work after the body arrived, is not limited by it.',
  },
  {
    env: 'FOLIO_MAX_PAYLOAD_BYTES',
    key: 'maxPayloadBytes',
    type: 'integer',
    default: '5242880',
    min: 1024,
    max: 104857600,
    doc: 'Largest render payload (bytes the page receives); larger gives 400 payload_too_large.',
  },
];
