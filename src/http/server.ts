import { einvoiceRoutes } from './routes/einvoices/einvoices.js';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TSchema } from '@sinclair/typebox';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { pingDatabase } from '../db/database.js';
import { fieldOfPath, findTooDeep, MAX_JSON_DEPTH } from '../domain/json-depth.js';
import { AppError } from '../errors/app-error.js';
import type { Services } from '../services/index.js';
import { registerAuth } from './plugins/auth.js';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  patternToRegex,
  registerErrorHandling,
  trackInFlight,
} from './plugins/error-handler.js';
import { RateLimiter } from './plugins/rate-limit.js';
import { watchBodyIdle } from './body-idle-timeout.js';
import { accountRoutes, UsageOverview } from './routes/account/account.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { deployRoutes } from './routes/deploys/deploys.js';
import { fileRoutes } from './routes/jobs/files.js';
import { metricsRoutes } from './routes/metrics.js';
import { packageRoutes } from './routes/packages.js';
import { pageImageRoutes } from './routes/jobs/page-images.js';
import { pdfRoutes } from './routes/pdfs/pdfs.js';
import fastifyMultipart from '@fastify/multipart';
import { resolveDeploySlugs } from './deploy-slugs.js';
import { compressReferenceDocument } from './openapi/compressed.js';
import { multipartJobBody } from './multipart/job-body.js';
import { multipartOptions } from './multipart/limits.js';
import { pdfUploadRoutes, uploadMultipartOptions } from './routes/pdfs/pdf-uploads.js';
import { pdfJobRoutes } from './routes/pdfs/pdf-jobs.js';
import { pdfZipRoutes } from './routes/pdfs/pdf-zips.js';
import { multipartPdfJobBody, pdfJobMultipartOptions } from './pdf-job-uploads.js';
import { jobWebhookDeliveryRoutes } from './routes/jobs/job-webhook-deliveries.js';
import { renderJobRoutes } from './routes/jobs/render-jobs.js';
import { traceHeader } from './routes/gotenberg/answer.js';
import { registerRequestTracing } from './request-tracing.js';
import { gotenbergHealthRoutes, type HealthCheck } from './routes/gotenberg/health.js';
import { packageVersion } from '../config/package-version.js';
import { gotenbergChromiumRoutes } from './routes/gotenberg/chromium.js';
import { gotenbergPdfEngineRoutes } from './routes/gotenberg/pdf-engines.js';
import { gotenbergLibreOfficeRoutes } from './routes/gotenberg/libreoffice.js';
import { renderSyncRoutes } from './routes/jobs/render-sync.js';
import { renderBatchRoutes } from './routes/jobs/render-batches.js';
import { versionCheckRoutes } from './routes/deploys/version-checks.js';
import { Access, EmbeddedPdf, ManagedPdf, PageImage, PermanentLink, RenderJob, RenderOutput } from './schemas/render.js';
import { uploadRoutes } from './routes/deploys/uploads.js';
import { ErrorBody } from './schemas/common.js';
import { Alias, Deploy, DeployListItem, DeploySettings, DeployVersion } from './schemas/deploys.js';
import { Blob, FileDescriptor, UploadSession } from './schemas/uploads.js';
import { finishDocument, openapiOptions } from './openapi/document.js';
import { swaggerUiOptions } from './openapi/ui.js';
import { installValidators } from './validation.js';

export interface ServerOptions {
  services: Services;
  logger: Logger;
  /** Extra readiness probes (the worker adds Chromium). */
  readinessChecks?: { name: string; check: () => Promise<void> }[];
  /** The converters' checks of Gotenberg's /health (routes/gotenberg/health.ts). */
  healthChecks?: HealthCheck[];
  /** Facts /readyz reports beside its checks (e.g. whether Chromium runs sandboxed). */
  readinessDetails?: Record<string, string>;
}

/** Schemas referenced by `$ref` from routes; they also become OpenAPI `components.schemas`. */
const sharedSchemas: TSchema[] = [
  ErrorBody,
  Deploy,
  DeployListItem,
  DeployVersion,
  Alias,
  DeploySettings,
  FileDescriptor,
  UploadSession,
  Blob,
  UsageOverview,
  RenderJob,
  RenderOutput,
  ManagedPdf,
  PageImage,
  EmbeddedPdf,
  PermanentLink,
  Access,
];

/** Path of the first string containing U+0000, or null. Depth-limited: bodies are validated afterwards anyway. */
function findNul(value: unknown, path: string, isBodyRoot = false, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 8) return null;
  // A raw upload (a stream or bytes) is not JSON: never walk it.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (isBodyRoot && k === 'payload') continue;
    if (k.includes('\u0000')) return `${path}.${k}`;
    const found = findNul(v, isBodyRoot ? k : `${path}.${k}`, false, depth + 1);
    if (found) return found;
  }
  return null;
}

