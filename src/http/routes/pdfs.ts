import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PAGE_SIZE } from '../../domain/cursor.js';
import type { Services } from '../../services/index.js';
import { principalOf } from '../plugins/auth.js';
import { errors, IdParam, ListQuery, NextCursor } from '../schemas/common.js';
import { LinkBody } from '../schemas/render.js';

const tags = ['Managed PDFs'];
const PdfParams = Type.Object({ pdfId: IdParam('Managed PDF id (`pdf_…`).') });

export function pdfRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/v1/pdfs',
    {
      config: { scope: 'pdfs:read' },
      schema: {
        tags,
        summary: 'List managed PDFs (newest first)',
        querystring: Type.Composite([ListQuery, Type.Object({ deployId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) })], {
          additionalProperties: false,
        }),
        response: {
          200: Type.Object({ items: Type.Array(Type.Ref('ManagedPdf')), nextCursor: NextCursor }),
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (req) =>
      s.renderedFiles.listPdfs(principalOf(req).accountId, {
        deployId: req.query.deployId,
        cursor: req.query.cursor,
        limit: req.query.limit ?? DEFAULT_PAGE_SIZE,
      }),
  );

  r.get(
    '/v1/pdfs/:pdfId',
    {
      config: { scope: 'pdfs:read' },
      schema: {
        tags,
        summary: 'Get a managed PDF',
        params: PdfParams,
        response: { 200: Type.Object({ pdf: Type.Ref('ManagedPdf') }), ...errors(401, 403, 404, 429) },
      },
    },
    async (req) => s.renderedFiles.getPdf(principalOf(req).accountId, req.params.pdfId),
  );

  r.delete(
    '/v1/pdfs/:pdfId',
    {
      config: { scope: 'pdfs:write' },
      schema: {
        tags,
        summary: 'Delete a managed PDF',
        description:
          'The PDF goes to `deleting` at once (permanent links stop resolving) and its bytes are purged in the background; then GET gives 404. Not reversible.',
        params: PdfParams,
        response: { 204: Type.Null(), ...errors(401, 403, 404, 429) },
      },
    },
    async (req, reply) => {
      await s.renderedFiles.deletePdf(principalOf(req).accountId, req.params.pdfId);
      return reply.code(204).send();
    },
  );

  for (const [path, disposition, summary] of [
    ['download', 'attachment', 'Signed download URL of a managed PDF'],
    ['preview', 'inline', 'Signed preview URL of a managed PDF (inline)'],
  ] as const) {
    r.post(
      `/v1/pdfs/:pdfId/${path}`,
      {
        config: { scope: 'pdfs:read' },
        schema: {
          tags,
          summary,
          params: PdfParams,
          body: LinkBody,
          response: { 200: Type.Ref('Access'), ...errors(400, 401, 403, 404, 409, 429, 503) },
        },
      },
      async (req) => s.renderedFiles.pdfLink(principalOf(req).accountId, req.params.pdfId, disposition, req.body?.expiresInSeconds),
    );
  }

  r.get(
    '/v1/pdfs/:pdfId/permanent-links',
    {
      config: { scope: 'pdfs:read' },
      schema: {
        tags,
        summary: 'List permanent links of a PDF',
        params: PdfParams,
        response: { 200: Type.Object({ items: Type.Array(Type.Ref('PermanentLink')) }), ...errors(401, 403, 404, 429) },
      },
    },
    async (req) => s.renderedFiles.listPermanentLinks(principalOf(req).accountId, req.params.pdfId),
  );

  r.post(
    '/v1/pdfs/:pdfId/permanent-links',
    {
      config: { scope: 'pdfs:write' },
      schema: {
        tags,
        summary: 'Create a permanent public link',
        params: PdfParams,
        response: { 201: Type.Object({ link: Type.Ref('PermanentLink') }), ...errors(401, 403, 404, 409, 429) },
      },
    },
    async (req, reply) => reply.code(201).send(await s.renderedFiles.createPermanentLink(principalOf(req).accountId, req.params.pdfId)),
  );

  r.delete(
    '/v1/pdfs/:pdfId/permanent-links/:linkId',
    {
      config: { scope: 'pdfs:write' },
      schema: {
        tags,
        summary: 'Delete a permanent link',
        params: Type.Object({ pdfId: IdParam('PDF id.'), linkId: IdParam('Link id (`lnk_…`).') }),
        response: { 204: Type.Null(), ...errors(401, 403, 404, 429) },
      },
    },
    async (req, reply) => {
      await s.renderedFiles.deletePermanentLink(principalOf(req).accountId, req.params.pdfId, req.params.linkId);
      return reply.code(204).send();
    },
  );
}
