// The one error of src/net: a kind that says what refused or failed the exchange and a message that names
// the host or the limit. The callers decide what each kind means for them (a blocked request of a page, a
// refused webhook URL, a timestamp step that failed).
import { kindGuard } from '../errors/kinds.js';

/** Which byte budget a fetched response passed: one resource's, its job's, or the process's bytes in flight. */
export type FetchLimit = 'resource' | 'job' | 'process';

export type NetErrorKind =
  /** The host is empty. */
  | 'invalid_host'
  /** The address policy refuses the host (loopback, private, link-local, metadata, a localhost name). */
  | 'blocked_address'
  /** The host name could not be resolved now (no answer, a resolver error): another attempt may succeed. */
  | 'dns_failed'
  /** The host name does not exist (the resolver's NXDOMAIN, or a name with no address): retrying cannot help. */
  | 'host_not_found'
  /** A fetched response passed a byte budget; `limit` says whose. */
  | 'fetch_budget'
  /** A timestamp authority could not be reached or did not answer with a timestamp reply. */
  | 'timestamp_authority';

export class NetError extends Error {
  /** Kind `fetch_budget`: the budget passed. */
  readonly limit: FetchLimit | undefined;
  constructor(
    readonly kind: NetErrorKind,
    message: string,
    details: { limit?: FetchLimit } = {},
  ) {
    super(message);
    this.name = 'NetError';
    this.limit = details.limit;
  }
}

export const isNetError = kindGuard(NetError);
