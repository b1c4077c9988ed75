// Examples of PDF jobs (POST /v1/pdf-jobs, GET /v1/pdf-jobs/{jobId}) for the OpenAPI document, built on the
// render job and managed PDF examples.
import { ids, managedPdf, succeededJob } from './examples.js';

/** A PDF job (POST /v1/pdf-jobs) that stamped an uploaded invoice: a render job that printed no page. */
export const pdfJob = {
  ...succeededJob,
  id: 'job_01m80q6a2be00d4r8t1w5y7z9c',
  deployId: 'dep_01m80q4inl000inline0000000',
  deployVersionId: 'ver_01m80q4pdfj00pdfjob000000',
  deployVersionNo: 2,
  deployVersionTitle: 'PDF job',
  businessKey: 'paid-4711',
  outputMode: 'managed',
  warnings: [],
  document: { standard: 'none', steps: ['stamp', 'rotate', 'metadata'], pdfSources: [{ pdfId: ids.pdf }] },
};
export const pdfJobPdf = {
  ...managedPdf,
  id: 'pdf_01m80q6a9ke00f2g4h6j8k0m1n',
  fileName: 'invoice-4711-paid.pdf',
  deployId: pdfJob.deployId,
  deployVersionId: pdfJob.deployVersionId,
  renderJobId: pdfJob.id,
  businessKey: 'paid-4711',
};
