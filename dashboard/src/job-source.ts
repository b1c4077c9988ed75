// A job's kind and source as page elements (the words are job-kind.ts's): the jobs list's Kind and Source
// cells and the job page's rows.
import { h, type Child } from './dom';
import { describeSource, kindLabel } from './job-kind';
import type { RenderJob } from './types';
import { shortId } from './ui';

export interface DeployInfo {
  name: string;
  slug: string;
}

export const kindView = (job: RenderJob): HTMLElement => h('span', { class: 'job-kind', 'data-testid': 'job-kind' }, kindLabel(job));

/** The source: the deploy's name linking to its page, or what the job is; then its file or URL as code. */
export function sourceView(job: RenderJob, deploy: DeployInfo | undefined, opts: { short?: boolean } = {}): HTMLElement {
  const s = describeSource(job, deploy);
  const name = opts.short && s.text === job.deployId ? shortId(job.deployId) : s.text;
  const main: Child = s.linksToDeploy ? h('a', { href: `/dashboard/deploys/${encodeURIComponent(job.deployId)}` }, name) : name;
  return h(
    'span',
    { class: 'job-source', 'data-testid': 'job-source-cell' },
    main,
    s.code ? [' · ', h('code', { class: 'wrap' }, s.code)] : null,
  );
}
