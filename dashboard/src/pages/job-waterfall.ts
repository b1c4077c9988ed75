// The "Waterfall" section of a job page: the rows of job-waterfall-rows.ts drawn as bars on one time axis
// from the job's creation, each row labelled with its name and duration, and the same numbers as a table
// (start, duration, end) for whoever does not read the bars. The section keeps what the page last fetched
// (the job, its diagnostics, its webhook deliveries) and redraws only when the rows change, so an open
// table stays open while the page polls.
import { h, replace } from '../dom';
import { duration } from '../format';
import type { RenderDiagnostics, RenderJob, WebhookDeliveries } from '../types';
import { table } from '../ui';
import { waterfallRows, type WaterfallInput, type WaterfallRow } from './job-waterfall-rows';

/** A time on the axis: "+0 ms", "+1.2 s". */
const offset = (ms: number) => `${ms < 0 ? '−' : '+'}${duration(Math.abs(ms))}`;

export interface WaterfallSection {
  el: HTMLElement;
  /** Takes what the page fetched (any of them) and redraws when the rows change. */
  update(part: { job?: RenderJob; diagnostics?: RenderDiagnostics; deliveries?: WebhookDeliveries['items'] }): void;
}

export function waterfallSection(job: RenderJob): WaterfallSection {
  const el = h('section', { 'aria-labelledby': 'waterfall-title', 'data-testid': 'job-waterfall' });
  const input: WaterfallInput = { job };
  let shown = '';
  return {
    el,
    update(part) {
      Object.assign(input, part);
      const rows = waterfallRows(input);
      const key = JSON.stringify(rows);
      if (key === shown) return;
      shown = key;
      replace(el, h('h2', { id: 'waterfall-title' }, 'Waterfall'), waterfallView(rows));
    },
  };
}

export function waterfallView(rows: WaterfallRow[]): HTMLElement[] {
  if (rows.length === 0)
    return [h('p', { class: 'muted', 'data-testid': 'waterfall-empty' }, 'Nothing to draw yet: no worker has taken this job.')];
  const from = Math.min(0, ...rows.map((r) => r.startMs));
  const to = Math.max(...rows.map((r) => r.startMs + r.durationMs));
  const span = Math.max(1, to - from);
  const pct = (ms: number) => `${((ms / span) * 100).toFixed(2)}%`;
  return [
    h('p', { class: 'muted small' }, `From the job's creation: ${duration(to)} in all. Bars share one time axis.`),
    h(
      'ol',
      { class: 'wf', 'aria-label': 'Waterfall: where the time went', 'data-testid': 'waterfall-rows' },
      rows.map((r) =>
        h(
          'li',
          { class: `wf-row wf-${r.kind} wf-depth-${r.depth}${r.failed ? ' wf-failed' : ''}`, 'data-kind': r.kind },
          h(
            'span',
            { class: 'wf-label' },
            // The spaces keep the words apart for screen readers; a flex row does not draw them.
            h('span', { class: 'wf-name' }, r.label),
            ' ',
            h('span', { class: 'wf-ms' }, duration(r.durationMs)),
            r.note ? [' ', h('span', { class: 'wf-note' }, r.note)] : null,
            h('span', { class: 'sr-only' }, `, from ${offset(r.startMs)} to ${offset(r.startMs + r.durationMs)}`),
          ),
          h(
            'span',
            { class: 'wf-track', 'aria-hidden': 'true' },
            h('span', { class: 'wf-bar', style: `left: ${pct(r.startMs - from)}; width: ${pct(r.durationMs)}` }),
          ),
        ),
      ),
    ),
    axis(from, span),
    h(
      'details',
      { class: 'wf-table' },
      h('summary', {}, 'The same as a table'),
      table(
        'Waterfall of the render job, from its creation',
        ['Segment', 'Starts', 'Duration', 'Ends', 'Note'],
        rows.map((r) => [r.label, offset(r.startMs), duration(r.durationMs), offset(r.startMs + r.durationMs), r.note ?? '—']),
        { testid: 'waterfall-table' },
      ),
    ),
  ];
}

/** Five ticks under the bars: the creation, the end and three between. */
function axis(from: number, span: number): HTMLElement {
  return h(
    'div',
    { class: 'wf-axis', 'aria-hidden': 'true' },
    h('span'),
    h(
      'span',
      { class: 'wf-ticks' },
      [0, 0.25, 0.5, 0.75, 1].map((f) =>
        h('span', { class: 'wf-tick', style: `left: ${(f * 100).toFixed(0)}%` }, offset(Math.round(from + f * span))),
      ),
    ),
  );
}
