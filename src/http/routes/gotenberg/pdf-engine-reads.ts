// Gotenberg's read routes: `/forms/pdfengines/metadata/read` (each PDF's document information in exiftool's
// names) and `…/bookmarks/read` (each PDF's outline as Gotenberg's bookmarks), JSON by file name. The PDFs
// are read in the sandbox after the upload checks; nothing is stored.
import type { FastifyInstance } from 'fastify';
import { exiftoolView } from '../../../domain/gotenberg/pdf-metadata-form.js';
import { AppError } from '../../../errors/app-error.js';
import type { Services } from '../../../services/index.js';
import { jobBodyLimit } from '../../job-body-limit.js';
import { readFormParts } from '../../multipart/form-parts.js';
import { principalOf } from '../../plugins/auth.js';
import { webhookCall } from './answer.js';
import { gotenbergHeaders } from './chromium.js';
import { inputPdfs } from './pdf-engine-inputs.js';
import { readRouteSchema } from './pdf-engine-docs.js';

export function readRoutes(app: FastifyInstance, s: Services) {
  for (const what of ['metadata', 'bookmarks'] as const)
    app.post(
      `/forms/pdfengines/${what}/read`,
      {
        config: { scope: 'render:write', basicAuth: true },
        bodyLimit: jobBodyLimit(s),
        schema: { ...readRouteSchema(what), headers: gotenbergHeaders },
      },
      async (req, reply) => {
        const { accountId } = principalOf(req);
        const hook = webhookCall(req, reply);
        const form = await readFormParts(req);
        if (hook) {
          // As in Gotenberg: a read answers JSON, which webhook mode cannot send; the error URL hears why.
          s.gotenbergWebhooks.start(hook, () =>
            Promise.reject(
              new AppError(
                'invalid_request',
                'The webhook middleware can only work with multipart/form-data routes that results in output files',
              ),
            ),
          );
          return reply.code(204).send();
        }
        const field = [...form.fields.keys()][0];
        if (field !== undefined)
          throw new AppError('invalid_request', `${field}: not a field of /forms/pdfengines/${what}/read`, { field });
        const described = await s.pdfJobs.describeUploads(accountId, inputPdfs(form.files, false));
        const out: Record<string, unknown> = {};
        for (const d of described) out[d.name] = what === 'metadata' ? exiftoolView(d) : d.outline;
        return reply.code(200).header('cache-control', 'private, no-store').send(out);
      },
    );
}
