import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ServedFile } from '../../services/files.js';
import type { Services } from '../../services/index.js';
import { errors } from '../schemas/common.js';

/** Parses a single `bytes=a-b` range; null when absent or unsatisfiable forms we do not serve. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
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
  const ifRange = req.headers['if-range'];
  const range = ifRange && ifRange !== etag ? null : parseRange(req.headers.range, file.bytes);
  if (range === 'invalid') return reply.code(416).header('content-range', `bytes */${file.bytes}`).send();
  if (req.method === 'HEAD') return reply.header('content-length', String(file.bytes)).send();
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
  r.get('/v1/files/:token', {
    schema: {
      tags: ['Files'],
      summary: 'Download or preview through a signed URL (no API key)',
      description: 'Signed, expiring URLs from the download/preview operations. 403 `link_invalid` for a bad signature, 410 `link_expired` past `expiresAt`, 404 once the file is deleted. Supports Range requests.',
      security: [],
      params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 1024 }) }),
      response: { ...errors(403, 404, 410, 416) },
    },
  }, async (req, reply) => serve(s, req, reply, await s.files.resolveSigned(req.params.token)));

  r.get('/p/:token', {
    schema: {
      tags: ['Files'],
      summary: 'A permanent public link to a managed PDF (inline)',
      description: 'Valid until the link or the PDF is deleted (then 404).',
      security: [],
      params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }),
      response: { ...errors(404, 416) },
    },
  }, async (req, reply) => serve(s, req, reply, await s.files.resolvePermanent(req.params.token)));
}
