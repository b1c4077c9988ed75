import { Type } from '@sinclair/typebox';

// A stored page image as the API shows it; the `images` and `outputFormat` body fields are in
// domain/jobs/job-body.ts.

export const PageImage = Type.Object(
  {
    page: Type.Integer({ minimum: 1, description: 'The page of the document (1-based).' }),
    format: Type.String({ description: '`png`, `jpeg` or `webp`.' }),
    width: Type.Integer({ description: 'Pixels.' }),
    height: Type.Integer({ description: 'Pixels.' }),
    bytes: Type.Integer(),
    access: Type.Object({
      url: Type.String({ format: 'uri', description: 'Signed URL served by Folio; no API key needed.' }),
      expiresAt: Type.Integer({ description: 'Epoch milliseconds.' }),
    }),
  },
  { $id: 'PageImage', title: 'PageImage' },
);
