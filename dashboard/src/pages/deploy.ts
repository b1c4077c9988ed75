import { api } from '../api';
import { h, replace } from '../dom';
import { ago, bytes, dateTime } from '../format';
import type { PageContext } from '../router';
import type { Alias, Deploy, DeployVersion, Page } from '../types';
import { act, confirmDialog, empty, errorBox, loadMoreButton, loading, pageHeader, table, toast } from '../ui';
import { deleteDeploy, renameDeploy } from './deploys';
import { renderForm } from './render-form';

type DeployDetail = { deploy: Deploy; aliases: Alias[]; latestVersion: DeployVersion | null };

/** Points `alias` at a version (PUT …/aliases/{alias}). */
export async function promote(deployId: string, alias: 'preview' | 'production', v: DeployVersion): Promise<void> {
  await api('PUT', `/v1/deploys/${encodeURIComponent(deployId)}/aliases/${alias}`, { deployVersionId: v.id });
  toast(`${alias} now points at ${v.displayId}`);
}

export async function deleteVersion(deployId: string, v: DeployVersion): Promise<boolean> {
  const ok = await confirmDialog({
    title: `Delete version ${v.displayId}?`,
    body: h('p', {}, 'A version that an alias names or that unfinished render jobs use cannot be deleted. This cannot be undone.'),
    confirmLabel: 'Delete version',
    danger: true,
  });
  if (!ok) return false;
  await api('DELETE', `/v1/deploys/${encodeURIComponent(deployId)}/versions/${encodeURIComponent(v.id)}`);
  toast(`Version ${v.displayId} deleted`);
  return true;
}

