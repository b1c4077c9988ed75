// Render payloads: what bytes the page receives at {payload_origin}/__payload, and their hash.
import { isBase64 } from '../base64.js';
import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical-json.js';
import { isValidMime } from '../deploys/mime.js';

export const DEFAULT_PAYLOAD_MIME = 'application/json; charset=utf-8';

export function isJsonMime(mime: string): boolean {
  const type = mime.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

/** Why a payload is refused: `too_large` past the byte limit (413-style `payload_too_large`), else `invalid`. */
export type PayloadProblemKind = 'invalid' | 'too_large';
export type PayloadResult =
  { ok: true; bytes: Buffer; mime: string; hash: string } | { ok: false; kind: PayloadProblemKind; field: string; message: string };

/**
 * The payload a job renders with: its own or, when it sends none (neither `payload` nor `payloadBase64`) and
 * its e-invoice comes as data, that data: the printed invoice and its XML come from one source.
 */
export function payloadWithInvoiceData<
  T extends { payload?: unknown; hasPayload: boolean; payloadBase64?: string; eInvoice?: { data?: unknown } },
>(input: T): T {
  if (input.hasPayload || input.payloadBase64 !== undefined || input.eInvoice?.data === undefined) return input;
  return { ...input, payload: input.eInvoice.data, hasPayload: true };
}

/**
 * JSON MIME types: the payload is serialised as canonical JSON (RFC 8785), so equal values give equal
 * bytes and equal payloadHash. Other MIME types: the payload must be a UTF-8 string. `payloadBase64`
 * carries raw bytes as they are. An absent payload with a JSON MIME type is `{}`.
 */
export function buildPayload(input: {
  payload?: unknown;
  hasPayload: boolean;
  payloadMime?: string;
  payloadBase64?: string;
  maxBytes: number;
}): PayloadResult {
  if (input.hasPayload && input.payloadBase64 !== undefined)
    return { ok: false, kind: 'invalid', field: 'payloadBase64', message: 'give either payload or payloadBase64, not both' };
  // The type is served as the Content-Type of /__payload: the same rule as a file's mime (mime.ts).
  if (input.payloadMime !== undefined && !isValidMime(input.payloadMime))
    return {
      ok: false,
      kind: 'invalid',
      field: 'payloadMime',
      message:
        'payloadMime is not a valid media type (RFC 9110: type/subtype, parameters name=token or name="quoted", printable ASCII only)',
    };
  let bytes: Buffer;
  let mime = input.payloadMime ?? DEFAULT_PAYLOAD_MIME;
  if (input.payloadBase64 !== undefined) {
    if (!isBase64(input.payloadBase64))
      return { ok: false, kind: 'invalid', field: 'payloadBase64', message: 'payloadBase64 is not valid base64' };
    bytes = Buffer.from(input.payloadBase64, 'base64');
    if (input.payloadMime === undefined) mime = 'application/octet-stream';
  } else if (isJsonMime(mime)) {
    const text = canonicalJson(input.hasPayload ? input.payload : {});
    if (text === undefined) return { ok: false, kind: 'invalid', field: 'payload', message: 'payload is not serialisable as JSON' };
    bytes = Buffer.from(text, 'utf8');
  } else {
    if (input.hasPayload && typeof input.payload !== 'string')
      return {
        ok: false,
        kind: 'invalid',
        field: 'payload',
        message: `with payloadMime ${mime} the payload must be a string (or use payloadBase64)`,
      };
    bytes = Buffer.from(input.hasPayload ? (input.payload as string) : '', 'utf8');
  }
  if (bytes.length > input.maxBytes)
    return {
      ok: false,
      kind: 'too_large',
      field: 'payload',
      message: `the payload is ${bytes.length} bytes; at most ${input.maxBytes} are allowed`,
    };
  return { ok: true, bytes, mime, hash: createHash('sha256').update(bytes).digest('hex') };
}