/** A parsed JSON body, not a raw upload (a stream or bytes). */
function isJsonValue(value: unknown): boolean {
  return (
    value !== null && typeof value === 'object' && !ArrayBuffer.isView(value) && typeof (value as { pipe?: unknown }).pipe !== 'function'
  );
}

/** FOLIO_TRUST_PROXY as Fastify takes it: `true`, a hop count, or the addresses/CIDRs as given. */
function parseTrustProxy(value: string | null): boolean | number | string {
  if (value === null || value.trim() === '' || value.trim() === 'false') return false;
  if (value.trim() === 'true') return true;
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
}

/** The longest the request line and headers may take (Node's default `headersTimeout`), capped by the whole request's. */
const HEADERS_TIMEOUT_MS = 60_000;

/**
 * Node's timeouts for a request still arriving (FOLIO_REQUEST_TIMEOUT_MS): the whole request, and its headers.
 * Node checks them every `connectionsCheckingInterval` (30 s by default, which would let a request live up to
 * 30 s past its time): a tenth of the shorter timeout, at most 1 s. An expired request becomes a
 * `clientError` (ERR_HTTP_REQUEST_TIMEOUT), which clientErrorHandler answers with 408 request_timeout in the
 * uniform error body (not Node's bare 408, nor Fastify's default body) and closes the connection.
 */
function requestTimeouts(requestTimeoutMs: number) {
  const headersTimeout = Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs);
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeout / 10))),
  };
}

/** Builds the Fastify app (never listens: entrypoints and tests decide how to serve it). */
/**
 * A JSON body sent to a route that takes none (no body schema: `POST …/permanent-links`, `POST …/cancel`,
 * the DELETEs) is refused instead of ignored: the client meant something by it. An empty object is
 * accepted (clients send `{}` by habit); raw uploads and multipart forms have their own parsers.
 */
function unexpectedBody(req: FastifyRequest): AppError | undefined {
  if (req.body === undefined || req.body === null || (req.routeOptions.schema as { body?: unknown } | undefined)?.body) return undefined;
  if (!/^application\/json\b/i.test(String(req.headers['content-type'] ?? ''))) return undefined;
  if (typeof req.body === 'object' && !Array.isArray(req.body) && Object.keys(req.body).length === 0) return undefined;
  return new AppError('invalid_request', `${req.method} ${req.routeOptions.url} takes no request body; send none (or {})`, {
    field: 'body',
  });
}

