// Gotenberg's webhook mode as a request asks for it: `Gotenberg-Webhook-Url` (where the result goes),
// `-Error-Url` (where an error goes, as JSON {status, message}), `-Events-Url` (webhook.success and
// webhook.error events), `-Method` and `-Error-Method` (POST, PATCH or PUT), `-Extra-Http-Headers` (a JSON
// object of headers added to every request). At least one of the error and events URLs is required, as in
// Gotenberg. Pure: the URLs' hosts are checked when they are called (src/services/gotenberg-webhooks.ts).
import type { FormProblem } from './form.js';

export interface WebhookTarget {
  url: string;
  method: 'POST' | 'PATCH' | 'PUT';
  errorUrl: string | null;
  errorMethod: 'POST' | 'PATCH' | 'PUT';
  eventsUrl: string | null;
  extraHeaders: Record<string, string>;
}

const MAX_URL = 2048;
/** Headers a request may not be given: the transport's own, and what Folio sets itself. */
const RESERVED = /^(host|content-length|transfer-encoding|connection|keep-alive|upgrade|te|trailer|proxy-.*|service-webhook-.*)$/i;

const problem = (field: string, message: string): { problem: FormProblem } => ({ problem: { field, message: `${field}: ${message}` } });

function urlOf(name: string, value: string | undefined): string | null | { problem: FormProblem } {
  if (value === undefined || value === '') return null;
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return problem(name, 'must be an absolute http or https URL');
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || value.length > MAX_URL || u.username || u.password)
    return problem(name, `must be an http or https URL of at most ${MAX_URL} characters, without credentials`);
  return value;
}

function methodOf(name: string, value: string | undefined): 'POST' | 'PATCH' | 'PUT' | { problem: FormProblem } {
  const m = (value ?? '').toUpperCase();
  if (m === '') return 'POST';
  if (m === 'POST' || m === 'PATCH' || m === 'PUT') return m;
  return problem(name, `expected POST, PATCH or PUT, but got ${JSON.stringify(value)}`);
}

/** The webhook a request asks for (null without Gotenberg-Webhook-Url), or the header that is wrong. */
export function webhookTarget(header: (name: string) => string | undefined): WebhookTarget | null | { problem: FormProblem } {
  const url = urlOf('Gotenberg-Webhook-Url', header('gotenberg-webhook-url'));
  if (url === null) return null;
  if (typeof url === 'object') return url;
  const errorUrl = urlOf('Gotenberg-Webhook-Error-Url', header('gotenberg-webhook-error-url'));
  if (errorUrl !== null && typeof errorUrl === 'object') return errorUrl;
  const eventsUrl = urlOf('Gotenberg-Webhook-Events-Url', header('gotenberg-webhook-events-url'));
  if (eventsUrl !== null && typeof eventsUrl === 'object') return eventsUrl;
  if (errorUrl === null && eventsUrl === null)
    return problem(
      'Gotenberg-Webhook-Error-Url',
      "at least one of 'Gotenberg-Webhook-Error-Url' or 'Gotenberg-Webhook-Events-Url' must be given",
    );
  const method = methodOf('Gotenberg-Webhook-Method', header('gotenberg-webhook-method'));
  if (typeof method === 'object') return method;
  const errorMethod = methodOf('Gotenberg-Webhook-Error-Method', header('gotenberg-webhook-error-method'));
  if (typeof errorMethod === 'object') return errorMethod;
  const extraHeaders: Record<string, string> = {};
  const raw = header('gotenberg-webhook-extra-http-headers');
  if (raw !== undefined && raw !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return problem('Gotenberg-Webhook-Extra-Http-Headers', 'must be a JSON object of header names to string values');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return problem('Gotenberg-Webhook-Extra-Http-Headers', 'must be a JSON object of header names to string values');
    for (const [k, v] of Object.entries(parsed)) {
      if (
        !/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/.test(k) ||
        RESERVED.test(k) ||
        typeof v !== 'string' ||
        /[\r\n\0]/.test(v) ||
        v.length > 4096
      )
        return problem(
          'Gotenberg-Webhook-Extra-Http-Headers',
          `${JSON.stringify(k)} is not a header Folio may send (a token name, a one-line string value; not Host, Content-Length or hop-by-hop headers)`,
        );
      extraHeaders[k] = v;
    }
  }
  return { url, method, errorUrl, errorMethod, eventsUrl, extraHeaders };
}
