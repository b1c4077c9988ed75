import { api, apiAll } from '../api';
import { h, replace } from '../dom';
import { ago, dateTime, duration } from '../format';
import { hasOwnVersion, INLINE_DEPLOY_SLUG } from '../job-kind';
import { kindView, sourceView, type DeployInfo } from '../job-source';
import type { PageContext } from '../router';
import { JOB_STATUSES, type Deploy, type Page, type RenderJob } from '../types';
import { empty, errorBox, field, loadMoreButton, pageHeader, shortId, statusBadge, table } from '../ui';
import { warningsBadge } from '../warnings';

export async function jobsPage(ctx: PageContext) {
  const status = ctx.query.get('status') ?? '';
  const deployId = ctx.query.get('deployId') ?? '';
  const filter = h(
    'select',
    { name: 'status' },
    h('option', { value: '' }, 'All statuses'),
    JOB_STATUSES.map((s) => h('option', { value: s, selected: s === status }, s.replace('_', ' '))),
  );
  // The deploys come with the deploy names below; until then the one filtered by is an option of its own.
  const deployFilter = h(
    'select',
    { name: 'deployId', 'data-testid': 'deploy-filter' },
    h('option', { value: '' }, 'All deploys'),
    deployId ? h('option', { value: deployId, selected: true }, shortId(deployId)) : null,
  );
  const go = () => {
    const q = new URLSearchParams();
    if (filter.value) q.set('status', filter.value);
    if (deployFilter.value) q.set('deployId', deployFilter.value);
    ctx.navigate(`/dashboard/jobs${q.size ? `?${q}` : ''}`, { replace: true });
  };
  filter.addEventListener('change', go);
  deployFilter.addEventListener('change', go);
  const listEl = h(
    'section',
    { 'aria-label': 'Render jobs', 'aria-busy': 'true' },
    h('p', { class: 'loading', role: 'status' }, 'Loading render jobs…'),
  );
  const updated = h('p', { class: 'muted small', 'data-testid': 'jobs-updated' });
  const deploys = new Map<string, DeployInfo>();

  let items: RenderJob[] = [];
  let cursor: string | null | undefined;
  let extra = 0; // rows fetched with "Load more", kept across refreshes
  const query = (c?: string) => {
    const q = new URLSearchParams({ limit: String(Math.min(100, 25 + extra)) });
    if (status) q.set('status', status);
    if (deployId) q.set('deployId', deployId);
    if (c) q.set('cursor', c);
    return `/v1/render-jobs?${q}`;
  };

  function draw() {
    const rows = items.map((j) => [
      h('a', { href: `/dashboard/jobs/${encodeURIComponent(j.id)}`, title: j.id }, shortId(j.id)),
      kindView(j),
      sourceView(j, deploys.get(j.deployId), { short: true }),
      hasOwnVersion(j) && j.deployVersionNo !== undefined ? `v${j.deployVersionNo}` : '—',
      j.businessKey === j.id ? h('span', { class: 'muted' }, '(job id)') : j.businessKey,
      h('span', { class: 'status-cell' }, statusBadge(j.status), warningsBadge(j)),
      h('time', { title: dateTime(j.requestedAt) }, ago(j.requestedAt)),
      j.finishedAt && j.startedAt ? duration(j.finishedAt - j.startedAt) : '—',
    ]);
    replace(
      listEl,
      items.length === 0
        ? empty(
            `No ${status ? `${status.replace('_', ' ')} ` : ''}render jobs${deployId ? ' of this deploy' : status ? '' : ' yet'}`,
            'Start one from a deploy page or with POST /v1/render-jobs.',
          )
        : table('Render jobs', ['Job', 'Kind', 'Source', 'Version', 'Business key', 'Status', 'Requested', 'Render time'], rows, {
            testid: 'jobs-table',
          }),
      cursor ? loadMoreButton(more) : null,
    );
    listEl.setAttribute('aria-busy', 'false');
    updated.textContent = `Updated ${new Date().toLocaleTimeString()} · refreshes every 2 seconds`;
  }

  /** The filter's deploys by name; the inline deploy (jobs sent without a deploy) says what it holds. */
  function deployOptions() {
    const named = [...deploys.entries()].map(([id, d]) => ({
      id,
      label: d.slug === INLINE_DEPLOY_SLUG ? 'No deploy (inline, URL, PDF jobs)' : d.name,
    }));
    named.sort((a, b) => a.label.localeCompare(b.label));
    if (deployId && !deploys.has(deployId)) named.unshift({ id: deployId, label: shortId(deployId) });
    replace(
      deployFilter,
      h('option', { value: '' }, 'All deploys'),
      named.map((d) => h('option', { value: d.id, selected: d.id === deployId }, d.label)),
    );
  }

  async function refresh() {
    try {
      const page = await api<Page<RenderJob>>('GET', query(), undefined, { signal: ctx.signal });
      items = page.items;
      cursor = page.nextCursor;
      draw();
    } catch (err) {
      if (!ctx.signal.aborted) replace(listEl, errorBox(err, 'The render jobs could not be loaded'));
    }
  }
  async function more() {
    const page = await api<Page<RenderJob>>('GET', query(cursor!), undefined, { signal: ctx.signal });
    extra += page.items.length;
    items = items.concat(page.items);
    cursor = page.nextCursor;
    draw();
  }

  ctx.root.append(
    pageHeader('Render jobs', { subtitle: 'Newest first; the list updates itself while you watch.' }),
    h('div', { class: 'toolbar' }, field('Status', filter), field('Deploy', deployFilter)),
    updated,
    listEl,
  );
  // Deploy names are a nicety: the list still works if they cannot be loaded.
  apiAll<Deploy>('/v1/deploys?limit=100', { signal: ctx.signal })
    .then((all) => {
      all.forEach((x) => deploys.set(x.id, { name: x.name, slug: x.slug }));
      deployOptions();
      if (items.length) draw();
    })
    .catch(() => {});
  await refresh();
  ctx.every(2000, refresh);
}
