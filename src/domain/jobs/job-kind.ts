// What a render job makes its document from, as the job view names it (`kind`): the same distinctions the
// worker's producerFor makes (worker/producers/index.ts), told apart from the job row and its version's
// engine and entry file. Pure.
import { isTemplateEngine } from '../deploys/template-engines.js';
import { isOfficeFileName } from '../office/office-input.js';
import { WORD_TEMPLATE_ENGINE } from '../office/word-templates.js';

export const JOB_KINDS = ['page', 'template', 'markdown', 'url', 'office', 'word-template', 'pdf-job'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export interface JobKindFacts {
  /** A PDF job (`POST /v1/pdf-jobs`): it joins PDFs instead of printing. */
  pdfJob: boolean;
  /** The job prints a web page (`source.url`). */
  urlSource: boolean;
  /** The version the job is bound to; null when it is gone (deleted, or an expired inline version). */
  version: { engine: string | null; entryPath: string } | null;
}

/**
 * The job's kind: a PDF job, a URL, an Office document converted as it is, a Word template filled from the
 * payload, a Markdown entry, a template in another language, or a plain HTML page. Undefined when it
 * depends on a version that no longer exists.
 */
export function jobKind(f: JobKindFacts): JobKind | undefined {
  if (f.pdfJob) return 'pdf-job';
  if (f.urlSource) return 'url';
  if (f.version === null) return undefined;
  const { engine, entryPath } = f.version;
  if (isOfficeFileName(entryPath)) return engine === WORD_TEMPLATE_ENGINE ? 'word-template' : 'office';
  if (engine === 'markdown') return 'markdown';
  if (isTemplateEngine(engine)) return 'template';
  return 'page';
}
