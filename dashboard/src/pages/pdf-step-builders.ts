// The small forms of the step builder on a managed PDF's page: one per common step of POST /v1/pdf-jobs,
// each making the step's JSON from its inputs (src/domain/pdfs/pdf-steps.ts has the rules; the API checks them).
// Steps without a form here are written in the JSON editor directly.
import { ApiError } from '../api';
import { h } from '../dom';
import type { PdfFormField } from '../types';
import { field } from '../ui';

export type StepJson = Record<string, unknown> & { type: string };
export interface StepBuilder {
  inputs: HTMLElement;
  /** The step, or an ApiError (status 0) naming the input that is wrong. */
  build(): StepJson;
}

export const STEP_TYPES: [string, string][] = [
  ['stamp', 'Stamp text'],
  ['watermark', 'Watermark'],
  ['rotate', 'Rotate pages'],
  ['select', 'Select pages'],
  ['fillForm', 'Fill form fields'],
  ['flatten', 'Flatten the form'],
  ['metadata', 'Set metadata'],
  ['split', 'Split every N pages'],
  ['optimize', 'Optimize (linearize)'],
];
const POSITIONS = ['center', 'top-left', 'top', 'top-right', 'left', 'right', 'bottom-left', 'bottom', 'bottom-right'];

const invalid = (name: string, message: string) => new ApiError(0, 'invalid_request', message, { field: name });
const text = (value = '', placeholder = '') => h('input', { type: 'text', value, placeholder, autocomplete: 'off' });
const num = (value: number, min: number, max: number, step: number) =>
  h('input', { type: 'number', value, min, max, step, inputmode: 'decimal' });
const select = (options: string[], value?: string) =>
  h(
    'select',
    {},
    options.map((o) => h('option', { value: o, selected: o === value }, o)),
  );
const pagesInput = () => text('', 'all pages (e.g. 1, 2-4, !1)');
const pagesField = (input: HTMLInputElement) => field('Pages', input, 'Empty: every page. 1-based, ranges, ! excludes.');
const withPages = (step: StepJson, input: HTMLInputElement): StepJson =>
  input.value.trim() ? { ...step, pages: input.value.trim() } : step;

function numberOf(input: HTMLInputElement, name: string): number {
  const v = input.valueAsNumber;
  if (!Number.isFinite(v)) throw invalid(name, `${name} must be a number`);
  return v;
}

function stampBuilder(type: 'stamp' | 'watermark'): StepBuilder {
  const under = type === 'watermark';
  const t = text(under ? 'CONFIDENTIAL' : '', under ? '' : 'e.g. PAID');
  const position = select(POSITIONS, 'center');
  const opacity = num(under ? 0.5 : 1, 0, 1, 0.05);
  const rotation = num(under ? 45 : 0, -360, 360, 1);
  const fontSize = num(under ? 72 : 36, 1, 500, 1);
  const color = h('input', { type: 'color', value: under ? '#c0c0c0' : '#d00000' });
  const pages = pagesInput();
  return {
    inputs: h(
      'div',
      { class: 'fields' },
      field('Text', t, 'Latin-1 text, standard Helvetica.'),
      field('Position', position),
      field('Opacity', opacity, '0 (invisible) to 1.'),
      field('Rotation (degrees)', rotation),
      field('Font size (pt)', fontSize),
      field('Color', color),
      pagesField(pages),
    ),
    build() {
      if (!t.value.trim()) throw invalid('text', 'the stamp needs a text');
      return withPages(
        {
          type,
          text: t.value,
          position: position.value,
          opacity: numberOf(opacity, 'opacity'),
          rotation: numberOf(rotation, 'rotation'),
          fontSize: numberOf(fontSize, 'fontSize'),
          color: color.value,
        },
        pages,
      );
    },
  };
}

