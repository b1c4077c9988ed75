import { api, apiAll } from '../api';
import { h, replace } from '../dom';
import { ago, count, dateTime } from '../format';
import type { PageContext } from '../router';
import type { Deploy, Page, RenderBatch } from '../types';
import { empty, errorBox, loadMoreButton, pageHeader, shortId, statusBadge, table } from '../ui';
import { batchLive, progressCell } from './batch-progress';

export async function batchesPage(ctx: PageContext) {
  const listEl = h(
    'section',
    { 'aria-label': 'Render batches', 'aria-busy': 'true' },
    h('p', { class: 'loading', role: 'status' }, 'Loading render batches…'),
  );
  const updated = h('p', { class: 'muted small', 'data-testid': 'batches-updated' });
  const deployNames = new Map<string, string>();

  let items: RenderBatch[] = [];
  let cursor: string | null | undefined;
  let extra = 0; // rows fetched with "Load more", kept across refreshes
  const query = (c?: string) => {
    const q = new URLSearchParams({ limit: String(Math.min(100, 25 + extra)) });
    if (c) q.set('cursor', c);
    return `/v1/render-batches?${q}`;
  };

  function draw() {
    const rows = items.map((b) => [
      h('a', { href: `/dashboard/batches/${encodeURIComponent(b.id)}`, title: b.id }, shortId(b.id)),
      b.businessKey ?? h('span', { class: 'muted' }, '—'),
      h('a', { href: `/dashboard/deploys/${encodeURIComponent(b.deployId)}` }, deployNames.get(b.deployId) ?? shortId(b.deployId)),
      `v${b.deployVersionNo}`,
      b.combine,
      statusBadge(b.status),
      progressCell(b),
      b.counts.failed ? h('span', { class: 'bad' }, count(b.counts.failed)) : '0',
      h('time', { title: dateTime(b.createdAt) }, ago(b.createdAt)),
    ]);
    replace(
      listEl,
      items.length === 0
        ? empty('No render batches yet', 'Create one with POST /v1/render-batches, the SDK or `folio batch`.')
        : table(
            'Render batches',
            ['Batch', 'Business key', 'Deploy', 'Version', 'Combine', 'Status', 'Progress', 'Failed', 'Created'],
            rows,
            { testid: 'batches-table' },
          ),
      cursor ? loadMoreButton(more) : null,
    );
    listEl.setAttribute('aria-busy', 'false');
    updated.textContent = `Updated ${new Date().toLocaleTimeString()} · ${items.some(batchLive) ? 'refreshes every 2 seconds while a batch runs' : 'no batch running: reload to see new ones'}`;
  }

  async function refresh() {
    try {
      const page = await api<Page<RenderBatch>>('GET', query(), undefined, { signal: ctx.signal });
      items = page.items;
      cursor = page.nextCursor;
      draw();
    } catch (err) {
      if (!ctx.signal.aborted) replace(listEl, errorBox(err, 'The render batches could not be loaded'));
    }
  }
  async function more() {
    const page = await api<Page<RenderBatch>>('GET', query(cursor!), undefined, { signal: ctx.signal });
    extra += page.items.length;
    items = items.concat(page.items);
    cursor = page.nextCursor;
    draw();
  }

  ctx.root.append(
    pageHeader('Render batches', { subtitle: 'Newest first; the list updates itself while a batch is running.' }),
    updated,
    listEl,
  );
  // Deploy names are a nicety: the list still works if they cannot be loaded.
  apiAll<Deploy>('/v1/deploys?limit=100', { signal: ctx.signal })
    .then((all) => {
      all.forEach((x) => deployNames.set(x.id, x.name));
      if (items.length) draw();
    })
    .catch(() => {});
  await refresh();
  // Finished batches do not change: poll only while one on screen is still running or combining.
  ctx.every(2000, async () => {
    if (items.some(batchLive)) await refresh();
  });
}
