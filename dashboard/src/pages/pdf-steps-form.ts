// The "Run steps" form of a managed PDF's page: a step builder that appends steps to a JSON list, the JSON
// itself editable (any step the API accepts can be written there, also ones the builder has no form for),
// POST /v1/pdf-jobs with this PDF as the source, and links to the PDFs it made. An API error is shown next
// to the form with the field it names (`steps[1].fields.city`).
import { api, ApiError } from '../api';
import { h, replace } from '../dom';
import { bytes } from '../format';
import type { ManagedPdf, PdfFormField } from '../types';
import { field } from '../ui';
import { errorField, fieldErrorBox } from './pdf-form-errors';
import { STEP_TYPES, stepBuilder, type StepBuilder } from './pdf-step-builders';

/** The steps written in the editor, or an error naming `steps`. */
export function parseSteps(source: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source.trim() || '[]');
  } catch (err) {
    throw new ApiError(0, 'invalid_request', `The steps are not valid JSON: ${(err as Error).message}`, { field: 'steps' });
  }
  if (!Array.isArray(parsed))
    throw new ApiError(0, 'invalid_request', 'The steps must be a JSON list: [{"type": …}, …]', { field: 'steps' });
  return parsed;
}

/** `steps[1].fields.city` → "step 2 (fillForm)", from the list that was sent. */
function stepOf(name: string | null, steps: unknown[]): string | null {
  const m = name ? /^steps\[(\d+)\]/.exec(name) : null;
  if (!m) return null;
  const step = steps[Number(m[1])] as { type?: unknown } | undefined;
  return `step ${Number(m[1]) + 1}${typeof step?.type === 'string' ? ` (${step.type})` : ''}`;
}

export function pdfStepsForm(pdf: ManagedPdf, formFields: PdfFormField[]): HTMLElement {
  const type = h(
    'select',
    {},
    STEP_TYPES.map(([v, label]) => h('option', { value: v }, label)),
  );
  const builderSlot = h('div', { 'data-testid': 'step-builder' });
  const add = h('button', { type: 'button', class: 'btn' }, 'Add step');
  const clear = h('button', { type: 'button', class: 'btn btn-small' }, 'Clear steps');
  const json = h('textarea', { rows: 10, spellcheck: 'false', class: 'mono', 'data-testid': 'steps-json' }, '[]');
  const jsonStatus = h('p', { class: 'hint', 'aria-live': 'polite', 'data-testid': 'steps-json-status' }, 'No steps yet.');
  const fileName = h('input', { type: 'text', maxlength: '200', placeholder: 'default: pdf-job-<id>.pdf', autocomplete: 'off' });
  const run = h('button', { type: 'submit', class: 'btn btn-primary' }, 'Run steps');
  const errors = h('div', { class: 'form-errors', 'data-testid': 'steps-errors' });
  const results = h('div', { 'data-testid': 'steps-results', 'aria-live': 'polite' });
  let builder: StepBuilder = stepBuilder(type.value, formFields);

  const showBuilder = () => {
    builder = stepBuilder(type.value, formFields);
    replace(builderSlot, builder.inputs);
  };
  const describe = () => {
    try {
      const steps = parseSteps(json.value);
      jsonStatus.textContent = steps.length
        ? `${steps.length} step${steps.length === 1 ? '' : 's'}: ${steps.map((s) => (s as { type?: unknown })?.type ?? '?').join(' → ')}`
        : 'No steps yet.';
      json.removeAttribute('aria-invalid');
    } catch (err) {
      jsonStatus.textContent = (err as Error).message;
      json.setAttribute('aria-invalid', 'true');
    }
  };
  const fail = (err: unknown, title: string, steps: unknown[] = []) => {
    const name = errorField(err);
    const where = stepOf(name, steps);
    replace(errors, fieldErrorBox(err, where ? `${title}: ${where}` : title, 'steps-error-field'));
    (name === 'fileName' ? fileName : json).setAttribute('aria-invalid', 'true');
  };

  type.addEventListener('change', showBuilder);
  json.addEventListener('input', describe);
  clear.addEventListener('click', () => {
    json.value = '[]';
    describe();
  });
  add.addEventListener('click', () => {
    errors.replaceChildren();
    try {
      const steps = parseSteps(json.value);
      steps.push(builder.build());
      json.value = JSON.stringify(steps, null, 2);
      describe();
      // A fresh form for the next step, so a second click does not add the same step again by accident.
      showBuilder();
    } catch (err) {
      fail(err, 'The step was not added');
    }
  });

  const form = h(
    'form',
    { class: 'card', method: 'post', 'aria-labelledby': 'steps-title', 'data-testid': 'steps-form' },
    h('h2', { id: 'steps-title' }, 'Run steps'),
    h(
      'p',
      { class: 'muted' },
      'Makes new managed PDFs from this one; this PDF is not changed. Steps run in order (split and optimize last).',
    ),
    h('div', { class: 'fields' }, field('Step', type)),
    builderSlot,
    h('div', { class: 'row-actions' }, add, clear),
    field('Steps (JSON)', json, 'Edit freely: any step the API accepts (see the PDF guide, “PDF jobs”) can be written here.'),
    jsonStatus,
    field('File name of the result (optional)', fileName, 'After split, each part gets -1, -2… appended.'),
    errors,
    run,
    results,
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    errors.replaceChildren();
    [json, fileName].forEach((i) => i.removeAttribute('aria-invalid'));
    let steps: unknown[];
    try {
      steps = parseSteps(json.value);
    } catch (err) {
      fail(err, 'The steps were not sent');
      return;
    }
    void (async () => {
      run.disabled = true;
      run.setAttribute('aria-busy', 'true');
      try {
        const body = { sources: [{ pdfId: pdf.id }], steps, ...(fileName.value.trim() ? { fileName: fileName.value.trim() } : {}) };
        const r = await api<{ pdfs: ManagedPdf[] }>('POST', '/v1/pdf-jobs', body);
        replace(
          results,
          h('h3', {}, r.pdfs.length === 1 ? 'Result' : `Results (${r.pdfs.length} PDFs)`),
          h(
            'ul',
            {},
            r.pdfs.map((p) =>
              h(
                'li',
                { 'data-testid': 'steps-result' },
                h('a', { href: `/dashboard/pdfs/${encodeURIComponent(p.id)}` }, p.fileName),
                ` — ${p.pageCount} page${p.pageCount === 1 ? '' : 's'}, ${bytes(p.bytes)}`,
              ),
            ),
          ),
        );
      } catch (err) {
        fail(err, 'The steps did not run', steps);
      } finally {
        run.disabled = false;
        run.removeAttribute('aria-busy');
      }
    })();
  });
  showBuilder();
  return form;
}
