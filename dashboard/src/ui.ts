import { ApiError } from './api';
import { h, nextId, type Child } from './dom';

export function pageHeader(
  title: string,
  opts: { subtitle?: Child; actions?: Child; back?: { href: string; label: string } } = {},
): HTMLElement {
  return h(
    'header',
    { class: 'page-header' },
    opts.back ? h('a', { class: 'back', href: opts.back.href }, `← ${opts.back.label}`) : null,
    h(
      'div',
      { class: 'page-title' },
      h('h1', { tabindex: '-1' }, title),
      opts.actions ? h('div', { class: 'actions' }, opts.actions) : null,
    ),
    opts.subtitle ? h('p', { class: 'subtitle' }, opts.subtitle) : null,
  );
}

export const loading = (what = 'Loading…') =>
  h('p', { class: 'loading', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), what);

/** The API's own message and code, so the user sees exactly what the server said. */
export function errorBox(err: unknown, prefix?: string): HTMLElement {
  const e = err instanceof ApiError ? err : null;
  const message = e ? e.message : err instanceof Error ? err.message : String(err);
  return h(
    'div',
    { class: 'error-box', role: 'alert' },
    h('strong', {}, prefix ?? 'Something went wrong'),
    h('p', {}, message),
    e && e.code !== 'network_error'
      ? h('p', { class: 'muted small' }, `Error code: `, h('code', {}, e.code), e.status ? ` (HTTP ${e.status})` : '')
      : null,
  );
}

export const empty = (title: string, hint?: Child) =>
  h('div', { class: 'empty' }, h('p', { class: 'empty-title' }, title), hint ? h('p', { class: 'muted' }, hint) : null);

export function statusBadge(status: string): HTMLElement {
  return h('span', { class: `badge badge-${status}` }, status.replace('_', ' '));
}

export function table(caption: string, headers: string[], rows: Child[][], opts: { testid?: string } = {}): HTMLElement {
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { 'data-testid': opts.testid },
      h('caption', { class: 'sr-only' }, caption),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          headers.map((t) => h('th', { scope: 'col' }, t)),
        ),
      ),
      h(
        'tbody',
        {},
        rows.map((r) =>
          h(
            'tr',
            {},
            r.map((c, i) => (i === 0 ? h('th', { scope: 'row' }, c) : h('td', { 'data-label': headers[i] }, c))),
          ),
        ),
      ),
    ),
  );
}

const liveRegion = () => document.getElementById('toasts')!;

/** A short, announced notice (polite live region). */
export function toast(message: string, kind: 'ok' | 'error' = 'ok'): void {
  const el = h('div', { class: `toast toast-${kind}` }, message);
  liveRegion().appendChild(el);
  setTimeout(() => el.remove(), 5000);
}

/** A labelled field; `input` gets the id. `hint` is linked with aria-describedby. */
export function field(label: string, input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, hint?: string): HTMLElement {
  const id = input.id || nextId();
  input.id = id;
  let hintEl: HTMLElement | null = null;
  if (hint) {
    hintEl = h('p', { class: 'hint', id: `${id}-hint` }, hint);
    input.setAttribute('aria-describedby', `${id}-hint`);
  }
  return h('div', { class: 'field' }, h('label', { for: id }, label), input, hintEl);
}

/** A checkbox shown as a switch (role=switch keeps it announced as on/off). */
export function switchField(label: string, checked: boolean): { el: HTMLElement; input: HTMLInputElement } {
  const input = h('input', { type: 'checkbox', role: 'switch', class: 'switch', checked });
  const id = nextId();
  input.id = id;
  return { el: h('div', { class: 'field field-inline' }, input, h('label', { for: id }, label)), input };
}

/**
 * Runs an action from a button: disables it meanwhile, reports the API's message in `errorSlot` (or a
 * toast), and returns the result or undefined on failure.
 */
export async function act<T>(
  button: HTMLButtonElement | null,
  errorSlot: HTMLElement | null,
  fn: () => Promise<T>,
): Promise<T | undefined> {
  if (button) {
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
  }
  errorSlot?.replaceChildren();
  try {
    return await fn();
  } catch (err) {
    if (errorSlot) errorSlot.replaceChildren(errorBox(err, 'That did not work'));
    else toast(err instanceof Error ? err.message : String(err), 'error');
    return undefined;
  } finally {
    if (button) {
      button.disabled = false;
      button.removeAttribute('aria-busy');
    }
  }
}

/** A modal confirmation (native <dialog>: focus is trapped, Escape cancels). */
export function confirmDialog(opts: { title: string; body: Child; confirmLabel: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => {
    const titleId = nextId('dlg');
    const cancel = h('button', { type: 'button', class: 'btn' }, 'Cancel');
    const ok = h('button', { type: 'submit', class: opts.danger ? 'btn btn-danger' : 'btn btn-primary', value: 'ok' }, opts.confirmLabel);
    const dialog = h(
      'dialog',
      { 'aria-labelledby': titleId },
      h(
        'form',
        { method: 'dialog' },
        h('h2', { id: titleId }, opts.title),
        h('div', { class: 'dialog-body' }, opts.body),
        h('div', { class: 'dialog-actions' }, cancel, ok),
      ),
    );
    cancel.addEventListener('click', () => dialog.close('cancel'));
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'ok');
      dialog.remove();
    });
    document.body.appendChild(dialog);
    dialog.showModal();
    cancel.focus();
  });
}

/** A modal with one text field; resolves with the value or null. */
export function promptDialog(opts: {
  title: string;
  label: string;
  value: string;
  confirmLabel: string;
  hint?: string;
}): Promise<string | null> {
  return new Promise((resolve) => {
    const titleId = nextId('dlg');
    const input = h('input', { type: 'text', value: opts.value, required: true });
    const cancel = h('button', { type: 'button', class: 'btn' }, 'Cancel');
    const dialog = h(
      'dialog',
      { 'aria-labelledby': titleId },
      h(
        'form',
        { method: 'dialog' },
        h('h2', { id: titleId }, opts.title),
        field(opts.label, input, opts.hint),
        h(
          'div',
          { class: 'dialog-actions' },
          cancel,
          h('button', { type: 'submit', class: 'btn btn-primary', value: 'ok' }, opts.confirmLabel),
        ),
      ),
    );
    cancel.addEventListener('click', () => dialog.close('cancel'));
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'ok' ? input.value : null);
      dialog.remove();
    });
    document.body.appendChild(dialog);
    dialog.showModal();
    input.select();
  });
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (http origin, permissions): fall back to a selection copy.
    const ta = h('textarea', { class: 'sr-only', readonly: true }, text);
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand('copy');
    ta.remove();
    return ok;
  }
}

export function copyButton(getText: () => string, label = 'Copy', testid?: string): HTMLButtonElement {
  const b = h('button', { type: 'button', class: 'btn btn-small', 'data-testid': testid }, label);
  b.addEventListener('click', async () => {
    const ok = await copyText(getText());
    toast(ok ? 'Copied to the clipboard' : 'Copy failed: select the text and copy it by hand', ok ? 'ok' : 'error');
    if (ok) {
      b.textContent = 'Copied';
      setTimeout(() => (b.textContent = label), 2000);
    }
  });
  return b;
}

export const shortId = (id: string) => (id.length > 16 ? `${id.slice(0, 8)}…${id.slice(-6)}` : id);

export function loadMoreButton(onClick: () => Promise<void>): HTMLButtonElement {
  const b = h('button', { type: 'button', class: 'btn load-more' }, 'Load more');
  b.addEventListener('click', () => void act(b, null, onClick));
  return b;
}
