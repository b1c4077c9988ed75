// The reference document is large (hundreds of KB of JSON, mostly descriptions and examples) and is read
// by every visit to /docs: it is answered gzip-compressed to clients that accept it (a tenth of the bytes).
// The document only changes with the code, so the compressed bytes are kept for the text they came from.
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const DOCUMENT_URLS = new Set(['/v1/openapi.json', '/docs/json']);

export function compressReferenceDocument(app: FastifyInstance): void {
  let last: { text: string; gz: Buffer } | null = null;
  app.addHook('onSend', (req, reply, payload, done) => {
    // Runs on every answer: the cheap tests first (a PDF or a stream is never a string).
    if (typeof payload !== 'string' || reply.statusCode !== 200 || !DOCUMENT_URLS.has(req.url.split('?')[0]!)) return done(null, payload);
    reply.header('vary', 'accept-encoding');
    if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return done(null, payload);
    if (last?.text !== payload) last = { text: payload, gz: gzipSync(payload) };
    reply.header('content-encoding', 'gzip');
    done(null, last.gz);
  });
}
