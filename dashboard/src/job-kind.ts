// What a render job is and where its document comes from, in words, for the job lists and the job page. Pure:
// the job as the API answers it (its `kind`, or on an older server what the job view itself tells) and the
// deploy it is bound to, when known. Jobs with no deploy of their own (inline HTML, an inline Office file,
// a URL, a PDF job) are bound to the account's inline deploy (slug `_inline`, named “Inline HTML”), whose
// name says nothing about them: they are described by what they are instead.
import type { RenderJob } from './types.js';

export type JobKind = NonNullable<RenderJob['kind']>;

export const KIND_LABELS: Record<JobKind, string> = {
  page: 'Page',
  template: 'Template',
  markdown: 'Markdown',
  url: 'URL',
  office: 'Office',
  'word-template': 'Word template',
  'pdf-job': 'PDF job',
};

/** The slug of the account's inline deploy, which holds the versions of jobs sent without a deploy. */
export const INLINE_DEPLOY_SLUG = '_inline';

const OFFICE_FILE = /\.(docx|xlsx|pptx|odt|ods|odp|doc|xls|ppt|rtf|txt|csv)$/i;

/** The job's kind: the API's, or what its view tells without it (undefined: unknown). */
export function jobKindOf(job: RenderJob): JobKind | undefined {
  if (job.kind) return job.kind;
  if (job.document?.pdfSources) return 'pdf-job';
  if (job.source) return 'url';
  if (job.document?.office || OFFICE_FILE.test(job.deployVersionRoute ?? '')) return 'office';
  return undefined;
}

/** Whether the job's version is worth showing: a PDF job's and a URL's are placeholders of the inline deploy. */
export const hasOwnVersion = (job: RenderJob): boolean => {
  const kind = jobKindOf(job);
  return kind !== 'pdf-job' && kind !== 'url';
};

export const kindLabel = (job: RenderJob): string => {
  const kind = jobKindOf(job);
  return kind ? KIND_LABELS[kind] : '—';
};

/**
 * The job's source: `text`, whether it links to the deploy's page, and a file name or URL shown as code
 * after it. A deploy's job names its deploy (and the Office file it converts); a job without a deploy is
 * named by what it is.
 */
export interface SourceText {
  text: string;
  linksToDeploy: boolean;
  code?: string;
}

const ENGINE_LABELS: Record<string, string> = {
  html: 'HTML',
  handlebars: 'Handlebars',
  liquid: 'Liquid',
  nunjucks: 'Nunjucks',
  mustache: 'Mustache',
  markdown: 'Markdown',
  docx: 'Word template (docx): filled from the payload, then converted by LibreOffice',
};

/** What a version's entry is written in (its `engine`); an HTML version whose entry is an Office file is converted as it is. */
export function engineLabel(engine: string | undefined, entryRoute: string): string {
  if ((engine === undefined || engine === 'html') && OFFICE_FILE.test(entryRoute)) return 'Office document: converted by LibreOffice';
  if (engine === undefined) return '—';
  return ENGINE_LABELS[engine] ?? engine;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const entryFile = (job: RenderJob) => (job.deployVersionRoute ?? '').replace(/^\//, '') || undefined;

export function describeSource(job: RenderJob, deploy?: { name: string; slug: string }): SourceText {
  const kind = jobKindOf(job);
  if (kind === 'pdf-job') return { text: `${plural(job.document?.pdfSources?.length ?? 0, 'PDF')} joined`, linksToDeploy: false };
  if (kind === 'url') return { text: 'Web page', linksToDeploy: false, ...(job.source ? { code: job.source.url } : {}) };
  const office = kind === 'office' || kind === 'word-template';
  const file = office ? entryFile(job) : undefined;
  const withFile = file !== undefined ? { code: file } : {};
  if (deploy?.slug === INLINE_DEPLOY_SLUG) {
    const inline: Record<string, string> = {
      office: 'Inline Office document',
      markdown: 'Inline Markdown',
      template: 'Inline template',
      page: 'Inline HTML',
    };
    return { text: inline[kind ?? ''] ?? 'Inline source', linksToDeploy: false, ...withFile };
  }
  return { text: deploy?.name ?? job.deployId, linksToDeploy: true, ...withFile };
}
