// POST /v1/pdfs/zip: several managed PDFs of the account (the parts of a split, a batch's PDFs) downloaded as
// one zip, streamed. The rules are services/pdfs/pdf-zips.ts.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../services/index.js';
import { MAX_ZIP_BYTES, MAX_ZIP_PDFS } from '../../../services/pdfs/pdf-zips.js';
import * as ex from '../../openapi/examples.js';
import { principalOf } from '../../plugins/auth.js';
import { contentDisposition } from '../jobs/files.js';

const ZipBody = Type.Object(
  {
    pdfIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      minItems: 1,
      maxItems: MAX_ZIP_PDFS,
      description: 'Managed PDFs of the account (`pdf_…`), in the order of the zip.',
    }),
    fileName: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        pattern: '^[^/\\\\\\u0000-\\u001f"]+$',
        description: 'Name of the zip (default `pdfs.zip`).',
      }),
    ),
  },
  { additionalProperties: false },
);

export function pdfZipRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/v1/pdfs/zip',
    {
      config: { scope: 'pdfs:read' },
      schema: {
        tags: ['Managed PDFs'],
        summary: 'Download managed PDFs as one zip',
        description: `Streams the PDFs as one zip (\`application/zip\`, stored entries named by each PDF's \`fileName\`; a name that repeats gets \`-2\`, \`-3\`…), e.g. the parts of a \`split\` PDF job. Every id is checked before a byte is sent: another account's or an unknown id is 404 \`pdf_not_found\` naming it (\`details.field: "pdfIds[3]"\`), one being deleted 409 \`pdf_deleting\`. At most ${MAX_ZIP_PDFS} PDFs and ${MAX_ZIP_BYTES / 1024 ** 3} GiB.`,
        body: ZipBody,
        'x-folio': {
          success: 'The zip',
          errors: ['pdf_not_found', 'pdf_deleting'],
          request: { pdfIds: [ex.ids.pdf, 'pdf_01m80q5w7re00bq3j9f2m6k4tx'], fileName: 'statements.zip' },
          responses: {
            200: {
              description: 'The zip of the PDFs',
              content: { 'application/zip': { schema: { type: 'string', format: 'binary' }, example: 'PK… (the zip bytes)' } },
            },
          },
        },
      },
    },
    async (req, reply) => {
      const { stream } = await s.pdfZips.open(principalOf(req).accountId, req.body.pdfIds);
      const name = req.body.fileName ?? 'pdfs.zip';
      return reply
        .code(200)
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', name.toLowerCase().endsWith('.zip') ? name : `${name}.zip`))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
}
