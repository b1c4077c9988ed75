import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { parseByteRange } from '../../../domain/byte-range.js';
import { withoutBidiControls } from '../../../domain/jobs/file-name.js';
import type { ServedFile } from '../../../services/jobs/rendered-files.js';
import type { Services } from '../../../services/index.js';
import * as ex from '../../openapi/examples.js';
import type { OperationDoc } from '../../openapi/operation-doc.js';

export function contentDisposition(kind: 'attachment' | 'inline', stored: string): string {
  // Names stored before bidi controls were stripped at render time are cleaned here too.
  const fileName = withoutBidiControls(stored);
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Streams a stored file (a PDF, a zip, an image) with ETag, Accept-Ranges and single-range support. */
export async function serveStored(s: Services, req: FastifyRequest, reply: FastifyReply, file: ServedFile) {
  const etag = `"${file.sha256}"`;
  reply
    .header('content-type', file.contentType)
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

/** The answers of a served PDF, documented (the bytes are streamed, not serialised from a schema). */
const pdfResponses = (disposition: string): OperationDoc['responses'] => {
  const headers = {
    ETag: { description: 'The quoted sha256 of the PDF: send it back as `If-None-Match`.', schema: { type: 'string' } },
    'Accept-Ranges': { description: '`bytes`.', schema: { type: 'string' } },
    'Content-Disposition': { description: disposition, schema: { type: 'string' } },
  };
  const pdf = { schema: { type: 'string', format: 'binary' }, example: '%PDF-1.7 … (the PDF bytes)' };
  return {
    200: { description: 'The PDF (`HEAD`: the headers only, with its `Content-Length`)', headers, content: { 'application/pdf': pdf } },
    206: {
      description: 'The requested byte range (`Range: bytes=a-b`, `bytes=a-` or `bytes=-n`; one range; `If-Range` honoured)',
      headers: { ...headers, 'Content-Range': { description: '`bytes a-b/<size>`.', schema: { type: 'string' } } },
      content: { 'application/pdf': pdf },
    },
    304: { description: '`If-None-Match` names the current ETag: not modified, no body' },
  };
};

const RANGE_NOTE =
  'A `Range` that starts past the end answers 416 with `Content-Range: bytes */<size>` and no body; any other `Range` Folio does not serve (another unit, several ranges, a malformed one) is ignored: 200 with the whole file.';

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
      description: `Where the signed, expiring URLs of the download and preview operations lead (\`access.url\`): no API key, the token carries what to serve, the disposition and the expiry under an HMAC signature. 403 \`link_invalid\` for a bad signature, 410 \`link_expired\` past \`expiresAt\`, 404 once the file is deleted. ${RANGE_NOTE}`,
      security: [],
      params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 1024 }) }),
      'x-folio': {
        success: 'The PDF',
        errors: ['link_invalid', 'link_expired', 'render_output_not_found', 'pdf_not_found', 'render_provider_unavailable'],
        parameters: { token: new URL(ex.access.access.url).pathname.split('/').pop()! },
        responses: pdfResponses('`attachment` (a download link) or `inline` (a preview link), with the file name.'),
      },
    },
    handler: async (req, reply) => serveStored(s, req, reply, await s.renderedFiles.resolveSigned(req.params.token)),
  });

  r.route({
    method: ['GET', 'HEAD'],
    url: '/p/:token',
    schema: {
      tags: ['Files'],
      summary: 'A permanent public link to a managed PDF (inline)',
      description: `The \`url\` of a permanent link: serves the managed PDF inline to anyone, with no API key, until the link or the PDF is deleted (then 404). ${RANGE_NOTE}`,
      security: [],
      params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }),
      'x-folio': {
        success: 'The PDF',
        errors: ['permanent_link_not_found'],
        parameters: { token: new URL(ex.permanentLink.url).pathname.split('/').pop()! },
        responses: pdfResponses('`inline`, with the file name.'),
      },
    },
    handler: async (req, reply) => serveStored(s, req, reply, await s.renderedFiles.resolvePermanent(req.params.token)),
  });
}
