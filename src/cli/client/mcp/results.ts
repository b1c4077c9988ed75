// What the tools of `folio mcp` answer: a human line (what an assistant can repeat) and compact JSON (what
// it can reason over), both as text content. A failure is a tool error (isError) with the error code and
// message, never an exception out of the server: the conversation goes on and the model can correct itself.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { FolioApiError, FolioRenderError, FolioTimeoutError, type FolioClient } from '../../../sdk/index.js';
import { clientFromEnv } from '../api.js';
import { CliError, UsageError } from '../output.js';

/** A tool's answer: `line` for people, `data` as one line of JSON. */
export function ok(line: string, data: unknown): CallToolResult {
  return {
    content: [
      { type: 'text', text: line },
      { type: 'text', text: JSON.stringify(data) },
    ],
  };
}

/** A tool error with a code of its own (not from the API). */
export function fail(code: string, message: string, extra: Record<string, unknown> = {}): CallToolResult {
  const hint = HINTS[code];
  return {
    isError: true,
    content: [
      { type: 'text', text: `error: ${code}: ${message}${hint ? `\nhint: ${hint}` : ''}` },
      { type: 'text', text: JSON.stringify({ error: code, message, ...extra, ...(hint ? { hint } : {}) }) },
    ],
  };
}

const CONFIG_HINT =
  'give this MCP server FOLIO_API_URL and FOLIO_API_KEY (a folio_sk_… key of your Folio account) in the env of its entry in the MCP client configuration, or run `folio login` as the user that starts it';

const HINTS: Record<string, string> = {
  not_configured: CONFIG_HINT,
  unauthorized: `the server refused the API key: ${CONFIG_HINT}`,
  forbidden: 'this API key lacks the scope for this tool: use a key with the scopes it needs (or scope all)',
  network_error: 'is the Folio server running? check FOLIO_API_URL',
  url_source_not_allowed:
    "printing a URL needs a plan that allows the external network (allowExternalNetwork), which this account's plan does not: ask the operator for such a plan, or fetch the page's HTML yourself and give it to render_html",
  office_password_required: 'the document is protected: give its password in password',
};

/** Any failure as a tool error: the API's code and message, a render job's error code, or a mistake. */
export function errorResult(err: unknown): CallToolResult {
  if (err instanceof FolioApiError)
    return fail(err.code, err.message, {
      status: err.status,
      ...(err.details ? { details: err.details } : {}),
      ...(err.requestId ? { requestId: err.requestId } : {}),
    });
  if (err instanceof FolioRenderError)
    return fail(err.code, `render job ${err.job.id} ${err.job.status}: ${err.message}`, { jobId: err.job.id, jobStatus: err.job.status });
  if (err instanceof FolioTimeoutError || err instanceof CliError) return fail(err.code, err.message);
  if (err instanceof UsageError) return fail('invalid_request', err.message);
  const e = err as NodeJS.ErrnoException;
  return fail(typeof e?.code === 'string' ? e.code.toLowerCase() : 'error', e?.message ?? String(err));
}

/**
 * The SDK client for one tool call, from FOLIO_API_URL / FOLIO_API_KEY or what `folio login` stored, read
 * at each call: a server started without them answers every tool with how to set them, and picks up a
 * later `folio login` without a restart.
 */
export function toolClient(): { client: FolioClient } | { error: CallToolResult } {
  try {
    return { client: clientFromEnv() };
  } catch (err) {
    if (err instanceof UsageError) return { error: fail('not_configured', err.message) };
    throw err;
  }
}

/** Runs a tool's work with the client, turning every failure into a tool error. */
export async function withClient(work: (client: FolioClient) => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    const got = toolClient();
    return 'error' in got ? got.error : await work(got.client);
  } catch (err) {
    return errorResult(err);
  }
}

/** Epoch milliseconds as ISO 8601 (what a model reads best), or undefined. */
export const iso = (ms: number | null | undefined): string | undefined => (typeof ms === 'number' ? new Date(ms).toISOString() : undefined);

/** Drops undefined fields, so the JSON stays compact. */
export function compact<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
