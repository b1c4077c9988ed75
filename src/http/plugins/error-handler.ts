import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError } from '../../errors/app-error.js';
import { errorCodes, type ErrorCode } from '../../errors/codes.js';
import { isOutOfSpace, outOfSpaceError } from '../../errors/out-of-space.js';
import { validationMessage } from '../validation-messages.js';
import type { ErrorObject } from 'ajv';

function send(reply: FastifyReply, code: ErrorCode, message: string, details?: Record<string, unknown>, retryAfterSeconds?: number) {
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  return reply
    .code(errorCodes[code].status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ error: code, message, ...(details ? { details } : {}) }));
}

/** Field path of the first Ajv error, in the dotted form the docs use (`files[0].sha256`). */
function fieldOf(err: FastifyError): string | undefined {
  const v = err.validation?.[0];
  if (!v) return undefined;
  let field = (v.instancePath || '')
    .replace(/^\//, '')
    .replace(/\/(\d+)(?=\/|$)/g, '[$1]')
    .replace(/\//g, '.');
  field = field.replace(/^(\d+)/, '[$1]');
  const missing = (v.params as { missingProperty?: string; additionalProperty?: string } | undefined) ?? {};
  const extra = missing.missingProperty ?? missing.additionalProperty;
  if (extra) field = field ? `${field}.${extra}` : extra;
  const where = err.validationContext && err.validationContext !== 'body' ? err.validationContext : '';
  if (!field && !where) return 'body'; // the body itself has the wrong shape (an array, null, a number)
  return where && !field ? where : field || where || undefined;
}

/**
 * The one place that turns any thrown value into a response. Client errors keep their code; anything
 * unexpected is logged once here and answered 500 internal_error without internals.
 */
export function registerErrorHandling(app: FastifyInstance, routePatterns: { method: string; regex: RegExp }[]) {
  app.setErrorHandler((err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) => {
    const appError = err instanceof AppError ? err : null;
    if (isOutOfSpace(err) || appError?.code === 'insufficient_storage') {
      // An operational condition, not a bug: one line without a stack says what ran out, and the client
      // is told to come back (the request left nothing behind: see docs/operations.md, "Disk full").
      const cause = appError
        ? (appError.cause as { code?: string; message?: string } | undefined)
        : (err as { code?: string; message?: string });
      // The route pattern, not the URL: a URL may carry a link token.
      req.log.error(
        { storageError: cause?.code, route: req.routeOptions?.url, method: req.method },
        `out of storage space: ${cause?.message ?? err.message}; answered 507 insufficient_storage`,
      );
      const full = outOfSpaceError();
      return send(reply, full.code, full.message, undefined, full.retryAfterSeconds);
    }
    if (appError) return send(reply, appError.code, appError.message, appError.details, appError.retryAfterSeconds);
    const fe = err as FastifyError;
    if (fe.validation) {
      const field = fieldOf(fe);
      const isBody = !fe.validationContext || fe.validationContext === 'body';
      const msg = validationMessage(
        field ?? fe.validationContext ?? 'request',
        fe.validation[0] as ErrorObject | undefined,
        isBody ? (req.routeOptions.schema as { body?: unknown } | undefined)?.body : undefined,
        isBody ? req.body : undefined,
      );
      return send(reply, 'invalid_request', msg, field ? { field } : undefined);
    }
    switch (fe.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 'body_too_large', 'the request body is larger than this route accepts');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(
          reply,
          'unsupported_media_type',
          `Content-Type ${req.headers['content-type'] ?? '(none)'} is not accepted here (JSON routes take application/json; blob uploads application/octet-stream)`,
        );
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 'invalid_request', 'the JSON body is empty', { field: 'body' });
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(reply, 'invalid_request', 'Content-Length does not match the body');
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return send(reply, 'invalid_request', 'the body is not valid JSON', { field: 'body' });
    }
    if (fe.statusCode === 400 && (err instanceof SyntaxError || fe.code?.startsWith('FST_ERR_CTP'))) {
      return send(reply, 'invalid_request', 'the body is not valid JSON', { field: 'body' });
    }
    if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
      req.log.info({ err }, 'client error from framework');
      if (fe.statusCode === 413) return send(reply, 'body_too_large', 'the request body is larger than this route accepts');
      if (fe.statusCode === 415) return send(reply, 'unsupported_media_type', 'unsupported Content-Type');
      return send(reply, 'invalid_request', fe.message);
    }
    req.log.error({ err }, 'unhandled error');
    return send(reply, 'internal_error', 'an internal error occurred; quote the x-request-id header when reporting it');
  });

  app.setNotFoundHandler((req, reply) => {
    const fullPath = req.url.split('?')[0];
    // Never echo a huge path back.
    const path = fullPath.length > 200 ? `${fullPath.slice(0, 200)}…` : fullPath;
    const allowed = routePatterns.filter((r) => r.regex.test(fullPath)).map((r) => r.method);
    if (allowed.includes(req.method)) {
      // The router refused a path parameter longer than its limit.
      return send(reply, 'invalid_request', 'a path parameter is too long', { field: 'params' });
    }
    if (allowed.length > 0) {
      reply.header('allow', [...new Set(allowed)].join(', '));
      return send(reply, 'method_not_allowed', `${req.method} is not allowed on ${path}; allowed: ${[...new Set(allowed)].join(', ')}`);
    }
    return send(reply, 'route_not_found', `no route ${req.method} ${path}`);
  });
}

