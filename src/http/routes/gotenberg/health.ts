// Gotenberg's `/health` and `/version` (docs/gotenberg.md), for the Docker health checks and clients written
// for Gotenberg. `/health` answers without authentication, in Gotenberg's shape: one check per converter this
// process runs (`chromium`, `libreoffice`), each `up` or `down` with the time it was checked and, when down,
// why; 200 when all are up, 503 otherwise. An api process runs no converter: its body has no details.
// `/version` answers Folio's version as plain text, authenticated like the other Gotenberg routes. Both echo
// Gotenberg-Trace.
import type { FastifyInstance } from 'fastify';
import { traceHeader } from './answer.js';

/** A converter's check: null when it can work, else why not. */
export interface HealthCheck {
  name: string;
  check: () => Promise<string | null>;
}

export function gotenbergHealthRoutes(app: FastifyInstance, checks: readonly HealthCheck[], version: string) {
  app.get(
    '/health',
    // Probes, like /healthz and /readyz: described in docs/gotenberg.md, not in the API reference.
    { schema: { hide: true }, onRequest: traceHeader },
    async (_req, reply) => {
      const results = await Promise.all(
        checks.map(async (c) => {
          const error = await c.check().catch((err: unknown) => (err instanceof Error ? err.message : String(err)));
          const timestamp = new Date().toISOString();
          return [c.name, error === null ? { status: 'up', timestamp } : { status: 'down', timestamp, error }] as const;
        }),
      );
      const up = results.every(([, r]) => r.status === 'up');
      reply
        .code(up ? 200 : 503)
        .header('cache-control', 'no-cache')
        .header('pragma', 'no-cache')
        .header('expires', 'Thu, 01 Jan 1970 00:00:00 GMT');
      return { status: up ? 'up' : 'down', ...(results.length > 0 ? { details: Object.fromEntries(results) } : {}) };
    },
  );
  app.get(
    '/version',
    { config: { scope: 'render:write', basicAuth: true }, schema: { hide: true }, onRequest: traceHeader },
    async (_req, reply) => reply.type('text/plain; charset=utf-8').send(version),
  );
}
