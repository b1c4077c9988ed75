// folio render --url URL [--header 'Name: value'] [--cookie name=value]: a web page printed as a URL source
// (docs/api.md, URL sources). The header and cookie flags may be repeated; the server checks the rest.
import type { Parsed } from './args.js';
import { UsageError } from './output.js';

export const urlSourceFlags = {
  url: { type: 'string' },
  header: { type: 'string', multiple: true },
  cookie: { type: 'string', multiple: true },
} as const;

export const urlSourceHelp = `  --url URL              print this web page instead of a deploy (a URL source; the plan must allow
                         the external network); needs -o
  --header 'Name: value' with --url: a request header sent to the URL's origin only (repeatable)
  --cookie name=value    with --url: a cookie sent to the URL's origin only (repeatable)`;

const list = (p: Parsed, name: string): string[] => {
  const v = p.values[name];
  return Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
};

/** The `source` of the job body, or null without --url (then --header/--cookie are refused). */
export function urlSourceOption(
  p: Parsed,
): { url: string; headers?: Record<string, string>; cookies?: Array<{ name: string; value: string }> } | null {
  const url = typeof p.values.url === 'string' ? p.values.url : undefined;
  const headerFlags = list(p, 'header');
  const cookieFlags = list(p, 'cookie');
  if (url === undefined) {
    if (headerFlags.length || cookieFlags.length) throw new UsageError('--header and --cookie go with --url URL');
    return null;
  }
  const headers: Record<string, string> = {};
  for (const h of headerFlags) {
    const at = h.indexOf(':');
    if (at <= 0) throw new UsageError(`--header must be 'Name: value', got "${h}"`);
    headers[h.slice(0, at).trim()] = h.slice(at + 1).trim();
  }
  const cookies = cookieFlags.map((c) => {
    const at = c.indexOf('=');
    if (at <= 0) throw new UsageError(`--cookie must be name=value, got "${c}"`);
    return { name: c.slice(0, at).trim(), value: c.slice(at + 1) };
  });
  return { url, ...(headerFlags.length ? { headers } : {}), ...(cookies.length ? { cookies } : {}) };
}
