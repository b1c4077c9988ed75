import { Type } from '@sinclair/typebox';
import { MAX_MERGE_SOURCES } from '../../services/pdfs/pdf-merges.js';

export const MergeSource = Type.Object(
  {
    pdfId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'A managed PDF of the account (`pdf_…`).' })),
    jobId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'A succeeded render job of the account (`job_…`): its output, transient (while it exists) or managed.',
      }),
    ),
    pageRanges: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1000,
        description:
          'The pages to take, in the order written: 1-based pages and inclusive ranges separated by commas (`"1-3,5"`, `"8-"` = from 8 to the last page, `"2,1"` reverses two pages; a page may repeat). Default: every page.',
      }),
    ),
  },
  { additionalProperties: false, description: 'Exactly one of `pdfId` or `jobId`, and optionally `pageRanges`.' },
);

export const MergePdfsBody = Type.Object(
  {
    sources: Type.Array(MergeSource, {
      minItems: 1,
      maxItems: MAX_MERGE_SOURCES,
      description: `The PDFs to join, in order (1–${MAX_MERGE_SOURCES}).`,
    }),
    fileName: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 255,
        description:
          'File name of the new PDF (made safe for downloads, `.pdf` appended when missing); default `merged-<businessKey>.pdf`.',
      }),
    ),
    businessKey: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Your reference; defaults to the new PDF id.' })),
  },
  { additionalProperties: false },
);