export async function buildServer(opts: ServerOptions): Promise<FastifyInstance> {
  const { services } = opts;
  const timeouts = requestTimeouts(services.ctx.config.requestTimeoutMs);
  const idleMs = services.ctx.config.requestIdleTimeoutMs;
  // Typed as the default instance: route modules take FastifyInstance, and our pino Logger is a superset.
  const app = Fastify({
    loggerInstance: opts.logger,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: services.ctx.config.maxJsonBodyBytes,
    // Slow requests (a body trickled byte by byte) end in 408: see requestTimeouts. Fastify sets the server's
    // requestTimeout from its own option (0, no limit, by default) after creating it with `http`.
    requestTimeout: timeouts.requestTimeout,
    http: timeouts,
    // req.ip keys the failed-authentication limits: behind a balancer it must be the client, not the balancer.
    trustProxy: parseTrustProxy(services.ctx.config.trustProxy),
    // Fastify answers these itself with 400 before routing; keep them in our error format via the handler.
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler,
    // Requests Node's HTTP parser refuses before Fastify sees them: answered in the uniform format too.
    clientErrorHandler,
    disableRequestLogging: false,
  }) as unknown as FastifyInstance;

  // Fastify binds reqId into a child logger per request; pino's child() runs the bindings through the
  // redaction and serializers (~6 % of the CPU of a /healthz request in bench/api). At level silent that
  // child could never write a line, so requests share the parent instead. A route with its own logLevel
  // still gets a child.
  app.setChildLoggerFactory((logger, bindings, childOpts) =>
    !childOpts.level && logger.level === 'silent' ? logger : logger.child(bindings, childOpts),
  );

  // First of all: authentication is attached to each route as it is added (an onRoute hook), and onRoute
  // hooks only see the routes added after them.
  registerAuth(app, services, new RateLimiter(services.ctx, services.accounts, services.apiProcesses));

  // Callback-style (not async) hooks on the hot path: each async hook costs a promise and a microtask turn.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    trackInFlight(req, reply);
    watchBodyIdle(req, reply, idleMs, (err) => app.server.emit('clientError', err, req.raw.socket));
    done();
  });

  registerRequestTracing(app, services.ctx.tracing);

  // Raw blob uploads: hand the request stream to the service, which enforces its own byte limit.
  app.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));

  for (const schema of sharedSchemas) app.addSchema(schema);
  installValidators(app, sharedSchemas);

  const routePatterns: { method: string; regex: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) if (m !== 'HEAD') routePatterns.push({ method: m, regex: patternToRegex(route.url) });
  });
  registerErrorHandling(app, routePatterns);
  // After the onRoute hook above, so /metrics gets 405 for other methods like every route.
  metricsRoutes(app, services);

  // The reference users learn from: see src/http/openapi/ (document.ts builds it, ui.ts themes /docs).
  await app.register(fastifySwagger, {
    openapi: openapiOptions(services.ctx.config.resolved.publicUrl) as never,
    transformObject: (doc) => finishDocument((doc as Extract<typeof doc, { openapiObject: unknown }>).openapiObject),
    refResolver: { buildLocalReference: (json, _base, _frag, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  await app.register(fastifySwaggerUi, swaggerUiOptions);

  // PostgreSQL text cannot hold NUL, and no Folio field needs one: refuse it up front, as a 400, on every
  // engine (a render payload is exempt: it is stored as bytes).
  app.addHook('preValidation', (req, _reply, done) => {
    if (req.is404) return done();
    // Before anything walks the body recursively (validation, canonicalisation, hashing): see json-depth.ts.
    const deep = isJsonValue(req.body) ? findTooDeep(req.body) : null;
    if (deep) {
      const field = fieldOfPath(deep);
      return done(
        new AppError(
          'invalid_request',
          `${field} nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep (the limit for a JSON body)`,
          { field, maxDepth: MAX_JSON_DEPTH },
        ),
      );
    }
    const bad = findNul(req.params, 'params') ?? findNul(req.query, 'query') ?? findNul(req.body, 'body', true);
    if (bad) return done(new AppError('invalid_request', `${bad} contains a NUL character`, { field: bad }));
    done(unexpectedBody(req));
  });

  // After authentication and validation: a deploy's slug stands for its id in paths and bodies.
  resolveDeploySlugs(app, services);

  compressReferenceDocument(app);
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const checks = [
      { name: 'database', check: () => pingDatabase(services.ctx.db) },
      { name: 'storage', check: () => services.ctx.blobs.ping() },
      ...(opts.readinessChecks ?? []),
    ];
    const results: Record<string, string> = {};
    let ok = true;
    for (const c of checks) {
      try {
        await c.check();
        results[c.name] = 'ok';
      } catch (err) {
        ok = false;
        results[c.name] = (err as Error).message;
      }
    }
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'not_ready', checks: results, details: opts.readinessDetails ?? {} });
  });

  gotenbergHealthRoutes(app, opts.healthChecks ?? [], packageVersion());

  deployRoutes(app, services);
  uploadRoutes(app, services);
  accountRoutes(app, services);
  renderBatchRoutes(app, services);
  versionCheckRoutes(app, services);
  // Job creation also takes multipart/form-data (inline sources: the HTML and its files as parts): the
  // parser lives in a scope of its own, so every other route still answers a multipart body with 415.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, multipartOptions(services));
    scope.addHook('preValidation', multipartJobBody);
    renderJobRoutes(scope, services);
    jobWebhookDeliveryRoutes(scope, services);
    renderSyncRoutes(scope, services);
  });
  // Gotenberg's paths (/forms/…): the same API keys (Bearer, or the HTTP Basic password), a multipart parser
  // of their own scope, and Gotenberg-Trace on every answer.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, multipartOptions(services));
    scope.addHook('onRequest', traceHeader);
    gotenbergChromiumRoutes(scope, services);
    gotenbergPdfEngineRoutes(scope, services);
    gotenbergLibreOfficeRoutes(scope, services);
  });
  // Uploads of PDFs from outside: a raw application/pdf body or a multipart form, parsed in their own scope.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, uploadMultipartOptions);
    pdfUploadRoutes(scope, services);
  });
  pdfRoutes(app, services);
  // E-invoices as XML: to validate (a raw XML or PDF body, parsed in a scope of its own) and to make.
  await app.register(async (scope) => einvoiceRoutes(scope, services));
  // PDF jobs take multipart/form-data too (files their sources name as `upload`), parsed in their own scope.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, pdfJobMultipartOptions);
    scope.addHook('preValidation', multipartPdfJobBody);
    pdfJobRoutes(scope, services);
  });
  pdfZipRoutes(app, services);
  pageImageRoutes(app, services);
  fileRoutes(app, services);
  dashboardRoutes(app, services);
  packageRoutes(app);
  return app;
}
