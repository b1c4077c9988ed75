import type { ApiErrorBody, SessionInfo } from './types';

/** An error answer of the API, with its code and message shown to the user as they are. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

let csrfToken = '';
let onUnauthorized: () => void = () => {};

export function setSession(s: SessionInfo | null) {
  csrfToken = s?.csrfToken ?? '';
}
export function setUnauthorizedHandler(fn: () => void) {
  onUnauthorized = fn;
}

/**
 * Calls the API with the session cookie (same origin; never an API key). Writes carry X-CSRF-Token.
 * Resolves with the parsed body (undefined for 204); rejects with ApiError carrying the API's message.
 */
export async function api<T = unknown>(method: string, path: string, body?: unknown, opts: { signal?: AbortSignal } = {}): Promise<T> {
  return send<T>(method, path, body === undefined ? undefined : JSON.stringify(body), opts.signal);
}

/** The most pages `apiAll` reads of one listing. */
const MAX_PAGES = 50;

/**
 * Every item of a listing (`path` with its `limit`), page after page along `nextCursor`, up to MAX_PAGES
 * pages: for the short lists a page needs whole, such as the deploys a filter offers.
 */
export async function apiAll<T>(path: string, opts: { signal?: AbortSignal } = {}): Promise<T[]> {
  const items: T[] = [];
  const sep = path.includes('?') ? '&' : '?';
  let cursor: string | null = null;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const url: string = cursor === null ? path : `${path}${sep}cursor=${encodeURIComponent(cursor)}`;
    const page: { items: T[]; nextCursor: string | null } = await api('GET', url, undefined, { signal: opts.signal });
    items.push(...page.items);
    cursor = page.nextCursor;
    if (cursor === null) break;
  }
  return items;
}

/**
 * POSTs a multipart form (a file upload) with the session cookie and X-CSRF-Token; the browser writes the
 * Content-Type with its boundary. Answers and errors as `api`.
 */
export function apiForm<T = unknown>(path: string, form: FormData, opts: { signal?: AbortSignal } = {}): Promise<T> {
  return send<T>('POST', path, form, opts.signal);
}

async function send<T>(method: string, path: string, body: string | FormData | undefined, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET' && method !== 'HEAD') headers['x-csrf-token'] = csrfToken;
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body, credentials: 'same-origin', signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network_error', 'The server cannot be reached. Check your connection and try again.');
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    const e = (parsed ?? {}) as Partial<ApiErrorBody>;
    if (res.status === 401 && !path.startsWith('/dashboard/api/login')) onUnauthorized();
    throw new ApiError(res.status, e.error ?? 'http_error', e.message ?? `HTTP ${res.status}`, e.details);
  }
  return parsed as T;
}
