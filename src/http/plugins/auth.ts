import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasScope, type Scope } from '../../domain/scopes.js';
import { AppError } from '../../errors/app-error.js';
import type { ApiKeys } from '../../services/api-keys.js';
import type { Principal } from '../../services/context.js';
import type { RateLimiter } from './rate-limit.js';

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
 * Authenticates `Authorization: Bearer <API key>` before the body is read (onRequest), so unauthenticated
 * callers cannot make the server parse large bodies; then checks the route's scope and the rate limit.
 */
export function registerAuth(app: FastifyInstance, keys: ApiKeys, limiter: RateLimiter) {
  app.addHook('onRequest', async (req, reply) => {
    const scope = req.routeOptions.config?.scope;
    if (!scope) return;
    const header = req.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) throw new AppError('unauthorized', 'send your API key as "Authorization: Bearer folio_sk_…"');
    const principal = await keys.authenticate(match[1]);
    if (!principal) throw new AppError('unauthorized', 'the API key is invalid or revoked');
    req.principal = principal;
    await limiter.check(principal, reply);
    if (!hasScope(principal.scopes, scope)) throw new AppError('forbidden', `this API key lacks the "${scope}" scope`);
  });
}
