// The error box of the PDF toolbox forms: the API's message and code, and the field it names
// (`details.field`, e.g. `steps[1].fields.city`) on a line of its own.
import { ApiError } from '../api';
import { h } from '../dom';

/** The field an API error names, if any. */
export const errorField = (err: unknown): string | null =>
  err instanceof ApiError && typeof err.details?.field === 'string' ? err.details.field : null;

export function fieldErrorBox(err: unknown, title: string, fieldTestId: string): HTMLElement {
  const name = errorField(err);
  return h(
    'div',
    { class: 'error-box', role: 'alert' },
    h('strong', {}, title),
    name ? h('p', { 'data-testid': fieldTestId }, 'Field: ', h('code', {}, name)) : null,
    h('p', {}, err instanceof Error ? err.message : String(err)),
    err instanceof ApiError && err.status
      ? h('p', { class: 'muted small' }, 'Error code: ', h('code', {}, err.code), ` (HTTP ${err.status})`)
      : null,
  );
}
