import type { FastifyRequest } from 'fastify';

/** Messages of @fastify/busboy for a body that ends before its closing delimiter (`--boundary--`). */
export const CUT_SHORT = /Unexpected end of multipart data|terminated early/;

/** The boundary parameter of a multipart Content-Type (RFC 2046: 1 to 70 characters), or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  const m = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const b = m ? (m[1] ?? m[2]) : '';
  return b.length >= 1 && b.length <= 70 ? b : null;
}

/**
 * Watches the raw body for the closing delimiter: @fastify/multipart ends its parts quietly when the body
 * ends before it, so a job cut short would otherwise be taken with the parts that did arrive. Content
 * cannot hold CRLF + `--boundary` (that is a delimiter), so finding CRLF + `--boundary--` means the body
 * reached its end. Attached before the parser starts reading, and sees every chunk before it.
 */
export function watchClosingDelimiter(req: FastifyRequest, boundary: string): () => boolean {
  const close = Buffer.from(`\r\n--${boundary}--`);
  let seen = false;
  let tail = Buffer.from('\r\n'); // the body may start with the closing delimiter (no parts at all)
  const onData = (chunk: Buffer) => {
    const window = Buffer.concat([tail, chunk]);
    if (window.includes(close)) {
      seen = true;
      req.raw.off('data', onData);
    } else tail = window.subarray(Math.max(0, window.length - close.length + 1));
  };
  req.raw.on('data', onData);
  return () => seen;
}
