import { api, ApiError } from '../api';
import { h, replace } from '../dom';
import type { PageContext } from '../router';
import type { PayloadProblem, RenderJob } from '../types';
import { act, errorBox, field } from '../ui';

/** A version the form can render: its select value, label, and the sample payload to prefill with. */
export interface RenderChoice {
  value: string;
  label: string;
  samplePayload?: unknown;
}

/** The payload textarea's text for a sample payload (`{}` without one, as the form always had). */
const sampleText = (sample: unknown) => (sample === undefined ? '{}' : JSON.stringify(sample, null, 2));

/**
 * The "Start a render" form (POST /v1/deploys/{id}/render-jobs). The payload field is prefilled with the
 * chosen version's sample payload while it is empty (or still holds the previous version's sample); a 400
 * `payload_invalid` lists the schema's problems (pointer: message) under the API's message.
 */
export function renderForm(ctx: PageContext, deployId: string, choices: RenderChoice[]): HTMLFormElement {
  const version = h('select', { name: 'version' }, choices.map((c) => h('option', { value: c.value }, c.label)));
  const payload = h('textarea', { name: 'payload', rows: '5', class: 'mono', spellcheck: 'false', placeholder: '{}', 'data-testid': 'render-payload' });
  let prefilled = '';
  const prefill = () => {
    const current = payload.value.trim();
    if (current !== '' && current !== prefilled.trim()) return; // the user's own payload stays
    prefilled = sampleText(choices.find((c) => c.value === version.value)?.samplePayload);
    payload.value = prefilled;
    payload.rows = Math.min(14, Math.max(5, prefilled.split('\n').length));
  };
  version.addEventListener('change', prefill);
  prefill();
  const businessKey = h('input', { type: 'text', name: 'businessKey', maxlength: '255', placeholder: 'optional, e.g. invoice-1042' });
  const transient = h('input', { type: 'radio', name: 'outputMode', value: 'transient', id: 'mode-transient', checked: true });
  const managed = h('input', { type: 'radio', name: 'outputMode', value: 'managed', id: 'mode-managed' });
  const submit = h('button', { type: 'submit', class: 'btn btn-primary' }, 'Start render');
  const errors = h('div', { class: 'form-errors' });
  const form = h(
    'form',
    { class: 'card', 'aria-labelledby': 'render-title', 'data-testid': 'render-form' },
    h('h2', { id: 'render-title' }, 'Start a render'),
    h('div', { class: 'fields' }, field('Version', version), field('Business key', businessKey)),
    field('Payload (JSON)', payload, 'Served to the page at window.folio.payloadUrl. Prefilled with the version’s sample-payload.json when it has one.'),
    h(
      'fieldset',
      { class: 'inline-choices' },
      h('legend', {}, 'Output'),
      h('div', { class: 'check' }, transient, h('label', { for: transient.id }, 'Transient (deleted 10 minutes after the render)')),
      h('div', { class: 'check' }, managed, h('label', { for: managed.id }, 'Managed PDF (kept until deleted)')),
    ),
    errors,
    submit,
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    let body: unknown;
    try {
      body = payload.value.trim() === '' ? undefined : JSON.parse(payload.value);
    } catch (err) {
      replace(errors, errorBox(new Error(`The payload is not valid JSON: ${(err as Error).message}`), 'Check the payload'));
      payload.focus();
      return;
    }
    void act(submit, errors, async () => {
      try {
        const r = await api<{ job: RenderJob }>('POST', `/v1/deploys/${encodeURIComponent(deployId)}/render-jobs`, {
          deployVersionId: version.value,
          ...(body !== undefined ? { payload: body } : {}),
          ...(businessKey.value.trim() ? { businessKey: businessKey.value.trim() } : {}),
          outputMode: managed.checked ? 'managed' : 'transient',
        });
        ctx.navigate(`/dashboard/jobs/${encodeURIComponent(r.job.id)}`);
      } catch (err) {
        const problems = payloadProblems(err);
        if (!problems) throw err;
        replace(
          errors,
          h(
            'div',
            { class: 'error-box', role: 'alert', 'data-testid': 'payload-problems' },
            h('strong', {}, 'The payload does not match the version’s payload schema'),
            h('ul', { class: 'problems' }, problems.map((p) => h('li', {}, h('code', {}, p.pointer || '(the whole payload)'), `: ${p.message}`))),
            h('p', { class: 'muted small' }, 'Error code: ', h('code', {}, 'payload_invalid'), ' (HTTP 400)'),
          ),
        );
        payload.focus();
      }
    });
  });
  return form;
}

/** The problems of a 400 `payload_invalid`, or null for any other error. */
function payloadProblems(err: unknown): PayloadProblem[] | null {
  if (!(err instanceof ApiError) || err.code !== 'payload_invalid') return null;
  const list = err.details?.problems;
  if (!Array.isArray(list) || list.length === 0) return null;
  return list.map((p: { pointer?: unknown; message?: unknown }) => ({ pointer: String(p?.pointer ?? ''), message: String(p?.message ?? '') }));
}
