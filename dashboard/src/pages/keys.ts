import { SCOPES as ALL_SCOPES } from '../../../src/domain/accounts/scopes.js';
import { api } from '../api';
import { h, replace } from '../dom';
import { ago, dateTime } from '../format';
import type { PageContext } from '../router';
import type { ApiKey, Page } from '../types';
import { act, confirmDialog, copyButton, empty, errorBox, field, loading, pageHeader, table, toast } from '../ui';

// The scopes a key can be given besides `all`, from the server's own list.
const SCOPES = ALL_SCOPES.filter((s) => s !== 'all');

export async function keysPage(ctx: PageContext) {
  const list = h(
    'section',
    { 'aria-labelledby': 'keys-list-title' },
    h('h2', { id: 'keys-list-title' }, 'Keys'),
    loading('Loading API keys…'),
  );
  const created = h('div', { 'aria-live': 'polite' });

  // --- create form ---
  const name = h('input', { type: 'text', name: 'name', required: true, maxlength: '100', placeholder: 'e.g. billing-service' });
  const allScope = h('input', { type: 'checkbox', name: 'scope', value: 'all', checked: true, id: 'scope-all' });
  const scopeBoxes = SCOPES.map((s) =>
    h('input', { type: 'checkbox', name: 'scope', value: s, id: `scope-${s.replace(':', '-')}`, disabled: true }),
  );
  allScope.addEventListener('change', () => scopeBoxes.forEach((b) => (b.disabled = allScope.checked)));
  const submit = h('button', { type: 'submit', class: 'btn btn-primary' }, 'Create key');
  const formErrors = h('div', { class: 'form-errors' });
  const form = h(
    'form',
    { class: 'card', 'aria-labelledby': 'new-key-title' },
    h('h2', { id: 'new-key-title' }, 'Create an API key'),
    field('Name', name, 'A label to recognise the key by, such as the service that uses it.'),
    h(
      'fieldset',
      { class: 'scopes' },
      h('legend', {}, 'Scopes'),
      h(
        'div',
        { class: 'check' },
        allScope,
        h('label', { for: allScope.id }, h('strong', {}, 'all'), ' — everything, including managing keys'),
      ),
      scopeBoxes.map((b) => h('div', { class: 'check' }, b, h('label', { for: b.id }, b.value))),
    ),
    formErrors,
    submit,
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const scopes = allScope.checked ? ['all'] : scopeBoxes.filter((b) => b.checked).map((b) => b.value);
    void act(submit, formErrors, async () => {
      const r = await api<{ apiKey: ApiKey; key: string }>('POST', '/v1/api-keys', { name: name.value.trim(), scopes });
      const keyInput = h('input', {
        type: 'text',
        readonly: true,
        value: r.key,
        class: 'mono',
        'data-testid': 'new-key-value',
        'aria-label': `The new API key ${r.apiKey.name}`,
      });
      replace(
        created,
        h(
          'div',
          { class: 'card notice', 'data-testid': 'new-key' },
          h('h2', {}, `Key “${r.apiKey.name}” created`),
          h('p', {}, h('strong', {}, 'Copy it now: '), 'this is the only time Folio shows it. Only a hash is stored.'),
          h(
            'div',
            { class: 'copy-row' },
            keyInput,
            copyButton(() => r.key, 'Copy key', 'copy-key'),
          ),
        ),
      );
      keyInput.focus();
      keyInput.select();
      form.reset();
      scopeBoxes.forEach((b) => (b.disabled = true));
      await load();
    });
  });

  async function load() {
    try {
      const keys = await api<Page<ApiKey>>('GET', '/v1/api-keys', undefined, { signal: ctx.signal });
      const active = keys.items.filter((k) => !k.revokedAt);
      const revoked = keys.items.filter((k) => k.revokedAt);
      const rows = (items: ApiKey[]) =>
        items.map((k) => {
          const revoke = h('button', { type: 'button', class: 'btn btn-small btn-danger', 'aria-label': `Revoke key ${k.name}` }, 'Revoke');
          revoke.addEventListener('click', async () => {
            const ok = await confirmDialog({
              title: `Revoke “${k.name}”?`,
              body: h(
                'p',
                {},
                'Requests with ',
                h('code', {}, `${k.prefix}…${k.last4}`),
                ' will be refused from now on. This cannot be undone.',
              ),
              confirmLabel: 'Revoke key',
              danger: true,
            });
            if (!ok) return;
            await act(revoke, null, async () => {
              await api('DELETE', `/v1/api-keys/${encodeURIComponent(k.id)}`);
              toast(`Key “${k.name}” revoked`);
              await load();
            });
          });
          return [
            k.name,
            h('code', {}, `${k.prefix}…${k.last4}`),
            k.scopes.join(', '),
            h('time', { datetime: new Date(k.createdAt).toISOString(), title: dateTime(k.createdAt) }, ago(k.createdAt)),
            k.lastUsedAt ? h('time', { title: dateTime(k.lastUsedAt) }, ago(k.lastUsedAt)) : 'never',
            k.revokedAt ? h('span', { class: 'muted' }, `revoked ${ago(k.revokedAt)}`) : revoke,
          ];
        });
      const headers = ['Name', 'Key', 'Scopes', 'Created', 'Last used', ''];
      replace(
        list,
        h('h2', { id: 'keys-list-title' }, 'Keys'),
        active.length === 0
          ? empty('No active API keys', 'Create one above for each service that calls Folio.')
          : table('Active API keys', headers, rows(active), { testid: 'keys-table' }),
        revoked.length
          ? h('details', {}, h('summary', {}, `${revoked.length} revoked key(s)`), table('Revoked API keys', headers, rows(revoked)))
          : null,
      );
    } catch (err) {
      if (ctx.signal.aborted) return;
      replace(list, h('h2', { id: 'keys-list-title' }, 'Keys'), errorBox(err, 'The keys could not be loaded'));
    }
  }

  ctx.root.append(
    pageHeader('API keys', {
      subtitle: 'Keys let your services call the Folio API. Each key has scopes; a key of scope “all” can also manage keys.',
    }),
    created,
    form,
    list,
  );
  await load();
}
