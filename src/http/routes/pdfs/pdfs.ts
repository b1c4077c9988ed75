import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PAGE_SIZE } from '../../../domain/cursor.js';
import { AppError } from '../../../errors/app-error.js';
import { MAX_MERGE_BYTES, MAX_MERGE_PAGES, MAX_MERGE_SOURCES } from '../../../services/pdfs/pdf-merges.js';
import type { Services } from '../../../services/index.js';
import { idempotent } from '../../idempotent.js';
import { principalOf } from '../../plugins/auth.js';
import * as ex from '../../openapi/examples.js';
import { IdParam, ListQuery, NextCursor } from '../../schemas/common.js';
import { MergePdfsBody } from '../../schemas/pdfs.js';
import { LinkBody } from '../../schemas/render.js';

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
        description:
          'One page of the managed PDFs of the account (or of one deploy, with `deployId`), newest first. An empty list is not an error.',
        querystring: Type.Composite([ListQuery, Type.Object({ deployId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) })], {
          additionalProperties: false,
        }),
        response: { 200: Type.Object({ items: Type.Array(Type.Ref('ManagedPdf')), nextCursor: NextCursor }) },
        'x-folio': {
          success: 'One page of managed PDFs',
          query: { deployId: ex.ids.deploy, limit: 20 },
          response: { items: [ex.managedPdf], nextCursor: null },
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

  r.post(
    '/v1/pdfs/merge',
    {
      config: { scope: 'pdfs:write' },
      schema: {
        tags,
        summary: 'Merge PDFs into a new managed PDF',
        description: `Joins pages of managed PDFs (\`pdfId\`) and of succeeded render jobs' outputs (\`jobId\`: transient while it exists, or managed) of the account, in the order given, into a new managed PDF. Each source may pick its pages with \`pageRanges\` (\`"1-3,5"\`). The text, fonts and images of the pages are kept, and outline items that point at a kept page; tags (the structure tree), form fields and attachments are not. The new PDF counts in the account's managed-PDF storage (429 \`storage_limit_exceeded\` past the plan's \`storageLimitBytes\`, nothing stored) and lives until deleted. It was rendered by no job: its \`deployId\`, \`deployVersionId\` and \`renderJobId\` are empty strings. Limits: ${MAX_MERGE_SOURCES} sources, ${MAX_MERGE_PAGES} pages, and the sources' total bytes and the result's bytes each at most the plan's \`maxRenderOutputBytes\` (and never more than ${MAX_MERGE_BYTES / 1024 / 1024} MiB). A source of another account answers 404, as an unknown id does. Optional \`Idempotency-Key\` (24 h): a repeat returns the same PDF.`,
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) }),
        body: MergePdfsBody,
        response: { 201: Type.Object({ pdf: Type.Ref('ManagedPdf') }) },
        'x-folio': {
          success: 'The new managed PDF',
          errors: [
            'pdf_not_found',
            'render_job_not_found',
            'render_output_not_found',
            'pdf_deleting',
            'render_output_not_ready',
            'storage_limit_exceeded',
            'insufficient_storage',
          ],
          request: ex.mergeRequest,
          response: { pdf: ex.mergedPdf },
          parameters: { 'idempotency-key': 'merge-INV-2026-0042' },
        },
      },
    },
    async (req, reply) => idempotent(req, reply, s.idempotency, 201, () => s.pdfMerges.merge(principalOf(req).accountId, req.body)),
  );

  // `merge` and `zip` are no PDF ids (those are `pdf_…`): GET and DELETE on their paths answer 405, not a
  // 404 from the `/v1/pdfs/{pdfId}` routes that would otherwise match them.
  for (const action of ['merge', 'zip'])
    app.route({
      method: ['GET', 'DELETE'],
      url: `/v1/pdfs/${action}`,
      schema: { hide: true },
      handler: async (req, reply) => {
        reply.header('allow', 'POST');
        throw new AppError('method_not_allowed', `${req.method} is not allowed on /v1/pdfs/${action}; allowed: POST`);
      },
    });

  r.get(
    '/v1/pdfs/:pdfId',
    {
      config: { scope: 'pdfs:read' },
      schema: {
        tags,
        summary: 'Get a managed PDF',
        description: '`state` is `available`, or `deleting` between a delete and the purge of its bytes (then 404).',
        params: PdfParams,
        response: { 200: Type.Object({ pdf: Type.Ref('ManagedPdf') }) },
        'x-folio': { success: 'The managed PDF', errors: ['pdf_not_found'], response: { pdf: ex.managedPdf } },
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
        response: { 204: Type.Null() },
        'x-folio': { success: 'Deleted (or already being deleted)', errors: ['pdf_not_found', 'insufficient_storage'] },
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
          description: `A signed URL of the PDF, served by Folio with no API key (\`Content-Disposition: ${disposition}\`). Optional JSON body \`{expiresInSeconds}\` (1–604800, default 600).`,
          params: PdfParams,
          body: LinkBody,
          response: { 200: Type.Ref('Access') },
          'x-folio': {
            success: 'The signed URL and when it expires',
            errors: ['pdf_not_found', 'pdf_deleting', 'render_provider_unavailable'],
            request: ex.linkRequest,
            response: ex.access,
          },
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
        description: 'Every permanent link of the PDF, newest first, in one answer.',
        params: PdfParams,
        response: { 200: Type.Object({ items: Type.Array(Type.Ref('PermanentLink')) }) },
        'x-folio': { success: 'The permanent links', errors: ['pdf_not_found'], response: { items: [ex.permanentLink] } },
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
        description:
          '`url` is `<public URL>/p/<32 random characters>`: it serves the PDF inline to anyone who has it, needs no key and does not expire; it answers 404 once the link or the PDF is deleted. A PDF may have several links. No request body.',
        params: PdfParams,
        response: { 201: Type.Object({ link: Type.Ref('PermanentLink') }) },
        'x-folio': {
          success: 'The new link',
          errors: ['pdf_not_found', 'pdf_deleting', 'insufficient_storage'],
          response: { link: ex.permanentLink },
        },
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
        description: 'The link stops resolving at once; the PDF and its other links stay.',
        params: Type.Object({ pdfId: IdParam('PDF id.'), linkId: IdParam('Link id (`lnk_…`).') }),
        response: { 204: Type.Null() },
        'x-folio': { success: 'Deleted', errors: ['pdf_not_found', 'permanent_link_not_found', 'insufficient_storage'] },
      },
    },
    async (req, reply) => {
      await s.renderedFiles.deletePermanentLink(principalOf(req).accountId, req.params.pdfId, req.params.linkId);
      return reply.code(204).send();
    },
  );
}
