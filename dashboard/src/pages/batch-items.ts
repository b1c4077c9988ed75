// A paged table of a batch's items (all of them, or only those in one state), for the batch page.
import { api } from '../api';
import { h, replace } from '../dom';
import type { BatchItem, Page } from '../types';
import { errorBox, loadMoreButton, loading, shortId, statusBadge, table } from '../ui';
import { warningsBadge } from '../warnings';

export interface ItemList {
  el: HTMLElement;
  /** Re-reads the pages shown so far (the first one plus whatever "Load more" added). */
  refresh(): Promise<void>;
}

export function batchItemList(opts: {
  base: string;
  signal: AbortSignal;
  title: string;
  status?: 'failed';
  testid: string;
  emptyText: string;
}): ItemList {
  const titleId = `${opts.testid}-title`;
  const el = h('section', { 'aria-labelledby': titleId }, h('h2', { id: titleId }, opts.title), loading());
  let items: BatchItem[] = [];
  let cursor: string | null | undefined;
  let extra = 0; // rows fetched with "Load more", kept across refreshes
  const query = (c?: string) => {
    const q = new URLSearchParams({ limit: String(Math.min(100, 25 + extra)) });
    if (opts.status) q.set('status', opts.status);
    if (c) q.set('cursor', c);
    return `${opts.base}/items?${q}`;
  };

  // Failures show what went wrong; the full list shows where each item is.
  const failures = opts.status === 'failed';
  const headers = failures
    ? ['Item', 'Business key', 'Job', 'Error code', 'Error message']
    : ['Item', 'Business key', 'Job', 'Status', 'Error code'];
  function draw() {
    const rows = items.map(({ index, job }) => [
      `#${index}`,
      job.businessKey === job.id ? h('span', { class: 'muted' }, '(job id)') : job.businessKey,
      h('a', { href: `/dashboard/jobs/${encodeURIComponent(job.id)}`, title: job.id }, shortId(job.id)),
      h('span', { class: 'status-cell' }, failures ? h('code', {}, job.errorCode ?? '—') : statusBadge(job.status), warningsBadge(job)),
      failures ? (job.errorMessage ?? '—') : job.errorCode ? h('code', {}, job.errorCode) : '—',
    ]);
    replace(
      el,
      h('h2', { id: titleId }, opts.title),
      items.length
        ? table(opts.title, headers, rows, { testid: opts.testid })
        : h('p', { class: 'muted', 'data-testid': `${opts.testid}-empty` }, opts.emptyText),
      cursor ? loadMoreButton(more) : null,
    );
  }

  async function refresh() {
    try {
      const page = await api<Page<BatchItem>>('GET', query(), undefined, { signal: opts.signal });
      items = page.items;
      cursor = page.nextCursor;
      draw();
    } catch (err) {
      if (!opts.signal.aborted) replace(el, h('h2', { id: titleId }, opts.title), errorBox(err, 'The items could not be loaded'));
    }
  }
  async function more() {
    const page = await api<Page<BatchItem>>('GET', query(cursor!), undefined, { signal: opts.signal });
    extra += page.items.length;
    items = items.concat(page.items);
    cursor = page.nextCursor;
    draw();
  }
  return { el, refresh };
}
