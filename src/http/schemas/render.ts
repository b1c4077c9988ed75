import { Type } from '@sinclair/typebox';

// The schemas of render jobs: the job body (domain/jobs/job-body.ts, which the services derive their input from),
// page images and the views. Routes and server.ts import them from here.
export { CreateJobBody, DocumentMetadata } from '../../domain/jobs/job-body.js';
export { PageImage } from './page-images.js';
export { Access, EmbeddedPdf, ManagedPdf, PermanentLink, RenderJob, RenderOutput } from './render-views.js';

/** The lifetime of a signed URL, in the JSON body or the query string of the link routes. */
export const LinkBody = Type.Union([
  Type.Object(
    {
      expiresInSeconds: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 604800, description: 'Lifetime of the signed URL; default 600.' }),
      ),
    },
    { additionalProperties: false },
  ),
  Type.Null(),
]);
export const LinkQuery = Type.Object(
  { expiresInSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 604800 })) },
  { additionalProperties: false },
);
