import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import { CUT_SHORT, boundaryOf, watchClosingDelimiter } from './delimiter.js';

/**
 * Reads the parts of a multipart/form-data request in order, for every route that reads one: a Content-Type without a
 * boundary, a body that ends before its closing delimiter (`--boundary--`) and a body whose connection
 * closed before it was complete are each a 400 `invalid_request` saying so, never a 500 and never a request
 * taken with the parts that did arrive. Limits and the meaning of each part stay the caller's.
 */
export async function readParts(req: FastifyRequest, onPart: (part: Multipart) => Promise<void>): Promise<void> {
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
    throw err;
  }
  if (!closed()) throw cutShort();
}
