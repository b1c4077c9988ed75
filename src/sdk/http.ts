// The transport under every SDK call: typed requests by operation ("GET /v1/deploys"), bearer auth,
// retries with backoff on network errors and on 429/503 honouring Retry-After (bounded), Idempotency-Key,
// and FolioApiError for every non-2xx answer.
import { randomUUID } from 'node:crypto';
import type { OperationId, Operations } from './api-types.js';
import { sleep } from './concurrency.js';
import { FolioApiError } from './errors.js';

export interface ClientOptions {
  /** Where Folio serves, e.g. `http://127.0.0.1:8080` (a trailing slash and a `/v1` suffix are ignored). */
  baseUrl: string;
  /** `folio_sk_…` */
  apiKey: string;
  /** Replaces the global fetch (proxies, tests, instrumentation). */
  fetch?: typeof fetch;
  /** Retries after a network error or a 429/503 answer. Default 3; 0 turns retries off. */
  retries?: number;
  /** Longest wait before a retry, ms (default 30 000). A Retry-After beyond it is not waited for: the error is thrown. */
  maxRetryDelayMs?: number;
  /** First backoff step when the server gives no Retry-After, ms (default 250; doubles each retry, with jitter). */
  retryBaseDelayMs?: number;
  /** Per-attempt timeout, ms (default 120 000). Long-polls add their wait on top. */
  timeoutMs?: number;
  /** Sent as User-Agent. */
  userAgent?: string;
}

type IfNever<T, A, B> = [T] extends [never] ? A : B;

export interface CallOptions {
  /** Sent as `Idempotency-Key`. Creation calls that accept one get a random key when none is given, so their retries are safe. */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export type RequestParams<K extends OperationId> = IfNever<Operations[K]['path'], { path?: undefined }, { path: Operations[K]['path'] }> &
  IfNever<Operations[K]['query'], { query?: undefined }, { query?: Operations[K]['query'] }> &
  IfNever<Operations[K]['body'], { body?: undefined }, { body?: Operations[K]['body'] }> &
  CallOptions;

export type ResponseOf<K extends OperationId> = Operations[K]['response'];

/** Operations whose POST is safe to repeat after a network error even without an Idempotency-Key. */
const SAFE_POSTS = new Set<string>([
  'POST /v1/upload-sessions/{uploadSessionId}/missing-blobs',
  'POST /v1/render-jobs/{jobId}/output-download',
  'POST /v1/render-jobs/{jobId}/output-preview',
  'POST /v1/pdfs/{pdfId}/download',
  'POST /v1/pdfs/{pdfId}/preview',
]);
/** Operations that accept an Idempotency-Key: the SDK always sends one. */
const IDEMPOTENT_CREATES = new Set<string>([
  'POST /v1/upload-sessions',
  'POST /v1/render-jobs',
  'POST /v1/deploys/{deployId}/render-jobs',
  'POST /v1/pdfs/merge',
  'POST /v1/pdf-jobs',
]);

export interface RawRequest {
  method: string;
  /** Path with parameters filled in, or an absolute URL (signed links: sent without the API key). */
  url: string;
  query?: Record<string, unknown>;
  json?: unknown;
  bytes?: Uint8Array;
  contentType?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Retrying after a network error cannot duplicate anything. */
  retrySafe: boolean;
  /** Added to the per-attempt timeout (long-polls). */
  extraTimeoutMs?: number;
  /** Label for messages: "GET /v1/deploys". */
  what: string;
}

export class HttpCore {
  readonly baseUrl: string;
  readonly #apiKey: string;
  readonly #fetch: typeof fetch;
  readonly #retries: number;
  readonly #maxDelay: number;
  readonly #baseDelay: number;
  readonly #timeoutMs: number;
  readonly #userAgent: string;

  constructor(opts: ClientOptions) {
    if (!opts.baseUrl) throw new TypeError('createClient: baseUrl is required');
    if (!opts.apiKey) throw new TypeError('createClient: apiKey is required');
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
    this.#apiKey = opts.apiKey;
    this.#fetch = opts.fetch ?? globalThis.fetch;
    this.#retries = Math.max(0, opts.retries ?? 3);
    this.#maxDelay = opts.maxRetryDelayMs ?? 30_000;
    this.#baseDelay = opts.retryBaseDelayMs ?? 250;
    this.#timeoutMs = opts.timeoutMs ?? 120_000;
    this.#userAgent = opts.userAgent ?? 'folio-sdk/0.1';
  }

