// Page images: a job's pictures of its printed pages, and the first-page thumbnail of a managed
// PDF (what the dashboard's lists show).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../services/index.js';
import { THUMBNAIL_WIDTH } from '../../../services/jobs/page-images.js';
import { principalOf } from '../../plugins/auth.js';
import * as ex from '../../openapi/examples.js';
import { IdParam } from '../../schemas/common.js';
import { serveStored } from './files.js';

export function pageImageRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/v1/render-jobs/:jobId/images',
    {
      config: { scope: 'render:read' },
      schema: {
        tags: ['Render jobs'],
        summary: 'Page images of a job, with signed links',
        description:
          "The images a succeeded job made of its printed pages (`images` or an image `outputFormat` on the job), in page order, each with a fresh signed URL served with no API key (`inline` by default; `disposition=attachment` for a download). The images live as long as the job's output: 10 minutes after a transient job finished (then 404 `render_output_not_found`), or until a managed job's PDF is deleted. A job that asked for no images answers an empty list; a job that has not succeeded, 409 `render_output_not_ready`.",
        params: Type.Object({ jobId: IdParam('Render job id (`job_…`).') }),
        querystring: Type.Object(
          {
            expiresInSeconds: Type.Optional(
              Type.Integer({ minimum: 1, maximum: 604800, description: 'Lifetime of the signed URLs; default 600.' }),
            ),
            disposition: Type.Optional(
              Type.Union([Type.Literal('inline'), Type.Literal('attachment')], {
                description: '`inline` (default: shown by a browser) or `attachment` (downloaded).',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ images: Type.Array(Type.Ref('PageImage')) }) },
        'x-folio': {
          success: "The job's page images",
          errors: ['render_job_not_found', 'render_output_not_ready', 'render_output_not_found', 'render_provider_unavailable'],
          query: { expiresInSeconds: 3600 },
          response: ex.pageImages,
        },
      },
    },
    async (req) => s.pageImages.list(principalOf(req).accountId, req.params.jobId, req.query),
  );

  r.get(
    '/v1/pdfs/:pdfId/thumbnail',
    {
      config: { scope: 'pdfs:read' },
      schema: {
        tags: ['Managed PDFs'],
        summary: 'First-page thumbnail of a managed PDF (PNG)',
        description: `Page 1 of the PDF as a PNG ${THUMBNAIL_WIDTH} pixels wide, drawn by poppler on the first request and kept with the PDF (deleted with it; its bytes count toward the account's storage as a render output). A PDF that needs a password to open has none: 409 \`thumbnail_unavailable\`.`,
        params: Type.Object({ pdfId: IdParam('Managed PDF id (`pdf_…`).') }),
        'x-folio': {
          success: 'The PNG',
          errors: ['pdf_not_found', 'pdf_deleting', 'thumbnail_unavailable', 'render_provider_unavailable'],
          responses: {
            200: {
              description: 'The PNG (the same bytes on every request: `ETag` is their sha256)',
              headers: { ETag: { description: 'The quoted sha256 of the PNG.', schema: { type: 'string' } } },
              content: { 'image/png': { schema: { type: 'string', format: 'binary' }, example: '\x89PNG … (the image bytes)' } },
            },
            304: { description: '`If-None-Match` names the current ETag: not modified, no body' },
          },
        },
      },
    },
    async (req, reply) => serveStored(s, req, reply, await s.pageImages.thumbnail(principalOf(req).accountId, req.params.pdfId)),
  );
}
