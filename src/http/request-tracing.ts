// Every API request continues the caller's trace (docs/operations.md, "Tracing"). A valid W3C
// `traceparent` header names the caller's span; an invalid one is ignored (a new trace starts). With
// tracing on, each request is a server span following OpenTelemetry's HTTP conventions, a child of the
// caller's; the request's handler runs with that span's traceparent current, so a job it creates stores it
// (services/jobs/job-rows.ts) and the worker's spans join the same trace. With tracing off, the caller's
// traceparent itself is current: the job keeps it and its webhooks carry it on.
import { context, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatTraceparent, parseTraceparent } from '../domain/tracing/traceparent.js';
import { maskUrl } from '../observability/logger.js';
import { runWithTraceparent } from '../observability/trace-scope.js';
import { SpanKind, SpanStatusCode, traceparentOf, type Span, type Tracing } from '../observability/tracing.js';

interface RequestTrace {
  span: Span | null;
  traceparent: string | null;
}

const traces = new WeakMap<FastifyRequest, RequestTrace>();
const ends = new WeakMap<FastifyRequest, () => void>();

/** The trace of a request (its span and the traceparent its work continues). */
export const traceOfRequest = (req: FastifyRequest): RequestTrace | undefined => traces.get(req);

export function registerRequestTracing(app: FastifyInstance, tracing: Tracing): void {
  // Callback-style hooks: these run on every request.
  app.addHook('onRequest', (req, reply, done) => {
    const incoming = parseTraceparent(req.headers.traceparent);
    const route = req.routeOptions.url;
    const span = tracing.start(route ? `${req.method} ${route}` : req.method, {
      kind: SpanKind.SERVER,
      parent: incoming ? formatTraceparent(incoming) : null,
      attributes: {
        'http.request.method': req.method,
        'url.path': maskUrl(req.url.split('?')[0] ?? '/'),
        'url.scheme': req.protocol,
        ...(route ? { 'http.route': route } : {}),
        ...(req.headers['user-agent'] ? { 'user_agent.original': req.headers['user-agent'] } : {}),
        'client.address': req.ip,
      },
    });
    // Nothing to keep for a request with no trace (tracing off, no header): the common case costs no object.
    if (span || incoming) traces.set(req, { span, traceparent: span ? traceparentOf(span) : formatTraceparent(incoming!) });
    // The span ends once, when the response is done or its connection closed: a client that hangs up after
    // its whole body (no abort, no response) still ends it, as an error.
    if (span) {
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        const finished = reply.raw.writableFinished;
        span.setAttribute('http.response.status_code', reply.raw.statusCode);
        // Server spans are errors for 5xx only (a 4xx is the caller's mistake, answered as designed).
        if (!finished) span.setStatus({ code: SpanStatusCode.ERROR, message: 'the client closed the connection before the answer' });
        else if (reply.raw.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: `HTTP ${reply.raw.statusCode}` });
        span.end();
      };
      ends.set(req, end);
      reply.raw.once('close', end);
    }
    done();
  });
  // The last hook before the handler (the body is parsed): the handler and what it awaits run in the trace
  // (no trace: none, so nothing of an earlier context can be current).
  app.addHook('preHandler', (req, _reply, done) => {
    const t = traces.get(req);
    const run = () => runWithTraceparent(t?.traceparent ?? null, done);
    if (t?.span) context.with(trace.setSpan(context.active(), t.span), run);
    else run();
  });
  // In-process injection (tests) may not close the response: the answer sent ends the span too.
  app.addHook('onResponse', (req, _reply, done) => {
    ends.get(req)?.();
    done();
  });
}
