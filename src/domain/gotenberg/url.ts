// Gotenberg's `POST /forms/chromium/convert/url`: the form fields that make the URL source of a Folio job
// (`url`, `extraHttpHeaders` as a JSON object, `cookies` as Gotenberg's JSON array), taken out of the form
// before the other Chromium fields are mapped by chromium-form.ts. Gotenberg's rules for them hold: a cookie
// needs its name, value and domain (a domain may carry the page's port, `host:8080`, which a cookie's
// domain never does); a header value scoped to some requests (`value;scope=<regular expression>`) is
// refused, as Folio sends a URL source's headers to the URL's origin and takes no client's expression to
// pick requests. Pure: no I/O.
import type { UrlSourceCookie } from '../jobs/url-source.js';

export interface FormUrlSource {
  source: { url: string; cookies?: UrlSourceCookie[]; headers?: Record<string, string> };
  /** The form's other fields, for mapChromiumForm. */
  rest: Map<string, string>;
}

/** The URL source of a convert/url form, or the first field that cannot make one (named as the client sent it). */
export function urlSourceOfForm(fields: ReadonlyMap<string, string>): FormUrlSource | { problem: { field: string; message: string } } {
  const refuse = (field: string, message: string) => ({ problem: { field, message: `${field}: ${message}` } });
  const url = fields.get('url');
  if (url === undefined || url === '') return refuse('url', 'the form needs a url field (the page to print)');
  const rest = new Map(fields);
  rest.delete('url');
  const source: FormUrlSource['source'] = { url };
  const headersText = fields.get('extraHttpHeaders');
  if (headersText !== undefined) {
    rest.delete('extraHttpHeaders');
    const parsed = parseJson(headersText);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed) || Object.values(parsed).some((v) => typeof v !== 'string'))
      return refuse('extraHttpHeaders', 'must be a JSON object of header names to string values');
    const scoped = Object.keys(parsed).find((k) => /;\s*scope\b/i.test((parsed as Record<string, string>)[k]!));
    if (scoped !== undefined)
      return refuse(
        'extraHttpHeaders',
        `${scoped}: a header scoped to some requests (;scope=…) is not supported by Folio, which sends the headers to the URL's origin only`,
      );
    source.headers = parsed as Record<string, string>;
  }
  const cookiesText = fields.get('cookies');
  if (cookiesText !== undefined) {
    rest.delete('cookies');
    const parsed = parseJson(cookiesText);
    if (!Array.isArray(parsed))
      return refuse('cookies', 'must be a JSON array of {name, value, domain, path?, secure?, httpOnly?, sameSite?}');
    const cookies: UrlSourceCookie[] = [];
    for (const c of parsed as unknown[]) {
      if (c === null || typeof c !== 'object') return refuse('cookies', 'each cookie must be an object');
      const { name, value, domain, path, secure, httpOnly } = c as Record<string, unknown>;
      if (typeof name !== 'string' || typeof value !== 'string' || typeof domain !== 'string' || domain === '')
        return refuse('cookies', 'each cookie needs its name, value and domain set (strings)');
      if (path !== undefined && typeof path !== 'string') return refuse('cookies', 'a cookie path is a string');
      cookies.push({
        name,
        value,
        domain: domain.replace(/:\d+$/, ''),
        ...(typeof path === 'string' ? { path } : {}),
        ...(secure === true ? { secure: true } : {}),
        ...(httpOnly === true ? { httpOnly: true } : {}),
      });
    }
    source.cookies = cookies;
  }
  return { source, rest };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
