import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import { CUT_SHORT, boundaryOf, watchClosingDelimiter } from './delimiter.js';
import { MULTIPART_LIMITS } from './limits.js';

/** How a route names what the parser refused: the part being read, and its own words for a file too large. */
export interface PartErrors {
  /** The part being read when the parser stopped (the field its errors name). */
  current?: () => string;
  /** A file part over the parser's `fileSize`: the route's error (else a 413 naming the part). */
  fileTooLarge?: () => AppError;
  /** The route's words for its count limits, by the parser's code (default: the job routes', MULTIPART_LIMITS). */
  limits?: Record<string, string>;
}

/**
 * Reads the parts of a multipart/form-data request in order, for every route that reads one: a Content-Type without a
 * boundary, a body that ends before its closing delimiter (`--boundary--`) and a body whose connection
 * closed before it was complete are each a 400 `invalid_request` saying so, never a 500 and never a request
 * taken with the parts that did arrive. The parser's own refusals are translated here too, once for every
 * route: a part over a limit is a 413 `body_too_large` naming the part and the limit (MULTIPART_LIMITS), a
 * reserved part name a 400 naming it, any other a 400 naming the form. The meaning of each part stays the
 * caller's.
 */
export async function readParts(req: FastifyRequest, onPart: (part: Multipart) => Promise<void>, errors: PartErrors = {}): Promise<void> {
  const boundary = boundaryOf(req.headers['content-type']);
  if (boundary === null)
    throw new AppError(
      'invalid_request',
      'Content-Type multipart/form-data needs a boundary parameter of 1 to 70 characters (multipart/form-data; boundary=…)',
      { field: 'content-type' },
    );
  const closed = watchClosingDelimiter(req, boundary);
  const cutShort = () =>
    new AppError('invalid_request', `the multipart body ends before its closing boundary (--${boundary}--): it was cut short`, {
      field: 'body',
    });
  try {
    // The part's own content is read by onPart: a body cut short inside it fails there.
    for await (const part of req.parts()) await onPart(part);
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    // A body that stopped arriving (the client went away, or took longer than FOLIO_REQUEST_TIMEOUT_MS and
    // was answered 408) is the client's doing, not a server fault: logged as such.
    if (!req.raw.complete && (req.raw.destroyed || code === 'ECONNRESET')) {
      req.log.info({ reason: (err as Error).message }, 'multipart body aborted before it was complete');
      throw new AppError('invalid_request', 'the request body ended before it was complete (the connection was closed)', {
        field: 'body',
      });
    }
    // A part's stream ends with busboy's "terminated early", or (read as an async iterator) closes early.
    if (code === 'ERR_STREAM_PREMATURE_CLOSE' || CUT_SHORT.test((err as Error).message ?? '')) throw cutShort();
    const current = errors.current?.() ?? 'body';
    if (code === 'FST_REQ_FILE_TOO_LARGE' && errors.fileTooLarge) throw errors.fileTooLarge();
    const limits = errors.limits ?? MULTIPART_LIMITS;
    if (code !== undefined && code in limits) throw new AppError('body_too_large', `part ${current}: ${limits[code]}`, { field: current });
    if (code === 'FST_PROTO_VIOLATION') throw new AppError('invalid_request', `part ${current}: a reserved name`, { field: current });
    if (code?.startsWith('FST_'))
      throw new AppError('invalid_request', `the form is not one this route reads: ${(err as Error).message}`, { field: 'body' });
    throw err;
  }
  if (!closed()) throw cutShort();
}
