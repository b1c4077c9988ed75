// URL sources of render jobs (`source: {url, cookies?, headers?}`): a page of the team's own app printed by
// Folio under the same network policy as a template's requests. The rules here are pure: the shape of the
// URL, cookies and headers (each refusal names its field), the operator's allow-list of internal hosts
// (FOLIO_URL_SOURCE_ALLOWED_HOSTS), which requests get the job's cookies and headers (the target's origin
// only), and the URL a job view shows (no userinfo, query or fragment). The address policy itself (which
// IPs are refused) is src/net's; services/ and render/ apply it.
import { Type } from '@sinclair/typebox';

export const MAX_URL_SOURCE_LENGTH = 2048;
export const MAX_URL_SOURCE_ITEMS = 50;
const MAX_VALUE_LENGTH = 4096;

export interface UrlSourceCookie {
  name: string;
  value: string;
  domain?: string;
  path?: string;
  secure?: boolean;
  httpOnly?: boolean;
}

/** A job's URL source as stored (sealed) and handed to the renderer. */
export interface UrlSource {
  url: string;
  cookies: UrlSourceCookie[];
  headers: Record<string, string>;
}

/** `source` of a job body. */
export const UrlSourceField = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      description: `The page to print: an \`http:\` or \`https:\` URL of at most ${MAX_URL_SOURCE_LENGTH} characters, without user name or password. Folio fetches it (and every request of the page) itself: DNS resolved once and pinned, public addresses only unless the operator allow-listed the host (\`FOLIO_URL_SOURCE_ALLOWED_HOSTS\`), every redirect checked again.`,
      examples: ['https://app.example.com/invoices/42/print'],
    }),
    cookies: Type.Optional(
      Type.Array(
        Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 256 }),
            value: Type.String({ maxLength: MAX_VALUE_LENGTH }),
            domain: Type.Optional(Type.String({ maxLength: 253, description: "The URL's host or a parent domain of it." })),
            path: Type.Optional(Type.String({ maxLength: 1024, description: 'Sent only to paths under it (default `/`).' })),
            secure: Type.Optional(Type.Boolean({ description: 'Sent only over https.' })),
            httpOnly: Type.Optional(
              Type.Boolean({ description: 'Accepted for compatibility: the cookie is never visible to the page anyway.' }),
            ),
          },
          { additionalProperties: false },
        ),
        {
          description: `At most ${MAX_URL_SOURCE_ITEMS} cookies, sent in a \`Cookie\` header with every request to the URL's origin (scheme, host and port) only. Secrets of the job: never logged or shown, deleted when the job ends.`,
          examples: [[{ name: 'session', value: 's3cr3t', path: '/', secure: true, httpOnly: true }]],
        },
      ),
    ),
    headers: Type.Optional(
      Type.Record(Type.String(), Type.String(), {
        description: `At most ${MAX_URL_SOURCE_ITEMS} extra request headers (name → value) sent with every request to the URL's origin only; never \`Host\`, \`Cookie\` (use \`cookies\`) or a hop-by-hop header. Secrets of the job: never logged or shown, deleted when the job ends.`,
        examples: [{ Authorization: 'Bearer eyJhbGciOi…', 'X-Tenant': 'acme' }],
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "Print a web page instead of a deploy or inline HTML: needs a plan with `allowExternalNetwork` (403 `url_source_not_allowed` otherwise). Not with `deployId`, `deployVersionId`, `html`, `files` or a payload. The job shows `source: {type: 'url', url}` with the URL's origin and path only.",
  },
);

/** A refusal: the field as the client named it, and why. */
export interface UrlSourceProblem {
  field: string;
  message: string;
}

// RFC 9110 token characters: a header or cookie name.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Header names a job may not set: connection-level, the host, and the cookie (cookies are their own field). */
export const FORBIDDEN_SOURCE_HEADERS = new Set([
  'host',
  'cookie',
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'expect',
]);

/**
 * The URL source's shape, first problem wins: the URL (length, parse, scheme, no credentials), then each
 * header (name, value, not forbidden), then each cookie (name, value, domain within the URL's host, path).
 */
export function checkUrlSource(source: {
  url: string;
  cookies?: UrlSourceCookie[];
  headers?: Record<string, string>;
}): UrlSourceProblem | null {
  const { url } = source;
  if (url.length > MAX_URL_SOURCE_LENGTH)
    return { field: 'source.url', message: `source.url is ${url.length} characters; at most ${MAX_URL_SOURCE_LENGTH}` };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { field: 'source.url', message: 'source.url is not a URL' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { field: 'source.url', message: `source.url must be http: or https:, not ${parsed.protocol}` };
  if (parsed.username || parsed.password)
    return { field: 'source.url', message: 'source.url must not carry a user name or password (send them as headers)' };
  const headers = Object.entries(source.headers ?? {});
  if (headers.length > MAX_URL_SOURCE_ITEMS)
    return { field: 'source.headers', message: `source.headers has ${headers.length} entries; at most ${MAX_URL_SOURCE_ITEMS}` };
  for (const [name, value] of headers) {
    const field = `source.headers[${JSON.stringify(name)}]`;
    if (!TOKEN.test(name)) return { field, message: `${field}: not a valid header name` };
    if (FORBIDDEN_SOURCE_HEADERS.has(name.toLowerCase()))
      return {
        field,
        message: `${field}: ${name.toLowerCase() === 'cookie' ? 'send cookies in source.cookies' : 'Folio sets this header itself; it cannot be sent'}`,
      };
    if (typeof value !== 'string' || value.length > MAX_VALUE_LENGTH || /[\0\r\n]/.test(value))
      return { field, message: `${field}: a value of at most ${MAX_VALUE_LENGTH} characters without CR, LF or NUL` };
  }
  const cookies = source.cookies ?? [];
  if (cookies.length > MAX_URL_SOURCE_ITEMS)
    return { field: 'source.cookies', message: `source.cookies has ${cookies.length} entries; at most ${MAX_URL_SOURCE_ITEMS}` };
  const host = parsed.hostname.toLowerCase();
  for (const [i, c] of cookies.entries()) {
    const field = `source.cookies[${i}]`;
    if (!TOKEN.test(c.name)) return { field: `${field}.name`, message: `${field}.name: not a valid cookie name` };
    // RFC 6265 cookie-octets (a quoted value is allowed too): no controls, whitespace, DQUOTE, comma, semicolon or backslash.
    if (!/^"?[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*"?$/.test(c.value))
      return {
        field: `${field}.value`,
        message: `${field}.value: no spaces, quotes, commas, semicolons, backslashes or control characters`,
      };
    if (c.domain !== undefined) {
      const d = c.domain.toLowerCase().replace(/^\./, '');
      if (d !== host && !host.endsWith(`.${d}`))
        return {
          field: `${field}.domain`,
          message: `${field}.domain: cookies are sent to the URL's host only; ${d} is not ${host} or a parent of it`,
        };
    }
    if (c.path !== undefined && (!c.path.startsWith('/') || /[\0-\x1f;]/.test(c.path)))
      return { field: `${field}.path`, message: `${field}.path must start with / (no semicolons or control characters)` };
  }
  return null;
}

/** What a job view shows of a URL source: its origin and path, never userinfo, query or fragment (they may hold secrets). */
export function shownSourceUrl(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname}`;
}

/**
 * FOLIO_URL_SOURCE_ALLOWED_HOSTS read into entries: `host` or `host:port`, comma-separated, IPv6 in
 * brackets (`[::1]:8080`). Throws on an entry that is not one.
 */
export function parseAllowedHosts(text: string | null): string[] {
  if (!text) return [];
  return text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '')
    .map((entry) => {
      let u: URL;
      try {
        u = new URL(`http://${entry}`);
      } catch {
        throw new Error(`FOLIO_URL_SOURCE_ALLOWED_HOSTS: ${JSON.stringify(entry)} is not a host or host:port`);
      }
      if (u.username || u.password || u.pathname !== '/' || u.search || u.hash)
        throw new Error(`FOLIO_URL_SOURCE_ALLOWED_HOSTS: ${JSON.stringify(entry)} is not a host or host:port`);
      // An explicit port is kept even when it is http's default (new URL drops :80).
      const port = /:(\d+)$/.exec(entry)?.[1];
      return port ? `${u.hostname}:${port}` : u.hostname;
    });
}

const defaultPort = (u: URL) => u.port || (u.protocol === 'https:' ? '443' : '80');

/** Whether the operator allow-listed this URL's host (any port, or the URL's own) to skip the private-address refusal. */
export function isAllowListed(url: URL, allowed: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  const port = defaultPort(url);
  return allowed.some((entry) => entry === host || entry === `${host}:${port}`);
}

/** Whether a request goes to the URL source's origin (scheme, host and port): only those get its cookies and headers. */
export function isSourceOrigin(url: URL, source: URL): boolean {
  return (
    url.protocol === source.protocol &&
    url.hostname.toLowerCase() === source.hostname.toLowerCase() &&
    defaultPort(url) === defaultPort(source)
  );
}

/** The `Cookie` header a request to the source's origin carries (path and `secure` honoured), or null. */
export function cookieHeaderFor(url: URL, cookies: readonly UrlSourceCookie[]): string | null {
  const sent = cookies.filter((c) => {
    if (c.secure && url.protocol !== 'https:') return false;
    const p = c.path ?? '/';
    return url.pathname === p || url.pathname.startsWith(p.endsWith('/') ? p : `${p}/`);
  });
  return sent.length ? sent.map((c) => `${c.name}=${c.value}`).join('; ') : null;
}