/** Errors Fastify raises before routing (a malformed URL): answered in the uniform format. */
export function frameworkErrorHandler(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_BAD_URL') send(reply, 'invalid_request', 'the URL contains an invalid percent-encoding', { field: 'url' });
  else if (err.code === 'FST_ERR_ASYNC_CONSTRAINT') send(reply, 'invalid_request', 'the request could not be routed');
  else send(reply, 'invalid_request', 'malformed request');
}

/** Turns a Fastify route pattern ("/v1/deploys/:deployId") into a regex for 405 detection. */
export function patternToRegex(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

/** The request and response of each request in progress, by connection: see clientErrorHandler. */
const inFlight = new WeakMap<object, { id: string; req: IncomingMessage; res: ServerResponse }>();

/** Called from the onRequest hook: remembers which request a connection is serving. */
export function trackInFlight(req: FastifyRequest, reply: FastifyReply): void {
  inFlight.set(req.raw.socket, { id: req.id, req: req.raw, res: reply.raw });
}

/** Status and code of a connection-level error (Node's HTTP parser or its timeouts). */
function clientErrorStatus(err: NodeJS.ErrnoException): { code: ErrorCode; message: string } {
  if (err.code === 'HPE_HEADER_OVERFLOW')
    return { code: 'headers_too_large', message: 'the request line and headers are larger than the server accepts' };
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { code: 'request_timeout', message: 'the request did not arrive in time' };
  return { code: 'invalid_request', message: 'malformed HTTP request' };
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (an unknown method, control characters
 * in the request line or a header, Transfer-Encoding with Content-Length, a bad chunk, oversized headers).
 * Fastify's default answer has its own body and no `x-request-id`; this writes the uniform error body with
 * a request id that the one log line carries too. There is no reply object at this level, so the response
 * goes to the socket as Node's documentation for 'clientError' describes, and the connection is closed:
 * after a parse error the rest of the byte stream cannot be trusted.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection cannot be answered.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const current = inFlight.get(socket);
  // A parse error (a bad chunk) or a timeout while the body of a request already routed is still arriving
  // belongs to that request: use its id. Its body is still arriving after its answer when the route
  // answered early (a 401 before the body is read): Node then reads the rest to keep the connection.
  const active = current && (!current.req.complete || !current.res.writableFinished) ? current : undefined;
  const id = active?.id ?? randomUUID();
  const { code, message } = clientErrorStatus(err);
  // One answer per request: once its response has begun (or was sent), the connection is only closed.
  const answer = socket.writable && !active?.res.headersSent;
  this.log.info(
    { reqId: id, parserError: err.code, status: answer ? errorCodes[code].status : undefined },
    `malformed HTTP request refused: ${err.code ?? err.message}${answer ? '' : ' (already answered; connection closed)'}`,
  );
  if (answer) {
    const body = JSON.stringify({ error: code, message });
    const status = errorCodes[code].status;
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${id}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
