import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { hasScope, type Scope } from '../../domain/accounts/scopes.js';
import { AppError } from '../../errors/app-error.js';
import type { Services } from '../../services/index.js';
import type { Principal } from '../../services/context.js';
import { AuthFailureLimit } from './auth-failure-limit.js';
import type { RateLimiter } from './rate-limit.js';
import { authenticateSession, hasSessionCookie } from './session-auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
  interface FastifyContextConfig {
    /** Scope the API key needs; routes without it are public (health, docs, signed links). */
    scope?: Scope;
    /** Also accept the API key as the password of HTTP Basic auth (any user name): Gotenberg clients send that. */
    basicAuth?: boolean;
  }
}

/** The authenticated caller; routes with a scope always have one. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw new AppError('unauthorized', 'authentication required');
  return req.principal;
}

/**
 * Authenticates before the body is read (onRequest), so unauthenticated callers cannot make the server
 * parse large bodies; then applies the rate limit and the route's scope.
 *
 * Two credentials: `Authorization: Bearer <API key>` (machines; no CSRF), or, when no Authorization header
 * is sent, the dashboard session cookie (writes need `X-CSRF-Token`). An Authorization header always wins,
 * so a script that sends a key is never treated as a browser. Routes marked `session: 'required'`
 * (revealing a webhook secret) accept only the session: an API key cannot reach them.
 *
 * The hook is callback-style and finishes synchronously when the key and the account's plan are cached
 * (nearly every API request): an async hook costs promises and microtask turns on every request, which
 * was a measurable share of a cached read in bench/api. Steps that need the database return a promise.
 */
export function registerAuth(app: FastifyInstance, services: Services, limiter: RateLimiter) {
  const keys = services.apiKeys;
  const sessions = services.sessions;
  const config = services.ctx.config;
  const failures = new AuthFailureLimit(config, limiter.processes);
  const watcher = services.authChanges;

  // Caches must not outlive a revocation, scope change or plan change by more than a poll interval, and
  // this process's share of the rate limits follows the live api processes: both run while the server does.
  services.notifier.onAccountChanged((accountId) => limiter.forgetPlan(accountId));
  app.addHook('onReady', async () => {
    await watcher.start();
    limiter.processes.start();
  });
  app.addHook('onClose', async () => {
    await watcher.stop();
    await limiter.processes.stop();
  });

  const admit = (req: FastifyRequest, reply: FastifyReply, principal: Principal, scope: Scope | undefined): void | Promise<void> => {
    req.principal = principal;
    const limited = limiter.check(principal, reply);
    if (limited) return limited.then(() => requireScope(principal, scope));
    requireScope(principal, scope);
  };

  const bySession = async (req: FastifyRequest, reply: FastifyReply) =>
    admit(req, reply, await authenticateSession(req, sessions, config), undefined);

  // A wrong key counts against the client address (429 auth_throttled past the limit, instead of 401); a
  // valid key never touches that bucket, so nobody can lock a real client out by failing from its address.
  const admitKey = (
    req: FastifyRequest,
    reply: FastifyReply,
    principal: Principal | null,
    scope: Scope | undefined,
  ): void | Promise<void> => {
    if (!principal) {
      failures.fail(req.ip);
      throw new AppError('unauthorized', 'the API key is invalid or revoked');
    }
    return admit(req, reply, principal, scope);
  };

  const byKey = (
    req: FastifyRequest,
    reply: FastifyReply,
    header: string | undefined,
    scope: Scope | undefined,
    basic: boolean,
  ): void | Promise<void> => {
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    const key = match ? match[1] : basic ? basicPassword(header) : null;
    if (key === null) {
      if (typeof header === 'string') failures.fail(req.ip);
      throw new AppError(
        'unauthorized',
        basic
          ? 'send your API key as "Authorization: Bearer folio_sk_…", or as the password of HTTP Basic auth (any user name)'
          : 'send your API key as "Authorization: Bearer folio_sk_…"',
      );
    }
    const found = keys.authenticate(key);
    return found instanceof Promise
      ? found.then((principal) => admitKey(req, reply, principal, scope))
      : admitKey(req, reply, found, scope);
  };

  const authenticate = (
    req: FastifyRequest,
    reply: FastifyReply,
    scope: Scope | undefined,
    sessionOnly: boolean,
    basic: boolean,
  ): void | Promise<void> => {
    const header = req.headers.authorization;
    if (sessionOnly) {
      if (header !== undefined)
        throw new AppError('unauthorized', 'this operation is only available to a signed-in dashboard session, never to an API key');
      return bySession(req, reply);
    }
    if (header === undefined && hasSessionCookie(req, config)) return bySession(req, reply);
    return byKey(req, reply, header, scope, basic);
  };

  // Added to each route that needs a caller, as the first of that route's own onRequest hooks (after the
  // root hooks, which only set the request id): public routes (health, docs, signed links) pay nothing, and
  // the scope is read once here rather than through req.routeOptions, a getter that builds a new object on
  // every read. onRoute sees only routes added after it, so buildServer registers this before anything
  // else; test/integration/malformed-requests.test.ts sends every documented route no key (401), and
  // test/e2e/dashboard-security.test.ts does the same for the dashboard's routes.
  app.addHook('onRoute', (route) => {
    const scope = route.config?.scope;
    const sessionOnly = route.config?.session === 'required';
    const basic = route.config?.basicAuth === true;
    if (!scope && !sessionOnly) return;
    const hook: onRequestHookHandler = (req, reply, done) => {
      let pending: void | Promise<void>;
      try {
        pending = authenticate(req, reply, scope, sessionOnly, basic);
      } catch (err) {
        return done(err as Error);
      }
      if (pending) pending.then(() => done(), done);
      else done();
    };
    route.onRequest = [
      hook,
      ...(route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]),
    ];
  });
}

function requireScope(principal: Principal, scope: Scope | undefined): void {
  if (scope && !hasScope(principal.scopes, scope)) throw new AppError('forbidden', `this API key lacks the "${scope}" scope`);
}

/** The password of an `Authorization: Basic base64(user:password)` header (the user name is ignored), or null. */
function basicPassword(header: string | undefined): string | null {
  const m = typeof header === 'string' ? /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header) : null;
  if (!m) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const password = colon < 0 ? '' : decoded.slice(colon + 1);
  return password === '' ? null : password;
}