export async function deployPage(ctx: PageContext) {
  const [deployId] = ctx.params;
  const base = `/v1/deploys/${encodeURIComponent(deployId)}`;
  ctx.root.append(loading('Loading deploy…'));
  let detail = await api<DeployDetail>('GET', base, undefined, { signal: ctx.signal });
  const header = h('div');
  const aliasesSection = h('section', { 'aria-labelledby': 'aliases-title' });
  const versionsSection = h(
    'section',
    { 'aria-labelledby': 'versions-title' },
    h('h2', { id: 'versions-title' }, 'Versions'),
    loading('Loading versions…'),
  );
  let versions: DeployVersion[] = [];
  let cursor: string | null | undefined;

  function drawHeader() {
    const d = detail.deploy;
    const rename = h('button', { type: 'button', class: 'btn' }, 'Rename');
    rename.addEventListener(
      'click',
      () =>
        void act(rename, null, async () => {
          const updated = await renameDeploy(d);
          if (updated) {
            detail = { ...detail, deploy: updated };
            drawHeader();
          }
        }),
    );
    const del = h('button', { type: 'button', class: 'btn btn-danger' }, 'Delete');
    del.addEventListener('click', () => void act(del, null, async () => (await deleteDeploy(d)) && ctx.navigate('/dashboard/deploys')));
    replace(
      header,
      pageHeader(d.name, {
        back: { href: '/dashboard/deploys', label: 'Deploys' },
        subtitle: [h('code', {}, d.slug), ' · ', h('code', {}, d.id), ` · created ${dateTime(d.createdAt)}`],
        actions: [
          h('a', { class: 'btn', href: `/dashboard/deploys/${encodeURIComponent(d.id)}/settings` }, 'Settings'),
          h('a', { class: 'btn', href: `/dashboard/jobs?deployId=${encodeURIComponent(d.id)}` }, 'Render jobs'),
          rename,
          del,
        ],
      }),
    );
  }

  const aliasTarget = (a: Alias) =>
    a.deployVersionId === 'latest' ? 'latest' : (versions.find((v) => v.id === a.deployVersionId)?.displayId ?? a.deployVersionId);

  function drawAliases() {
    replace(
      aliasesSection,
      h('h2', { id: 'aliases-title' }, 'Aliases'),
      detail.aliases.length === 0
        ? h('p', { class: 'muted' }, 'No aliases yet. Promote a version to preview or production below.')
        : h(
            'ul',
            { class: 'aliases', 'data-testid': 'aliases' },
            detail.aliases.map((a) =>
              h(
                'li',
                {},
                h('strong', {}, a.alias),
                ' → ',
                h('code', {}, aliasTarget(a)),
                h('span', { class: 'muted small' }, ` (updated ${ago(a.updatedAt)})`),
              ),
            ),
          ),
    );
  }

  function drawVersions() {
    const rows = versions.map((v) => {
      const names = detail.aliases.filter((a) => a.deployVersionId === v.id).map((a) => a.alias);
      const buttons = (['preview', 'production'] as const).map((alias) => {
        const b = h(
          'button',
          { type: 'button', class: 'btn btn-small', 'aria-label': `Promote ${v.displayId} to ${alias}`, disabled: names.includes(alias) },
          `→ ${alias}`,
        );
        b.addEventListener(
          'click',
          () =>
            void act(b, null, async () => {
              await promote(deployId, alias, v);
              detail = await api<DeployDetail>('GET', base);
              drawAliases();
              drawVersions();
            }),
        );
        return b;
      });
      const del = h(
        'button',
        { type: 'button', class: 'btn btn-small btn-danger', 'aria-label': `Delete version ${v.displayId}` },
        'Delete',
      );
      del.addEventListener('click', () => void act(del, null, async () => (await deleteVersion(deployId, v)) && (await loadVersions())));
      return [
        h('a', { href: `/dashboard/deploys/${encodeURIComponent(deployId)}/versions/${encodeURIComponent(v.id)}` }, v.displayId),
        v.title,
        h('code', {}, v.route),
        v.fileCount !== undefined ? `${v.fileCount} · ${bytes(v.totalBytes)}` : '—',
        names.length ? names.map((n) => h('span', { class: 'badge badge-alias' }, n)) : '',
        h('time', { title: dateTime(v.createdAt) }, ago(v.createdAt)),
        h('div', { class: 'row-actions' }, buttons, del),
      ];
    });
    replace(
      versionsSection,
      h('h2', { id: 'versions-title' }, 'Versions'),
      versions.length === 0
        ? empty('No versions yet', 'Upload a bundle through the upload-session API or `folio deploy`; each commit creates a version.')
        : table('Versions', ['Version', 'Title', 'Route', 'Files', 'Aliases', 'Created', ''], rows, { testid: 'versions-table' }),
      cursor ? loadMoreButton(moreVersions) : null,
    );
  }

  async function loadVersions() {
    try {
      const page = await api<Page<DeployVersion>>('GET', `${base}/versions?limit=50`, undefined, { signal: ctx.signal });
      versions = page.items;
      cursor = page.nextCursor;
      drawVersions();
      drawAliases();
      drawRenderForm();
    } catch (err) {
      if (!ctx.signal.aborted)
        replace(versionsSection, h('h2', { id: 'versions-title' }, 'Versions'), errorBox(err, 'The versions could not be loaded'));
    }
  }
  async function moreVersions() {
    const page = await api<Page<DeployVersion>>('GET', `${base}/versions?limit=50&cursor=${encodeURIComponent(cursor!)}`);
    versions = versions.concat(page.items);
    cursor = page.nextCursor;
    drawVersions();
  }

  // --- start a render ---
  const renderSection = h('section', { 'aria-labelledby': 'render-title' });
  function drawRenderForm() {
    if (versions.length === 0) {
      replace(renderSection);
      return;
    }
    // The sample payload of what each choice renders: `latest` and aliases follow to their version.
    const byId = (id: string) => (id === 'latest' ? (detail.latestVersion ?? versions[0]) : versions.find((v) => v.id === id));
    const form = renderForm(ctx, deployId, [
      { value: 'latest', label: 'latest', samplePayload: byId('latest')?.samplePayload },
      ...detail.aliases.map((a) => ({
        value: a.alias,
        label: `${a.alias} (${aliasTarget(a)})`,
        samplePayload: byId(a.deployVersionId)?.samplePayload,
      })),
      ...versions.map((v) => ({ value: v.id, label: v.displayId, samplePayload: v.samplePayload })),
    ]);
    replace(renderSection, form);
  }

  drawHeader();
  ctx.root.replaceChildren(header, aliasesSection, renderSection, versionsSection);
  drawAliases();
  await loadVersions();
}
