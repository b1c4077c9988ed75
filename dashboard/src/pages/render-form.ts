import { api, ApiError } from '../api';
import { h, replace } from '../dom';
import { pdfPreview } from '../pdf-preview';
import type { PageContext } from '../router';
import { isTerminal, type Access, type JobDetail, type PayloadProblem, type RenderJob } from '../types';
import { act, errorBox, field, statusBadge } from '../ui';
import { warningsBadge } from '../warnings';

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
 * `payload_invalid` lists the schema's problems (pointer: message) under the API's message. A started job
 * is followed under the form (its state until it ends), then its PDF's pages are drawn there, or its error
 * code and message shown: trying a template and its payload takes no page changes.
 */
export function renderForm(ctx: PageContext, deployId: string, choices: RenderChoice[]): HTMLFormElement {
  const version = h(
    'select',
    { name: 'version' },
    choices.map((c) => h('option', { value: c.value }, c.label)),
  );
  const payload = h('textarea', {
    name: 'payload',
    rows: '5',
    class: 'mono',
    spellcheck: 'false',
    placeholder: '{}',
    'data-testid': 'render-payload',
  });
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
  const result = h('section', { class: 'render-result', 'aria-label': 'Render result', 'data-testid': 'render-result' });
  // The job being followed; a new render (or leaving the page) stops following the previous one.
  let following: AbortController | null = null;
  const form = h(
    'form',
    { class: 'card', 'aria-labelledby': 'render-title', 'data-testid': 'render-form' },
    h('h2', { id: 'render-title' }, 'Start a render'),
    h('div', { class: 'fields' }, field('Version', version), field('Business key', businessKey)),
    field(
      'Payload (JSON)',
      payload,
      'Served to the page at window.folio.payloadUrl. Prefilled with the version’s sample-payload.json when it has one.',
    ),
    h(
      'fieldset',
      { class: 'inline-choices' },
      h('legend', {}, 'Output'),
      h('div', { class: 'check' }, transient, h('label', { for: transient.id }, 'Transient (deleted 10 minutes after the render)')),
      h('div', { class: 'check' }, managed, h('label', { for: managed.id }, 'Managed PDF (kept until deleted)')),
    ),
    errors,
    submit,
    result,
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
        following?.abort();
        following = new AbortController();
        void followJob(result, r.job, AbortSignal.any([ctx.signal, following.signal]));
      } catch (err) {
        const problems = payloadProblems(err);
        if (!problems) throw err;
        replace(
          errors,
          h(
            'div',
            { class: 'error-box', role: 'alert', 'data-testid': 'payload-problems' },
            h('strong', {}, 'The payload does not match the version’s payload schema'),
            h(
              'ul',
              { class: 'problems' },
              problems.map((p) => h('li', {}, h('code', {}, p.pointer || '(the whole payload)'), `: ${p.message}`)),
            ),
            h('p', { class: 'muted small' }, 'Error code: ', h('code', {}, 'payload_invalid'), ' (HTTP 400)'),
          ),
        );
        payload.focus();
      }
    });
  });
  return form;
}

/**
 * Shows `job`'s state in `slot` until it ends (GET …?waitSeconds=1: an answer at least every second while it
 * runs, so queued → rendering shows, and at once when it ends), then its pages or its error.
 */
async function followJob(slot: HTMLElement, job: RenderJob, signal: AbortSignal): Promise<void> {
  const base = `/v1/render-jobs/${encodeURIComponent(job.id)}`;
  const jobHref = `/dashboard/jobs/${encodeURIComponent(job.id)}`;
  const status = h('p', { class: 'status-line', role: 'status', 'aria-live': 'polite', 'data-testid': 'render-status' });
  const body = h('div');
  replace(slot, h('h3', {}, 'Render ', h('a', { href: jobHref, 'data-testid': 'render-job-link' }, h('code', {}, job.id))), status, body);
  const showStatus = (j: RenderJob) =>
    replace(
      status,
      statusBadge(j.status),
      warningsBadge(j),
      isTerminal(j.status) ? '' : h('span', { class: 'muted small' }, ' updating live…'),
    );
  showStatus(job);
  let detail: JobDetail = { job };
  let failures = 0;
  while (!isTerminal(detail.job.status)) {
    try {
      detail = await api<JobDetail>('GET', `${base}?waitSeconds=1`, undefined, { signal });
      failures = 0;
    } catch (err) {
      if (signal.aborted) return;
      // A dropped connection or a restarting server: say so and keep asking, as the job page does.
      if (++failures >= 3) replace(body, errorBox(err, 'The job’s state could not be read; still trying'));
      await new Promise((r) => setTimeout(r, 1000));
      continue;
    }
    if (signal.aborted) return;
    showStatus(detail.job);
  }
  const j = detail.job;
  if (j.status !== 'succeeded') {
    replace(
      body,
      j.status === 'failed'
        ? h(
            'div',
            { class: 'error-box', role: 'alert', 'data-testid': 'render-error' },
            h('strong', {}, 'Failed: ', h('code', { 'data-testid': 'render-error-code' }, j.errorCode ?? 'unknown')),
            h('p', {}, j.errorMessage ?? ''),
            h(
              'p',
              { class: 'small' },
              h('a', { href: jobHref }, 'Open the job page'),
              ' for its diagnostics: what the page logged, threw and failed to load.',
            ),
          )
        : h('p', { class: 'muted' }, 'The job was canceled. ', h('a', { href: jobHref }, 'Open the job page')),
    );
    return;
  }
  if (!detail.output) {
    replace(body, h('p', { class: 'muted' }, 'The job succeeded but its output is gone. ', h('a', { href: jobHref }, 'Open the job page')));
    return;
  }
  const download = h('button', { type: 'button', class: 'btn', 'data-testid': 'render-download' }, 'Download PDF');
  const errs = h('div');
  download.addEventListener(
    'click',
    () =>
      void act(download, errs, async () => {
        const r = await api<Access>('POST', `${base}/output-download`, { expiresInSeconds: 600 });
        location.assign(r.access.url);
      }),
  );
  const pages = h('div', { class: 'pdf-preview' });
  replace(
    body,
    h('p', {}, `${detail.output.pageCount} page${detail.output.pageCount === 1 ? '' : 's'} · `, h('a', { href: jobHref }, 'job page')),
    h('div', { class: 'row-actions' }, download),
    errs,
    pages,
  );
  try {
    const link = await api<Access>('POST', `${base}/output-preview`, { expiresInSeconds: 600 }, { signal });
    await pdfPreview(pages, link.access.url, { title: `Pages of render job ${j.id}`, signal });
  } catch (err) {
    // pdfPreview shows its own failures; a failure to get the link is shown here.
    if (!signal.aborted && !pages.querySelector('.error-box')) replace(pages, errorBox(err, 'The preview could not be loaded'));
  }
}

/** The problems of a 400 `payload_invalid`, or null for any other error. */
function payloadProblems(err: unknown): PayloadProblem[] | null {
  if (!(err instanceof ApiError) || err.code !== 'payload_invalid') return null;
  const list = err.details?.problems;
  if (!Array.isArray(list) || list.length === 0) return null;
  return list.map((p: { pointer?: unknown; message?: unknown }) => ({
    pointer: String(p?.pointer ?? ''),
    message: String(p?.message ?? ''),
  }));
}
