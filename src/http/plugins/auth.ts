import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasScope, type Scope } from '../../domain/scopes.js';
import { AppError } from '../../errors/app-error.js';
import type { Services } from '../../services/index.js';
import type { Principal } from '../../services/context.js';
import { Sessions } from '../../services/sessions.js';
import type { RateLimiter } from './rate-limit.js';
import { authenticateSession, hasSessionCookie } from './session-auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
  interface FastifyContextConfig {
    /** Scope the API key needs; routes without it are public (health, docs, signed links). */
    scope?: Scope;
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
 */
export function registerAuth(app: FastifyInstance, services: Services, limiter: RateLimiter) {
  const keys = services.apiKeys;
  const sessions = new Sessions(services.ctx);
  const config = services.ctx.config;
  app.addHook('onRequest', async (req, reply) => {
    // routeOptions is a getter that builds a new object on every read: read it once per request.
    const routeConfig = req.routeOptions.config;
    const scope = routeConfig?.scope;
    const sessionOnly = routeConfig?.session === 'required';
    if (!scope && !sessionOnly) return;
    const header = req.headers.authorization;
    if (sessionOnly) {
      if (header !== undefined) throw new AppError('unauthorized', 'this operation is only available to a signed-in dashboard session, never to an API key');
      req.principal = await authenticateSession(req, sessions, config);
      await limiter.check(req.principal, reply);
      return;
    }
    if (header === undefined && hasSessionCookie(req, config)) {
      req.principal = await authenticateSession(req, sessions, config);
      await limiter.check(req.principal, reply);
      return;
    }
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) throw new AppError('unauthorized', 'send your API key as "Authorization: Bearer folio_sk_…"');
    const principal = await keys.authenticate(match[1]);
    if (!principal) throw new AppError('unauthorized', 'the API key is invalid or revoked');
    req.principal = principal;
    await limiter.check(principal, reply);
    if (!hasScope(principal.scopes, scope!)) throw new AppError('forbidden', `this API key lacks the "${scope}" scope`);
  });
}
