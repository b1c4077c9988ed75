// URL sources of render jobs at creation (docs/api.md, URL sources): the plan must allow the external
// network (403 url_source_not_allowed), the source's shape must hold (domain/jobs/url-source.ts, 400 naming the
// field), and a URL whose host is a literal IP address the network policy refuses is a 400 now, unless the
// operator allow-listed it (FOLIO_URL_SOURCE_ALLOWED_HOSTS). A host name is judged when the job renders,
// where its DNS answer is pinned (render/request-routing.ts). The URL, cookies and headers are sealed with
// the secrets key: they are secrets of the job, kept only until it ends.
import { isIP } from 'node:net';
import { checkUrlSource, isAllowListed, shownSourceUrl, type UrlSource, type UrlSourceCookie } from '../../domain/jobs/url-source.js';
import { AppError } from '../../errors/app-error.js';
import { isBlockedAddress } from '../../net/address-policy.js';
import type { ServiceContext } from '../context.js';

/** The entry document of the inline version a URL-source job binds to; the page never loads it. */
export const URL_SOURCE_HTML =
  "<!doctype html><title>URL source</title><!-- Folio prints the job's source.url instead of this document -->";

export interface CheckedUrlSource {
  /** What the job shows: origin and path. */
  shown: string;
  /** JSON of the UrlSource, sealed. */
  sealed: string;
}

export class UrlSources {
  constructor(private readonly ctx: ServiceContext) {}

  async check(
    accountId: string,
    source: { url: string; cookies?: UrlSourceCookie[]; headers?: Record<string, string> },
  ): Promise<CheckedUrlSource> {
    const account = await this.ctx.db.selectFrom('accounts').select('plan_key').where('id', '=', accountId).executeTakeFirstOrThrow();
    if (!this.ctx.plans.get(account.plan_key).policy.allowExternalNetwork)
      throw new AppError(
        'url_source_not_allowed',
        "the account's plan does not allow the external network, which printing a URL needs (allowExternalNetwork)",
        { field: 'source' },
      );
    const problem = checkUrlSource(source);
    if (problem) throw new AppError('invalid_request', problem.message, { field: problem.field });
    const url = new URL(source.url);
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) && isBlockedAddress(host) && !isAllowListed(url, this.ctx.config.resolved.urlSourceAllowedHosts))
      throw new AppError(
        'invalid_request',
        `source.url: ${host} is a loopback, private, link-local or otherwise reserved address, which Folio never fetches for an account (an operator may allow an internal host with FOLIO_URL_SOURCE_ALLOWED_HOSTS)`,
        { field: 'source.url' },
      );
    const stored: UrlSource = { url: url.href, cookies: source.cookies ?? [], headers: source.headers ?? {} };
    return { shown: shownSourceUrl(url.href), sealed: this.ctx.secrets.seal(JSON.stringify(stored)) };
  }
}
