// Gotenberg's merge route (`/forms/pdfengines/merge`, and `/forms/pdf/merge` as Gotenberg 9 spells it):
// uploaded PDFs joined in the alphanumeric order of their file names, as Gotenberg does, and answered.
// The uploads are untrusted PDFs: read only in the sandbox (services/pdfs/pdf-merges.ts, mergeUploads).
import type { FastifyInstance } from 'fastify';
import { mergeOrder, outputFileName, parseGoBool } from '../../../domain/gotenberg/form.js';
import { AppError } from '../../../errors/app-error.js';
import type { Services } from '../../../services/index.js';
import { jobBodyLimit } from '../../job-body-limit.js';
import { readFormParts } from '../../multipart/form-parts.js';
import { principalOf } from '../../plugins/auth.js';
import { contentDisposition } from '../jobs/files.js';
import { gotenbergHeaders } from './chromium.js';
import { refuseWebhookHeaders } from './answer.js';

/** Merge fields Folio cannot honour, with why; an explicit "false" of a boolean among them is honoured. */
const REFUSED: Record<string, string> = {
  pdfa: "Folio makes PDF/A only when it prints (a job's pdf.standard), not of uploaded PDFs",
  pdfua: "Folio makes PDF/UA-1 only when it prints (a job's pdf.accessibility), not of uploaded PDFs",
  metadata: 'Folio writes no metadata into a merge of uploaded PDFs',
  flatten: 'Folio does not flatten PDFs',
  userPassword: 'Folio does not encrypt a merge of uploaded PDFs (protection is a field of a Folio render job)',
  ownerPassword: 'Folio does not encrypt a merge of uploaded PDFs (protection is a field of a Folio render job)',
  bookmarks: 'the merge keeps the outlines of its sources; Folio writes no other bookmarks',
  autoIndexBookmarks: 'the merge keeps the outlines of its sources; Folio writes no other bookmarks',
  downloadFrom: 'Folio merges only the files of the form',
};

export function gotenbergMergeRoutes(app: FastifyInstance, s: Services) {
  for (const path of ['/forms/pdfengines/merge', '/forms/pdf/merge']) {
    app.post(
      path,
      {
        config: { scope: 'render:write', basicAuth: true },
        bodyLimit: jobBodyLimit(s),
        schema: {
          tags: ['Gotenberg'],
          summary: `Merge PDFs (Gotenberg-compatible${path === '/forms/pdf/merge' ? ', Gotenberg 9 path' : ''})`,
          description:
            "Gotenberg's merge: `files` parts, each a PDF named by its file name, joined whole in the alphanumeric order of the names (`file2.pdf` before `file10.pdf`), and answered as one PDF (not stored: nothing to delete afterwards). The same limits as `POST /v1/pdfs/merge` (at most 50 files, 5,000 pages, the plan's `maxRenderOutputBytes` and 100 MiB); each file is read in Folio's sandbox and must be an unencrypted PDF with pages (400 naming the file). Outlines are kept. Form fields (`pdfa`, `metadata`, passwords, …) are refused by name. Authenticated like the other Gotenberg routes (Bearer, or the key as the HTTP Basic password).",
          headers: gotenbergHeaders,
          'x-folio': {
            success: 'The merged PDF',
            errors: ['body_too_large'],
            alternativeBody: {
              mediaType: 'multipart/form-data',
              schema: {
                type: 'object',
                required: ['files'],
                properties: {
                  files: {
                    type: 'array',
                    items: { type: 'string', format: 'binary' },
                    description: 'The PDFs, each named by its file name.',
                  },
                },
              },
              example: { files: ['<file1.pdf>', '<file2.pdf>'] },
            },
            responses: {
              200: {
                description: 'The merged PDF',
                content: { 'application/pdf': { schema: { type: 'string', format: 'binary' }, example: '%PDF-1.7 … (the PDF bytes)' } },
              },
            },
          },
        },
      },
      async (req, reply) => {
        const { accountId } = principalOf(req);
        refuseWebhookHeaders(req);
        const form = await readFormParts(req);
        for (const [name, value] of form.fields) {
          if (['pdfua', 'flatten', 'autoIndexBookmarks'].includes(name) && parseGoBool(value) === false) continue;
          const why = REFUSED[name];
          throw new AppError('invalid_request', `${name}: ${why ? `not supported by Folio: ${why}` : 'unknown field of a merge'}`, {
            field: name,
          });
        }
        const notPdf = form.files.find((f) => !f.name.toLowerCase().endsWith('.pdf'));
        if (notPdf)
          throw new AppError('invalid_request', `file ${notPdf.name}: a merge takes PDF files (named *.pdf)`, { field: notPdf.name });
        const byName = new Map(form.files.map((f) => [f.name, f]));
        const ordered = mergeOrder([...byName.keys()]).map((n) => byName.get(n)!);
        const merged = await s.pdfMerges.mergeUploads(accountId, ordered);
        const bytes = Buffer.from(merged.bytes.buffer, merged.bytes.byteOffset, merged.bytes.length);
        const name = outputFileName(req.headers['gotenberg-output-filename'] as string | undefined, 'pdf') ?? 'merged.pdf';
        return reply
          .code(200)
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition('attachment', name))
          .header('cache-control', 'private, no-store')
          .header('folio-page-count', String(merged.pageCount))
          .send(bytes);
      },
    );
  }
}
