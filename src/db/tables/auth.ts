// Row types of who calls and how: API keys, dashboard sessions and sign-in throttling, the counter that
// invalidates cached credentials, the api processes that share a rate limit, and idempotency keys.
// Timestamps are integer epoch milliseconds and booleans 0/1 integers (see tables.ts).

export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  key_hash: string;
  prefix: string;
  last4: string;
  scopes: string; // JSON array
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** A signed-in dashboard browser. The cookie carries the token; only its SHA-256 is stored. */
export interface DashboardSessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  account_id: string;
  /**
   * SHA-256 of the CSRF token the dashboard sends back in `X-CSRF-Token` on every cookie-authenticated
   * write (the token itself is derived from the cookie token and never stored).
   */
  csrf_token_hash: string;
  ip: string;
  user_agent: string | null;
  created_at: number;
  last_seen_at: number;
  /** Sliding idle expiry, never later than created_at + the absolute lifetime. */
  expires_at: number;
}

/** Failed sign-ins per (email, client address), for throttling. */
export interface LoginAttemptsTable {
  throttle_key: string;
  failures: number;
  window_start: number;
  locked_until: number | null;
}

/** One row (id 1): bumped with every change to what a cached credential may do. */
export interface AuthChangesTable {
  id: number;
  generation: number;
}

/** API processes that served authenticated traffic recently (the rate limit's divisor). */
export interface ApiProcessesTable {
  id: string;
  started_at: number;
  heartbeat_at: number;
}

export interface IdempotencyKeysTable {
  account_id: string;
  idem_key: string;
  request_hash: string;
  state: string; // running | done
  response_status: number | null;
  response_body: string | null;
  created_at: number;
  expires_at: number;
}
