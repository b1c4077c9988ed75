import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { parseByteRange } from '../../domain/byte-range.js';
import { withoutBidiControls } from '../../domain/file-name.js';
import type { ServedFile } from '../../services/rendered-files.js';
import type { Services } from '../../services/index.js';
import { errors } from '../schemas/common.js';

function contentDisposition(kind: 'attachment' | 'inline', stored: string): string {
  // Names stored before bidi controls were stripped at render time are cleaned here too.
  const fileName = withoutBidiControls(stored);
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Streams a stored PDF with ETag, Accept-Ranges and single-range support. */
async function serve(s: Services, req: FastifyRequest, reply: FastifyReply, file: ServedFile) {
  const etag = `"${file.sha256}"`;
  reply
    .header('content-type', 'application/pdf')
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('content-disposition', contentDisposition(file.disposition, file.fileName))
    .header('cache-control', 'private, max-age=0, must-revalidate')
    .header('x-content-type-options', 'nosniff');
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  // HEAD describes the whole file: range handling is defined for GET only (RFC 9110 §14.2).
  if (req.method === 'HEAD') return reply.header('content-length', String(file.bytes)).send();
  const ifRange = req.headers['if-range'];
  const range = ifRange && ifRange !== etag ? null : parseByteRange(req.headers.range, file.bytes);
  if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${file.bytes}`).send();
  const stream = await s.ctx.blobs.get(file.storageKey, range ?? undefined);
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.bytes}`)
      .header('content-length', String(range.end - range.start + 1))
      .send(stream);
  }
  return reply.header('content-length', String(file.bytes)).send(stream);
}

export function fileRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  // GET and HEAD as one route: the HEAD route Fastify adds to a GET by itself replaces the Content-Length of a
  // body-less reply with 0, while a route that declares HEAD keeps the header we set (the file's length).
  r.route({
    method: ['GET', 'HEAD'],
    url: '/v1/files/:token',
    schema: {
      tags: ['Files'],
      summary: 'Download or preview through a signed URL (no API key)',
      description:
        'Signed, expiring URLs from the download/preview operations. 403 `link_invalid` for a bad signature, 410 `link_expired` past `expiresAt`, 404 once the file is deleted. Supports Range requests.',
      security: [],
      params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 1024 }) }),
      response: { ...errors(403, 404, 410, 416) },
    },
    handler: async (req, reply) => serve(s, req, reply, await s.renderedFiles.resolveSigned(req.params.token)),
  });

  r.route({
    method: ['GET', 'HEAD'],
    url: '/p/:token',
    schema: {
      tags: ['Files'],
      summary: 'A permanent public link to a managed PDF (inline)',
      description: 'Valid until the link or the PDF is deleted (then 404).',
      security: [],
      params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }),
      response: { ...errors(404, 416) },
    },
    handler: async (req, reply) => serve(s, req, reply, await s.renderedFiles.resolvePermanent(req.params.token)),
  });
}
