import { api } from '../api';
import { h, replace } from '../dom';
import { ago } from '../format';
import type { PageContext } from '../router';
import type { Deploy, DeploySettings } from '../types';
import { act, confirmDialog, copyButton, field, loading, pageHeader, switchField, toast } from '../ui';

const NAME_PATTERN = '[A-Za-z_][A-Za-z0-9_]*';

export async function settingsPage(ctx: PageContext) {
  const [deployId] = ctx.params;
  const base = `/v1/deploys/${encodeURIComponent(deployId)}`;
  ctx.root.append(loading('Loading settings…'));
  const [{ deploy }, first] = await Promise.all([
    api<{ deploy: Deploy }>('GET', base, undefined, { signal: ctx.signal }),
    api<{ settings: DeploySettings }>('GET', `${base}/settings`, undefined, { signal: ctx.signal }),
  ]);
  let settings = first.settings;
  const patch = async (body: unknown) => {
    settings = (await api<{ settings: DeploySettings }>('PATCH', `${base}/settings`, body)).settings;
    return settings;
  };

  // --- webhook ---
  const webhookSection = h('section', { class: 'card', 'aria-labelledby': 'webhook-title' });
  const revealed = h('div', { 'aria-live': 'polite' });
  function drawWebhook() {
    const url = h('input', {
      type: 'url',
      name: 'webhookUrl',
      value: settings.webhook.url ?? '',
      placeholder: 'https://example.com/folio-webhook',
    });
    const enabled = switchField('Send webhooks when render jobs finish', settings.webhook.enabled);
    const save = h('button', { type: 'submit', class: 'btn btn-primary' }, 'Save webhook');
    const errors = h('div', { class: 'form-errors' });
    const form = h(
      'form',
      {},
      field('Webhook URL', url, 'Receives render.job.terminated events (HTTPS; plain http only when the server allows insecure webhooks).'),
      enabled.el,
      errors,
      save,
    );
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      void act(save, errors, async () => {
        await patch({ webhook: { enabled: enabled.input.checked, ...(url.value.trim() ? { url: url.value.trim() } : {}) } });
        toast('Webhook settings saved');
        drawWebhook();
      });
    });

    const secretErrors = h('div', { class: 'form-errors' });
    const configured = settings.webhook.signingSecretConfigured;
    const reveal = h('button', { type: 'button', class: 'btn', 'data-testid': 'reveal-secret' }, 'Reveal secret');
    reveal.addEventListener('click', async () => {
      const ok = await confirmDialog({
        title: 'Reveal the signing secret?',
        body: h('p', {}, 'The full secret will be shown on this screen. Anyone who has it can forge webhooks to your endpoint.'),
        confirmLabel: 'Reveal',
      });
      if (!ok) return;
      await act(reveal, secretErrors, async () => {
        const r = await api<{ scope: 'account' | 'deploy'; signingSecret: string }>('POST', '/dashboard/api/webhook-secret/reveal', {
          deployId,
        });
        const input = h('input', {
          type: 'text',
          readonly: true,
          class: 'mono',
          value: r.signingSecret,
          'data-testid': 'revealed-secret',
          'aria-label': 'Webhook signing secret',
        });
        const hide = h('button', { type: 'button', class: 'btn btn-small' }, 'Hide');
        hide.addEventListener('click', () => revealed.replaceChildren());
        replace(
          revealed,
          h(
            'div',
            { class: 'notice' },
            h(
              'p',
              {},
              r.scope === 'deploy'
                ? 'This deploy’s own signing secret:'
                : 'No deploy secret is configured; the account’s signing secret is used:',
            ),
            h(
              'div',
              { class: 'copy-row' },
              input,
              copyButton(() => r.signingSecret, 'Copy'),
              hide,
            ),
          ),
        );
        input.select();
      });
    });
    const rotate = h(
      'button',
      { type: 'button', class: 'btn', 'data-testid': 'rotate-secret' },
      configured ? 'Rotate secret' : 'Create deploy secret',
    );
    rotate.addEventListener('click', async () => {
      const ok = await confirmDialog({
        title: configured ? 'Rotate the signing secret?' : 'Create a deploy signing secret?',
        body: h(
          'p',
          {},
          configured
            ? 'A new secret is created. For 24 hours webhooks carry signatures with both the new and the previous secret, so you can update your receiver.'
            : 'Webhooks of this deploy will be signed with a secret of its own instead of the account secret.',
        ),
        confirmLabel: configured ? 'Rotate' : 'Create secret',
      });
      if (!ok) return;
      await act(rotate, secretErrors, async () => {
        await patch({ webhook: { enabled: settings.webhook.enabled, signingSecretAction: 'rotate' } });
        revealed.replaceChildren();
        toast('Signing secret rotated');
        drawWebhook();
      });
    });
    const disable = h('button', { type: 'button', class: 'btn btn-danger', disabled: !configured }, 'Disable deploy secret');
    disable.addEventListener('click', async () => {
      const ok = await confirmDialog({
        title: 'Disable the deploy signing secret?',
        body: h(
          'p',
          {},
          'The deploy secret is deleted at once; webhooks are then signed with the account secret. Receivers that only know the deploy secret will reject them.',
        ),
        confirmLabel: 'Disable secret',
        danger: true,
      });
      if (!ok) return;
      await act(disable, secretErrors, async () => {
        await patch({ webhook: { enabled: settings.webhook.enabled, signingSecretAction: 'disable' } });
        revealed.replaceChildren();
        toast('Deploy secret disabled; the account secret signs webhooks');
        drawWebhook();
      });
    });

    replace(
      webhookSection,
      h('h2', { id: 'webhook-title' }, 'Webhook'),
      form,
      h(
        'div',
        { class: 'secret-box' },
        h('h3', {}, 'Signing secret'),
        h(
          'p',
          { 'data-testid': 'secret-preview' },
          configured
            ? ['Deploy secret ', h('code', {}, settings.webhook.signingSecretPreview ?? '')]
            : 'This deploy has no secret of its own; webhooks are signed with the account secret.',
        ),
        h('div', { class: 'row-actions' }, reveal, rotate, disable),
        secretErrors,
        revealed,
      ),
    );
  }

  // --- environment variables ---
  const envSection = h('section', { class: 'card', 'aria-labelledby': 'env-title' });
  function drawEnv() {
    const rowsEl = h('div', { class: 'kv-rows' });
    const addRow = (name = '', value = '') => {
      const n = h('input', {
        type: 'text',
        value: name,
        pattern: NAME_PATTERN,
        maxlength: '128',
        required: true,
        'aria-label': 'Variable name',
        class: 'mono',
      });
      const v = h('input', { type: 'text', value, 'aria-label': 'Variable value', class: 'mono' });
      const rm = h('button', { type: 'button', class: 'btn btn-small', 'aria-label': `Remove variable ${name || 'row'}` }, 'Remove');
      const row = h('div', { class: 'kv-row' }, n, v, rm);
      rm.addEventListener('click', () => row.remove());
      rowsEl.append(row);
      return n;
    };
    for (const v of settings.environment.variables) addRow(v.name, v.value);
    const add = h('button', { type: 'button', class: 'btn btn-small' }, 'Add variable');
    add.addEventListener('click', () => addRow().focus());
    const save = h('button', { type: 'submit', class: 'btn btn-primary' }, 'Save variables');
    const errors = h('div', { class: 'form-errors' });
    const form = h(
      'form',
      {},
      h('div', { class: 'kv-head', 'aria-hidden': 'true' }, h('span', {}, 'Name'), h('span', {}, 'Value')),
      rowsEl,
      h('div', { class: 'row-actions' }, add),
      errors,
      save,
    );
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const variables = [...rowsEl.querySelectorAll('.kv-row')].map((r) => {
        const [n, v] = r.querySelectorAll('input');
        return { name: n.value.trim(), value: v.value };
      });
      void act(save, errors, async () => {
        await patch({ environment: { variables } });
        toast('Variables saved');
        drawEnv();
      });
    });
    replace(
      envSection,
      h('h2', { id: 'env-title' }, 'Environment variables'),
      h('p', { class: 'muted' }, 'Given to the page at window.folio.envUrl. Saving replaces the whole set.'),
      form,
    );
  }

  // --- secrets ---
  const secretsSection = h('section', { class: 'card', 'aria-labelledby': 'secrets-title' });
  function drawSecrets() {
    const errors = h('div', { class: 'form-errors' });
    const list = settings.secrets.items.length
      ? h(
          'ul',
          { class: 'secret-list' },
          settings.secrets.items.map((s) => {
            const del = h(
              'button',
              { type: 'button', class: 'btn btn-small btn-danger', 'aria-label': `Delete secret ${s.name}` },
              'Delete',
            );
            del.addEventListener('click', async () => {
              const ok = await confirmDialog({
                title: `Delete secret ${s.name}?`,
                body: h('p', {}, 'Renders from now on will not receive it.'),
                confirmLabel: 'Delete secret',
                danger: true,
              });
              if (!ok) return;
              await act(del, errors, async () => {
                await patch({ secrets: { upsert: [], delete: [s.name] } });
                toast(`Secret ${s.name} deleted`);
                drawSecrets();
              });
            });
            return h('li', {}, h('code', {}, s.name), h('span', { class: 'muted small' }, ` set ${ago(s.updatedAt)}`), del);
          }),
        )
      : h('p', { class: 'muted' }, 'No secrets.');
    const name = h('input', { type: 'text', pattern: NAME_PATTERN, maxlength: '128', required: true, class: 'mono' });
    const value = h('input', { type: 'password', required: true, autocomplete: 'off' });
    const save = h('button', { type: 'submit', class: 'btn btn-primary' }, 'Save secret');
    const form = h(
      'form',
      { class: 'form-row' },
      h('div', { class: 'fields' }, field('Name', name), field('Value', value, 'Write-only: it is never shown again.')),
      errors,
      save,
    );
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      void act(save, errors, async () => {
        await patch({ secrets: { upsert: [{ name: name.value.trim(), value: value.value }] } });
        toast(`Secret ${name.value.trim()} saved`);
        drawSecrets();
      });
    });
    replace(
      secretsSection,
      h('h2', { id: 'secrets-title' }, 'Secrets'),
      h('p', { class: 'muted' }, 'Like variables, but their values are write-only.'),
      list,
      form,
    );
  }

  // --- retention ---
  const retentionSection = h('section', { class: 'card', 'aria-labelledby': 'retention-title' });
  function drawRetention() {
    const enabled = switchField('Delete old versions automatically', settings.versionLifecycle.enabled);
    const keep = h('input', {
      type: 'number',
      min: '1',
      max: '10000',
      required: true,
      value: String(settings.versionLifecycle.retainLatestVersions),
    });
    const save = h('button', { type: 'submit', class: 'btn btn-primary' }, 'Save retention');
    const errors = h('div', { class: 'form-errors' });
    const form = h(
      'form',
      {},
      enabled.el,
      field(
        'Versions to keep',
        keep,
        'After each commit, older versions are deleted unless an alias or an unfinished render job uses them.',
      ),
      errors,
      save,
    );
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      void act(save, errors, async () => {
        await patch({ versionLifecycle: { enabled: enabled.input.checked, retainLatestVersions: Number(keep.value) } });
        toast('Retention saved');
        drawRetention();
      });
    });
    replace(retentionSection, h('h2', { id: 'retention-title' }, 'Version retention'), form);
  }

  drawWebhook();
  drawEnv();
  drawSecrets();
  drawRetention();
  ctx.root.replaceChildren(
    pageHeader(`Settings · ${deploy.name}`, { back: { href: `/dashboard/deploys/${encodeURIComponent(deployId)}`, label: deploy.name } }),
    webhookSection,
    envSection,
    secretsSection,
    retentionSection,
  );
}
