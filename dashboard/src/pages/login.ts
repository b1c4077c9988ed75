import { api } from '../api';
import { h } from '../dom';
import type { SessionInfo } from '../types';
import { act, field } from '../ui';

export function loginPage(opts: { next: string; onSignedIn(s: SessionInfo): void }): HTMLElement {
  const email = h('input', { type: 'email', name: 'email', autocomplete: 'username', required: true, autofocus: true });
  const password = h('input', { type: 'password', name: 'password', autocomplete: 'current-password', required: true });
  const submit = h('button', { type: 'submit', class: 'btn btn-primary btn-block' }, 'Sign in');
  const errors = h('div', { class: 'form-errors' });
  const form = h(
    'form',
    { class: 'card login-card', 'aria-labelledby': 'login-title', novalidate: false },
    h('h1', { id: 'login-title', tabindex: '-1' }, 'Sign in to Folio'),
    field('Email', email),
    field('Password', password),
    errors,
    submit,
    h(
      'p',
      { class: 'muted small' },
      'The first start of the server prints the owner login (or set FOLIO_BOOTSTRAP_EMAIL and FOLIO_BOOTSTRAP_PASSWORD).',
    ),
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void act(submit, errors, async () => {
      const s = await api<SessionInfo>('POST', '/dashboard/api/login', { email: email.value, password: password.value });
      opts.onSignedIn(s);
    }).then(() => {
      if (errors.childElementCount) password.select();
    });
  });
  return h('main', { id: 'main', class: 'login' }, form);
}
