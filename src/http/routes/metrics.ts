import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import type { Services } from '../../services/index.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * GET /metrics (Prometheus text format) and the per-request HTTP histogram behind it (a root onResponse
 * hook: Fastify applies it to every route, whenever registered). Off with FOLIO_METRICS_ENABLED=false (then
 * /metrics is a 404 like any unknown path); FOLIO_METRICS_TOKEN puts it behind a bearer token.
 */
export function metricsRoutes(app: FastifyInstance, s: Services) {
  const { config, metrics } = s.ctx;
  if (!config.metricsEnabled) return;

  // Route patterns, not URLs, keep the label set bounded; anything unrouted (404s) shares one label.
  app.addHook('onResponse', (req, reply, done) => {
    metrics.observeHttp(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const token = config.metricsToken ? digest(config.metricsToken) : null;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (token) {
      const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
      // Compare digests: equal length, constant time, whatever the caller sent.
      if (!m || !timingSafeEqual(digest(m[1]), token))
        throw new AppError('unauthorized', 'send the metrics token as "Authorization: Bearer <FOLIO_METRICS_TOKEN>"');
    }
    const { contentType, body } = await metrics.render();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}
