// An account's own RFC 3161 timestamp authority for PDF jobs (GET/PUT /v1/account/timestamp-authority):
// an http(s) URL, or null to use the deployment's (FOLIO_TIMESTAMP_AUTHORITY_URL). A literal address on
// loopback, private or link-local networks is refused when it is set, unless the operator allow-listed it
// (FOLIO_TIMESTAMP_ALLOWED_HOSTS); a host name is judged again, resolved, at every use
// (src/net/timestamp-authority.ts).
import { isIP } from 'node:net';
import { timestampAuthorityUrlProblem } from '../../domain/pdfs/timestamp-authority.js';
import { isAllowListed } from '../../domain/jobs/url-source.js';
import { AppError } from '../../errors/app-error.js';
import { isBlockedAddress } from '../../net/address-policy.js';
import type { ServiceContext } from '../context.js';

export interface TimestampAuthorityView {
  /** The account's own authority, or null. */
  url: string | null;
  /** What PDF jobs of the account use: its own, else the deployment's (null: none). */
  effectiveUrl: string | null;
}

/** The account's authority and the one its PDF jobs use. */
export async function timestampAuthorityOf(ctx: ServiceContext, accountId: string): Promise<TimestampAuthorityView> {
  const row = await ctx.db.selectFrom('accounts').select('timestamp_authority_url').where('id', '=', accountId).executeTakeFirst();
  const url = row?.timestamp_authority_url ?? null;
  return { url, effectiveUrl: url ?? ctx.config.timestampAuthorityUrl };
}

/** Sets (or with null removes) the account's own authority. */
export async function setTimestampAuthority(ctx: ServiceContext, accountId: string, url: string | null): Promise<TimestampAuthorityView> {
  if (url !== null) {
    const problem = timestampAuthorityUrlProblem(url);
    if (problem) throw new AppError('invalid_request', `url ${problem}`, { field: 'url' });
    const u = new URL(url);
    // A name's trailing dots are the root (LocalHost. is localhost), and case does not matter.
    const host = u.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.+$/, '');
    const reserved = (isIP(host) && isBlockedAddress(host)) || /(^|\.)localhost$/i.test(host);
    if (reserved && !isAllowListed(u, ctx.config.resolved.timestampAllowedHosts))
      throw new AppError(
        'invalid_request',
        `url: ${u.host} is a loopback, private, link-local or otherwise reserved address, which Folio does not connect to for an account (an operator may allow it with FOLIO_TIMESTAMP_ALLOWED_HOSTS)`,
        { field: 'url' },
      );
  }
  await ctx.db.updateTable('accounts').set({ timestamp_authority_url: url }).where('id', '=', accountId).execute();
  return timestampAuthorityOf(ctx, accountId);
}
