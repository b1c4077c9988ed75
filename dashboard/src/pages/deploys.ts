import { api } from '../api';
import { h, replace } from '../dom';
import { ago, dateTime } from '../format';
import type { PageContext } from '../router';
import type { Deploy, Page } from '../types';
import { act, confirmDialog, empty, errorBox, field, loadMoreButton, loading, pageHeader, promptDialog, table, toast } from '../ui';

export const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63);

export async function renameDeploy(d: Deploy): Promise<Deploy | null> {
  const name = await promptDialog({ title: `Rename “${d.name}”`, label: 'Name', value: d.name, confirmLabel: 'Save name' });
  if (name === null || name.trim() === '' || name.trim() === d.name) return null;
  const r = await api<{ deploy: Deploy }>('PATCH', `/v1/deploys/${encodeURIComponent(d.id)}`, { name: name.trim() });
  toast(`Renamed to “${r.deploy.name}”`);
  return r.deploy;
}

export async function deleteDeploy(d: Deploy): Promise<boolean> {
  const ok = await confirmDialog({
    title: `Delete “${d.name}”?`,
    body: [
      h(
        'p',
        {},
        'Its versions, aliases, settings, variables and secrets are deleted and its queued render jobs are canceled. Managed PDFs stay.',
      ),
      h('p', {}, 'This cannot be undone.'),
    ],
    confirmLabel: 'Delete deploy',
    danger: true,
  });
  if (!ok) return false;
  await api('DELETE', `/v1/deploys/${encodeURIComponent(d.id)}`);
  toast(`Deploy “${d.name}” deleted`);
  return true;
}

export async function deploysPage(ctx: PageContext) {
  const list = h('section', { 'aria-label': 'Deploys' }, loading('Loading deploys…'));
  const name = h('input', { type: 'text', required: true, maxlength: '200', placeholder: 'Invoices' });
  const slug = h('input', { type: 'text', required: true, maxlength: '63', pattern: '[a-z0-9][a-z0-9-]{0,62}', placeholder: 'invoices' });
  let slugEdited = false;
  name.addEventListener('input', () => {
    if (!slugEdited) slug.value = slugify(name.value);
  });
  slug.addEventListener('input', () => (slugEdited = slug.value !== ''));
  const submit = h('button', { type: 'submit', class: 'btn btn-primary' }, 'Create deploy');
  const formErrors = h('div', { class: 'form-errors' });
  const form = h(
    'form',
    { class: 'card form-row', 'aria-labelledby': 'new-deploy-title' },
    h('h2', { id: 'new-deploy-title' }, 'Create a deploy'),
    h(
      'div',
      { class: 'fields' },
      field('Name', name),
      field('Slug', slug, 'Lowercase letters, digits and dashes; unique in your account.'),
    ),
    formErrors,
    submit,
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void act(submit, formErrors, async () => {
      const r = await api<{ deploy: Deploy }>('POST', '/v1/deploys', { name: name.value.trim(), slug: slug.value.trim() });
      toast(`Deploy “${r.deploy.name}” created`);
      form.reset();
      slugEdited = false;
      await load();
    });
  });

  let items: Deploy[] = [];
  let cursor: string | null | undefined = null;

  function draw() {
    const rows = items.map((d) => {
      const rename = h('button', { type: 'button', class: 'btn btn-small', 'aria-label': `Rename ${d.name}` }, 'Rename');
      rename.addEventListener('click', () => void act(rename, null, async () => (await renameDeploy(d)) && (await load())));
      const del = h('button', { type: 'button', class: 'btn btn-small btn-danger', 'aria-label': `Delete ${d.name}` }, 'Delete');
      del.addEventListener('click', () => void act(del, null, async () => (await deleteDeploy(d)) && (await load())));
      return [
        h('a', { href: `/dashboard/deploys/${encodeURIComponent(d.id)}` }, d.name),
        h('code', {}, d.slug),
        h('time', { title: dateTime(d.createdAt) }, ago(d.createdAt)),
        h('div', { class: 'row-actions' }, rename, del),
      ];
    });
    replace(
      list,
      items.length === 0
        ? empty('No deploys yet', ['Create one above, or deploy a folder with the API (', h('code', {}, 'examples/quickstart.sh'), ').'])
        : table('Deploys', ['Name', 'Slug', 'Created', ''], rows, { testid: 'deploys-table' }),
      cursor ? loadMoreButton(more) : null,
    );
  }

  async function load() {
    try {
      const page = await api<Page<Deploy>>('GET', '/v1/deploys?limit=50', undefined, { signal: ctx.signal });
      items = page.items;
      cursor = page.nextCursor;
      draw();
    } catch (err) {
      if (!ctx.signal.aborted) replace(list, errorBox(err, 'The deploys could not be loaded'));
    }
  }
  async function more() {
    const page = await api<Page<Deploy>>('GET', `/v1/deploys?limit=50&cursor=${encodeURIComponent(cursor!)}`, undefined, {
      signal: ctx.signal,
    });
    items = items.concat(page.items);
    cursor = page.nextCursor;
    draw();
  }

  ctx.root.append(
    pageHeader('Deploys', { subtitle: 'A deploy holds the versions of one document bundle. Upload versions with the API or the CLI.' }),
    form,
    list,
  );
  await load();
}
