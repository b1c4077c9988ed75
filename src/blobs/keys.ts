// Storage key layout. Blobs are content-addressed and shared between accounts underneath (dedup is an
// accounting matter, see services/deploys/uploads.ts); everything else is per object.
//
// What a render job's attempt stores sits in a folder of its own (`{kind}/{jobId}/{attempt}/…`) so that the
// files of a worker that died before recording them can be found and removed without a table of its own:
// the janitor lists the stale attempt's folders (attemptPrefixes) after it records the crash.
//
// A job's large inputs (services/jobs/job-inputs.ts) sit in a folder of the job's own (`job-inputs/{jobId}/…`),
// named by its render_payloads row: the janitor removes the folders whose row is gone.

/** One attempt of one render job, as the job row names it (render_jobs.id, render_jobs.attempt). */
export interface JobAttempt {
  jobId: string;
  attempt: number;
}

const attemptFolder = (a: JobAttempt) => `${a.jobId}/${a.attempt}`;

export const blobKey = (sha256: string) => `blobs/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
export const renderIndexKey = (indexHash: string) => `render-index/${indexHash}.json`;
export const renderPackKey = (indexHash: string) => `render-packs/${indexHash}.pack`;
/** A job's transient PDF. */
export const outputKey = (a: JobAttempt, outputId: string) => `outputs/${attemptFolder(a)}/${outputId}.pdf`;
/** A job's managed PDF. */
export const jobPdfKey = (a: JobAttempt, pdfId: string) => `pdfs/${attemptFolder(a)}/${pdfId}.pdf`;
/** A managed PDF made by a merge (no job, so no attempt folder: a merge stores and records in one request). */
export const pdfKey = (pdfId: string) => `pdfs/${pdfId}.pdf`;
/** A render batch's zip product (a render_outputs row whose job_id is the batch id). */
export const zipKey = (outputId: string) => `outputs/${outputId}.zip`;
type ImageFormat = 'png' | 'jpeg' | 'webp';
const imageExt = (format: ImageFormat) => (format === 'jpeg' ? 'jpg' : format);
/** A page image of a job. */
export const jobImageKey = (a: JobAttempt, imageId: string, format: ImageFormat) =>
  `images/${attemptFolder(a)}/${imageId}.${imageExt(format)}`;
/** A managed PDF's thumbnail (page_images, made on first request). */
export const thumbnailKey = (pdfId: string) => `images/thumb-${pdfId}.png`;

/** Where a job's inputs are kept when they are too large for its render_payloads row. */
export const JOB_INPUTS_PREFIX = 'job-inputs/';
/** A job's payload body or document input, as packed (db/packed-inputs.ts). */
export const jobInputKey = (jobId: string, part: 'payload' | 'document') => `${JOB_INPUTS_PREFIX}${jobId}/${part}`;
/** The job a key under JOB_INPUTS_PREFIX belongs to (null for a key that is not one). */
export const jobOfInputKey = (key: string): string | null => /^job-inputs\/([^/]+)\/[^/]+$/.exec(key)?.[1] ?? null;

/** Every folder an attempt may have written to (each ends in `/`, so one job's prefix never matches another's). */
export const attemptPrefixes = (a: JobAttempt): string[] => ['outputs', 'pdfs', 'images'].map((kind) => `${kind}/${attemptFolder(a)}/`);