/** One input per fillable field, prefilled with the field's value; the step takes the fields changed. */
function fillFormBuilder(fields: PdfFormField[]): StepBuilder {
  const fillable = fields.filter((f) => !f.readOnly && f.type !== 'signature' && f.type !== 'button');
  const rows = fillable.map((f) => {
    let input: HTMLInputElement | HTMLSelectElement;
    let read: () => string | boolean | string[];
    if (f.type === 'checkbox') {
      input = h('input', { type: 'checkbox', checked: f.value === true });
      read = () => (input as HTMLInputElement).checked;
    } else if (f.type === 'listbox') {
      const chosen = Array.isArray(f.value) ? f.value : [];
      input = h(
        'select',
        { multiple: true },
        (f.options ?? []).map((o) => h('option', { value: o, selected: chosen.includes(o) }, o)),
      );
      read = () => Array.from((input as HTMLSelectElement).selectedOptions, (o) => o.value);
    } else if (f.type === 'radio' || f.type === 'dropdown') {
      input = h(
        'select',
        {},
        h('option', { value: '' }, '(unchanged)'),
        (f.options ?? []).map((o) => h('option', { value: o, selected: o === f.value }, o)),
      );
      read = () => input.value;
    } else {
      input = text(typeof f.value === 'string' ? f.value : '');
      read = () => input.value;
    }
    input.setAttribute('data-field-name', f.name);
    return { f, el: field(`${f.name} (${f.type})`, input), read };
  });
  return {
    inputs: fillable.length
      ? h(
          'div',
          { class: 'fields', 'data-testid': 'fill-form-fields' },
          rows.map((r) => r.el),
        )
      : h('p', { class: 'muted' }, 'This PDF has no fillable form fields; a fillForm step can still be written in the JSON.'),
    build() {
      const out: Record<string, string | boolean | string[]> = {};
      for (const { f, read } of rows) {
        const v = read();
        if ((f.type === 'radio' || f.type === 'dropdown') && v === '') continue;
        const current = f.value ?? (f.type === 'listbox' ? [] : f.type === 'checkbox' ? false : '');
        if (JSON.stringify(v) !== JSON.stringify(current)) out[f.name] = v;
      }
      if (Object.keys(out).length === 0) throw invalid('fields', 'change at least one form field');
      return { type: 'fillForm', fields: out };
    },
  };
}

export function stepBuilder(type: string, formFields: PdfFormField[]): StepBuilder {
  switch (type) {
    case 'stamp':
    case 'watermark':
      return stampBuilder(type);
    case 'fillForm':
      return fillFormBuilder(formFields);
    case 'rotate': {
      const angle = select(['90', '180', '270'], '90');
      const pages = pagesInput();
      return {
        inputs: h('div', { class: 'fields' }, field('Angle (clockwise)', angle), pagesField(pages)),
        build: () => withPages({ type, angle: Number(angle.value) }, pages),
      };
    }
    case 'select': {
      const pages = text('', 'e.g. 1-3, 5');
      return {
        inputs: h('div', { class: 'fields' }, field('Pages to keep', pages, 'In the order written; repeats allowed.')),
        build() {
          if (!pages.value.trim()) throw invalid('pages', 'name the pages to keep');
          return { type, pages: pages.value.trim() };
        },
      };
    }
    case 'metadata': {
      const title = text();
      const author = text();
      return {
        inputs: h('div', { class: 'fields' }, field('Title', title), field('Author (optional)', author)),
        build() {
          if (!title.value.trim() && !author.value.trim()) throw invalid('title', 'give a title or an author');
          return {
            type,
            ...(title.value.trim() ? { title: title.value.trim() } : {}),
            ...(author.value.trim() ? { author: author.value.trim() } : {}),
          };
        },
      };
    }
    case 'split': {
      const every = num(1, 1, 5000, 1);
      return {
        inputs: h(
          'div',
          { class: 'fields' },
          field('Pages per part', every, 'One managed PDF per part; must be the last step (or before optimize).'),
        ),
        build: () => ({ type, every: numberOf(every, 'every') }),
      };
    }
    default:
      return { inputs: h('p', { class: 'muted' }, 'This step has no options.'), build: () => ({ type }) };
  }
}