  /** A typed call of one API operation; resolves to the JSON body (undefined for 204). */
  async call<K extends OperationId>(op: K, params: RequestParams<K> = {} as RequestParams<K>): Promise<ResponseOf<K>> {
    const [method, template] = op.split(' ') as [string, string];
    const pathParams = (params.path ?? {}) as Record<string, string>;
    const url = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const v = pathParams[name];
      if (v === undefined || v === '') throw new TypeError(`${op}: path parameter ${name} is required`);
      return encodeURIComponent(String(v));
    });
    const headers = { ...params.headers };
    let idempotencyKey = params.idempotencyKey;
    if (!idempotencyKey && IDEMPOTENT_CREATES.has(op)) idempotencyKey = randomUUID();
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    const res = await this.send({
      method,
      url,
      query: params.query as Record<string, unknown> | undefined,
      json: params.body,
      headers,
      signal: params.signal,
      retrySafe: method !== 'POST' || Boolean(idempotencyKey) || SAFE_POSTS.has(op),
      extraTimeoutMs:
        typeof (params.query as { waitSeconds?: number } | undefined)?.waitSeconds === 'number'
          ? (params.query as { waitSeconds: number }).waitSeconds * 1000
          : 0,
      what: op,
    });
    return (await readJson(res)) as ResponseOf<K>;
  }

  /** Sends one request with the retry policy; resolves to the 2xx response (body unread). */
  async send(req: RawRequest): Promise<Response> {
    const absolute = /^https?:\/\//i.test(req.url);
    const url = new URL(absolute ? req.url : this.baseUrl + req.url);
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { 'user-agent': this.#userAgent, accept: 'application/json', ...req.headers };
    // Signed links carry their own signature; the API key never goes to them (they may be on another host).
    if (!absolute) headers.authorization = `Bearer ${this.#apiKey}`;
    let body: BodyInit | undefined;
    if (req.bytes) {
      body = req.bytes as unknown as BodyInit;
      headers['content-type'] = req.contentType ?? 'application/octet-stream';
    } else if (req.json !== undefined) {
      body = JSON.stringify(req.json);
      headers['content-type'] = 'application/json';
    }
    for (let attempt = 0; ; attempt++) {
      const timeout = AbortSignal.timeout(this.#timeoutMs + (req.extraTimeoutMs ?? 0));
      const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
      let res: Response;
      try {
        res = await this.#fetch(url, { method: req.method, headers, body, signal });
      } catch (err) {
        if (req.signal?.aborted) throw req.signal.reason ?? err;
        const cause = err as Error & { cause?: { code?: string; message?: string } };
        const detail = cause.cause?.code ?? cause.cause?.message ?? cause.message;
        if (req.retrySafe && attempt < this.#retries) {
          await sleep(this.#backoff(attempt), req.signal);
          continue;
        }
        throw new FolioApiError({
          status: 0,
          code: 'network_error',
          message: `${req.what}: could not reach ${url.origin} (${timeout.aborted ? 'timed out' : detail})`,
          cause: err,
        });
      }
      if ((res.status === 429 || res.status === 503) && attempt < this.#retries) {
        const wait = retryAfterMs(res.headers.get('retry-after')) ?? this.#backoff(attempt);
        // A long Retry-After (a monthly quota, maintenance) is the answer, not a hiccup: report it.
        if (wait <= this.#maxDelay) {
          await res.body?.cancel().catch(() => {});
          await sleep(wait, req.signal);
          continue;
        }
      }
      if (!res.ok) throw await FolioApiError.fromResponse(res, req.what);
      return res;
    }
  }

  #backoff(attempt: number): number {
    const base = Math.min(this.#maxDelay, this.#baseDelay * 2 ** attempt);
    return Math.round(base / 2 + Math.random() * (base / 2));
  }
}

/** Retry-After in ms: delta-seconds or an HTTP date; null when absent or unparseable. */
export function retryAfterMs(value: string | null): number | null {
  if (!value) return null;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

async function readJson(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}
